//! A tower of 11 levels of #[inline(never)] generic wrappers (each calls the level below twice)
//! monomorphized over 8 value types (f64, [f64; 3], mixed structs, nested generic W<W<f64>>,
//! W<Pt>...): ~90 distinct functions whose argument/return layouts Enzyme types one by one. BIG.
use crate::harness::*;
use std::fmt::Debug;

pub trait Val: Copy + Debug {
    fn lift(self, k: f64) -> Self;
    fn comb(self, o: Self, t: f64) -> Self;
    fn norm(&self) -> f64;
}

impl Val for f64 {
    fn lift(self, k: f64) -> Self {
        0.9 * self + 0.1 * (k * self).sin()
    }
    fn comb(self, o: Self, t: f64) -> Self {
        (1.0 - t) * self + t * o
    }
    fn norm(&self) -> f64 {
        self * self
    }
}

impl Val for [f64; 3] {
    fn lift(self, k: f64) -> Self {
        [
            0.9 * self[0] + 0.1 * (k * self[1]).sin(),
            0.9 * self[1] + 0.1 * (k * self[2]).cos(),
            0.9 * self[2] - 0.05 * self[0] * k,
        ]
    }
    fn comb(self, o: Self, t: f64) -> Self {
        [self[0].comb(o[0], t), self[1].comb(o[1], t), self[2].comb(o[2], 1.0 - t)]
    }
    fn norm(&self) -> f64 {
        self[0] * self[0] + self[1] * self[1] + self[2] * self[2]
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Tag {
    v: f64,
    n: u32,
}
params!(Tag, v);
impl Val for Tag {
    fn lift(self, k: f64) -> Self {
        Tag { v: 0.9 * self.v + 0.1 * (k * self.v * (1.0 + 0.1 * self.n as f64)).sin(), n: self.n ^ 1 }
    }
    fn comb(self, o: Self, t: f64) -> Self {
        Tag { v: self.v.comb(o.v, t), n: self.n.max(o.n) }
    }
    fn norm(&self) -> f64 {
        self.v * self.v * (1.0 + self.n as f64)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Pt {
    x: f64,
    n: u8,
    y: f64,
    on: bool,
}
params!(Pt, x, y);
impl Val for Pt {
    fn lift(self, k: f64) -> Self {
        Pt {
            x: 0.9 * self.x + 0.1 * (k * self.y).sin(),
            n: self.n.wrapping_add(3),
            y: 0.9 * self.y + 0.01 * (k * self.x).cos() * (self.n % 5) as f64,
            on: !self.on,
        }
    }
    fn comb(self, o: Self, t: f64) -> Self {
        Pt { x: self.x.comb(o.x, t), n: self.n, y: self.y.comb(o.y, t), on: self.on && o.on }
    }
    fn norm(&self) -> f64 {
        self.x * self.x + if self.on { 2.0 } else { 1.0 } * self.y * self.y
    }
}

#[derive(Clone, Copy, Debug)]
pub struct W<T> {
    inner: T,
    tag: u16,
    s: f64,
}
impl<T: Params> Params for W<T> {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.inner.visit(f);
        self.s.visit(f);
    }
}
impl<T: Val> Val for W<T> {
    fn lift(self, k: f64) -> Self {
        let inner = self.inner.lift(k * (0.8 + 0.1 * self.s.tanh()));
        W { inner, tag: self.tag.wrapping_mul(3), s: 0.9 * self.s + 0.1 * (inner.norm() + 1.0).ln() }
    }
    fn comb(self, o: Self, t: f64) -> Self {
        W { inner: self.inner.comb(o.inner, t), tag: self.tag ^ o.tag, s: self.s.comb(o.s, t) }
    }
    fn norm(&self) -> f64 {
        self.inner.norm() + self.s * self.s
    }
}

#[inline(never)]
fn l0<T: Val>(x: T, k: f64) -> T {
    x.lift(k)
}

macro_rules! level {
    ($name:ident, $prev:ident, $c:literal) => {
        #[inline(never)]
        fn $name<T: Val>(x: T, k: f64) -> T {
            let a = $prev(x, k);
            let b = $prev(a.comb(x, $c), k * (1.0 - 0.5 * $c));
            b.comb(a, 0.5)
        }
    };
}
level!(l1, l0, 0.1);
level!(l2, l1, 0.2);
level!(l3, l2, 0.3);
level!(l4, l3, 0.15);
level!(l5, l4, 0.25);
level!(l6, l5, 0.35);
level!(l7, l6, 0.05);
level!(l8, l7, 0.45);
level!(l9, l8, 0.12);
level!(l10, l9, 0.22);

#[inline(never)]
fn run_tower<T: Val>(x: T, k: f64) -> f64 {
    l10(x, k).norm() + l3(x, k).norm()
}

#[derive(Clone, Copy, Debug)]
pub struct Inputs {
    a: f64,
    b: [f64; 3],
    c: Tag,
    d: Pt,
    e: W<f64>,
    g: W<[f64; 3]>,
    h: W<Pt>,
    i: W<W<f64>>,
    k: f64,
}
params!(Inputs, a, b, c, d, e, g, h, i, k);

#[inline(never)]
fn f(p: &Inputs) -> f64 {
    run_tower(p.a, p.k)
        + run_tower(p.b, p.k)
        + run_tower(p.c, p.k)
        + run_tower(p.d, p.k)
        + run_tower(p.e, p.k)
        + run_tower(p.g, p.k)
        + run_tower(p.h, p.k)
        + run_tower(p.i, p.k)
}

#[inline(never)]
fn top(p: *const Inputs) -> f64 {
    unsafe { f(&*p) }
}

pub fn run() -> Result<(), String> {
    let p = Inputs {
        a: 0.7,
        b: [0.3, -0.5, 1.1],
        c: Tag { v: -0.8, n: 4 },
        d: Pt { x: 0.6, n: 7, y: -0.2, on: true },
        e: W { inner: 0.9, tag: 11, s: 0.4 },
        g: W { inner: [1.2, 0.1, -0.3], tag: 3, s: -0.6 },
        h: W { inner: Pt { x: -0.4, n: 1, y: 0.5, on: false }, tag: 9, s: 0.2 },
        i: W { inner: W { inner: 0.35, tag: 2, s: 0.8 }, tag: 5, s: -0.1 },
        k: 1.3,
    };
    reverse("reverse", &p, |p| f(p), |p, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), p, d);
    }, TOL)
}
