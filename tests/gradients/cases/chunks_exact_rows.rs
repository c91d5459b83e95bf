//! chunks_exact over a flat matrix: row norms, then the product of norms.
use crate::harness::*;

#[inline(never)]
fn f(m: &[f64], cols: usize) -> f64 {
    m.chunks_exact(cols).map(|r| r.iter().map(|v| v * v).sum::<f64>().sqrt()).product()
}

#[inline(never)]
fn top(m: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(m, n), 3) }
}

pub fn run() -> Result<(), String> {
    let m = vec![1.0, 2.0, 2.0, 0.5, -1.0, 0.25, 3.0, 0.0, 4.0];
    reverse("reverse", &m, |m| f(m, 3), |m, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), m.as_ptr(), d.as_mut_ptr(), cnst(), m.len());
    }, TOL)
}
