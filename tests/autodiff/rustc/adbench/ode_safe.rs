//! ADBench's 2-D Brusselator right-hand side in safe Rust: a 32x32 five-point stencil over
//! `&[f64; 1024]` grids writing two `&mut [f64; 1024]` outputs, reverse mode into both grids
//! and the three parameters.
//! After rust-lang/rust tests/ui/autodiff/adbench/ode-real/src/safe.rs at commit
//! c442277be9e8128942f84e02e9bcf03f295ae441, inputs as in
//! tests/ui/autodiff/adbench/ode-real/src/lib.rs at commit
//! 70e63c6c020fc3eb7acf02bce5f8453a0dfbb010 (MIT OR Apache-2.0): p = [3.4, 1, 10], t = 2.1,
//! the grids from `init_brusselator`, whose `#[expect(unused)]` is dropped since it is used
//! here. The shadows of the outputs d_u and d_v hold the seed. Upstream's `#[no_mangle]` and
//! its unused `use std::convert::TryInto` are left out, and so are `lorenz` and the C entry
//! points, which upstream does not differentiate.
#![allow(non_snake_case, non_upper_case_globals)]
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

const N: usize = 32;
const xmin: f64 = 0.;
const xmax: f64 = 1.;
const ymin: f64 = 0.;
const ymax: f64 = 1.;

#[inline(always)]
fn range(min: f64, max: f64, i: usize, N_var: usize) -> f64 {
    (max - min) / (N_var as f64 - 1.) * i as f64 + min
}

fn brusselator_f(x: f64, y: f64, t: f64) -> f64 {
    let eq1 = (x - 0.3) * (x - 0.3) + (y - 0.6) * (y - 0.6) <= 0.1 * 0.1;
    let eq2 = t >= 1.1;
    if eq1 && eq2 {
        5.0
    } else {
        0.0
    }
}

fn init_brusselator(u: &mut [f64], v: &mut [f64]) {
    assert!(u.len() == N * N);
    assert!(v.len() == N * N);
    for i in 0..N {
        for j in 0..N {
            let x = range(xmin, xmax, i, N);
            let y = range(ymin, ymax, j, N);
            u[N * i + j] = 22.0 * (y * (1.0 - y)) * (y * (1.0 - y)).sqrt();
            v[N * i + j] = 27.0 * (x * (1.0 - x)) * (x * (1.0 - x)).sqrt();
        }
    }
}

#[autodiff_reverse(dbrusselator_2d_loop, Duplicated, Duplicated, Duplicated, Duplicated, Duplicated, Const)]
pub fn brusselator_2d_loop(
    d_u: &mut [f64; N * N],
    d_v: &mut [f64; N * N],
    u: &[f64; N * N],
    v: &[f64; N * N],
    p: &[f64; 3],
    t: f64,
) {
    let A = p[0];
    let B = p[1];
    let alpha = p[2];
    let dx = 1. / (N - 1) as f64;
    let alpha = alpha / (dx * dx);
    for i in 0..N {
        for j in 0..N {
            let x = range(xmin, xmax, i, N);
            let y = range(ymin, ymax, j, N);
            let ip1 = if i == N - 1 { i } else { i + 1 };
            let im1 = if i == 0 { i } else { i - 1 };
            let jp1 = if j == N - 1 { j } else { j + 1 };
            let jm1 = if j == 0 { j } else { j - 1 };
            let u2v = u[N * i + j] * u[N * i + j] * v[N * i + j];
            d_u[N * i + j] = alpha
                * (u[N * im1 + j] + u[N * ip1 + j] + u[N * i + jp1] + u[N * i + jm1]
                    - 4. * u[N * i + j])
                + B
                + u2v
                - (A + 1.) * u[N * i + j]
                + brusselator_f(x, y, t);
            d_v[N * i + j] = alpha
                * (v[N * im1 + j] + v[N * ip1 + j] + v[N * i + jp1] + v[N * i + jm1]
                    - 4. * v[N * i + j])
                + A * u[N * i + j]
                - u2v;
        }
    }
}

#[derive(Clone, Debug)]
struct State {
    u: [f64; N * N],
    v: [f64; N * N],
    p: [f64; 3],
}
params!(State, u, v, p);

/// Seeds of the two outputs' shadows.
fn seed(i: usize, k: usize) -> f64 {
    ((i * (37 + k) % 101) as f64) / 50.0 - 1.0
}

pub fn run() -> Result<(), String> {
    let mut s = State { u: [0.; N * N], v: [0.; N * N], p: [3.4, 1., 10.] };
    init_brusselator(&mut s.u, &mut s.v);
    let t = 2.1;
    reverse("dbrusselator_2d_loop", &s, |s| {
        let (mut du, mut dv) = ([0.; N * N], [0.; N * N]);
        brusselator_2d_loop(&mut du, &mut dv, &s.u, &s.v, &s.p, t);
        (0..N * N).map(|i| seed(i, 0) * du[i] + seed(i, 1) * dv[i]).sum()
    }, |s, d| {
        let (mut du, mut dv) = ([0.; N * N], [0.; N * N]);
        let mut sdu: [f64; N * N] = std::array::from_fn(|i| seed(i, 0));
        let mut sdv: [f64; N * N] = std::array::from_fn(|i| seed(i, 1));
        dbrusselator_2d_loop(&mut du, &mut sdu, &mut dv, &mut sdv, &s.u, &mut d.u, &s.v, &mut d.v, &s.p, &mut d.p, t);
    }, TOL)
}
