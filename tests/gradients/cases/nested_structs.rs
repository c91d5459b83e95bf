//! Nested structs (a struct holding a struct holding an array and integers) passed by
//! reference and by value: reverse and forward mode.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Inner {
    w: [f64; 3],
    k: i32,
}
#[derive(Clone, Copy, Debug)]
pub struct Outer {
    a: Inner,
    b: Inner,
    bias: f64,
    n: u8,
}
params!(Inner, w);
params!(Outer, a, b, bias);

#[inline(never)]
fn inner_val(i: Inner, x: f64) -> f64 {
    (i.w[0] + i.w[1] * x + i.w[2] * x * x) * i.k as f64
}

#[inline(never)]
fn f(o: &Outer) -> f64 {
    inner_val(o.a, 0.5) * inner_val(o.b, -1.5) + o.bias * o.n as f64
}

#[inline(never)]
fn top(o: *const Outer) -> f64 {
    unsafe { f(&*o) }
}

pub fn run() -> Result<(), String> {
    let o = Outer { a: Inner { w: [1.0, 2.0, -0.5], k: 2 }, b: Inner { w: [0.5, -1.0, 0.25], k: -1 }, bias: 0.3, n: 4 };
    reverse("reverse", &o, |o| f(o), |o, d| unsafe { __enzyme_autodiff(top as usize, dup(), o, d); }, TOL)?;
    forward("forward", &o, |o| f(o), |o, t| unsafe { __enzyme_fwddiff(top as usize, dup(), o, t) }, TOL)
}
