//! swap_with_slice of two halves of a Vec<f64> (ptr::swap_nonoverlapping over f64s, std's
//! swap_nonoverlapping_bytes moving them as i64s), then a weighted sum. Was silently wrong with
//! trees and without at every level (13% off) while the baseline was right at -O2; annotate's
//! typed swap now takes runs of a float type alone too (emit/body/ir_body_loops.c).
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
