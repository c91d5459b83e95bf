//! `&Box<f32>`: reverse mode of the square of the boxed float (rustc's type-analysis box
//! program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/box/box.rs at commit 62e3a05291ef782cf212675d9e13c0b937c788c8 (MIT OR Apache-2.0).
//! The same program: tests/ui/autodiff/type-trees/type-analysis/box.rs at
//! 49510d00398a60eabb4a81e87bcdc9a14dcb9b82.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with the box
//! dup (its shadow a box of its own; f32 result: f32api; seed 1.0); `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
fn callee(x: &Box<f32>) -> f32 {
    **x * **x
}

#[inline(never)]
fn top(x: *const Box<f32>) -> f32 {
    callee(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = Box::new(7.0f32);
    reverse("reverse", &x, |x| callee(x) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL_F32)
}
