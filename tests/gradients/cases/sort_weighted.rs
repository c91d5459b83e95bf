//! Sorting a copy of the input with sort_by(partial_cmp) (element moves by swap), then a
//! rank-weighted sum; inputs chosen without ties.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v.iter().enumerate().map(|(i, a)| (i as f64 + 1.0) * a * a).sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.3, -1.2, 2.5, 0.9, -0.4, 1.7];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
