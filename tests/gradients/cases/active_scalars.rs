//! Scalars passed by value as active arguments (enzyme_out): the derivative comes back as
//! the call's result, for one and for two arguments.
use crate::harness::*;

#[inline(never)]
fn rosen(x: f64, y: f64) -> f64 {
    (1.0 - x) * (1.0 - x) + 100.0 * (y - x * x) * (y - x * x)
}

#[inline(never)]
fn top(x: f64, y: f64) -> f64 {
    rosen(x, y)
}

#[inline(never)]
fn top1(x: f64) -> f64 {
    rosen(x, 0.5) * x.exp()
}

pub fn run() -> Result<(), String> {
    let (x, y) = (0.8, 0.3);
    let g = unsafe { out2api::__enzyme_autodiff(top as usize, out(), x, out(), y) };
    scalar("d/dx", g.a, |v| rosen(v, y), x, TOL)?;
    scalar("d/dy", g.b, |v| rosen(x, v), y, TOL)?;
    let g1 = unsafe { __enzyme_autodiff(top1 as usize, out(), x) };
    scalar("one active", g1, |v| rosen(v, 0.5) * v.exp(), x, TOL)
}
