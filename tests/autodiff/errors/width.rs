// Vector mode where the signature has no room for the lanes: Active arguments return one
// gradient each, a Dualv result one tangent; Dualv needs a slice.
// build: rustc
use typetree_autodiff::{autodiff_forward, autodiff_reverse};

#[autodiff_reverse(d_f, 2, Active, Active)]
pub fn f(x: f64) -> f64 {
    x * x
}

#[autodiff_forward(t_g, 2, Dualv, Dualv)]
pub fn g(x: &[f64]) -> f64 {
    x[0]
}

#[autodiff_forward(t_h, 2, Dualv, Dual)]
pub fn h(x: &f64) -> f64 {
    *x
}
