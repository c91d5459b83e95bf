//! Forward mode through a function that calls a dependency's function and an
//! #[inline(never)] sine: `_f1(x) = simple_dep::f(x, x) * f2(x)`.
//! After rust-lang/rust tests/run-make/autodiff/rlib/lib.rs at commit
//! 66099cdb2272d2e8fcd456a3e6bf28d240296105 (MIT OR Apache-2.0), with dep.rs at the same
//! commit and main.rs at fc4db4504785362b262efde339a4ac3483575e77. Upstream builds dep.rs
//! and lib.rs as two rlibs; here dep.rs is a module, so the crate boundary is not tested
//! (tests/autodiff/gradients and fixtures/autodiff-example cross one).
use crate::harness::*;
use typetree_autodiff::autodiff_forward;

mod simple_dep {
    pub fn f(x: f64, y: f64) -> f64 {
        2.0 * x + y
    }

    pub fn g(x: f64) -> f64 {
        2.0 * x
    }
}

#[inline(never)]
pub fn f2(x: f64) -> f64 {
    x.sin()
}

#[autodiff_forward(df1_lib, Dual, Dual)]
pub fn _f1(x: f64) -> f64 {
    simple_dep::f(x, x) * f2(x)
}

pub fn run() -> Result<(), String> {
    let x = 1.5; // main.rs: df1_lib(1.5, 1.0)
    let primals = crate::Primals::default();
    forward("df1_lib", &x, |x| _f1(*x), |x, t| {
        let (y, d) = df1_lib(*x, *t);
        primals.tangent("df1_lib", y, _f1(*x), d)
    }, TOL)?;
    primals.check()
}
