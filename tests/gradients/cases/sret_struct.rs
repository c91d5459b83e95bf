//! A function returning a 48-byte struct by value (through an sret pointer) that mixes
//! floats and integers.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Stats {
    mean: f64,
    var: f64,
    n: usize,
    min: f64,
    max: f64,
    flags: u32,
}

#[inline(never)]
fn stats(x: &[f64]) -> Stats {
    let n = x.len();
    let mean = x.iter().sum::<f64>() / n as f64;
    let var = x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / n as f64;
    let min = x.iter().cloned().fold(f64::INFINITY, f64::min);
    let max = x.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    Stats { mean, var, n, min, max, flags: 1 }
}

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let s = stats(x);
    s.mean * s.var + (s.max - s.min) * s.flags as f64 + s.n as f64
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![1.0, 4.0, -2.0, 0.5, 3.0];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
