//! A long iterator chain: filter, map, skip, take, rev, step_by, then sum.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let a: f64 = x.iter().filter(|v| **v > 0.0).map(|v| v * v).skip(1).take(3).sum();
    let b: f64 = x.iter().rev().step_by(2).map(|v| v.cos()).sum();
    a * b
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, -1.0, 1.5, 2.5, -0.5, 3.0, 0.75, 1.25];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
