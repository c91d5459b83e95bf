//! fold with a struct accumulator (running mean and variance, Welford) over a slice.
use crate::harness::*;

#[derive(Clone, Copy)]
struct Acc {
    n: u32,
    mean: f64,
    m2: f64,
}

#[inline(never)]
fn welford(x: &[f64]) -> f64 {
    let a = x.iter().fold(Acc { n: 0, mean: 0.0, m2: 0.0 }, |a, &v| {
        let n = a.n + 1;
        let d = v - a.mean;
        let mean = a.mean + d / n as f64;
        Acc { n, mean, m2: a.m2 + d * (v - mean) }
    });
    a.m2 / (a.n - 1) as f64 + a.mean
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { welford(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![1.0, 2.5, -0.5, 4.0, 3.0];
    reverse("reverse", &x, |x| welford(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
