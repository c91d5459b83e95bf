//! f32: polynomial evaluation over a [f32; 8] of coefficients, reverse and forward.
use crate::harness::*;

#[inline(never)]
fn poly(c: &[f32; 8], x: f32) -> f32 {
    c.iter().rev().fold(0.0f32, |acc, k| acc * x + k)
}

#[inline(never)]
fn top(c: *const [f32; 8]) -> f32 {
    unsafe { poly(&*c, 0.7) + poly(&*c, -0.4) }
}

pub fn run() -> Result<(), String> {
    let c = [1.0f32, -0.5, 0.25, 2.0, -1.0, 0.75, 0.1, -0.3];
    let f = |c: &[f32; 8]| (poly(c, 0.7) + poly(c, -0.4)) as f64;
    reverse("reverse", &c, f, |c, d| unsafe { f32api::__enzyme_autodiff(top as usize, dup(), c, d); }, TOL_F32)?;
    forward("forward", &c, f, |c, t| unsafe { f32api::__enzyme_fwddiff(top as usize, dup(), c, t) as f64 }, TOL_F32)
}
