//! A closure capturing a float by reference, passed to a generic function taking
//! `impl Fn(f64) -> f64`: reverse and forward mode.
use crate::harness::*;

#[inline(never)]
fn integrate(f: impl Fn(f64) -> f64, a: f64, b: f64, n: usize) -> f64 {
    let h = (b - a) / n as f64;
    (0..n).map(|i| f(a + (i as f64 + 0.5) * h)).sum::<f64>() * h
}

#[inline(never)]
fn g(p: &[f64; 2]) -> f64 {
    let k = &p[1];
    integrate(|t| (p[0] * t).sin() * k, 0.0, 1.0, 16)
}

#[inline(never)]
fn top(p: *const [f64; 2]) -> f64 {
    unsafe { g(&*p) }
}

pub fn run() -> Result<(), String> {
    let p = [1.3, 0.7];
    reverse("reverse", &p, |p| g(p), |p, d| unsafe { __enzyme_autodiff(top as usize, dup(), p, d); }, TOL)?;
    forward("forward", &p, |p| g(p), |p, t| unsafe { __enzyme_fwddiff(top as usize, dup(), p, t) }, TOL)
}
