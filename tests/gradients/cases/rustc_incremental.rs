//! void_ret's products with a `powi(2)` among them, summed into an `&mut f64`: reverse mode
//! (rustc's incremental program, which upstream builds incrementally with 8 codegen units
//! at -O0; the wrapper builds one unit with fat LTO).
//! Translated from rust-lang/rust tests/ui/autodiff/incremental.rs at commit 0c210680694209de6c8e93bb72211c2810237bed (MIT OR Apache-2.0).
//! `#[autodiff_reverse(bar, Duplicated, Duplicated)]` becomes __enzyme_autodiff with r dup and
//! res dup, its shadow seeded 1.0 (upstream's d_res). Upstream's input is 3.1 everywhere;
//! here the elements differ.
use crate::harness::*;

#[inline(never)]
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

#[inline(never)]
fn top(r: *const [f64; 10], res: *mut f64) {
    unsafe { foo(&*r, &mut *res) }
}

pub fn run() -> Result<(), String> {
    let inputs = [3.1, 2.3, -0.7, 1.9, 0.4, -1.6, 2.8, 0.9, -2.2, 1.3];
    reverse("reverse", &inputs, |r| {
        let mut res = 0.0;
        foo(r, &mut res);
        res
    }, |r, d| unsafe {
        let (mut res, mut d_res) = (0.0f64, 1.0f64);
        __enzyme_autodiff(top as usize, dup(), r, d, dup(), &mut res, &mut d_res);
    }, TOL)
}
