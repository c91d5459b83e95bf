//! A Vec<Ev> of a 12-variant enum (f64, (f64, f64), {f64, u32}, [f64; 3], f32, (i64, f64),
//! (bool, f64), (u8, u8, f64), Box<[f64; 2]>, Option<f64>, usize, (f64, [u16; 3], f64)) driving a
//! mixed state moved by value through one #[inline(never)] handler per variant; events mutate
//! into other variants each round: the same payload bytes float in one variant, int in another.
use crate::harness::*;

#[derive(Clone, Debug)]
pub enum Ev {
    A(f64),
    B(f64, f64),
    C { x: f64, n: u32 },
    D([f64; 3]),
    E(f32),
    F(i64, f64),
    G(bool, f64),
    H(u8, u8, f64),
    I(Box<[f64; 2]>),
    J(Option<f64>),
    K(usize),
    L(f64, [u16; 3], f64),
}
impl Params for Ev {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        match self {
            Ev::A(x) | Ev::C { x, .. } | Ev::F(_, x) | Ev::G(_, x) | Ev::H(_, _, x) => x.visit(f),
            Ev::B(a, b) | Ev::L(a, _, b) => {
                a.visit(f);
                b.visit(f)
            }
            Ev::D(v) => v.visit(f),
            Ev::E(x) => x.visit(f),
            Ev::I(b) => b.visit(f),
            Ev::J(o) => o.visit(f),
            Ev::K(_) => {}
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct St {
    x: f64,
    count: u32,
    v: [f64; 3],
    flag: bool,
    acc: f64,
    tick: i64,
}

#[inline(never)]
fn on_a(mut s: St, x: f64) -> St {
    s.x += x * s.v[0];
    s
}
#[inline(never)]
fn on_b(mut s: St, a: f64, b: f64) -> St {
    s.v[1] += a * b;
    s.x *= 1.0 + 0.1 * (a - b).tanh();
    s
}
#[inline(never)]
fn on_c(mut s: St, x: f64, n: u32) -> St {
    s.count += n;
    s.acc += x * (n as f64 + 1.0);
    s
}
#[inline(never)]
fn on_d(mut s: St, v: &[f64; 3]) -> St {
    for k in 0..3 {
        s.v[k] = 0.9 * s.v[k] + 0.1 * v[k] * v[(k + 1) % 3];
    }
    s
}
#[inline(never)]
fn on_e(mut s: St, x: f32) -> St {
    s.acc += x as f64 * s.x;
    s
}
#[inline(never)]
fn on_f(mut s: St, n: i64, x: f64) -> St {
    s.tick += n;
    s.v[2] += x * n as f64 * 0.1;
    s
}
#[inline(never)]
fn on_g(mut s: St, b: bool, x: f64) -> St {
    s.flag ^= b;
    s.x += if s.flag { x } else { -0.5 * x };
    s
}
#[inline(never)]
fn on_h(mut s: St, p: u8, q: u8, x: f64) -> St {
    s.acc += x.sin() * (p as f64 - q as f64);
    s
}
#[inline(never)]
fn on_i(mut s: St, b: &[f64; 2]) -> St {
    s.x = s.x * b[0] + b[1];
    s
}
#[inline(never)]
fn on_j(mut s: St, o: Option<f64>) -> St {
    s.acc += o.map(|x| x * x).unwrap_or(0.5);
    s
}
#[inline(never)]
fn on_k(mut s: St, k: usize) -> St {
    s.v.rotate_left(k % 3);
    s
}
#[inline(never)]
fn on_l(mut s: St, a: f64, w: &[u16; 3], b: f64) -> St {
    for k in 0..3 {
        s.v[k] += 0.01 * w[k] as f64 * a - 0.05 * b;
    }
    s
}

#[inline(never)]
fn handle(s: St, e: &Ev) -> St {
    match e {
        Ev::A(x) => on_a(s, *x),
        Ev::B(a, b) => on_b(s, *a, *b),
        Ev::C { x, n } => on_c(s, *x, *n),
        Ev::D(v) => on_d(s, v),
        Ev::E(x) => on_e(s, *x),
        Ev::F(n, x) => on_f(s, *n, *x),
        Ev::G(b, x) => on_g(s, *b, *x),
        Ev::H(p, q, x) => on_h(s, *p, *q, *x),
        Ev::I(b) => on_i(s, b),
        Ev::J(o) => on_j(s, *o),
        Ev::K(k) => on_k(s, *k),
        Ev::L(a, w, b) => on_l(s, *a, w, *b),
    }
}

/// Each round every event turns into another variant (A -> F -> C -> H -> ...).
#[inline(never)]
fn mutate(e: &Ev, r: u32) -> Ev {
    match e {
        Ev::A(x) => Ev::F(r as i64 + 1, *x),
        Ev::B(a, b) => Ev::L(*a, [1, 2, r as u16], *b),
        Ev::C { x, n } => Ev::H(*n as u8, 3, x * 0.9),
        Ev::D(v) => Ev::B(v[0] + v[1], v[2]),
        Ev::E(x) => Ev::J(Some(*x as f64)),
        Ev::F(n, x) => Ev::C { x: x + 0.1, n: n.rem_euclid(5) as u32 },
        Ev::G(b, x) => Ev::I(Box::new([if *b { 1.0 } else { 0.9 }, *x])),
        Ev::H(_, _, x) => Ev::A(x * 1.1),
        Ev::I(b) => Ev::D([b[0], b[1], b[0] * b[1]]),
        Ev::J(o) => Ev::G(o.is_some(), o.unwrap_or(0.25)),
        Ev::K(k) => Ev::K(k + 1),
        Ev::L(a, _, b) => Ev::A(a - b),
    }
}

#[inline(never)]
fn f(evs: &[Ev]) -> f64 {
    let mut s = St { x: 1.0, count: 0, v: [0.5, -0.5, 0.25], flag: false, acc: 0.0, tick: 0 };
    let mut cur: Vec<Ev> = evs.to_vec();
    for r in 0..4u32 {
        for e in cur.iter() {
            s = handle(s, e);
        }
        cur = cur.iter().map(|e| mutate(e, r)).collect();
        cur.rotate_left(1);
    }
    s.x + s.acc * 0.1 + s.v[0] * s.v[1] - s.v[2] + s.count as f64 * 0.001 + s.tick as f64 * 0.01
}

#[inline(never)]
fn top(e: *const Ev, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(e, n)) }
}

pub fn run() -> Result<(), String> {
    let evs = vec![
        Ev::A(0.3),
        Ev::B(0.5, -0.2),
        Ev::C { x: 0.7, n: 2 },
        Ev::D([0.1, 0.4, -0.3]),
        Ev::E(0.5),
        Ev::F(-1, 0.6),
        Ev::G(true, 0.45),
        Ev::H(4, 1, -0.8),
        Ev::I(Box::new([0.95, 0.05])),
        Ev::J(Some(0.35)),
        Ev::J(None),
        Ev::K(4),
        Ev::L(0.2, [3, 1, 4], -0.15),
        Ev::A(-0.4),
    ];
    reverse("reverse", &evs, |e| f(e), |e, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), e.as_ptr(), d.as_mut_ptr(), cnst(), e.len());
    }, TOL_F32)
}
