//! Forward mode through Vec growth: push from Vec::new() (reallocations) and collect,
//! tangents carried into the grown buffers.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let mut v = Vec::new();
    for i in 0..3 * x.len() {
        v.push(x[i % x.len()] * (i as f64 + 0.5));
    }
    let w: Vec<f64> = v.iter().filter(|a| **a != 0.0).map(|a| a * a).collect();
    w.iter().sum::<f64>() + v[v.len() - 1]
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, -1.25, 2.0, 0.75];
    forward("forward", &x, |x| f(x), |x, t| unsafe {
        __enzyme_fwddiff(top as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL)
}
