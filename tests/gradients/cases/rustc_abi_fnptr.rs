//! A constant function pointer beside an active f32 (rustc's abi_handling program, f2):
//! `#[autodiff_reverse(df2, Const, Active, Active)]` becomes __enzyme_autodiff with the
//! function pointer const and x active (enzyme_out; seed 1.0; the result is dx).
//! Translated from rust-lang/rust tests/codegen-llvm/autodiff/abi_handling.rs at commit 2408190ee6e558a34b98d2b3b08d8eb0758adf4d (MIT OR Apache-2.0).
//! Enzyme takes a call through a constant function pointer for inactive and gives dx = 0
//! where it is 2x (tests/enzyme-bugs/const-fnptr-inactive.ll; upstream's test only
//! compiles). Rust cannot pass an f32 to a C-variadic function: a non-variadic declaration
//! of Enzyme's entry point (`api`).
use crate::harness::*;

mod api {
    #[allow(clashing_extern_declarations, improper_ctypes)]
    extern "C" {
        #[link_name = "__enzyme_autodiff"]
        pub fn autodiff_fn_f32(f: usize, c: *const u8, g: fn(f32) -> f32, o: *const u8, x: f32) -> f32;
    }
}

fn square(x: f32) -> f32 {
    x * x
}

#[inline(never)]
fn f2(f: fn(f32) -> f32, x: f32) -> f32 {
    f(x)
}

#[inline(never)]
fn top2(f: fn(f32) -> f32, x: f32) -> f32 {
    f2(f, x)
}

pub fn run() -> Result<(), String> {
    let x = 2.0f32;
    reverse("f2", &x, |x| f2(square, *x) as f64, |x, d| unsafe {
        *d = api::autodiff_fn_f32(top2 as usize, cnst(), square, out(), *x);
    }, TOL_F32)
}
