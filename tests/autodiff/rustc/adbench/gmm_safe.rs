//! ADBench's Gaussian mixture model objective in safe Rust (log-sum-exp over slices, lower
//! triangular Q times x, a Wishart prior with libm's lgamma), reverse mode into alphas,
//! means and icf with five duplicated work slices (upstream builds it only with
//! `-Zautodiff=LooseTypes`, its default revision fails to build).
//! After rust-lang/rust tests/ui/autodiff/adbench/gmm/src/safe.rs at commit
//! b43a719d77be8b8eea559fe3de944c0f4926d045, with `Wishart` from
//! tests/ui/autodiff/adbench/gmm/src/lib.rs at commit e773500f15ade4da4e31a1bb22eb1a797b560595
//! (MIT OR Apache-2.0). dgmm_objective gets the slices upstream's `rust_dgmm_objective`
//! builds, err's shadow seeded 1.0 and the work slices' shadows from `get_workspace`.
//! `Debug` is derived on Wishart. The C entry points are left out.
use crate::harness::*;
use std::f64::consts::PI;
use typetree_autodiff::autodiff_reverse;

#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Wishart {
    pub gamma: f64,
    pub m: i32,
}

//#[cfg(feature = "libm")]
//use libm::lgamma;

//#[cfg(not(feature = "libm"))]
mod cmath {
    extern "C" {
        pub fn lgamma(x: f64) -> f64;
    }
}
//#[cfg(not(feature = "libm"))]
#[inline]
fn lgamma(x: f64) -> f64 {
    unsafe { cmath::lgamma(x) }
}

fn get_workspace(d: usize, k: usize) -> (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>) {
    let qdiags = vec![0.; d * k];
    let sum_qs = vec![0.; k];
    let xcentered = vec![0.; d];
    let qxcentered = vec![0.; d];
    let main_term = vec![0.; k];
    (qdiags, sum_qs, xcentered, qxcentered, main_term)
}

#[autodiff_reverse(dgmm_objective, Const, Const, Const, Duplicated, Duplicated, Duplicated, Const, Const, Const,
                   DuplicatedOnly, Duplicated, Duplicated, Duplicated, Duplicated, Duplicated)]
pub fn gmm_objective(
    d: usize,
    k: usize,
    n: usize,
    alphas: &[f64],
    means: &[f64],
    icf: &[f64],
    x: &[f64],
    gamma: f64,
    m: i32,
    err: &mut f64,
    qdiags: &mut [f64],
    sum_qs: &mut [f64],
    xcentered: &mut [f64],
    qxcentered: &mut [f64],
    main_term: &mut [f64],
) {
    let wishart: Wishart = Wishart { gamma, m };
    let constant = -(n as f64) * d as f64 * 0.5 * (2.0 * PI).ln();
    let icf_sz = d * (d + 1) / 2;

    // Let the compiler know sizes so it can eliminate bounds checks
    assert_eq!(qdiags.len(), d * k);
    assert_eq!(sum_qs.len(), k);
    assert_eq!(xcentered.len(), d);
    assert_eq!(qxcentered.len(), d);
    assert_eq!(main_term.len(), k);

    preprocess_qs(d, k, icf, sum_qs, qdiags);

    let mut slse = 0.;
    for ix in 0..n {
        for ik in 0..k {
            subtract(
                d,
                &x[ix as usize * d as usize..],
                &means[ik as usize * d as usize..],
                xcentered,
            );
            qtimesx(
                d,
                &qdiags[ik as usize * d as usize..],
                &icf[ik as usize * icf_sz as usize + d as usize..],
                &*xcentered,
                qxcentered,
            );
            main_term[ik as usize] =
                alphas[ik as usize] + sum_qs[ik as usize] - 0.5 * sqnorm(&*qxcentered);
        }

        slse = slse + log_sum_exp(k, &main_term);
    }

    let lse_alphas = log_sum_exp(k, alphas);

    *err = constant + slse - n as f64 * lse_alphas
        + log_wishart_prior(d, k, wishart, &sum_qs, &*qdiags, icf);
}

fn arr_max(n: usize, x: &[f64]) -> f64 {
    let mut max = f64::NEG_INFINITY;
    for i in 0..n {
        if max < x[i] {
            max = x[i];
        }
    }
    max
}

fn preprocess_qs(d: usize, k: usize, icf: &[f64], sum_qs: &mut [f64], qdiags: &mut [f64]) {
    let icf_sz = d * (d + 1) / 2;
    for ik in 0..k {
        sum_qs[ik as usize] = 0.;
        for id in 0..d {
            let q = icf[ik as usize * icf_sz as usize + id as usize];
            sum_qs[ik as usize] = sum_qs[ik as usize] + q;
            qdiags[ik as usize * d as usize + id as usize] = q.exp();
        }
    }
}
fn subtract(d: usize, x: &[f64], y: &[f64], out: &mut [f64]) {
    assert!(x.len() >= d);
    assert!(y.len() >= d);
    assert!(out.len() >= d);
    for i in 0..d {
        out[i] = x[i] - y[i];
    }
}

