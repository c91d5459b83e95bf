//! f32: normalising a Vec<f32> into a new Vec and taking a weighted sum.
use crate::harness::*;

#[inline(never)]
fn normalize(v: &[f32]) -> Vec<f32> {
    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    v.iter().map(|x| x / n).collect()
}

#[inline(never)]
fn f(v: &[f32]) -> f32 {
    normalize(v).iter().enumerate().map(|(i, x)| x * (i as f32 + 1.0)).sum()
}

#[inline(never)]
fn top(v: *const f32, n: usize) -> f32 {
    unsafe { f(std::slice::from_raw_parts(v, n)) }
}

pub fn run() -> Result<(), String> {
    let v = vec![1.0f32, -2.0, 0.5, 3.0];
    reverse("reverse", &v, |v| f(v) as f64, |v, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), v.as_ptr(), d.as_mut_ptr(), cnst(), v.len());
    }, TOL_F32)
}
