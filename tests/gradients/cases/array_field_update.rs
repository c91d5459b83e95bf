//! `p.vel[k] += ...` on a struct whose [f64; 3] is followed by an f64 and a u32, through
//! &mut of the struct and &mut [f64; 3] of its field (the array must not claim the bytes
//! after it).
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct P {
    pos: [f64; 3],
    vel: [f64; 3],
    mass: f64,
    id: u32,
}
params!(P, pos, vel, mass);

#[inline(never)]
fn accelerate(v: &mut [f64; 3], f: &[f64; 3], m: f64) {
    for k in 0..3 {
        v[k] += f[k] / m;
    }
}

#[inline(never)]
fn step(p: &mut P) {
    let force = [-p.pos[0], -2.0 * p.pos[1], 0.5];
    let m = p.mass;
    accelerate(&mut p.vel, &force, m);
    for k in 0..3 {
        p.pos[k] += 0.1 * p.vel[k];
    }
}

#[inline(never)]
fn energy(p0: &P) -> f64 {
    let mut p = *p0;
    step(&mut p);
    step(&mut p);
    p.pos.iter().map(|x| x * x).sum::<f64>() + p.mass * p.vel.iter().map(|v| v * v).sum::<f64>()
        + p.id as f64
}

#[inline(never)]
fn top(p: *const P) -> f64 {
    unsafe { energy(&*p) }
}

pub fn run() -> Result<(), String> {
    let p = P { pos: [1.0, 0.5, -0.25], vel: [0.1, 0.2, 0.3], mass: 2.0, id: 4 };
    reverse("reverse", &p, |p| energy(p), |p, d| unsafe { __enzyme_autodiff(top as usize, dup(), p, d); }, TOL)
}
