//! A generic `square<T: Mul<Output = T> + Copy>(x: &T) -> T` differentiated at T = f64, a
//! monomorphization the program's primal code never calls (rustc's generic program).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/generic.rs at commit 15b948169358ae884de1d80bb3a6ff82d915452a (MIT OR Apache-2.0).
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with x dup
//! (seed 1.0) on a wrapper calling `square::<f64>`; the finite differences call it too.
use crate::harness::*;

#[inline(never)]
fn square<T: std::ops::Mul<Output = T> + Copy>(x: &T) -> T {
    *x * *x
}

#[inline(never)]
fn top(x: *const f64) -> f64 {
    square::<f64>(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let xf32: f32 = 3.0;
    let outputf32 = square::<f32>(&xf32);
    if outputf32 != 9.0 {
        return Err(format!("square::<f32>(3) = {}", outputf32));
    }
    let xf64: f64 = 3.0;
    reverse("reverse", &xf64, |x| square::<f64>(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL)
}
