// rustc's own autodiff test programs written with the autodiff macros (issue 33 item 5):
// tests/autodiff/gradients.sh builds this program through tools/cargo-autodiff at each opt
// level, with or without trees, and runs it. Each module is one program of rust-lang/rust's
// tests/run-make/autodiff, tests/codegen-llvm/autodiff or tests/ui/autodiff: its functions
// written as rustc's test writes them, the `#[autodiff_reverse]`/`#[autodiff_forward]`
// attribute with the same activities (and the same derivative name where upstream's is known)
// beside `#[no_mangle]` and `#[inline(never)]` where upstream has them and the names do not
// clash in one binary, and a `run` that calls the generated derivative as upstream's `main`
// does. Upstream's text itself is not copied into this repository; each module names its
// upstream file and commit (MIT OR Apache-2.0) and says where it departs from it. The
// C-interface translations of the same programs are the gradient suite's rustc_*.rs cases
// (tests/gradients/cases), whose checks this program shares
// (tests/gradients/harness_checks.rs): every derivative against central finite differences of
// the original function, every primal input unchanged.
#![allow(dead_code, clippy::all)]

#[macro_use]
mod harness {
    include!("../../gradients/harness_checks.rs");
}

mod abi_handling;
mod adbench;
mod array_const_len;
mod array_typetree;
mod autodiffv2;
mod batched;
mod f32_typetree;
mod generic;
mod identical_fnc;
mod impl_method;
mod incremental;
mod macro_hygiene;
mod memcpy_typetree;
mod mixed_struct;
mod recursion;
mod recursion_depth;
mod rlib;
mod scalar;
mod slice_dst;
mod square_deref;
mod sret;
mod struct_typetree;
mod ta;
mod trait_method;
mod tuple_typetree;
mod typetree_simple;
mod void_ret;
mod window;

/// The primal results forward-mode derivatives return beside their tangents: each must be
/// the function's own value (checked after the finite-difference comparison, which gets
/// the tangent).
#[derive(Default)]
pub struct Primals(std::cell::RefCell<Option<String>>);

impl Primals {
    pub fn tangent(&self, what: &str, primal: f64, want: f64, tangent: f64) -> f64 {
        if primal != want && self.0.borrow().is_none() {
            *self.0.borrow_mut() = Some(format!("{}: returned {} as the primal, the function gives {}", what, primal, want));
        }
        tangent
    }

    pub fn check(self) -> Result<(), String> {
        self.0.into_inner().map_or(Ok(()), Err)
    }
}

type Case = (&'static str, fn() -> Result<(), String>);

const CASES: &[Case] = &[
    ("abi_handling", abi_handling::run),
    ("adbench ba safe", adbench::ba_safe::run),
    ("adbench ba unsafe", adbench::ba_unsafe::run),
    ("adbench fft safe", adbench::fft_safe::run),
    ("adbench fft unsafe", adbench::fft_unsafe::run),
    ("adbench gmm safe", adbench::gmm_safe::run),
    ("adbench gmm unsafe", adbench::gmm_unsafe::run),
    ("adbench lstm safe", adbench::lstm_safe::run),
    ("adbench lstm unsafe", adbench::lstm_unsafe::run),
    ("adbench ode safe", adbench::ode_safe::run),
    ("adbench ode unsafe", adbench::ode_unsafe::run),
    ("array_const_len", array_const_len::run),
    ("array_typetree", array_typetree::run),
    ("autodiffv2", autodiffv2::run),
    ("batched", batched::run),
    ("f32_typetree", f32_typetree::run),
    ("generic", generic::run),
    ("identical_fnc", identical_fnc::run),
    ("impl", impl_method::run),
    ("incremental", incremental::run),
    ("macro_hygiene", macro_hygiene::run),
    ("memcpy_typetree", memcpy_typetree::run),
    ("mixed_struct", mixed_struct::run),
    ("recursion", recursion::run),
    ("recursion_depth", recursion_depth::run),
    ("rlib", rlib::run),
    ("scalar", scalar::run),
    ("slice_dst", slice_dst::run),
    ("square_deref", square_deref::run),
    ("sret", sret::run),
    ("struct_typetree", struct_typetree::run),
    ("type-analysis array", ta::array::run),
    ("type-analysis array3d", ta::array3d::run),
    ("type-analysis box", ta::boxed::run),
    ("type-analysis const_pointer", ta::const_pointer::run),
    ("type-analysis memcpy", ta::memcpy::run),
    ("type-analysis mut_pointer", ta::mut_pointer::run),
    ("type-analysis mut_ref", ta::mut_ref::run),
    ("type-analysis ref f32", ta::ref_f32::run),
    ("type-analysis struct", ta::structure::run),
    ("type-analysis union", ta::union::run),
    ("type-analysis vec", ta::vec::run),
    ("trait", trait_method::run),
    ("tuple_typetree", tuple_typetree::run),
    ("typetree_simple", typetree_simple::run),
    ("void_ret", void_ret::run),
    ("iter window", window::run),
];

fn main() {
    let (mut passed, mut failed) = (0, 0);
    for (name, run) in CASES {
        match run() {
            Ok(()) => {
                passed += 1;
                println!("[PASS] rustc {}", name)
            }
            Err(e) => {
                failed += 1;
                println!("[FAIL] rustc {} -- {}", name, e)
            }
        }
    }
    println!("{} passed, {} failed", passed, failed);
    std::process::exit(if failed == 0 { 0 } else { 1 });
}
