//! ADBench's LSTM loss over raw pointers (gates in a heap vector addressed by pointer
//! offsets, layers chained through a mutable state buffer, log-sum-exp), reverse mode into
//! the main and extra parameters.
//! After rust-lang/rust tests/ui/autodiff/adbench/lstm/src/unsf.rs at commit
//! b43a719d77be8b8eea559fe3de944c0f4926d045 (MIT OR Apache-2.0).
//! The state is Duplicated here where upstream declares it Const (upstream's attribute:
//! `Const, Const, Const, Duplicated, Duplicated, Const, Const, DuplicatedOnly`): the
//! objective writes it and reads it back from one step to the next, so every derivative
//! passes through it, and with Const Enzyme (rightly: no shadow, no derivative) drops them
//! all (the upstream test only compiles). Each call gets a copy of the initial state and a
//! zeroed shadow; loss's shadow is seeded 1.0.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

// Sigmoid on scalar
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

// log(sum(exp(x), 2))
unsafe fn logsumexp(vect: *const f64, sz: usize) -> f64 {
    let mut sum: f64 = 0.0;
    for i in 0..sz {
        sum += (*vect.add(i)).exp();
    }
    sum += 2.0; // Adding 2 to sum
    sum.ln()
}

// LSTM OBJECTIVE
// The LSTM model
unsafe fn lstm_model(
    hsize: usize,
    weight: *const f64,
    bias: *const f64,
    hidden: *mut f64,
    cell: *mut f64,
    input: *const f64,
) {
    //    // NOTE THIS
    //    //__builtin_assume(hsize > 0);
    let mut gates = vec![0.0; 4 * hsize];
    let forget: *mut f64 = gates.as_mut_ptr();
    let ingate: *mut f64 = gates[hsize..].as_mut_ptr();
    let outgate: *mut f64 = gates[2 * hsize..].as_mut_ptr();
    let change: *mut f64 = gates[3 * hsize..].as_mut_ptr();
    //let (a,b) = gates.split_at_mut(2*hsize);
    //let ((forget, ingate), (outgate, change)) = (
    //    a.split_at_mut(hsize), b.split_at_mut(hsize));

    // caching input
    for i in 0..hsize {
        *forget.add(i) = sigmoid(*input.add(i) * *weight.add(i) + *bias.add(i));
        *ingate.add(i) = sigmoid(*hidden.add(i) * *weight.add(hsize + i) + *bias.add(hsize + i));
        *outgate.add(i) =
            sigmoid(*input.add(i) * *weight.add(2 * hsize + i) + *bias.add(2 * hsize + i));
        *change.add(i) =
            (*hidden.add(i) * *weight.add(3 * hsize + i) + *bias.add(3 * hsize + i)).tanh();
    }

    // caching cell
    for i in 0..hsize {
        *cell.add(i) = *cell.add(i) * *forget.add(i) + *ingate.add(i) * *change.add(i);
    }

    for i in 0..hsize {
        *hidden.add(i) = *outgate.add(i) * (*cell.add(i)).tanh();
    }
}

// Predict LSTM output given an input
unsafe fn lstm_predict(
    l: usize,
    b: usize,
    w: *const f64,
    w2: *const f64,
    s: *mut f64,
    x: *const f64,
    x2: *mut f64,
) {
    for i in 0..b {
        *x2.add(i) = *x.add(i) * *w2.add(i);
    }

    let mut xp = x2;
    let stop = 2 * l * b;
    for i in (0..=stop - 1).step_by(2 * b) {
        lstm_model(
            b,
            w.add(i * 4),
            w.add((i + b) * 4),
            s.add(i),
            s.add(i + b),
            xp,
        );
        xp = s.add(i);
    }

    for i in 0..b {
        *x2.add(i) = *xp.add(i) * *w2.add(b + i) + *w2.add(2 * b + i);
    }
}

// LSTM objective (loss function)
#[autodiff_reverse(d_lstm_unsafe_objective, Const, Const, Const, Duplicated, Duplicated, Duplicated, Const,
                   DuplicatedOnly)]
pub(crate) unsafe fn lstm_unsafe_objective(
    l: usize,
    c: usize,
    b: usize,
    main_params: *const f64,
    extra_params: *const f64,
    state: *mut f64,
    sequence: *const f64,
    loss: *mut f64,
) {
    let mut total = 0.0;
    let mut count = 0;

    //const double* input = &(sequence[0]);
    let mut input = sequence;
    let mut ypred = vec![0.0; b];
    let mut ynorm = vec![0.0; b];
    let mut lse;

    assert!(b > 0);

    let stop = (c - 1) * b;
    for t in (0..=stop - 1).step_by(b) {
        lstm_predict(
            l,
            b,
            main_params,
            extra_params,
            state,
            input,
            ypred.as_mut_ptr(),
        );
        lse = logsumexp(ypred.as_mut_ptr(), b);
        for i in 0..b {
            ynorm[i] = ypred[i] - lse;
        }

        //let ygold = &sequence[t + b..];
        let ygold = sequence.add(t + b);
        for i in 0..b {
            total += *ygold.add(i) * ynorm[i];
        }

        count += b;
        input = ygold;
    }

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
    reverse("d_lstm_unsafe_objective", &p, |p| {
        let (mut s, mut loss) = (state.clone(), 0.0);
        unsafe {
            lstm_unsafe_objective(L, C, B, p.main_params.as_ptr(), p.extra_params.as_ptr(), s.as_mut_ptr(),
                                  p.sequence.as_ptr(), &mut loss)
        };
        loss
    }, |p, g| unsafe {
        let (mut s, mut loss, mut dloss) = (state.clone(), 0.0f64, 1.0f64);
        let mut ds = vec![0.0f64; s.len()];
        d_lstm_unsafe_objective(L, C, B, p.main_params.as_ptr(), g.main_params.as_mut_ptr(), p.extra_params.as_ptr(),
                                g.extra_params.as_mut_ptr(), s.as_mut_ptr(), ds.as_mut_ptr(), p.sequence.as_ptr(),
                                &mut loss, &mut dloss);
    }, TOL)
}
