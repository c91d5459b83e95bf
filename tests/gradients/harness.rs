// The gradient suite's harness (tests/gradients): Enzyme's C entry points and marker
// globals, and (harness_checks.rs, included at the end) the walk over a case's
// differentiable scalars, finite differences, and the two checks every case makes
// (gradient against central finite differences, primal inputs unchanged). Compiled into
// the suite's program together with every file of cases/ (tests/gradients/run.py).
#![allow(dead_code, non_upper_case_globals)]

extern "C" {
    pub fn __enzyme_autodiff(f: usize, ...) -> f64;
    pub fn __enzyme_fwddiff(f: usize, ...) -> f64;
}

/// The same entry points for functions whose result is an f32 (the return type of the
/// variadic call must be the derivative's type).
pub mod f32api {
    #[allow(clashing_extern_declarations)]
    extern "C" {
        pub fn __enzyme_autodiff(f: usize, ...) -> f32;
        pub fn __enzyme_fwddiff(f: usize, ...) -> f32;
    }
}

/// Two f64 results of a reverse call with two active (enzyme_out) scalar arguments.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Out2 {
    pub a: f64,
    pub b: f64,
}
pub mod out2api {
    #[allow(clashing_extern_declarations)]
    extern "C" {
        pub fn __enzyme_autodiff(f: usize, ...) -> super::Out2;
    }
}

// Enzyme recognises its argument markers by the names of these globals.
#[no_mangle]
pub static enzyme_dup: u8 = 0;
#[no_mangle]
pub static enzyme_const: u8 = 0;
#[no_mangle]
pub static enzyme_out: u8 = 0;
#[no_mangle]
pub static enzyme_dupnoneed: u8 = 0;

/// The markers as the pointers the variadic calls take. Always inlined: Enzyme looks for
/// the globals themselves among the call's arguments, and at -O0 nothing else inlines.
#[inline(always)]
pub fn dup() -> *const u8 {
    &enzyme_dup
}
#[inline(always)]
pub fn cnst() -> *const u8 {
    &enzyme_const
}
#[inline(always)]
pub fn out() -> *const u8 {
    &enzyme_out
}

include!("harness_checks.rs");
