//! An n-body step over a Vec of mixed bodies (u32 id, [f64; 3] x2, f64, f32, u8 kind, bool,
//! i64): pairwise forces through split_at_mut, chunks_exact, swaps, sort_unstable_by_key,
//! clone/extend/truncate and drain: pointer arithmetic over a 96-byte mixed element.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Body {
    pub id: u32,
    pub pos: [f64; 3],
    pub kind: u8,
    pub vel: [f64; 3],
    pub mass: f64,
    pub soft: f32,
    pub live: bool,
    pub age: i64,
}
params!(Body, pos, vel, mass);

#[inline(never)]
fn pair(a: &mut Body, b: &mut Body, dt: f64) {
    let mut d = [0.0; 3];
    let mut r2 = a.soft as f64 + b.soft as f64;
    for k in 0..3 {
        d[k] = b.pos[k] - a.pos[k];
        r2 += d[k] * d[k];
    }
    let inv = 1.0 / (r2 * r2.sqrt());
    let sa = if a.kind == b.kind { 1.0 } else { 0.5 };
    for k in 0..3 {
        a.vel[k] += dt * sa * b.mass * d[k] * inv;
        b.vel[k] -= dt * sa * a.mass * d[k] * inv;
    }
}

#[inline(never)]
fn forces(bs: &mut [Body], dt: f64) {
    for i in 1..bs.len() {
        let (lo, hi) = bs.split_at_mut(i);
        let b = &mut hi[0];
        for a in lo.iter_mut() {
            pair(a, b, dt);
        }
    }
}

#[inline(never)]
fn drift(bs: &mut [Body], dt: f64) {
    for b in bs.iter_mut() {
        if b.live {
            for k in 0..3 {
                b.pos[k] += dt * b.vel[k];
            }
        }
        b.age += 1;
    }
}

#[inline(never)]
fn shuffle(bs: &mut Vec<Body>) {
    let n = bs.len();
    for c in 0..n / 2 {
        bs.swap(c, n - 1 - c);
    }
    bs.sort_unstable_by_key(|b| (b.kind, b.id));
}

#[inline(never)]
fn pair_energy(bs: &[Body]) -> f64 {
    let mut e = 0.0;
    for ch in bs.chunks_exact(2) {
        let (a, b) = (&ch[0], &ch[1]);
        let d2: f64 = (0..3).map(|k| (a.pos[k] - b.pos[k]).powi(2)).sum();
        e += a.mass * b.mass / (d2 + 0.1).sqrt();
    }
    e
}

#[inline(never)]
fn kinetic(bs: &[Body]) -> f64 {
    bs.iter().map(|b| 0.5 * b.mass * b.vel.iter().map(|v| v * v).sum::<f64>()).sum()
}

#[inline(never)]
fn f(bs: &[Body]) -> f64 {
    let mut v = bs.to_vec();
    let mut e = 0.0;
    for step in 0..4 {
        forces(&mut v, 0.02);
        drift(&mut v, 0.02);
        if step % 2 == 1 {
            shuffle(&mut v);
        }
        e += 0.1 * pair_energy(&v);
    }
    let mut w = v.clone();
    w.extend_from_slice(&bs[..2]);
    let first: Vec<Body> = w.drain(..3).collect();
    w.truncate(4);
    e + kinetic(&v) + 0.5 * kinetic(&first) + pair_energy(&w)
}

#[inline(never)]
fn top(b: *const Body, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(b, n)) }
}

pub fn run() -> Result<(), String> {
    let bs: Vec<Body> = (0..6)
        .map(|i| {
            let t = i as f64;
            Body {
                id: 100 - i as u32,
                pos: [t.cos() * 1.5, t.sin() * 1.5, 0.2 * t - 0.5],
                kind: (i % 3) as u8,
                vel: [-0.1 * t.sin(), 0.1 * t.cos(), 0.05],
                mass: 1.0 + 0.2 * t,
                soft: 0.05,
                live: i != 4,
                age: 10 * i as i64,
            }
        })
        .collect();
    reverse("reverse", &bs, |b| f(b), |b, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), b.as_ptr(), d.as_mut_ptr(), cnst(), b.len());
    }, TOL)
}
