//! Vec growth, f32: a Vec<f32> built by push from Vec::new() through several
//! reallocations, then a weighted sum.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f32]) -> f32 {
    let mut v = Vec::new();
    for i in 0..3 * x.len() {
        let a = x[i % x.len()];
        v.push(a * (1.0 + 0.5 * i as f32) + a * a);
    }
    v.iter().enumerate().map(|(i, y)| y * (1.0 - 0.05 * i as f32)).sum()
}

#[inline(never)]
fn top(x: *const f32, n: usize) -> f32 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5f32, -1.25, 2.0, 0.75, -0.3];
    reverse("reverse", &x, |x| f(x) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL_F32)
}
