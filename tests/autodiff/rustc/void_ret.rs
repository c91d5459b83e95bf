//! Products of a `&[f64; 10]`'s elements gathered in a local array, summed by `iter().sum()`
//! into an `&mut f64`: reverse mode of a function returning nothing.
//! After rust-lang/rust tests/codegen-llvm/autodiff/void_ret.rs at commit
//! 55c229b64704cf9bef26a1d59b7efc11322147d3 (MIT OR Apache-2.0): `bar(&r, &mut dr, &mut
//! res, &mut d_res)` with d_res seeded 1.0. Upstream's input is 3.1 everywhere; here the
//! elements differ, so that a derivative landing on the wrong element shows.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(bar, Duplicated, Duplicated)]
pub fn foo(r: &[f64; 10], res: &mut f64) {
    let mut output = [0.0; 10];
    output[0] = r[0];
    output[1] = r[1] * r[2];
    output[2] = r[4] * r[5];
    output[3] = r[2] * r[6];
    output[4] = r[1] * r[7];
    output[5] = r[2] * r[8];
    output[6] = r[1] * r[9];
    output[7] = r[5] * r[6];
    output[8] = r[5] * r[7];
    output[9] = r[4] * r[8];
    *res = output.iter().sum();
}

pub fn run() -> Result<(), String> {
    let inputs = [3.1, 2.3, -0.7, 1.9, 0.4, -1.6, 2.8, 0.9, -2.2, 1.3];
    reverse("bar", &inputs, |r| {
        let mut res = 0.0;
        foo(r, &mut res);
        res
    }, |r, d| {
        let (mut res, mut d_res) = (0.0f64, 1.0f64);
        bar(r, d, &mut res, &mut d_res);
    }, TOL)
}
