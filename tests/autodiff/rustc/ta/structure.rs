//! A struct of one f32: reverse mode of its square.
//! After rust-lang/rust tests/run-make/autodiff/type-trees/type-analysis/struct/struct.rs at
//! commit 1604c376d6befc00f1123d2355afc92e47f9b007 (MIT OR Apache-2.0). `Debug` derived.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[derive(Copy, Clone, Debug)]
struct MyStruct {
    f: f32,
}
params!(MyStruct, f);

#[autodiff_reverse(d_square, Duplicated, Active)]
fn callee(x: &MyStruct) -> f32 {
    x.f * x.f
}

pub fn run() -> Result<(), String> {
    let x = MyStruct { f: 7.0 };
    reverse("d_square", &x, |x| callee(x) as f64, |x, d| {
        d_square(x, d, 1.0);
    }, TOL_F32)
}
