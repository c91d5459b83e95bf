//! std's data movement inside a slice whose length is known at run time, on f64 and on a
//! mixed struct {f64, u32, f32}, in reverse and forward mode: copy_within (a memmove of
//! run-time length), swap, split_at_mut and reverse (eight-byte swaps of each element),
//! rotate_left and rotate_right (ptr_rotate's memmoves and its stack buffer; on 60 mixed
//! elements, its swap path). swap_with_slice is the case swap_with_slice. Sorts of mixed
//! structs are the cases vecgrow_sort_mixed, vecgrow_default_sort (sort_by) and
//! body_walk_swaps (sort_unstable_by_key): here they tripled the build's time. Its two sums
//! over v after `v.swap(0, m - 1)` are the loops tests/enzyme-bugs/loop-cache-reuse.ll
//! reduces (wrong at -O1 before `typetree rewrite --loop-starts`).
use crate::harness::*;

trait Elem: Copy {
    /* rotate's buffer path copies T into a raw [usize; 32] buffer, whose copies take T
     * (emit/body/ir_body_loops.c, elem_type): rotations on both kinds */
    const ROTATE: bool;
    fn make(a: f64, i: usize) -> Self;
    fn val(&self) -> f64;
    fn key(&self) -> f64;
}

impl Elem for f64 {
    const ROTATE: bool = true;
    fn make(a: f64, i: usize) -> Self {
        a * (1.0 + 0.125 * i as f64)
    }
    fn val(&self) -> f64 {
        *self * *self + *self
    }
    fn key(&self) -> f64 {
        *self
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Item {
    pub w: f64,
    pub tag: u32,
    pub v: f32,
}

impl Elem for Item {
    const ROTATE: bool = true;
    fn make(a: f64, i: usize) -> Self {
        Item { w: a * (1.0 + 0.125 * i as f64), tag: ((i * 7) % 11) as u32, v: (a as f32) * 0.5 }
    }
    fn val(&self) -> f64 {
        self.w * (1.0 + 0.25 * self.tag as f64) + (self.v * self.v) as f64
    }
    fn key(&self) -> f64 {
        self.w
    }
}

#[inline(never)]
fn moves<T: Elem>(x: &[f64]) -> f64 {
    let n = x.len();
    let mut v: Vec<T> = (0..2 * n).map(|i| T::make(x[i % n] + 0.1 * x[(i + 2) % n], i)).collect();
    let m = v.len();
    if T::ROTATE {
        v.rotate_left(3);
        v[1..m - 1].rotate_right(2);
    }
    v.copy_within(0..n, n / 2);
    v.swap(0, m - 1);
    {
        let (a, b) = v.split_at_mut(n);
        for (p, q) in a.iter_mut().zip(b.iter()) {
            *p = T::make(p.val() * 0.5 + q.key() * 0.25, 1);
        }
    }
    let mut s = 0.0;
    for (i, t) in v.iter().enumerate() {
        s += t.val() * (1.0 + 0.1 * i as f64);
    }
    for (i, t) in v.iter().enumerate() {
        s += t.val() * (0.5 - 0.03 * i as f64);
    }
    v.reverse();
    for (i, t) in v.iter().enumerate() {
        s += t.key() * (0.25 + 0.05 * i as f64);
    }
    /* rotate's swap path (both sides longer than its buffer): swap_nonoverlapping */
    let mut w: Vec<T> = (0..60).map(|i| T::make(x[i % n] * (1.0 + 0.01 * i as f64), i)).collect();
    if T::ROTATE {
        w.rotate_left(27);
    }
    for (i, t) in w.iter().enumerate() {
        s += t.val() * (0.02 * i as f64);
    }
    s
}

#[inline(never)]
fn top<T: Elem>(x: *const f64, n: usize) -> f64 {
    unsafe { moves::<T>(std::slice::from_raw_parts(x, n)) }
}

fn both<T: Elem>(kind: &str, x: &Vec<f64>, tol: f64) -> Result<(), String> {
    reverse(&format!("{kind} reverse"), x, |x| moves::<T>(x), |x, d| unsafe {
        __enzyme_autodiff(top::<T> as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, tol)?;
    forward(&format!("{kind} forward"), x, |x| moves::<T>(x), |x, t| unsafe {
        __enzyme_fwddiff(top::<T> as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, tol)
}

pub fn run() -> Result<(), String> {
    let x = vec![0.75, -1.5, 2.0, 0.5, 1.25, -0.375];
    both::<f64>("f64", &x, TOL)?;
    both::<Item>("mixed", &x, TOL_F32)
}