fn qtimesx(d: usize, q_diag: &[f64], ltri: &[f64], x: &[f64], out: &mut [f64]) {
    assert!(out.len() >= d);
    assert!(q_diag.len() >= d);
    assert!(x.len() >= d);
    for i in 0..d {
        out[i] = q_diag[i] * x[i];
    }

    for i in 0..d {
        let mut lparamsidx = i * (2 * d - i - 1) / 2;
        for j in i + 1..d {
            out[j] = out[j] + ltri[lparamsidx] * x[i];
            lparamsidx += 1;
        }
    }
}

fn log_sum_exp(n: usize, x: &[f64]) -> f64 {
    let mx = arr_max(n, x);
    let semx: f64 = x.iter().map(|x| (x - mx).exp()).sum();
    semx.ln() + mx
}
fn log_gamma_distrib(a: f64, p: f64) -> f64 {
    0.25 * p * (p - 1.) * PI.ln()
        + (1..=p as usize)
            .map(|j| lgamma(a + 0.5 * (1. - j as f64)))
            .sum::<f64>()
}

fn log_wishart_prior(
    p: usize,
    k: usize,
    wishart: Wishart,
    sum_qs: &[f64],
    qdiags: &[f64],
    icf: &[f64],
) -> f64 {
    let n = p + wishart.m as usize + 1;
    let icf_sz = p * (p + 1) / 2;

    let c = n as f64 * p as f64 * (wishart.gamma.ln() - 0.5 * 2f64.ln())
        - log_gamma_distrib(0.5 * n as f64, p as f64);

    let out = (0..k)
        .map(|ik| {
            let frobenius = sqnorm(&qdiags[ik * p as usize..][..p])
                + sqnorm(&icf[ik * icf_sz as usize + p as usize..][..icf_sz - p]);
            0.5 * wishart.gamma * wishart.gamma * (frobenius)
                - (wishart.m as f64) * sum_qs[ik as usize]
        })
        .sum::<f64>();

    out - k as f64 * c
}

fn sqnorm(x: &[f64]) -> f64 {
    x.iter().map(|x| x * x).sum()
}

#[derive(Clone, Debug)]
struct Model {
    alphas: Vec<f64>,
    means: Vec<f64>,
    icf: Vec<f64>,
    x: Vec<f64>,        // constant
    wishart: Wishart,   // constant
}
params!(Model, alphas, means, icf);

const D: usize = 3;
const K: usize = 2;
const NPTS: usize = 4;

fn wave(i: usize, a: f64, b: f64) -> f64 {
    ((i as f64) * a + b).sin()
}

pub fn run() -> Result<(), String> {
    let model = Model {
        alphas: (0..K).map(|i| wave(i, 0.9, 0.3)).collect(),
        means: (0..K * D).map(|i| wave(i, 1.3, 0.1)).collect(),
        icf: (0..K * D * (D + 1) / 2).map(|i| 0.5 * wave(i, 0.7, 1.1)).collect(),
        x: (0..NPTS * D).map(|i| wave(i, 2.1, 0.5)).collect(),
        wishart: Wishart { gamma: 1.0, m: 1 },
    };
    reverse("dgmm_objective", &model, |p| {
        let (mut q, mut s, mut xc, mut qxc, mut mt) = get_workspace(D, K);
        let mut err = 0.0;
        gmm_objective(D, K, NPTS, &p.alphas, &p.means, &p.icf, &p.x, p.wishart.gamma, p.wishart.m, &mut err,
                      &mut q, &mut s, &mut xc, &mut qxc, &mut mt);
        err
    }, |p, g| unsafe {
        let (mut q, mut s, mut xc, mut qxc, mut mt) = get_workspace(D, K);
        let (mut bq, mut bs, mut bxc, mut bqxc, mut bmt) = get_workspace(D, K);
        let (mut err, mut derr) = (0.0f64, 1.0f64);
        dgmm_objective(D, K, NPTS, &p.alphas, &mut g.alphas, &p.means, &mut g.means, &p.icf, &mut g.icf,
                       &p.x, p.wishart.gamma, p.wishart.m, &mut err, &mut derr,
                       &mut q, &mut bq, &mut s, &mut bs, &mut xc, &mut bxc, &mut qxc, &mut bqxc, &mut mt, &mut bmt);
    }, TOL)
}
