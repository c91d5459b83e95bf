//! Forward mode through scalars passed by value (enzyme_dup of f64 values): the tangent of
//! the result for each input direction.
use crate::harness::*;

#[inline(never)]
fn f(x: f64, y: f64, z: f64) -> f64 {
    (x * y).sin() + z.exp() * x - (y / (1.0 + z * z))
}

#[inline(never)]
fn top(x: f64, y: f64, z: f64) -> f64 {
    f(x, y, z)
}

pub fn run() -> Result<(), String> {
    let p = [0.4, 1.2, -0.3];
    forward("forward", &p, |p| f(p[0], p[1], p[2]), |p, t| unsafe {
        __enzyme_fwddiff(top as usize, dup(), p[0], t[0], dup(), p[1], t[1], dup(), p[2], t[2])
    }, TOL)
}
