// A dynamic library: built by plain rustc, its calls of Enzyme would stay unresolved.
// build: wrapper-no-plugin
// The wrapper runs Enzyme on programs, static libraries and the rlibs they link; a cdylib
// or dylib would carry the derivative's `__enzyme_*` calls into the program that loads it
// (a link error there). The crate type comes from the crate's own attribute: the wrapper
// reads it when the command line gives none, as rustc does.
#![crate_type = "cdylib"]
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Active, Active)]
pub fn square(x: f64) -> f64 {
    x * x
}
