//! Option<f64> returned by value (a pair of tag and float) and summed when Some.
use crate::harness::*;

#[inline(never)]
fn safe_log(x: f64) -> Option<f64> {
    if x > 0.0 { Some(x.ln()) } else { None }
}

#[inline(never)]
fn total(xs: &[f64]) -> f64 {
    xs.iter().filter_map(|&x| safe_log(x)).map(|l| l * l).sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { total(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, -1.0, 2.0, 3.5, -0.25];
    reverse("reverse", &x, |x| total(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
