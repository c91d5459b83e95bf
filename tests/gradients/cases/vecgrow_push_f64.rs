//! Vec growth: a Vec<f64> built by push from Vec::new() (it reallocates at 4, 8, 16
//! elements: RawVec::grow_one -> finish_grow -> __rust_realloc), then read back.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let mut v = Vec::new();
    for i in 0..3 * x.len() {
        let a = x[i % x.len()];
        v.push(a * a + i as f64 * a);
    }
    v.iter().enumerate().map(|(i, y)| y * (1.0 + 0.1 * i as f64)).sum::<f64>() + v[0] * v[v.len() - 1]
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, -1.25, 2.0, 0.75, -0.3, 1.1];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
