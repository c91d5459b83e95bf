// Duplicated on a value: its shadow must be a reference or pointer Enzyme can add into
// (rustc's rule and message); the error points at the type.
// build: rustc
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Duplicated, Active)]
pub fn square(x: f64) -> f64 {
    x * x
}
