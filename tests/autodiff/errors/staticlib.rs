// A static library: built by plain rustc, its calls of Enzyme would stay unresolved.
// build: wrapper-no-plugin
// The wrapper runs Enzyme on programs and the rlibs they link; a staticlib or cdylib would
// carry the derivative's `__enzyme_*` calls into the C program that links it (a link error
// there). The crate type comes from the crate's own attribute: the wrapper reads it when
// the command line gives none, as rustc does.
#![crate_type = "staticlib"]
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Active, Active)]
pub fn square(x: f64) -> f64 {
    x * x
}
