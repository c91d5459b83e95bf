//! Every Vec growth path on every element kind, in reverse and forward mode: push from
//! Vec::new() (reallocations), reserve, extend from a sized iterator, to_vec then
//! extend_from_slice, collect through a filter (no exact size hint: growth by reallocation),
//! vec![x; n], insert, remove, truncate and clone, on Vec<f64>, Vec<f32>, a Vec of a mixed
//! struct {f64, u32, f32} and Vec<Vec<f64>>. One generic function, four instances: the
//! growth code is the same, the bytes it moves differ.
use crate::harness::*;

trait Elem: Clone {
    fn make(a: f64, i: usize) -> Self;
    fn val(&self) -> f64;
}

impl Elem for f64 {
    fn make(a: f64, i: usize) -> Self {
        a * (1.0 + 0.125 * i as f64)
    }
    fn val(&self) -> f64 {
        *self * *self
    }
}

impl Elem for f32 {
    fn make(a: f64, i: usize) -> Self {
        (a as f32) * (1.0 - 0.0625 * i as f32)
    }
    fn val(&self) -> f64 {
        (*self * (*self + 0.5)) as f64
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Item {
    pub w: f64,
    pub tag: u32,
    pub v: f32,
}

impl Elem for Item {
    fn make(a: f64, i: usize) -> Self {
        Item { w: a * a, tag: (i % 5) as u32, v: (a as f32) * 0.5 }
    }
    fn val(&self) -> f64 {
        self.w * (1.0 + 0.25 * self.tag as f64) + (self.v * self.v) as f64
    }
}

impl Elem for Vec<f64> {
    fn make(a: f64, i: usize) -> Self {
        (0..i % 3 + 1).map(|j| a * (j as f64 + 0.5)).collect()
    }
    fn val(&self) -> f64 {
        self.iter().enumerate().map(|(j, b)| b * b * (1.0 + 0.5 * j as f64)).sum()
    }
}

#[inline(never)]
fn paths<T: Elem>(x: &[f64]) -> f64 {
    let n = x.len();
    let mut v: Vec<T> = Vec::new();
    for i in 0..3 * n {
        v.push(T::make(x[i % n] + 0.25 * x[(i + 1) % n], i));
    }
    v.reserve(4 * n);
    v.extend(x.iter().enumerate().map(|(i, a)| T::make(a * x[0], i + 1)));
    let head = v[..n].to_vec();
    v.extend_from_slice(&head);
    let kept: Vec<T> = v.iter().enumerate().filter(|(i, _)| i % 3 != 1).map(|(_, t)| t.clone()).collect();
    let mut w = vec![T::make(x[n - 1], 2); n];
    w.insert(1, kept[2].clone());
    let gone = w.remove(0);
    w.truncate(n - 1);
    w.push(gone);
    let c = w.clone();
    let mut s = 0.0;
    for (i, t) in kept.iter().enumerate() {
        s += t.val() * (1.0 - 0.01 * i as f64);
    }
    for (i, t) in c.iter().enumerate() {
        s += t.val() * (0.5 + 0.1 * i as f64);
    }
    s + w[0].val() + v.len() as f64
}

#[inline(never)]
fn top<T: Elem>(x: *const f64, n: usize) -> f64 {
    unsafe { paths::<T>(std::slice::from_raw_parts(x, n)) }
}

fn both<T: Elem>(kind: &str, x: &Vec<f64>, tol: f64) -> Result<(), String> {
    reverse(&format!("{kind} reverse"), x, |x| paths::<T>(x), |x, d| unsafe {
        __enzyme_autodiff(top::<T> as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, tol)?;
    forward(&format!("{kind} forward"), x, |x| paths::<T>(x), |x, t| unsafe {
        __enzyme_fwddiff(top::<T> as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, tol)
}

pub fn run() -> Result<(), String> {
    let x = vec![0.75, -1.5, 2.0, 0.5, 1.25];
    both::<f64>("f64", &x, TOL)?;
    both::<f32>("f32", &x, TOL_F32)?;
    both::<Item>("mixed", &x, TOL_F32)?;
    both::<Vec<f64>>("rows", &x, TOL)
}
