//! ADBench's LSTM loss in safe Rust (sigmoid and tanh gates over `split_at_mut` views of a
//! heap vector, layers chained through a mutable state slice, log-sum-exp), reverse mode
//! into the main and extra parameters.
//! After rust-lang/rust tests/ui/autodiff/adbench/lstm/src/safe.rs at commit
//! cc5eba685234f1fd46c4517f2f73a2b6969ea219, slice lengths as in
//! tests/ui/autodiff/adbench/lstm/src/lib.rs at commit 6f9835793bfc18f7a0b353a7cbc44e14a03f94a2
//! (MIT OR Apache-2.0): d_lstm_objective gets the slices upstream's `rust_dlstm_objective`
//! builds. The C entry points are left out.
//! The state is Duplicated here where upstream declares it Const (upstream's attribute:
//! `Const, Const, Const, Duplicated, Duplicated, Const, Const, DuplicatedOnly`): the
//! objective writes it and reads it back from one step to the next, so every derivative
//! passes through it, and with Const Enzyme (rightly: no shadow, no derivative) drops them
//! all (the upstream test only compiles). Each call gets a copy of the initial state and a
//! zeroed shadow; loss's shadow is seeded 1.0.
#![allow(unused_variables)] // upstream's `limit`
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

// Sigmoid on scalar
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

// log(sum(exp(x), 2))
#[inline]
fn logsumexp(vect: &[f64]) -> f64 {
    let mut sum = 0.0;
    for &val in vect {
        sum += val.exp();
    }
    sum += 2.0; // Adding 2 to sum
    sum.ln()
}

// LSTM OBJECTIVE
// The LSTM model
fn lstm_model(
    hsize: usize,
    weight: &[f64],
    bias: &[f64],
    hidden: &mut [f64],
    cell: &mut [f64],
    input: &[f64],
) {
    let mut gates = vec![0.0; 4 * hsize];
    let gates = &mut gates[..4 * hsize];
    let (a, b) = gates.split_at_mut(2 * hsize);
    let ((forget, ingate), (outgate, change)) = (a.split_at_mut(hsize), b.split_at_mut(hsize));

    // unsafe {assert_unchecked(weight.len()== 4 * hsize)};
    // unsafe {assert_unchecked(bias.len()== 4 * hsize)};
    // unsafe {assert_unchecked(hidden.len()== hsize)};
    // unsafe {assert_unchecked(cell.len() >= hsize)};
    // unsafe {assert_unchecked(input.len() >= hsize)};
    // caching input
    for i in 0..hsize {
        forget[i] = sigmoid(input[i] * weight[i] + bias[i]);
        ingate[i] = sigmoid(hidden[i] * weight[hsize + i] + bias[hsize + i]);
        outgate[i] = sigmoid(input[i] * weight[2 * hsize + i] + bias[2 * hsize + i]);
        change[i] = (hidden[i] * weight[3 * hsize + i] + bias[3 * hsize + i]).tanh();
    }

    // caching cell
    for i in 0..hsize {
        cell[i] = cell[i] * forget[i] + ingate[i] * change[i];
    }

    for i in 0..hsize {
        hidden[i] = outgate[i] * cell[i].tanh();
    }
}

// Predict LSTM output given an input
fn lstm_predict(
    l: usize,
    b: usize,
    w: &[f64],
    w2: &[f64],
    s: &mut [f64],
    x: &[f64],
    x2: &mut [f64],
) {
    for i in 0..b {
        x2[i] = x[i] * w2[i];
    }

    let mut i = 0;
    while i <= 2 * l * b - 1 {
        // make borrow-checker happy with non-overlapping mutable references
        let (xp, s1, s2) = if i == 0 {
            let (s1, s2) = s.split_at_mut(b);
            (x2.as_mut(), s1, s2)
        } else {
            let tmp = &mut s[i - 2 * b..];
            let (a, d) = tmp.split_at_mut(2 * b);
            let (d, c) = d.split_at_mut(b);

            (a, d, c)
        };

        lstm_model(
            b,
            &w[i * 4..(i + b) * 4],
            &w[(i + b) * 4..(i + 2 * b) * 4],
            s1,
            s2,
            xp,
        );

        i += 2 * b;
    }

    let xp = &s[i - 2 * b..];

    for i in 0..b {
        x2[i] = xp[i] * w2[b + i] + w2[2 * b + i];
    }
}

// LSTM objective (loss function)
#[autodiff_reverse(d_lstm_objective, Const, Const, Const, Duplicated, Duplicated, Duplicated, Const, DuplicatedOnly)]
pub(crate) fn lstm_objective(
    l: usize,
    c: usize,
    b: usize,
    main_params: &[f64],
    extra_params: &[f64],
    state: &mut [f64],
    sequence: &[f64],
    loss: &mut f64,
) {
    let mut total = 0.0;

    let mut input = &sequence[..b];
    let mut ypred = vec![0.0; b];
    let mut ynorm = vec![0.0; b];

    // unsafe{assert_unchecked(b > 0)};

    let limit = (c - 1) * b;
    for j in 0..(c - 1) {
        let t = j * b;
        lstm_predict(l, b, main_params, extra_params, state, input, &mut ypred);
        let lse = logsumexp(&ypred);
        for i in 0..b {
            ynorm[i] = ypred[i] - lse;
        }

        let ygold = &sequence[t + b..];
        for i in 0..b {
            total += ygold[i] * ynorm[i];
        }

        input = ygold;
    }
    let count = (c - 1) * b;

    *loss = -total / count as f64;
}

#[derive(Clone, Debug)]
struct Params2 {
    main_params: Vec<f64>,
    extra_params: Vec<f64>,
    sequence: Vec<f64>, // constant
}
params!(Params2, main_params, extra_params);

const L: usize = 2; // layers
const C: usize = 3; // sequence length
const B: usize = 3; // hidden size

fn wave(i: usize, a: f64, b: f64) -> f64 {
    0.5 * ((i as f64) * a + b).sin()
}

pub fn run() -> Result<(), String> {
    let p = Params2 {
        main_params: (0..2 * L * 4 * B).map(|i| wave(i, 0.37, 0.2)).collect(),
        extra_params: (0..3 * B).map(|i| 1.0 + wave(i, 1.1, 0.4)).collect(),
        sequence: (0..C * B).map(|i| wave(i, 1.7, 0.9)).collect(),
    };
    let state: Vec<f64> = (0..2 * L * B).map(|i| wave(i, 0.8, 1.3)).collect();
    reverse("d_lstm_objective", &p, |p| {
        let (mut s, mut loss) = (state.clone(), 0.0);
        lstm_objective(L, C, B, &p.main_params, &p.extra_params, &mut s, &p.sequence, &mut loss);
        loss
    }, |p, g| unsafe {
        let (mut s, mut loss, mut dloss) = (state.clone(), 0.0f64, 1.0f64);
        let mut ds = vec![0.0f64; s.len()];
        d_lstm_objective(L, C, B, &p.main_params, &mut g.main_params, &p.extra_params, &mut g.extra_params,
                         &mut s, &mut ds, &p.sequence, &mut loss, &mut dloss);
    }, TOL)
}
