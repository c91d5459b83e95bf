//! A generic `square<T: Mul<Output = T> + Copy>(x: &T) -> T` differentiated at T = f64, a
//! monomorphization the program's primal code never calls (it calls T = f32).
//! After rust-lang/rust tests/codegen-llvm/autodiff/generic.rs at commit
//! 15b948169358ae884de1d80bb3a6ff82d915452a (MIT OR Apache-2.0): the generated `d_square`
//! is generic as the function is.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
#[inline(never)]
fn square<T: std::ops::Mul<Output = T> + Copy>(x: &T) -> T {
    *x * *x
}

pub fn run() -> Result<(), String> {
    let xf32: f32 = 3.0;
    let outputf32 = square::<f32>(&xf32);
    if outputf32 != 9.0 {
        return Err(format!("square::<f32>(3) = {}", outputf32));
    }
    let xf64: f64 = 3.0;
    reverse("d_square::<f64>", &xf64, |x| square::<f64>(x), |x, d| {
        d_square::<f64>(x, d, 1.0);
    }, TOL)
}
