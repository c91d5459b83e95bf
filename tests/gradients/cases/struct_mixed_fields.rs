//! A struct of mixed fields (f64, u32, f32, bool, [f64; 2], i64) read through a reference:
//! reverse and forward mode.
use crate::harness::*;

#[derive(Clone, Debug)]
pub struct Body {
    mass: f64,
    id: u32,
    drag: f32,
    active: bool,
    pos: [f64; 2],
    steps: i64,
}
params!(Body, mass, drag, pos);

#[inline(never)]
fn score(b: &Body) -> f64 {
    let k = if b.active { 1.5 } else { 0.5 };
    k * b.mass * (b.pos[0] * b.pos[0] + 2.0 * b.pos[1]) + (b.drag as f64) * b.mass
        + (b.steps as f64) * 0.1 * b.pos[1] + b.id as f64
}

#[inline(never)]
fn top(b: *const Body) -> f64 {
    unsafe { score(&*b) }
}

pub fn run() -> Result<(), String> {
    let b = Body { mass: 2.0, id: 9, drag: 0.25, active: true, pos: [1.5, -0.5], steps: 3 };
    reverse("reverse", &b, |b| score(b), |b, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), b, d);
    }, TOL_F32)?;
    forward("forward", &b, |b| score(b), |b, t| unsafe { __enzyme_fwddiff(top as usize, dup(), b, t) }, TOL_F32)
}
