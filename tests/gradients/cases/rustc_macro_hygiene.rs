//! A function defined by a `macro_rules!` expansion, differentiated with an active argument
//! and result (rustc's macro_hygiene program).
//! Translated from rust-lang/rust tests/ui/autodiff/macro_hygiene.rs at commit 66099cdb2272d2e8fcd456a3e6bf28d240296105 (MIT OR Apache-2.0).
//! The macro's `#[std::autodiff::autodiff_reverse(fd, Active, Active)]` becomes
//! __enzyme_autodiff with x active (enzyme_out; seed 1.0; the call returns dx) on a wrapper
//! outside the macro; `#[inline(never)]` added inside it.
use crate::harness::*;

macro_rules! demo {
    () => {
        #[inline(never)]
        fn f(x: f64) -> f64 {
            x * x
        }
    };
}
demo!();

#[inline(never)]
fn top(x: f64) -> f64 {
    f(x)
}

pub fn run() -> Result<(), String> {
    let x = 2.0f64;
    let g = unsafe { __enzyme_autodiff(top as usize, out(), x) };
    scalar("reverse", g, f, x, TOL)
}
