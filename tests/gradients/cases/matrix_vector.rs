//! A row-major matrix in a struct (Vec<f64> + dimensions) times a vector, reverse and
//! forward mode.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Mat {
    rows: usize,
    cols: usize,
    a: Vec<f64>,
}
params!(Mat, a);

#[inline(never)]
fn matvec(m: &Mat, x: &[f64], y: &mut [f64]) {
    for i in 0..m.rows {
        y[i] = (0..m.cols).map(|j| m.a[i * m.cols + j] * x[j]).sum();
    }
}

#[inline(never)]
fn f(m: &Mat) -> f64 {
    let x = [1.0, -2.0, 0.5];
    let mut y = vec![0.0; m.rows];
    matvec(m, &x, &mut y);
    y.iter().map(|v| v * v).sum()
}

#[inline(never)]
fn top(m: *const Mat) -> f64 {
    unsafe { f(&*m) }
}

pub fn run() -> Result<(), String> {
    let m = Mat { rows: 2, cols: 3, a: vec![1.0, 0.5, -1.0, 2.0, 0.25, 3.0] };
    reverse("reverse", &m, |m| f(m), |m, d| unsafe { __enzyme_autodiff(top as usize, dup(), m, d); }, TOL)?;
    forward("forward", &m, |m| f(m), |m, t| unsafe { __enzyme_fwddiff(top as usize, dup(), m, t) }, TOL)
}
