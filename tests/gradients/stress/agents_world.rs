//! An agent simulation mixing every stress at once: a Vec<Agent> of large mixed structs each
//! holding a Vec<Action> enum plan (float/int/Vec payloads) and a Box<dyn Policy>, a HashMap of
//! per-team stats, sorting by id, generic weighted reductions over closures. BIG.
use crate::harness::*;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::BuildHasherDefault;

#[derive(Clone, Debug)]
pub enum Action {
    Move { dx: f64, dy: f64 },
    Wait(u32),
    Boost(f32, f64),
    Turn(i8),
    Emit(Vec<f64>),
}
impl Params for Action {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Action::Move { dx, dy } => {
                dx.visit(f);
                dy.visit(f)
            }
            Action::Boost(_, k) => k.visit(f),
            Action::Emit(v) => v.visit(f),
            _ => {}
        }
    }
}

pub trait Policy: Params + Debug {
    fn decide(&self, a: &Agent, t: u32) -> Action;
    fn clone_box(&self) -> Box<dyn Policy>;
}
impl Clone for Box<dyn Policy> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

#[derive(Clone, Debug)]
pub struct Greedy {
    gain: f64,
    bias: [f64; 2],
}
params!(Greedy, gain, bias);
impl Policy for Greedy {
    fn decide(&self, a: &Agent, _t: u32) -> Action {
        Action::Move { dx: self.gain * (self.bias[0] - a.pos[0]), dy: self.gain * (self.bias[1] - a.pos[1]) }
    }
    fn clone_box(&self) -> Box<dyn Policy> {
        Box::new(self.clone())
    }
}

#[derive(Clone, Debug)]
pub struct Jitter {
    seed: u64,
    scale: f64,
}
params!(Jitter, scale);
impl Policy for Jitter {
    fn decide(&self, a: &Agent, t: u32) -> Action {
        let r = self.seed.wrapping_mul(6364136223846793005).wrapping_add(t as u64 * 1442695040888963407 + a.id as u64);
        match (r >> 33) % 4 {
            0 => Action::Wait(1 + (r % 3) as u32),
            1 => Action::Turn(((r >> 7) % 5) as i8 - 2),
            2 => Action::Boost(1.5, self.scale * a.energy),
            _ => Action::Move { dx: self.scale * ((r >> 11) % 7) as f64 * 0.1, dy: -self.scale * a.vel[0] },
        }
    }
    fn clone_box(&self) -> Box<dyn Policy> {
        Box::new(self.clone())
    }
}

#[derive(Clone, Debug)]
pub struct Script {
    steps: Vec<Action>,
    k: usize,
}
params!(Script, steps);
impl Policy for Script {
    fn decide(&self, _a: &Agent, t: u32) -> Action {
        self.steps[(t as usize + self.k) % self.steps.len()].clone()
    }
    fn clone_box(&self) -> Box<dyn Policy> {
        Box::new(self.clone())
    }
}

#[derive(Clone, Debug)]
pub struct Agent {
    pub pos: [f64; 2],
    pub id: u32,
    pub vel: [f64; 2],
    pub team: u8,
    pub energy: f64,
    pub alive: bool,
    pub hist: Vec<f64>,
    pub plan: Vec<Action>,
    pub policy: Box<dyn Policy>,
    pub age: i64,
    pub mass: f32,
}
params!(Agent, pos, vel, energy, hist, plan, policy);

#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    sum: [f64; 2],
    e: f64,
    n: usize,
}

#[derive(Clone, Debug)]
pub struct World {
    pub agents: Vec<Agent>,
    pub drag: f64,
    pub ticks: u32,
}
params!(World, agents, drag);

#[inline(never)]
fn act(a: &mut Agent, act: &Action, drag: f64) {
    match act {
        Action::Move { dx, dy } => {
            a.vel[0] = (1.0 - drag) * a.vel[0] + dx;
            a.vel[1] = (1.0 - drag) * a.vel[1] + dy;
        }
        Action::Wait(n) => {
            a.age += *n as i64;
            a.energy *= 1.0 + 0.01 * *n as f64;
        }
        Action::Boost(m, k) => {
            a.vel[0] *= 1.0 + 0.1 * *m as f64 * k.tanh();
            a.energy -= 0.1 * k * k;
        }
        Action::Turn(q) => {
            let th = 0.1 * *q as f64;
            let (s, c) = th.sin_cos();
            a.vel = [c * a.vel[0] - s * a.vel[1], s * a.vel[0] + c * a.vel[1]];
        }
        Action::Emit(v) => {
            let e: f64 = v.iter().sum();
            a.hist.push(e * a.energy);
        }
    }
}

