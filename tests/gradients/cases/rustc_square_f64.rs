//! `fn square(x: &f64) -> f64 { x * x }` (the product of two references), reverse mode:
//! rustc's most repeated autodiff program.
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/scalar.rs at commit 0bfbef0339935716132e8f8a2ed5d41e97415114 (MIT OR Apache-2.0).
//! The same function and activities (only its name, `#[no_mangle]` and `#[inline(never)]`
//! differ, and this file drops or adds those) in: tests/run-make/autodiff/type-trees/nott-flag/test.rs
//! at 664e83b3e76b51fb5192e74a64eef3bc5bbd4e32, tests/run-make/autodiff/type-trees/scalar-types/f64-typetree/test.rs
//! at 9d03b6aed478110a2744f6fa5d7af325b3e58682, tests/run-make/autodiff/type-trees/type-analysis/f64/f64.rs
//! at 36d309e7b98fedac1dd1905c5251299efe5f624b, tests/ui/autodiff/type-trees/type-analysis/f64.rs
//! at a422615215f422d78d6084895cbeb2b5d814f067, tests/codegen-llvm/autodiff/inline.rs at
//! 5a804e5e47c04763cc57dfafc569efb12401a128, tests/ui/autodiff/flag_nott.rs at
//! 5ee374a3518b81126316eef6cd9afd813ad49f5d.
//! `#[autodiff_reverse(d_square, Duplicated, Active)]` becomes __enzyme_autodiff with x dup
//! (Active return: seed 1.0).
use crate::harness::*;

#[inline(never)]
fn square(x: &f64) -> f64 {
    x * x
}

#[inline(never)]
fn top(x: *const f64) -> f64 {
    square(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = 3.0;
    reverse("reverse", &x, |x| square(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x, d);
    }, TOL)
}
