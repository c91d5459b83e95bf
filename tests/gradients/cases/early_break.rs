//! A loop that breaks early when a running sum crosses a threshold, and an early return.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    if x.is_empty() {
        return 0.0;
    }
    let mut s = 0.0;
    let mut p = 1.0;
    for v in x {
        s += v * v;
        if s > 5.0 {
            break;
        }
        p *= 1.0 + v;
    }
    s * p
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, 1.0, 1.5, 2.0, 0.1];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
