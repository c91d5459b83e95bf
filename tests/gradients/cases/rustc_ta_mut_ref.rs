//! `&mut f32` (only read): reverse mode of the square of the referent (rustc's
//! type-analysis mut_ref program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/mut_ref/mut_ref.rs at commit c3175802c51fceae995640b1c1e50b648834f9af (MIT OR Apache-2.0).
//! The same program: tests/ui/autodiff/type-trees/type-analysis/mut_ref.rs at
//! a422615215f422d78d6084895cbeb2b5d814f067.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with the
//! reference dup (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped. The harness holds
//! inputs by shared reference, so the call gets a mutable copy, checked unchanged afterwards.
use crate::harness::*;
use std::cell::Cell;

#[inline(never)]
fn callee(x: &mut f32) -> f32 {
    *x * *x
}

#[inline(never)]
fn top(x: *mut f32) -> f32 {
    callee(unsafe { &mut *x })
}

pub fn run() -> Result<(), String> {
    let x: f32 = 7.0;
    let after = Cell::new(x);
    reverse("reverse", &x, |x| callee(&mut x.clone()) as f64, |x, d| unsafe {
        let mut xm = *x;
        f32api::__enzyme_autodiff(top as usize, dup(), &mut xm, d);
        after.set(xm);
    }, TOL_F32)?;
    if after.get() != x {
        return Err(format!("reverse: primal input changed by the call: before {:?} after {:?}", x, after.get()));
    }
    Ok(())
}
