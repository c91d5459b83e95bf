//! vec![0.0; n] (from_elem: an allocation filled by a memset) then extend_from_slice and
//! extend (growth by reallocation), read back with weights.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let mut v = vec![0.0; x.len()];
    for i in 0..x.len() {
        v[i] += x[i] * x[i];
    }
    v.extend_from_slice(x);
    v.extend(x.iter().map(|a| a.sin()));
    v.iter().enumerate().map(|(i, y)| y * (1.0 + i as f64)).sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, -1.25, 2.0, 0.75];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
