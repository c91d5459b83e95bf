//! A Vec built by map/collect inside the differentiated code, then reduced.
use crate::harness::*;

#[inline(never)]
fn smooth(x: &[f64]) -> Vec<f64> {
    (0..x.len()).map(|i| {
        let l = if i > 0 { x[i - 1] } else { x[i] };
        let r = if i + 1 < x.len() { x[i + 1] } else { x[i] };
        0.25 * l + 0.5 * x[i] + 0.25 * r
    }).collect()
}

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let s = smooth(x);
    let t = smooth(&s);
    t.iter().zip(x).map(|(a, b)| a * b).sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![1.0, -0.5, 2.0, 0.25, 3.0, -1.5];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
