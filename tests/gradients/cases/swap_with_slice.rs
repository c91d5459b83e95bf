//! swap_with_slice of two halves of a Vec<f64> (ptr::swap_nonoverlapping over f64s), then a
//! weighted sum. Silently wrong with trees and without at every level, while the baseline
//! is right at -O2: open, tests/gradients/open-failures.json (found at this stop; the
//! wrapper before it was wrong the same way).
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let n = x.len();
    let mut w: Vec<f64> = (0..60).map(|i| x[i % n] * (1.0 + 0.01 * i as f64)).collect();
    {
        let (a, b) = w.split_at_mut(30);
        a[..25].swap_with_slice(&mut b[5..]);
    }
    w.iter().enumerate().map(|(i, t)| t * t * (0.02 * i as f64)).sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.75, -1.5, 2.0, 0.5, 1.25];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
