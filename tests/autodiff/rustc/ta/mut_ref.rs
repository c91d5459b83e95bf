//! `&mut f32` (only read): reverse mode of the square of the referent. The checks hold
//! inputs by shared reference, so the call gets a mutable copy, checked unchanged after.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/mut_ref/mut_ref.rs
//! at commit c3175802c51fceae995640b1c1e50b648834f9af (MIT OR Apache-2.0).
use crate::harness::*;
use std::cell::Cell;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(x: &mut f32) -> f32 {
    *x * *x
}

pub fn run() -> Result<(), String> {
    let x: f32 = 7.0;
    let after = Cell::new(x);
    reverse("d_square", &x, |x| callee(&mut x.clone()) as f64, |x, d| {
        let mut xm = *x;
        d_square(&mut xm, d, 1.0);
        after.set(xm);
    }, TOL_F32)?;
    if after.get() != x {
        return Err(format!("d_square: primal input changed by the call: before {:?} after {:?}", x, after.get()));
    }
    Ok(())
}
