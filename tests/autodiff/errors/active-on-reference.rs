// Active on a reference: there is no float to return a gradient for (rustc itself lets it
// through to codegen); the error points at the type.
// build: rustc
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_norm, Active, Active)]
pub fn norm(x: &[f64; 2]) -> f64 {
    (x[0] * x[0] + x[1] * x[1]).sqrt()
}
