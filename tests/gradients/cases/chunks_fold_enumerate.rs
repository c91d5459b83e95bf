//! chunks + fold and enumerate + map + sum over a slice, in reverse and forward mode.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    x.chunks(2).map(|c| c.iter().fold(1.0, |acc, v| acc * v)).sum::<f64>()
        + x.iter().enumerate().map(|(i, v)| (i as f64) * v * v).sum::<f64>()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, 1.5, -2.0, 3.0, 0.25];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)?;
    forward("forward", &x, |x| f(x), |x, t| unsafe {
        __enzyme_fwddiff(top as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL)
}
