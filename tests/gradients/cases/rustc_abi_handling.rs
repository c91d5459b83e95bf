//! How rustc's ABI passes f32 arguments Enzyme must see through: a `&[f32; 2]`, two references, a tuple, a struct and a nested
//! struct by value, and a tuple of references (rustc's abi_handling program, f1..f7).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/abi_handling.rs at commit 2408190ee6e558a34b98d2b3b08d8eb0758adf4d (MIT OR Apache-2.0).
//! Forward functions (`Dual, .., Dual`) become __enzyme_fwddiff with every argument dup;
//! f2 (a const function pointer beside an active f32) is the case rustc_abi_fnptr. Rust cannot
//! pass an f32 to a C-variadic function, so the calls with f32 values use non-variadic
//! declarations of Enzyme's entry points (`api`). Aggregates by value (f4, f5, f6) go through
//! a thin wrapper taking their floats and building the tuple or struct, so that the
//! function under test receives them in Rust's ABI as upstream's does. `Debug` derived.
use crate::harness::*;

mod api {
    #[allow(clashing_extern_declarations, improper_ctypes)]
    extern "C" {
        #[link_name = "__enzyme_fwddiff"]
        pub fn fwddiff_f32x2(f: usize, d1: *const u8, x: f32, dx: f32, d2: *const u8, y: f32, dy: f32) -> f32;
    }
}

#[derive(Copy, Clone, Debug)]
struct Input {
    x: f32,
    y: f32,
}

#[derive(Copy, Clone, Debug)]
struct Wrapper {
    z: f32,
}

#[derive(Copy, Clone, Debug)]
struct NestedInput {
    x: f32,
    y: Wrapper,
}

#[inline(never)]
fn f1(x: &[f32; 2]) -> f32 {
    x[0] + x[1]
}

#[inline(never)]
fn f3<'a>(x: &'a f32, y: &'a f32) -> f32 {
    *x * *y
}

#[inline(never)]
fn f4(x: (f32, f32)) -> f32 {
    x.0 * x.1
}

#[inline(never)]
fn f5(i: Input) -> f32 {
    i.x + i.y
}

#[inline(never)]
fn f6(i: NestedInput) -> f32 {
    i.x + i.y.z * i.y.z
}

#[inline(never)]
fn f7(x: (&f32, &f32)) -> f32 {
    x.0 * x.1
}

#[inline(never)]
fn top1(x: *const [f32; 2]) -> f32 {
    f1(unsafe { &*x })
}
#[inline(never)]
fn top3(x: *const f32, y: *const f32) -> f32 {
    unsafe { f3(&*x, &*y) }
}
#[inline(never)]
fn top4(a: f32, b: f32) -> f32 {
    f4((a, b))
}
#[inline(never)]
fn top5(x: f32, y: f32) -> f32 {
    f5(Input { x, y })
}
#[inline(never)]
fn top6(x: f32, z: f32) -> f32 {
    f6(NestedInput { x, y: Wrapper { z } })
}
#[inline(never)]
fn top7(x: *const f32, y: *const f32) -> f32 {
    unsafe { f7((&*x, &*y)) }
}

pub fn run() -> Result<(), String> {
    let (x, y, z) = (2.0f32, 3.0f32, 4.0f32);
    forward("f1", &[x, y], |p| f1(p) as f64, |p, t| unsafe {
        f32api::__enzyme_fwddiff(top1 as usize, dup(), p, t) as f64
    }, TOL_F32)?;
    forward("f3", &(x, y), |p| f3(&p.0, &p.1) as f64, |p, t| unsafe {
        f32api::__enzyme_fwddiff(top3 as usize, dup(), &p.0, &t.0, dup(), &p.1, &t.1) as f64
    }, TOL_F32)?;
    // Enzyme needs the differentiated function itself at each call: one call per wrapper
    forward("f4", &[x, y], |p| f4((p[0], p[1])) as f64, |p, t| unsafe {
        api::fwddiff_f32x2(top4 as usize, dup(), p[0], t[0], dup(), p[1], t[1]) as f64
    }, TOL_F32)?;
    forward("f5", &[x, y], |p| f5(Input { x: p[0], y: p[1] }) as f64, |p, t| unsafe {
        api::fwddiff_f32x2(top5 as usize, dup(), p[0], t[0], dup(), p[1], t[1]) as f64
    }, TOL_F32)?;
    forward("f6", &[x, z], |p| f6(NestedInput { x: p[0], y: Wrapper { z: p[1] } }) as f64, |p, t| unsafe {
        api::fwddiff_f32x2(top6 as usize, dup(), p[0], t[0], dup(), p[1], t[1]) as f64
    }, TOL_F32)?;
    forward("f7", &(x, y), |p| f7((&p.0, &p.1)) as f64, |p, t| unsafe {
        f32api::__enzyme_fwddiff(top7 as usize, dup(), &p.0, &t.0, dup(), &p.1, &t.1) as f64
    }, TOL_F32)
}
