//! A Complex { re, im } struct with operator overloading (Add, Mul by value, a ScalarPair),
//! evaluating a polynomial: reverse and forward mode.
use crate::harness::*;
use std::ops::{Add, Mul};

#[derive(Clone, Copy, Debug)]
pub struct C {
    re: f64,
    im: f64,
}
params!(C, re, im);
impl Add for C {
    type Output = C;
    #[inline(never)]
    fn add(self, o: C) -> C { C { re: self.re + o.re, im: self.im + o.im } }
}
impl Mul for C {
    type Output = C;
    #[inline(never)]
    fn mul(self, o: C) -> C { C { re: self.re * o.re - self.im * o.im, im: self.re * o.im + self.im * o.re } }
}

#[inline(never)]
fn f(z: &C) -> f64 {
    let p = *z * *z * *z + C { re: 2.0, im: -1.0 } * *z + C { re: 0.5, im: 0.0 };
    p.re * p.re + p.im * p.im
}

#[inline(never)]
fn top(z: *const C) -> f64 {
    unsafe { f(&*z) }
}

pub fn run() -> Result<(), String> {
    let z = C { re: 0.6, im: -0.8 };
    reverse("reverse", &z, |z| f(z), |z, d| unsafe { __enzyme_autodiff(top as usize, dup(), z, d); }, TOL)?;
    forward("forward", &z, |z| f(z), |z, t| unsafe { __enzyme_fwddiff(top as usize, dup(), z, t) }, TOL)
}
