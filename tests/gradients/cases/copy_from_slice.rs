//! copy_from_slice into a local buffer (a memcpy of run-time length) and clone_from_slice
//! into a Vec, then a computation on the copies.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let mut buf = [0.0f64; 8];
    buf[..x.len()].copy_from_slice(x);
    let mut v = vec![0.0f64; x.len()];
    v.clone_from_slice(&buf[..x.len()]);
    v.iter().enumerate().map(|(i, a)| a * a * (i as f64 + 1.0)).sum::<f64>() + buf[0] * buf[1]
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.3, 1.7, -0.4, 2.2, 0.9];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
