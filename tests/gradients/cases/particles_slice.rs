//! A slice of structs whose fixed arrays (pos, vel) sit before a float and an integer
//! field, updated in place through `p.vel[k] += ...` on a copy (to_vec) of the input.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Particle {
    pub pos: [f64; 3],
    pub vel: [f64; 3],
    pub mass: f64,
    pub id: u32,
}
params!(Particle, pos, vel, mass);

#[inline(never)]
fn kick(p: &mut Particle, dt: f64) {
    for k in 0..3 {
        p.vel[k] += -p.pos[k] * dt / p.mass;
    }
    for k in 0..3 {
        p.pos[k] += p.vel[k] * dt;
    }
}

#[inline(never)]
fn energy(ps: &[Particle]) -> f64 {
    let mut v = ps.to_vec();
    for p in v.iter_mut() {
        kick(p, 0.1);
    }
    v.iter()
        .map(|p| 0.5 * p.mass * p.vel.iter().map(|v| v * v).sum::<f64>() + p.pos.iter().map(|x| x * x).sum::<f64>())
        .sum()
}

#[inline(never)]
fn top(ps: *const Particle, n: usize) -> f64 {
    unsafe { energy(std::slice::from_raw_parts(ps, n)) }
}

pub fn run() -> Result<(), String> {
    let ps: Vec<Particle> = (0..3)
        .map(|i| {
            let b = 1.0 + 0.3 * i as f64;
            Particle { pos: [b, -b, 0.5], vel: [0.1, b, -0.2], mass: 1.0 + b, id: 7 + i }
        })
        .collect();
    reverse("reverse", &ps, |v| energy(v), |v, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), v.as_ptr(), d.as_mut_ptr(), cnst(), v.len());
    }, TOL)
}
