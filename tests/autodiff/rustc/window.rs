//! `iter().map().sum()` and `windows(2).map().sum()` over fixed arrays with powi, written into
//! an output array; reverse mode of width 2 with a Const argument captured by the closures.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/iter/window.rs at commit
//! ec4bed43bf2bfbf88f7f197fe51976b288384438 (MIT OR Apache-2.0): `f_rev(&x, &mut dx1,
//! &mut dx2, &args, &mut y, &mut dy1, &mut dy2)` with the seeds dy1 = [1, 0], dy2 = [0, 1],
//! written as upstream writes the function (`#[unsafe(no_mangle)]`, `#[inline(never)]`,
//! then the attribute). Each lane's vector-Jacobian product is checked against finite
//! differences (upstream expects [12, 20, 28] and [4804, 35208, -3600]), and the Const
//! `args` unchanged.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[unsafe(no_mangle)]
#[inline(never)]
#[autodiff_reverse(f_rev, 2, Duplicated, Const, Duplicated)]
fn f(x: &[f64; 3], args: &[f64; 3], y: &mut [f64; 2]) {
    y[0] = x.iter().map(|i| args[0] * i.powi(2)).sum();
    y[1] = x
        .windows(2)
        .map(|w| (args[1] - w[0]).powi(2) + args[2] * (w[1] - w[0].powi(2)).powi(2))
        .sum();
}

#[derive(Clone, Debug)]
struct In {
    x: [f64; 3],
    args: [f64; 3], // constant
}
params!(In, x);

pub fn run() -> Result<(), String> {
    let input = In { x: [3.0, 5.0, 7.0], args: [2.0, 1.0, 100.0] };
    let (mut dx2, mut y) = ([0.0f64; 3], [0.0f64; 2]);
    reverse("f_rev lane 1 (dy1 = [1, 0])", &input, |i| {
        let mut y = [0.0; 2];
        f(&i.x, &i.args, &mut y);
        y[0]
    }, |i, d| {
        let (mut dy1, mut dy2) = ([1.0, 0.0], [0.0, 1.0]);
        f_rev(&i.x, &mut d.x, &mut dx2, &i.args, &mut y, &mut dy1, &mut dy2);
    }, TOL)?;
    let mut primal = [0.0; 2];
    f(&input.x, &input.args, &mut primal);
    if y != primal {
        return Err(format!("f_rev wrote y = {:?}, f gives {:?}", y, primal));
    }
    // Lane 2: the same call's second shadow of x, against finite differences of y[1].
    reverse("f_rev lane 2 (dy2 = [0, 1])", &input, |i| {
        let mut y = [0.0; 2];
        f(&i.x, &i.args, &mut y);
        y[1]
    }, |_, d| d.x = dx2, TOL)
}
