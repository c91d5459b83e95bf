//! Vec<Vec<f64>> built row by row: each row pushed element by element, the rows pushed
//! into the outer Vec (its buffer of Vec headers reallocated: pointers and lengths move).
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64]) -> f64 {
    let mut rows: Vec<Vec<f64>> = Vec::new();
    for r in 0..x.len() {
        let mut row = Vec::new();
        for c in 0..=r {
            row.push(x[r] * x[c] + c as f64);
        }
        rows.push(row);
    }
    rows.iter().enumerate().map(|(r, row)| row.iter().sum::<f64>() * (r as f64 + 1.0)).sum()
}

#[inline(never)]
fn top(x: *const f64, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.5, -1.25, 2.0, 0.75, 1.5, -0.25];
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
