//! A struct holding an enum whose variants disagree on a byte's kind, copied whole: passed
//! by value and through a local (memcpys of a constant length). `Mode::Pair`'s f32 and
//! usize lie where `Full`'s `Inner` holds floats, and the enum's niche is `Inner`'s Option
//! tag. The struct's tree cannot type those bytes for every variant; left a memcpy, Enzyme
//! moved no derivative for `Pair`'s f32 (wrong at -O0..-O2, silently; plain Enzyme stops at
//! -O0 and is wrong at -O1/-O2: random_cases.py seed 5, case 11). The copy now goes field by
//! field, the enum by the variant it holds (annotate --typed-copy-loops). `Pair`'s integer
//! bytes past its f32 meet `Full`'s doubles: they are copied in pieces that end where a
//! double begins, never inside one (an i32 inside a double stopped Enzyme with "Illegal
//! intermediate").
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Inner {
    a: f64,
    t: (bool, Option<f32>),
    n: i32,
    w: f32,
}

#[derive(Clone, Copy, Debug)]
pub enum Mode {
    Flat(f64),
    Pair(f32, usize),
    Full(Inner, [f64; 2]),
}

#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Cell {
    head: (Option<f32>, i32, Mode),
    count: u64,
    xs: [f64; 3],
    k: i64,
}

impl Params for Cell {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.head.0.visit(f);
        match &mut self.head.2 {
            Mode::Flat(x) => x.visit(f),
            Mode::Pair(p, _) => p.visit(f),
            Mode::Full(i, ys) => {
                i.a.visit(f);
                i.t.1.visit(f);
                i.w.visit(f);
                for y in ys.iter_mut() {
                    y.visit(f);
                }
            }
        }
        for x in self.xs.iter_mut() {
            x.visit(f);
        }
    }
}

#[inline(never)]
fn mode_value(m: &Mode) -> f64 {
    match m {
        Mode::Flat(x) => 1.3 * x + 0.2,
        Mode::Pair(p, n) => (*p as f64).sin() * (1.0 + 0.01 * *n as f64),
        Mode::Full(i, ys) => {
            let t = match i.t.1 { Some(v) => v as f64 * 0.7, None => 0.1 };
            i.a * i.a + t + (i.w as f64) * ys[0] + ys[1].cos()
        }
    }
}

#[inline(never)]
fn cell_value(c: &Cell) -> f64 {
    let mut acc = match c.head.0 { Some(v) => (0.4 * v as f64).exp(), None => 0.5 };
    acc *= 1.0 + 0.01 * c.head.1 as f64;
    acc = acc * 0.9 + mode_value(&c.head.2);
    for x in c.xs.iter() {
        acc = acc * 0.93 + x.sin();
    }
    acc * (1.0 + 0.01 * (c.count as f64 + c.k as f64))
}

fn scale(c: &mut Cell, k: f64) {
    match &mut c.head.2 {
        Mode::Flat(x) => *x *= k,
        Mode::Pair(p, _) => *p *= k as f32,
        Mode::Full(i, ys) => {
            i.a *= k;
            ys[1] *= k;
        }
    }
    c.xs[0] *= k;
}

#[inline(never)]
fn by_value(c: Cell) -> f64 {
    cell_value(&c) * 0.5 + 0.1
}

#[inline(never)]
fn cells(p: *const Cell, n: usize) -> f64 {
    let mut acc = 0.0;
    for i in 0..n {
        let r = unsafe { &*p.add(i) };
        let mut c = *r;
        scale(&mut c, 0.9);
        acc += (cell_value(&c) + by_value(*r)) * (1.0 + 0.25 * i as f64);
    }
    acc
}

pub fn run() -> Result<(), String> {
    let inner = Inner { a: 0.8, t: (true, Some(-0.6)), n: 4, w: 1.2 };
    let x = vec![
        Cell { head: (Some(1.21), 5, Mode::Pair(1.22, 2)), count: 0, xs: [-0.94, 1.27, -1.17], k: 7 },
        Cell { head: (None, -3, Mode::Full(inner, [0.3, -0.8])), count: 2, xs: [0.5, 0.2, 0.9], k: 1 },
        Cell { head: (Some(-0.7), 1, Mode::Flat(0.45)), count: 1, xs: [1.1, -0.3, 0.6], k: -2 },
    ];
    reverse("reverse", &x, |v| cells(v.as_ptr(), v.len()), |v, d| unsafe {
        __enzyme_autodiff(cells as usize, dup(), v.as_ptr(), d.as_mut_ptr(), cnst(), v.len());
    }, TOL_F32)?;
    forward("forward", &x, |v| cells(v.as_ptr(), v.len()), |v, t| unsafe {
        __enzyme_fwddiff(cells as usize, dup(), v.as_ptr(), t.as_ptr(), cnst(), v.len())
    }, TOL_F32)
}
