//! `*const f32`: reverse mode of the square of the pointee (rustc's type-analysis
//! const_pointer program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/const_pointer/const_pointer.rs at commit 66099cdb2272d2e8fcd456a3e6bf28d240296105 (MIT OR Apache-2.0).
//! The same program: tests/ui/autodiff/type-trees/type-analysis/const_pointer.rs at
//! a422615215f422d78d6084895cbeb2b5d814f067.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with the
//! pointer dup (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
fn callee(x: *const f32) -> f32 {
    unsafe { *x * *x }
}

#[inline(never)]
fn top(x: *const f32) -> f32 {
    callee(x)
}

pub fn run() -> Result<(), String> {
    let x: f32 = 7.0;
    reverse("reverse", &x, |x| callee(x as *const f32) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x as *const f32, d as *mut f32);
    }, TOL_F32)
}
