// Shapes of programs users posted in rust-lang/rust's autodiff bug reports, written anew:
//   - #152724 (a): an orbit's eccentric anomaly found by Newton's method through function
//     pointers inside the differentiated function; forward at width 2 (Dual and Dualv) and
//     reverse. Nightly's forward derivatives were wrong in debug builds.
//   - #152724 (b): sums over an array's `windows(2)` into a two-element output, reverse at
//     width 2 and forward at width 3. Nightly did not build it in debug.
//   - #160470: a reverse derivative over many slices, most of them Const (integer slices
//     among them), called inside a forward-differentiated function (forward over reverse).
//     Nightly stopped with an internal compiler error.
// Each checked against central finite differences.
use crate::{fd, fd_grad, Tally};
use typetree_autodiff::{autodiff_forward, autodiff_reverse};

fn newton(g: fn(f64, &[f64]) -> f64, dg: fn(f64, &[f64]) -> f64, p: &[f64], start: f64) -> f64 {
    let mut x = start;
    for _ in 0..60 {
        let step = g(x, p) / dg(x, p);
        x -= step;
        if step.abs() < 1e-15 {
            break;
        }
    }
    x
}

fn anomaly_eq(e_anom: f64, p: &[f64]) -> f64 {
    e_anom - p[0] * e_anom.sin() - p[1]
}

fn anomaly_eq_prime(e_anom: f64, p: &[f64]) -> f64 {
    1.0 - p[0] * e_anom.cos()
}

#[autodiff_forward(anomaly_lanes, 2, Dualv, Const, Dual)]
#[autodiff_forward(anomaly_fwd2, 2, Dual, Const, Dual)]
#[autodiff_reverse(anomaly_rev, Duplicated, Const, Active)]
pub fn anomaly(orbit: &[f64], t: f64) -> f64 {
    let (axis, ecc) = (orbit[0], orbit[1]);
    let mean = t / (axis * axis * axis).sqrt();
    newton(anomaly_eq, anomaly_eq_prime, &[ecc, mean], mean)
}

#[autodiff_reverse(windows_rev, 2, Duplicated, Const, Duplicated)]
#[autodiff_forward(windows_fwd, 3, Dual, Const, Dual)]
pub fn window_sums(x: &[f64; 3], c: &[f64; 3], y: &mut [f64; 2]) {
    y[0] = x.iter().map(|v| c[0] * v * v).sum();
    y[1] = x.windows(2).map(|w| (c[1] - w[0]).powi(2) + c[2] * (w[1] - w[0] * w[0]).powi(2)).sum();
}

#[autodiff_reverse(
    program_rev, Const, Const, Const, Const, Const, Const, Duplicated, Const, Const, Duplicated, Duplicated
)]
#[allow(clippy::too_many_arguments)]
pub fn program(
    codes: &[u32],
    lhs: &[u32],
    rhs: &[u32],
    consts: &[f64],
    vars: &[u32],
    coeffs: &[f64],
    x: &[f64],
    params: &[f64],
    weights: &[f64],
    scratch: &mut [f64],
    out: &mut [f64],
) {
    scratch[0] = x[vars[0] as usize] * coeffs[0] + params[0];
    let k = f64::from(codes[0] + lhs[0] - rhs[0]);
    out[0] = consts[0] + k * scratch[0] * scratch[0] * x[1] + weights[0] * x[0];
}

#[autodiff_forward(
    program_hvp, Const, Const, Const, Const, Const, Const, Dual, Const, Const, Dual, Dual, Dual, Dual, Dual
)]
#[allow(clippy::too_many_arguments)]
pub fn program_grad(
    codes: &[u32],
    lhs: &[u32],
    rhs: &[u32],
    consts: &[f64],
    vars: &[u32],
    coeffs: &[f64],
    x: &[f64],
    params: &[f64],
    weights: &[f64],
    scratch: &mut [f64],
    dscratch: &mut [f64],
    out: &mut [f64],
    dout: &mut [f64],
    grad: &mut [f64],
) {
    grad.fill(0.0);
    dscratch.fill(0.0);
    dout[0] = 1.0;
    program_rev(codes, lhs, rhs, consts, vars, coeffs, x, grad, params, weights, scratch, dscratch, out, dout);
}

