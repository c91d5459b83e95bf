//! Two active f32 arguments and an active f64 result: `(x * x * y) as f64`; rustc returns
//! the derivative `{ f64, f32, f32 }` through an sret buffer (rustc's sret program).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/sret.rs at commit 68df0653056afea2ebccb91367817e50b5be4df2 (MIT OR Apache-2.0).
//! `#[autodiff_reverse(df, Active, Active, Active)]` becomes __enzyme_autodiff with x and y
//! active (enzyme_out) and the result seeded 1.0 (upstream's `scalar`); the call returns
//! (dx, dy), not the primal. Rust cannot pass an f32 to a C-variadic function, and returns a
//! pair of f32 as LLVM's `{ float, float }` only in its own ABI: the call uses a
//! non-variadic `extern "Rust"` declaration of Enzyme's entry point. `#[no_mangle]` dropped.
use crate::harness::*;

mod api {
    #[allow(clashing_extern_declarations, improper_ctypes)]
    extern "Rust" {
        #[link_name = "__enzyme_autodiff"]
        pub fn autodiff_f32x2(f: usize, o1: *const u8, x: f32, o2: *const u8, y: f32) -> (f32, f32);
    }
}

#[inline(never)]
fn primal(x: f32, y: f32) -> f64 {
    (x * x * y) as f64
}

#[inline(never)]
fn top(x: f32, y: f32) -> f64 {
    primal(x, y)
}

pub fn run() -> Result<(), String> {
    let p = [3.0f32, 2.5];
    reverse("reverse", &p, |p| primal(p[0], p[1]), |p, d| unsafe {
        let (dx, dy) = api::autodiff_f32x2(top as usize, out(), p[0], out(), p[1]);
        *d = [dx, dy];
    }, TOL_F32)
}
