//! A 23-field struct of mixed scalars (f64, f32, u8, u32, i64, bool, usize, [f64; 4], [f32; 3])
//! moved BY VALUE through a chain of #[inline(never)] functions, returned in tuples and stored
//! in [Craft; 4]: sret/byval memcpys of a padded mixed layout whose type Enzyme must recover.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Craft {
    pub mass: f64,
    pub tag: u8,
    pub thrust: f32,
    pub id: u32,
    pub pos: [f64; 4],
    pub alive: bool,
    pub ticks: i64,
    pub vel: [f64; 4],
    pub fuel: f32,
    pub slot: usize,
    pub drag: f64,
    pub flags: u8,
    pub gains: [f32; 3],
    pub heading: f64,
    pub count: u32,
    pub lift: f64,
    pub level: i64,
    pub armed: bool,
    pub spin: f64,
    pub code: u8,
    pub temp: f32,
    pub idx: usize,
    pub energy: f64,
}
params!(Craft, mass, thrust, pos, vel, fuel, drag, gains, heading, lift, spin, temp, energy);

#[inline(never)]
fn propel(mut c: Craft, dt: f64) -> Craft {
    let t = c.thrust as f64 * if c.alive { 1.0 } else { 0.25 };
    for k in 0..4 {
        let g = c.gains[k % 3] as f64;
        c.vel[k] += dt * (t * g - c.drag * c.vel[k]) / c.mass;
        c.pos[k] += dt * c.vel[k];
    }
    c.ticks += 1;
    c.count = c.count.wrapping_add(c.tag as u32);
    c
}

#[inline(never)]
fn steer(mut c: Craft, dt: f64) -> Craft {
    c.heading += dt * c.spin * (1.0 + 0.1 * c.level as f64);
    let (s, co) = c.heading.sin_cos();
    let (x, y) = (c.pos[0], c.pos[1]);
    c.pos[0] = co * x - s * y;
    c.pos[1] = s * x + co * y;
    c.lift = c.lift * 0.9 + 0.1 * c.vel[2] * c.vel[2];
    c.flags ^= 1;
    c
}

#[inline(never)]
fn burn(mut c: Craft) -> Craft {
    let f = c.fuel as f64;
    c.mass -= 0.01 * f * (c.code as f64 + 1.0);
    c.energy += 0.5 * c.mass * c.vel.iter().map(|v| v * v).sum::<f64>() + c.temp as f64 * 0.01;
    c.idx = (c.idx + 1) % 4;
    c
}

#[inline(never)]
fn trade(a: Craft, b: Craft) -> (Craft, Craft) {
    let mut a2 = a;
    let mut b2 = b;
    a2.vel = b.vel;
    b2.pos = a.pos;
    a2.energy = 0.5 * (a.energy + b.energy);
    b2.armed = !b.armed;
    (b2, a2)
}

#[inline(never)]
fn fleet(c: Craft) -> [Craft; 4] {
    let mut out = [c; 4];
    for i in 0..4 {
        out[i].slot = i;
        out[i].tag = c.tag.wrapping_add(i as u8);
        out[i].drag = c.drag * (1.0 + 0.25 * i as f64);
        out[i].spin = c.spin - 0.1 * i as f64;
    }
    out
}

#[inline(never)]
fn evolve(fl: [Craft; 4], dt: f64) -> [Craft; 4] {
    let mut out = fl;
    for i in 0..4 {
        out[i] = burn(steer(propel(fl[i], dt), dt));
    }
    let (x, y) = trade(out[0], out[3]);
    out[0] = x;
    out[3] = y;
    out.swap(1, 2);
    out
}

#[inline(never)]
fn pick(fl: [Craft; 4], i: usize) -> Craft {
    fl[i % 4]
}

#[inline(never)]
fn score(c: &Craft) -> f64 {
    let mut s = c.energy * 0.1 + c.lift + c.mass;
    for k in 0..4 {
        s += c.pos[k] * c.pos[k] * (k as f64 + 1.0) + 0.3 * c.vel[k];
    }
    s + c.ticks as f64 * 0.01 + c.count as f64 * 0.001 + if c.armed { 0.5 } else { 0.0 }
}

#[inline(never)]
fn f(c: &Craft) -> f64 {
    let mut fl = fleet(*c);
    for _ in 0..3 {
        fl = evolve(fl, 0.05);
    }
    let mut s = 0.0;
    for i in 0..4 {
        let p = pick(fl, c.idx + i);
        s += score(&p) * (1.0 + 0.5 * p.slot as f64);
    }
    s
}

#[inline(never)]
fn top(c: *const Craft) -> f64 {
    unsafe { f(&*c) }
}

pub fn run() -> Result<(), String> {
    let c = Craft {
        mass: 3.0,
        tag: 5,
        thrust: 1.25,
        id: 77,
        pos: [0.5, -0.25, 1.0, 0.75],
        alive: true,
        ticks: 10,
        vel: [0.1, 0.2, -0.3, 0.4],
        fuel: 0.5,
        slot: 0,
        drag: 0.2,
        flags: 3,
        gains: [0.5, 1.5, -0.75],
        heading: 0.3,
        count: 4,
        lift: 0.6,
        level: -2,
        armed: false,
        spin: 0.8,
        code: 2,
        temp: 290.0,
        idx: 1,
        energy: 1.0,
    };
    reverse("reverse", &c, |c| f(c), |c, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), c, d);
    }, TOL_F32)?;
    forward("forward", &c, |c| f(c), |c, t| unsafe { __enzyme_fwddiff(top as usize, dup(), c, t) }, TOL_F32)
}
