//! void_ret's products with a `powi(2)` among them, summed into an `&mut f64`: reverse mode.
//! After rust-lang/rust tests/ui/autodiff/incremental.rs at commit
//! 0c210680694209de6c8e93bb72211c2810237bed (MIT OR Apache-2.0), which upstream builds
//! incrementally with 8 codegen units at -O0 (the wrapper builds one unit with fat LTO).
//! Upstream's input is 3.1 everywhere; here the elements differ.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(bar, Duplicated, Duplicated)]
pub fn foo(r: &[f64; 10], res: &mut f64) {
    let mut output = [0.0; 10];
    output[0] = r[0];
    output[1] = r[1] * r[2];
    output[2] = r[4] * r[5].powi(2);
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
