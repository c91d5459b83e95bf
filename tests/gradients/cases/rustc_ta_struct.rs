//! A struct of one f32: reverse mode of its square (rustc's type-analysis struct program).
//! Translated from rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/struct/struct.rs at commit 1604c376d6befc00f1123d2355afc92e47f9b007 (MIT OR Apache-2.0).
//! The same program: tests/ui/autodiff/type-trees/type-analysis/struct.rs at
//! 49510d00398a60eabb4a81e87bcdc9a14dcb9b82.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with the struct
//! dup (f32 result: f32api; seed 1.0); `#[no_mangle]` dropped; `Debug` derived for the harness.
use crate::harness::*;

#[derive(Copy, Clone, Debug)]
struct MyStruct {
    f: f32,
}
params!(MyStruct, f);

#[inline(never)]
fn callee(x: &MyStruct) -> f32 {
    x.f * x.f
}

#[inline(never)]
fn top(x: *const MyStruct) -> f32 {
    callee(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = MyStruct { f: 7.0 };
    reverse("reverse", &x, |x| callee(x) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL_F32)
}
