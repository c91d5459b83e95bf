//! `iter().map().sum()` and `windows(2).map().sum()` over fixed arrays with powi, written
//! into an output array, reverse mode of width 2 (rustc's iter/window run-make program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/iter/window.rs at commit ec4bed43bf2bfbf88f7f197fe51976b288384438 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(f_rev, 2, Duplicated, Const, Duplicated)]` (width 2) becomes two
//! width-1 __enzyme_autodiff calls, one per upstream seed of y's shadow (dy.0 = [1, 0],
//! dy.1 = [0, 1]), with x dup, args const and y dup; each vector-Jacobian product is checked
//! against finite differences (upstream expects [12, 20, 28] and [4804, 35208, -3600]).
//! `#[unsafe(no_mangle)]` dropped (all cases share one program).
use crate::harness::*;

#[inline(never)]
fn f(x: &[f64; 3], args: &[f64; 3], y: &mut [f64; 2]) {
    y[0] = x.iter().map(|i| args[0] * i.powi(2)).sum();
    y[1] = x
        .windows(2)
        .map(|w| (args[1] - w[0]).powi(2) + args[2] * (w[1] - w[0].powi(2)).powi(2))
        .sum();
    // The iterators above are equivalent to the two following for loops.
    // for i in 0..3 {
    //     y[0] += args[0] * x[i].powi(2);
    // }
    // for i in 0..2 {
    //     y[1] += (args[1] - x[i]).powi(2) + args[2] * (x[i + 1] - x[i].powi(2)).powi(2);
    // }
}

#[inline(never)]
fn top(x: *const [f64; 3], args: *const [f64; 3], y: *mut [f64; 2]) {
    unsafe { f(&*x, &*args, &mut *y) }
}

#[derive(Clone, Debug)]
struct In {
    x: [f64; 3],
    args: [f64; 3], // constant
}
params!(In, x);

pub fn run() -> Result<(), String> {
    let input = In { x: [3.0, 5.0, 7.0], args: [2.0, 1.0, 100.0] };
    for (k, seed) in [[1.0, 0.0], [0.0, 1.0]].iter().enumerate() {
        reverse(&format!("reverse, seed dy.{}", k), &input, |i| {
            let mut y = [0.0; 2];
            f(&i.x, &i.args, &mut y);
            seed[0] * y[0] + seed[1] * y[1]
        }, |i, d| unsafe {
            let (mut y, mut dy) = ([0.0f64; 2], *seed);
            __enzyme_autodiff(top as usize, dup(), &i.x, &mut d.x, cnst(), &i.args, dup(), &mut y, &mut dy);
        }, TOL)?;
    }
    Ok(())
}
