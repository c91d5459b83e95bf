//! A [[f64; 3]; 3] matrix (nested fixed arrays): determinant, reverse and forward mode.
use crate::harness::*;

#[inline(never)]
fn det(m: &[[f64; 3]; 3]) -> f64 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

#[inline(never)]
fn top(m: *const [[f64; 3]; 3]) -> f64 {
    unsafe { det(&*m) }
}

pub fn run() -> Result<(), String> {
    let m = [[2.0, -1.0, 0.5], [0.25, 3.0, 1.0], [1.5, 0.5, -2.0]];
    reverse("reverse", &m, |m| det(m), |m, d| unsafe { __enzyme_autodiff(top as usize, dup(), m, d); }, TOL)?;
    forward("forward", &m, |m| det(m), |m, t| unsafe { __enzyme_fwddiff(top as usize, dup(), m, t) }, TOL)
}
