//! max_by with partial_cmp and a min fold (selections, differentiable away from ties).
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let hi = *x.iter().max_by(|a, b| a.partial_cmp(b).unwrap()).unwrap();
    let lo = x.iter().cloned().fold(f64::INFINITY, f64::min);
    hi * hi - lo * 3.0 + hi * lo
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, 2.25, -1.5, 1.0];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
