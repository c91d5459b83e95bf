//! `fn square(x: &f32) -> f32 { x * x }` in forward mode, at the four tangents of rustc's
//! batched program (1, 2, 3, 0).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/batched.rs at commit 026270a78defcc023deb607a840f29d0753aba1a (MIT OR Apache-2.0).
//! Upstream: `d_square3` (Dual, DualOnly), `d_square2` (width 4, Dual, DualOnly) and
//! `d_square1` (width 4, Dual, Dual: the primal returned too). Here each is
//! __enzyme_fwddiff with x dup, which returns the tangent alone (DualOnly; Dual's primal is
//! not returned, so not checked), and width 4 is expressed as four width-1 calls, one per
//! upstream tangent. `#[no_mangle]` dropped.
use crate::harness::*;

#[inline(never)]
fn square(x: &f32) -> f32 {
    x * x
}

#[inline(never)]
fn top(x: *const f32) -> f32 {
    square(unsafe { &*x })
}

pub fn run() -> Result<(), String> {
    let x = 3.0f32;
    forward("width 1 (d_square3)", &x, |x| square(x) as f64, |x, t| unsafe {
        f32api::__enzyme_fwddiff(top as usize, dup(), x, t) as f64
    }, TOL_F32)?;
    // width 4 (d_square1, d_square2): df_dx1..df_dx4 = 1, 2, 3, 0
    for s in [1.0f32, 2.0, 3.0, 0.0] {
        forward(&format!("width 4, tangent {}", s), &x, move |x| (s * square(x)) as f64, move |x, t| unsafe {
            f32api::__enzyme_fwddiff(top as usize, dup(), x, &(s * *t)) as f64
        }, TOL_F32)?;
    }
    Ok(())
}