pub fn run(t: &mut Tally) {
    let orbit = [1.3, 0.4];
    let tm = 1.1;
    let want = fd_grad(&|o| anomaly(o, tm), &orbit);
    let mut d = [0.0; 2];
    let v = anomaly_rev(&orbit, &mut d, tm, 1.0);
    t.close("reports #152724: Newton through fn pointers, reverse: primal", &[v], &[anomaly(&orbit, tm)], 1e-12);
    t.close("reports #152724: Newton through fn pointers, reverse", &d, &want, 1e-6);
    let r = anomaly_fwd2(&orbit, &[1.0, 0.0], &[0.0, 1.0], tm);
    t.close("reports #152724: Newton through fn pointers, forward width 2", &r, &[v, want[0], want[1]], 1e-6);
    let r = anomaly_lanes(&orbit, &[0.0, 1.0, 1.0, 0.0], tm);
    t.close("reports #152724: Newton through fn pointers, forward Dualv", &r, &[v, want[1], want[0]], 1e-6);

    let x = [0.9, -0.4, 1.2];
    let c = [2.0, 1.0, 10.0];
    let row = |r: usize| {
        move |z: &[f64]| {
            let mut y = [0.0; 2];
            window_sums(&[z[0], z[1], z[2]], &c, &mut y);
            y[r]
        }
    };
    let jac = [fd_grad(&row(0), &x), fd_grad(&row(1), &x)];
    let (mut d0, mut d1) = ([0.0; 3], [0.0; 3]);
    let (mut y, mut s0, mut s1) = ([0.0; 2], [1.0, 0.0], [0.0, 1.0]);
    windows_rev(&x, &mut d0, &mut d1, &c, &mut y, &mut s0, &mut s1);
    let mut got = d0.to_vec();
    got.extend_from_slice(&d1);
    let mut want: Vec<f64> = jac[0].clone();
    want.extend_from_slice(&jac[1]);
    t.close("reports #152724: windows(2) sums, reverse width 2 (both rows)", &got, &want, 1e-6);
    let e = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    let (mut y, mut t0, mut t1, mut t2) = ([0.0; 2], [0.0; 2], [0.0; 2], [0.0; 2]);
    windows_fwd(&x, &e[0], &e[1], &e[2], &c, &mut y, &mut t0, &mut t1, &mut t2);
    let got: Vec<f64> = [t0, t1, t2].iter().flat_map(|tk| tk.iter().copied()).collect();
    let want: Vec<f64> = (0..3).flat_map(|k| [jac[0][k], jac[1][k]]).collect();
    t.close("reports #152724: windows(2) sums, forward width 3 (every column)", &got, &want, 1e-6);

    let (codes, lhs, rhs, vars) = ([3u32], [2u32], [1u32], [0u32]);
    let (consts, coeffs, params, weights) = ([0.5], [1.5], [0.25], [0.75]);
    let xs = [0.8, -1.3];
    let dir = [0.6, -0.2];
    let grad_at = |z: &[f64]| {
        let (mut s, mut ds, mut o, mut dout, mut g) = ([0.0], [0.0], [0.0], [0.0], [0.0; 2]);
        program_grad(&codes, &lhs, &rhs, &consts, &vars, &coeffs, z, &params, &weights, &mut s, &mut ds,
                     &mut o, &mut dout, &mut g);
        g
    };
    let f = |z: &[f64]| {
        let (mut s, mut o) = ([0.0], [0.0]);
        program(&codes, &lhs, &rhs, &consts, &vars, &coeffs, z, &params, &weights, &mut s, &mut o);
        o[0]
    };
    t.close("reports #160470: reverse over Const integer slices: gradient", &grad_at(&xs), &fd_grad(&f, &xs), 1e-6);
    let (mut s, mut bs, mut ds, mut bds) = ([0.0], [0.0], [0.0], [0.0]);
    let (mut o, mut bo, mut dout, mut bdout, mut g, mut bg) = ([0.0], [0.0], [0.0], [0.0], [0.0; 2], [0.0; 2]);
    program_hvp(&codes, &lhs, &rhs, &consts, &vars, &coeffs, &xs, &dir, &params, &weights, &mut s, &mut bs,
                &mut ds, &mut bds, &mut o, &mut bo, &mut dout, &mut bdout, &mut g, &mut bg);
    let along = |k: usize| fd(&|h| grad_at(&[xs[0] + h * dir[0], xs[1] + h * dir[1]])[k], 0.0);
    t.close("reports #160470: forward over reverse: H v", &bg, &[along(0), along(1)], 1e-6);
}
