//! Floats stored as HashMap values (hashing, probing, integer keys) and summed by key.
use crate::harness::*;
use std::collections::HashMap;

#[inline(never)]
fn build(x: &[f64]) -> HashMap<u32, f64> {
    let mut m = HashMap::new();
    for (i, v) in x.iter().enumerate() {
        *m.entry((i % 3) as u32).or_insert(0.0) += v * v;
    }
    m
}

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let m = build(x);
    (0..3u32).map(|k| m.get(&k).copied().unwrap_or(0.0) * (k as f64 + 1.0)).sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, 1.5, -2.0, 1.0, 0.25];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
