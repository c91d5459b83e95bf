//! zip of three slices held in one struct (three Vec<f64>), forward and reverse mode.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Three {
    a: Vec<f64>,
    b: Vec<f64>,
    c: Vec<f64>,
}
params!(Three, a, b, c);

#[inline(never)]
fn f(t: &Three) -> f64 {
    t.a.iter().zip(&t.b).zip(&t.c).map(|((x, y), z)| x * y + z.exp() * x).sum()
}

#[inline(never)]
fn top(t: *const Three) -> f64 {
    unsafe { f(&*t) }
}

pub fn run() -> Result<(), String> {
    let t = Three { a: vec![1.0, 0.5, -1.0], b: vec![2.0, -0.5, 0.25], c: vec![0.1, 0.2, -0.3] };
    forward("forward", &t, |t| f(t), |t, d| unsafe { __enzyme_fwddiff(top as usize, dup(), t, d) }, TOL)?;
    reverse("reverse", &t, |t| f(t), |t, d| unsafe { __enzyme_autodiff(top as usize, dup(), t, d); }, TOL)
}
