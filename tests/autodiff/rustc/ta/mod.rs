//! rustc's type-analysis programs (rust-lang/rust tests/run-make/autodiff/type-trees/
//! type-analysis/ and their earlier copies in tests/ui/autodiff/type-trees/type-analysis/):
//! one function `callee` over one kind of argument, `#[autodiff_reverse(d_square,
//! Duplicated, Active)]`, a float result. Upstream checks the trees rustc writes and runs
//! the primal; here the derivative runs and is checked. Upstream's `#[no_mangle]` is left
//! out: every program names its function `callee`, and here they share one binary.
pub mod array;
pub mod array3d;
pub mod boxed;
pub mod const_pointer;
pub mod memcpy;
pub mod mut_pointer;
pub mod mut_ref;
pub mod ref_f32;
pub mod structure;
pub mod union;
pub mod vec;
