//! A function defined by a `macro_rules!` expansion with the attribute inside it, its
//! argument and result Active.
//! After rust-lang/rust tests/ui/autodiff/macro_hygiene.rs at commit
//! 66099cdb2272d2e8fcd456a3e6bf28d240296105 (MIT OR Apache-2.0): the macro names the
//! attribute by its path (`typetree_autodiff::autodiff_reverse` for
//! `std::autodiff::autodiff_reverse`). Upstream only compiles it; here `fd` runs.
use crate::harness::*;

macro_rules! demo {
    () => {
        #[typetree_autodiff::autodiff_reverse(fd, Active, Active)]
        fn f(x: f64) -> f64 {
            x * x
        }
    };
}
demo!();

pub fn run() -> Result<(), String> {
    let x = 2.0f64;
    let (y, g) = fd(x, 1.0);
    if y != f(x) {
        return Err(format!("fd returned {} as the primal, f gives {}", y, f(x)));
    }
    scalar("fd", g, f, x, TOL)
}
