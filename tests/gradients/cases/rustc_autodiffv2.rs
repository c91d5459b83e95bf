//! A 5x4 linear map over f32 slices (`&[f32]` in, `&mut [f32]` out, with length asserts),
//! forward mode along each input direction (rustc's autodiffv2 program).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/autodiffv2.rs at commit 8a7762a158fa419d0359306773373d47ab1650fc (MIT OR Apache-2.0).
//! Upstream differentiates `square` three ways: `d_square1` (Dual, Dual) along the unit
//! vectors z1..z4, `d_square2` (width 4, Dualv: one shadow 4 times as long) and `d_square3`
//! (width 4, Dual: four shadows), all giving the same four tangents. Here the width-4 modes
//! are expressed as the four width-1 __enzyme_fwddiff calls along z1..z4 (x dup, y dup, the
//! lengths const), each output's tangent checked against finite differences.
//! `#[no_mangle]` dropped.
use crate::harness::*;
use std::slice;

#[inline(never)]
fn square(x: &[f32], y: &mut [f32]) {
    assert!(x.len() >= 4);
    assert!(y.len() >= 5);
    y[0] = 4.3 * x[0] + 1.2 * x[1] + 3.4 * x[2] + 2.1 * x[3];
    y[1] = 2.3 * x[0] + 4.5 * x[1] + 1.7 * x[2] + 6.4 * x[3];
    y[2] = 1.1 * x[0] + 3.3 * x[1] + 2.5 * x[2] + 4.7 * x[3];
    y[3] = 5.2 * x[0] + 1.4 * x[1] + 2.6 * x[2] + 3.8 * x[3];
    y[4] = 1.0 * x[0] + 2.0 * x[1] + 3.0 * x[2] + 4.0 * x[3];
}

#[inline(never)]
fn top(x: *const f32, nx: usize, y: *mut f32, ny: usize) {
    unsafe { square(slice::from_raw_parts(x, nx), slice::from_raw_parts_mut(y, ny)) }
}

pub fn run() -> Result<(), String> {
    let x1 = vec![0.0f32, 1.0, 2.0, 3.0];
    for k in 0..5 {
        forward(&format!("tangent of y[{}]", k), &x1, |x| {
            let mut y = vec![0.0f32; 5];
            square(x, &mut y);
            y[k] as f64
        }, |x, t| unsafe {
            let (mut y, mut dy) = (vec![0.0f32; 5], vec![0.0f32; 5]);
            __enzyme_fwddiff(top as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len(),
                             dup(), y.as_mut_ptr(), dy.as_mut_ptr(), cnst(), y.len());
            dy[k] as f64
        }, TOL_F32)?;
    }
    Ok(())
}
