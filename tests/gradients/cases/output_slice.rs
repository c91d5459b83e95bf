//! Results written through an &mut [f64] output parameter (reverse mode seeds the output's
//! shadow), with a separate constant input slice that must stay unchanged.
use crate::harness::*;

#[inline(never)]
fn apply(w: &[f64], x: &[f64], out: &mut [f64]) {
    for i in 0..out.len() {
        out[i] = w[i] * x[i].sin() + w[(i + 1) % w.len()] * x[i];
    }
}

#[inline(never)]
fn top(w: *const f64, x: *const f64, out: *mut f64, n: usize) {
    unsafe {
        apply(std::slice::from_raw_parts(w, n), std::slice::from_raw_parts(x, n),
              std::slice::from_raw_parts_mut(out, n))
    }
}

#[derive(Clone, Debug)]
pub struct In {
    w: Vec<f64>,
    x: Vec<f64>, // constant
}
params!(In, w);

const SEED: [f64; 4] = [1.0, -2.0, 0.5, 3.0];

pub fn run() -> Result<(), String> {
    let i = In { w: vec![0.5, 1.5, -1.0, 2.0], x: vec![0.1, 0.2, 0.3, 0.4] };
    reverse("reverse", &i, |i| {
        let mut o = [0.0; 4];
        apply(&i.w, &i.x, &mut o);
        o.iter().zip(SEED).map(|(a, b)| a * b).sum()
    }, |i, d| unsafe {
        let (mut o, mut dout) = ([0.0f64; 4], SEED);
        __enzyme_autodiff(top as usize, dup(), i.w.as_ptr(), d.w.as_mut_ptr(), cnst(), i.x.as_ptr(),
                          dup(), o.as_mut_ptr(), dout.as_mut_ptr(), cnst(), 4usize);
    }, TOL)
}
