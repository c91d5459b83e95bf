//! Forward mode through a function that calls a dependency's function and an
//! #[inline(never)] sine: `_f1(x) = simple_dep::f(x, x) * f2(x)` (rustc's rlib program).
//! Translated from rust-lang/rust tests/run-make/autodiff/rlib/lib.rs at commit 66099cdb2272d2e8fcd456a3e6bf28d240296105 (MIT OR Apache-2.0),
//! with tests/run-make/autodiff/rlib/dep.rs at commit 66099cdb2272d2e8fcd456a3e6bf28d240296105
//! and tests/run-make/autodiff/rlib/main.rs at commit fc4db4504785362b262efde339a4ac3483575e77.
//! Upstream builds dep.rs and lib.rs as two rlibs; here dep.rs is a module of the suite's one
//! crate, so the crate boundary itself is not tested. `#[autodiff_forward(df1_lib, Dual, Dual)]`
//! becomes __enzyme_fwddiff with x dup (value, tangent); the call returns the tangent alone
//! (upstream's df1_lib returns the primal too).
use crate::harness::*;

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

#[inline(never)]
pub fn _f1(x: f64) -> f64 {
    simple_dep::f(x, x) * f2(x)
}

#[inline(never)]
fn top(x: f64) -> f64 {
    _f1(x)
}

pub fn run() -> Result<(), String> {
    let x = 1.5; // main.rs: df1_lib(1.5, 1.0)
    forward("forward", &x, |x| _f1(*x), |x, t| unsafe { __enzyme_fwddiff(top as usize, dup(), *x, *t) }, TOL)
}
