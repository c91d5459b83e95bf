//! A 6-level chain of #[inline(never)] generic functions over [f64; N] (const generics) and a
//! generic scalar type S (f64 or f32 via a trait), monomorphized for N = 2, 3, 5, 8, 13 and both
//! scalars (~60 functions, each with its own array layout in arguments and sret results). BIG.
use crate::harness::*;
use std::fmt::Debug;

pub trait Scalar: Copy + Debug + Params {
    fn to(self) -> f64;
    fn from(x: f64) -> Self;
}
impl Scalar for f64 {
    fn to(self) -> f64 {
        self
    }
    fn from(x: f64) -> Self {
        x
    }
}
impl Scalar for f32 {
    fn to(self) -> f64 {
        self as f64
    }
    fn from(x: f64) -> Self {
        x as f32
    }
}

#[inline(never)]
fn c0<S: Scalar, const N: usize>(x: [S; N], k: f64) -> [S; N] {
    let mut y = x;
    for i in 0..N {
        let l = x[(i + N - 1) % N].to();
        y[i] = S::from(0.9 * x[i].to() + 0.2 * (k * l).sin());
    }
    y
}

macro_rules! chain {
    ($name:ident, $prev:ident, $c:literal) => {
        #[inline(never)]
        fn $name<S: Scalar, const N: usize>(x: [S; N], k: f64) -> [S; N] {
            let a = $prev(x, k);
            let mut b = x;
            for i in 0..N {
                b[i] = S::from(x[i].to() * (1.0 - $c) + $c * x[N - 1 - i].to() * k);
            }
            let b = $prev(b, k * (1.0 - 0.1 * $c));
            let mut y = a;
            for i in 0..N {
                y[i] = S::from(0.5 * (a[i].to() + b[i].to()));
            }
            y
        }
    };
}
chain!(c1, c0, 0.1);
chain!(c2, c1, 0.2);
chain!(c3, c2, 0.15);
chain!(c4, c3, 0.25);
chain!(c5, c4, 0.05);

#[inline(never)]
fn norm<S: Scalar, const N: usize>(x: &[S; N]) -> f64 {
    x.iter().enumerate().map(|(i, v)| v.to() * v.to() * (1.0 + 0.1 * i as f64)).sum()
}

#[inline(never)]
fn run_chain<S: Scalar, const N: usize>(x: &[S; N], k: f64) -> f64 {
    norm(&c5(*x, k)) + 0.5 * norm(&c2(*x, k * 0.5))
}

#[derive(Clone, Debug)]
pub struct Arrays {
    a2: [f64; 2],
    n: u32,
    a3: [f64; 3],
    a5: [f64; 5],
    flag: bool,
    a8: [f64; 8],
    a13: [f64; 13],
    s3: [f32; 3],
    s8: [f32; 8],
    k: f64,
}
params!(Arrays, a2, a3, a5, a8, a13, s3, s8, k);

#[inline(never)]
fn f(p: &Arrays) -> f64 {
    let w = if p.flag { 1.0 } else { 0.5 } * (1.0 + 0.01 * p.n as f64);
    w * (run_chain(&p.a2, p.k) + run_chain(&p.a3, p.k) + run_chain(&p.a5, p.k) + run_chain(&p.a8, p.k)
        + run_chain(&p.a13, p.k))
        + 0.25 * (run_chain(&p.s3, p.k) + run_chain(&p.s8, p.k))
}

#[inline(never)]
fn top(p: *const Arrays) -> f64 {
    unsafe { f(&*p) }
}

pub fn run() -> Result<(), String> {
    let v = |n: usize, o: f64| (0..n).map(|i| 0.5 * ((i as f64 + o) * 1.3).sin()).collect::<Vec<f64>>();
    let p = Arrays {
        a2: v(2, 0.1).try_into().unwrap(),
        n: 7,
        a3: v(3, 0.7).try_into().unwrap(),
        a5: v(5, 1.9).try_into().unwrap(),
        flag: true,
        a8: v(8, 2.3).try_into().unwrap(),
        a13: v(13, 0.4).try_into().unwrap(),
        s3: [0.5, -0.25, 0.75],
        s8: [0.1, 0.2, -0.3, 0.4, -0.5, 0.6, 0.25, -0.125],
        k: 1.1,
    };
    reverse("reverse", &p, |p| f(p), |p, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), p, d);
    }, TOL_F32)
}
