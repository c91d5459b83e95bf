//! split_at_mut on a working copy and in-place updates of both halves from each other.
use crate::harness::*;

#[inline(never)]
fn relax(v: &mut [f64]) {
    let mid = v.len() / 2;
    let (a, b) = v.split_at_mut(mid);
    for i in 0..a.len() {
        a[i] += 0.5 * b[i];
        b[i] *= a[i];
    }
}

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let mut v = x.to_vec();
    relax(&mut v);
    relax(&mut v);
    v.iter().sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, -0.25, 1.0, 0.75, 1.5, -0.5];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
