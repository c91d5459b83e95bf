//! `square(x: &f64) -> f64 { *x * *x }` (two loaded values), reverse mode.
//! After rust-lang/rust tests/ui/autodiff/no_lto_flag.rs at commit
//! 8686951386c716251baaac8eb0c83723292b069c (MIT OR Apache-2.0), its with_lto revision
//! (upstream's point is that autodiff without fat LTO is refused; the wrapper always
//! builds with fat LTO). Upstream calls it at 3.0 and expects 6.0.
use crate::harness::*;
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
fn square(x: &f64) -> f64 {
    *x * *x
}

pub fn run() -> Result<(), String> {
    let x: f64 = 3.0;
    reverse("d_square", &x, |x| square(x), |x, d| {
        d_square(x, d, 1.0);
    }, TOL)
}
