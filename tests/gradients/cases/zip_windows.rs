//! zip/map/sum and windows over fixed arrays into an output array (rustc's `iter` run-make
//! program): reverse mode with a seeded output.
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64; 3], args: &[f64; 3], y: &mut [f64; 2]) {
    let s: f64 = x.iter().zip(args.iter()).map(|(a, b)| a * b).sum();
    for (i, w) in x.windows(2).enumerate() {
        y[i] = s * (w[0] + 2.0 * w[1]);
    }
}

#[inline(never)]
fn top(x: *const [f64; 3], args: *const [f64; 3], y: *mut [f64; 2]) {
    unsafe { f(&*x, &*args, &mut *y) }
}

#[derive(Clone, Debug)]
struct In {
    x: [f64; 3],
    args: [f64; 3],
}
params!(In, x, args);

const SEED: [f64; 2] = [1.0, 3.0];

pub fn run() -> Result<(), String> {
    let input = In { x: [1.0, 2.0, 3.0], args: [0.5, -1.5, 2.5] };
    reverse(
        "reverse",
        &input,
        |i| {
            let mut y = [0.0; 2];
            f(&i.x, &i.args, &mut y);
            SEED[0] * y[0] + SEED[1] * y[1]
        },
        |i, d| unsafe {
            let (mut y, mut dy) = ([0.0f64; 2], SEED);
            __enzyme_autodiff(top as usize, dup(), &i.x, &mut d.x, dup(), &i.args, &mut d.args,
                              dup(), &mut y, &mut dy);
        },
        TOL,
    )
}
