//! Forward mode through a function that calls a dependency's function and an
//! #[inline(never)] sine: `_f1(x) = simple_dep::f(x, x) * f2(x)`.
//! After rust-lang/rust tests/run-make/autodiff/rlib/lib.rs at commit
//! 66099cdb2272d2e8fcd456a3e6bf28d240296105 (MIT OR Apache-2.0), with dep.rs at the same
//! commit and main.rs at fc4db4504785362b262efde339a4ac3483575e77. Upstream builds dep.rs
//! and lib.rs as two rlibs; here dep.rs is a module, so the crate boundary is not tested
//! (tests/autodiff/gradients and fixtures/autodiff-example cross one). As upstream's
//! main.rs, the result goes into a variable named `enzyme_y1_lib`, which reached Enzyme's
//! call as an alloca Enzyme reads as a marker's name and stopped it ("illegal enzyme
//! metadata classification") before the wrapper renamed such locals (docs/wrapper.md).
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
    primals.check()?;
    let enzyme_y1_lib = df1_lib(1.5, 1.0);
    if enzyme_y1_lib.0 != _f1(1.5) {
        return Err(format!("df1_lib returned {} as the primal, _f1 gives {}", enzyme_y1_lib.0, _f1(1.5)));
    }
    scalar("df1_lib into enzyme_y1_lib", enzyme_y1_lib.1, _f1, 1.5, TOL)
}
