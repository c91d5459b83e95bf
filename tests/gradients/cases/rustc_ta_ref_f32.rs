//! `fn callee(x: &f32) -> f32 { *x * *x }`: reverse mode (rustc's type-analysis f32 and ref
//! programs, which are the same program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/f32/f32.rs at commit 80224c3e888bf14ddca14700e79363b25eda93ce (MIT OR Apache-2.0).
//! The same program: tests/run-make/autodiff/type-trees/type-analysis/ref/ref.rs at
//! 3c009e9f25e71f4c1b5dc6d9d7940bcad56808e1, tests/ui/autodiff/type-trees/type-analysis/f32.rs at
//! 49510d00398a60eabb4a81e87bcdc9a14dcb9b82, tests/ui/autodiff/type-trees/type-analysis/ref.rs at
//! a422615215f422d78d6084895cbeb2b5d814f067.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with x dup
//! (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
fn callee(x: &f32) -> f32 {
    *x * *x
}

#[inline(never)]
fn top(x: *const f32) -> f32 {
    callee(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x: f32 = 7.0;
    reverse("reverse", &x, |x| callee(x) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL_F32)
}