#[inline(never)]
fn tick(agents: &mut Vec<Agent>, drag: f64, t: u32) {
    for a in agents.iter_mut() {
        let d = a.policy.decide(a, t);
        act(a, &d, drag);
        let n = a.plan.len();
        if n > 0 {
            let p = a.plan[t as usize % n].clone();
            act(a, &p, drag);
        }
        let m = a.mass as f64;
        for k in 0..2 {
            a.pos[k] += 0.1 * a.vel[k] / m;
        }
    }
    agents.sort_by_key(|a| (a.team, u32::MAX - a.id));
    let n = agents.len();
    agents.swap(0, n - 1);
}

#[inline(never)]
fn team_stats(agents: &[Agent]) -> HashMap<u8, Stats, BuildHasherDefault<DefaultHasher>> {
    let mut m: HashMap<u8, Stats, BuildHasherDefault<DefaultHasher>> = HashMap::default();
    for a in agents {
        let s = m.entry(a.team).or_default();
        s.sum[0] += a.pos[0];
        s.sum[1] += a.pos[1];
        s.e += a.energy + a.hist.iter().sum::<f64>();
        s.n += 1;
    }
    m
}

#[inline(never)]
fn weighted<T, F: Fn(&T) -> f64, G: Fn(usize) -> f64>(xs: &[T], f: F, w: G) -> f64 {
    xs.iter().enumerate().map(|(i, x)| w(i) * f(x)).sum()
}

#[inline(never)]
fn f(w: &World) -> f64 {
    let mut agents = w.agents.clone();
    for t in 0..w.ticks {
        tick(&mut agents, w.drag, t);
    }
    let stats = team_stats(&agents);
    let mut teams: Vec<(&u8, &Stats)> = stats.iter().collect();
    teams.sort_by_key(|p| *p.0);
    let st: Vec<Stats> = teams.iter().map(|p| *p.1).collect();
    let s1 = weighted(&st, |s| (s.sum[0] * s.sum[1]).sin() + s.e / s.n as f64, |i| 1.0 + i as f64);
    let s2 = weighted(&agents, |a| a.vel[0] * a.vel[0] + a.vel[1] * a.vel[1], |i| 0.5 + 0.1 * i as f64);
    let s3 = weighted(&agents, |a| a.energy * a.mass as f64, |_| 0.3);
    let s4 = weighted(&w.agents, |a| a.hist.len() as f64 + a.age as f64 * 0.01, |i| i as f64);
    s1 + s2 + s3 + s4
}

#[inline(never)]
fn top(w: *const World) -> f64 {
    unsafe { f(&*w) }
}

pub fn run() -> Result<(), String> {
    let mut agents = Vec::new();
    for i in 0..6u32 {
        let t = i as f64;
        let policy: Box<dyn Policy> = match i % 3 {
            0 => Box::new(Greedy { gain: 0.2 + 0.05 * t, bias: [1.0, -0.5] }),
            1 => Box::new(Jitter { seed: 17 + i as u64, scale: 0.3 }),
            _ => Box::new(Script {
                steps: vec![Action::Turn(1), Action::Move { dx: 0.1, dy: -0.05 * t }, Action::Emit(vec![0.2, t * 0.1])],
                k: i as usize,
            }),
        };
        agents.push(Agent {
            pos: [0.3 * t - 0.5, 0.2 * (t * 1.7).sin()],
            id: 40 + 3 * i,
            vel: [0.1, -0.05 * t],
            team: (i % 2) as u8,
            energy: 1.0 + 0.1 * t,
            alive: i != 3,
            hist: vec![0.05 * t],
            plan: vec![Action::Wait(i % 2 + 1), Action::Boost(0.5, 0.2 + 0.1 * t), Action::Turn(-1)],
            policy,
            age: 5,
            mass: 1.0 + 0.25 * i as f32,
        });
    }
    let w = World { agents, drag: 0.1, ticks: 6 };
    reverse("reverse", &w, |w| f(w), |w, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), w, d);
    }, TOL)
}
