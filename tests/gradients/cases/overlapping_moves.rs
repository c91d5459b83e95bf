//! std's overlapping moves (ptr::copy, an llvm.memmove): rotate_left/right on an array and
//! on an array of float pairs, copy_within, Vec::remove (Vec::insert is left out: its growth path
//! meets Enzyme's realloc and inttoptr bugs, tests/enzyme-bugs; so does a rotation of structs
//! mixing floats and integers at -O0, whose std buffer copy of a run-time length Enzyme cannot
//! type). Enzyme differentiates a
//! memmove as a memcpy, which is wrong where the two ranges overlap
//! (tests/enzyme-bugs/memmove-as-memcpy.ll); the wrapper moves through a temporary instead.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Cell {
    pub w: f64,
    pub g: f64,
}

#[derive(Clone, Debug)]
pub struct In {
    pub a: [f64; 12],
    pub cells: [Cell; 5],
    pub x: Vec<f64>,
}
params!(Cell, w, g);
params!(In, a, cells, x);

#[inline(never)]
fn f(p: &In) -> f64 {
    let mut a = p.a;
    a.rotate_left(3);
    a[2..].rotate_right(4);
    a.copy_within(1..7, 4);
    let mut cells = p.cells;
    cells.rotate_left(2);
    let mut v = p.x.clone();
    let r = v.remove(1);
    v[0] += r * a[0] * cells[0].w;
    v.swap_remove(0);
    let mut s = 0.0;
    for (i, t) in a.iter().enumerate() {
        s += t * t * (i as f64 + 1.0);
    }
    for (i, c) in cells.iter().enumerate() {
        s += (c.w * c.g + 0.01 * c.w) * (i as f64 + 0.5);
    }
    for (i, t) in v.iter().enumerate() {
        s += t * (i as f64 - 1.5);
    }
    s
}

#[inline(never)]
fn top(p: *const In) -> f64 {
    unsafe { f(&*p) }
}

pub fn run() -> Result<(), String> {
    let mut a = [0.0; 12];
    for (i, t) in a.iter_mut().enumerate() {
        *t = 0.3 + 0.17 * i as f64 - 0.01 * (i * i) as f64;
    }
    let mut cells = [Cell { w: 0.0, g: 0.0 }; 5];
    for (i, c) in cells.iter_mut().enumerate() {
        *c = Cell { w: 0.5 + 0.25 * i as f64, g: 1.0 - 0.125 * i as f64 };
    }
    let p = In { a, cells, x: vec![1.0, -0.5, 0.25, 2.0, 0.75] };
    reverse("reverse", &p, |p| f(p), |p, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), p, d);
    }, TOL)
}
