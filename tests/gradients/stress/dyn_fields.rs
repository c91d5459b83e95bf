//! Box<dyn Law> fields inside a struct and a Vec<Box<dyn Law>> of four implementations of
//! different layouts (mixed f64/f32/u32/bool/[f64; N]/Vec), passed in with shadow boxes:
//! fat pointers (data + vtable), dynamic dispatch and shadow vtables for Enzyme.
use crate::harness::*;
use std::fmt::Debug;

pub trait Law: Params + Debug {
    fn eval(&self, x: f64) -> f64;
    fn tune(&mut self, k: f64);
    fn clone_box(&self) -> Box<dyn Law>;
}
impl Clone for Box<dyn Law> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

#[derive(Clone, Debug)]
pub struct Spring {
    k: f64,
    n: u32,
    rest: f64,
}
params!(Spring, k, rest);
impl Law for Spring {
    fn eval(&self, x: f64) -> f64 {
        self.k * (x - self.rest).powi(2) * self.n as f64
    }
    fn tune(&mut self, k: f64) {
        self.k *= 1.0 + 0.1 * k;
    }
    fn clone_box(&self) -> Box<dyn Law> {
        Box::new(self.clone())
    }
}

#[derive(Clone, Debug)]
pub struct Poly {
    flag: bool,
    c: [f64; 4],
    scale: f32,
}
params!(Poly, c);
impl Law for Poly {
    fn eval(&self, x: f64) -> f64 {
        let p = ((self.c[3] * x + self.c[2]) * x + self.c[1]) * x + self.c[0];
        if self.flag { p * self.scale as f64 } else { -p }
    }
    fn tune(&mut self, k: f64) {
        for (i, c) in self.c.iter_mut().enumerate() {
            *c += 0.01 * k * i as f64;
        }
    }
    fn clone_box(&self) -> Box<dyn Law> {
        Box::new(self.clone())
    }
}

#[derive(Clone, Debug)]
pub struct Table {
    ys: Vec<f64>,
    x0: f64,
    step: u8,
}
params!(Table, ys, x0);
impl Law for Table {
    fn eval(&self, x: f64) -> f64 {
        self.ys.iter().enumerate().map(|(i, y)| y * (-(x - self.x0 - i as f64 * self.step as f64 * 0.1).powi(2)).exp()).sum()
    }
    fn tune(&mut self, k: f64) {
        self.x0 += 0.05 * k;
        self.ys.rotate_left(1);
    }
    fn clone_box(&self) -> Box<dyn Law> {
        Box::new(self.clone())
    }
}

#[derive(Clone, Debug)]
pub struct Nested {
    inner: Box<dyn Law>,
    gain: f64,
    id: i64,
}
impl Params for Nested {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.inner.visit(f);
        self.gain.visit(f);
    }
}
impl Law for Nested {
    fn eval(&self, x: f64) -> f64 {
        self.gain * self.inner.eval(x * 0.5 + self.id as f64 * 0.01).tanh()
    }
    fn tune(&mut self, k: f64) {
        self.inner.tune(-k);
        self.gain += 0.1 * k;
    }
    fn clone_box(&self) -> Box<dyn Law> {
        Box::new(self.clone())
    }
}

#[derive(Clone, Debug)]
pub struct Model {
    pub head: Box<dyn Law>,
    pub count: usize,
    pub tail: Box<dyn Law>,
    pub laws: Vec<Box<dyn Law>>,
    pub xs: [f64; 3],
    pub on: bool,
}
impl Params for Model {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        self.head.visit(f);
        self.tail.visit(f);
        self.laws.visit(f);
        self.xs.visit(f);
    }
}

#[inline(never)]
fn apply(laws: &[Box<dyn Law>], x: f64) -> f64 {
    laws.iter().enumerate().map(|(i, l)| l.eval(x + 0.1 * i as f64)).sum()
}

#[inline(never)]
fn f(m: &Model) -> f64 {
    let mut laws: Vec<Box<dyn Law>> = m.laws.clone();
    for (i, l) in laws.iter_mut().enumerate() {
        l.tune(m.xs[i % 3]);
    }
    laws.push(m.tail.clone());
    let n = laws.len();
    laws.swap(0, m.count % n);
    let mut s = 0.0;
    for &x in m.xs.iter() {
        s += apply(&laws, x) + m.head.eval(x) * if m.on { 1.0 } else { 0.5 };
    }
    let mut h = m.head.clone();
    h.tune(s.sin());
    s + h.eval(m.xs[0]) + m.tail.eval(m.xs[2])
}

#[inline(never)]
fn top(m: *const Model) -> f64 {
    unsafe { f(&*m) }
}

pub fn run() -> Result<(), String> {
    let m = Model {
        head: Box::new(Poly { flag: true, c: [0.5, -0.25, 0.75, 0.1], scale: 1.5 }),
        count: 2,
        tail: Box::new(Nested { inner: Box::new(Spring { k: 0.8, n: 2, rest: 0.3 }), gain: 1.2, id: 5 }),
        laws: vec![
            Box::new(Spring { k: 1.5, n: 3, rest: -0.2 }),
            Box::new(Table { ys: vec![0.4, -0.6, 0.9, 0.2], x0: 0.1, step: 3 }),
            Box::new(Poly { flag: false, c: [0.1, 0.2, -0.3, 0.05], scale: 2.0 }),
            Box::new(Nested { inner: Box::new(Table { ys: vec![1.0, 0.5], x0: -0.3, step: 2 }), gain: 0.7, id: -4 }),
        ],
        xs: [0.3, -0.45, 0.8],
        on: true,
    };
    reverse("reverse", &m, |m| f(m), |m, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), m, d);
    }, TOL)
}
