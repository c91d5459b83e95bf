//! `square(x: &f64) -> f64 { x * x }`, reverse mode: rustc's most repeated autodiff program.
//! After rust-lang/rust tests/codegen-llvm/autodiff/scalar.rs at commit
//! 0bfbef0339935716132e8f8a2ed5d41e97415114 (MIT OR Apache-2.0); the same function and
//! activities are in tests/run-make/autodiff/type-trees/nott-flag/test.rs and
//! scalar-types/f64-typetree/test.rs, tests/ui/autodiff/type-trees/type-analysis/f64.rs,
//! tests/codegen-llvm/autodiff/inline.rs. As upstream: the attribute, `#[no_mangle]`,
//! `#[inline(never)]`; `d_square(&x, &mut df_dx, 1.0)` returns the primal.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
#[no_mangle]
#[inline(never)]
fn square(x: &f64) -> f64 {
    x * x
}

pub fn run() -> Result<(), String> {
    let x = std::hint::black_box(3.0);
    let mut primal = 0.0;
    reverse("d_square", &x, |x| square(x), |x, d| primal = d_square(x, d, 1.0), TOL)?;
    if primal != square(&x) {
        return Err(format!("d_square returned {} as the primal, square gives {}", primal, square(&x)));
    }
    Ok(())
}
