//! std::autodiff's `#[autodiff_reverse]` and `#[autodiff_forward]` on stable Rust.
//!
//! Code written for `std::autodiff` builds with only its `use` line changed:
//!
//! ```ignore
//! use typetree_autodiff::autodiff_reverse;   // was: use std::autodiff::autodiff_reverse;
//!
//! #[autodiff_reverse(d_energy, Duplicated, Active)]
//! fn energy(ps: &[f64]) -> f64 { ps.iter().map(|x| x * x).sum() }
//! // generated: fn d_energy(ps: &[f64], dps_0: &mut [f64], dret: f64) -> f64
//! ```
//!
//! The generated functions have the signatures rustc generates and call Enzyme through its C
//! interface, so the program must be built by typetree's rustc wrapper (`tools/rustc-typetree`,
//! or `tools/cargo-autodiff` under cargo) with an Enzyme plugin; the attributes are compile
//! errors otherwise. The typetree repository's docs/autodiff-macros.md has the details.

pub use typetree_autodiff_macros::{autodiff_forward, autodiff_reverse};

// The expansion names this crate by its path (`::typetree_autodiff::__rt`), also from here.
extern crate self as typetree_autodiff;

/// What the expansion uses. Not an API: it may change in any version.
#[doc(hidden)]
pub mod __rt {
    // Enzyme recognises its argument markers by these global names: one definition per
    // program (Cargo.toml's `links` keeps a second version of this crate out).
    #![allow(non_upper_case_globals)]
    #[no_mangle]
    pub static enzyme_dup: u8 = 0;
    #[no_mangle]
    pub static enzyme_dupnoneed: u8 = 0;
    #[no_mangle]
    pub static enzyme_const: u8 = 0;
    #[no_mangle]
    pub static enzyme_width: u8 = 0;
    #[no_mangle]
    pub static enzyme_runtime_activity: u8 = 0;

    /// A zeroed value of `x`'s type: the shadow an Active argument's gradient is added into.
    #[inline(always)]
    pub fn zeroed_like<T>(_x: &T) -> core::mem::MaybeUninit<T> {
        core::mem::MaybeUninit::zeroed()
    }

    /// A slice's shadow must hold `lanes` slices of the primal's length: Enzyme writes that far.
    #[inline(always)]
    #[track_caller]
    pub fn check_shadow_len(primal: usize, shadow: usize, lanes: usize, name: &str) {
        if shadow / lanes.max(1) < primal {
            shadow_too_short(primal, shadow, lanes, name)
        }
    }

    #[cold]
    #[inline(never)]
    #[track_caller]
    fn shadow_too_short(primal: usize, shadow: usize, lanes: usize, name: &str) -> ! {
        if lanes > 1 {
            panic!("autodiff: the shadow {} has {} elements, fewer than {} lanes of {}", name, shadow, lanes, primal)
        }
        panic!("autodiff: the shadow {} has {} elements, fewer than its primal's {}", name, shadow, primal)
    }
}
