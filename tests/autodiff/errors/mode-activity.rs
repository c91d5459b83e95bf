// Activities of the other mode, on an input and on the result: each error points at its
// activity (rustc's messages).
// build: rustc
use typetree_autodiff::{autodiff_forward, autodiff_reverse};

#[autodiff_forward(t_f, Active, Dual)]
pub fn f(x: f64) -> f64 {
    x.sin()
}

#[autodiff_reverse(d_g, Dual, Dual)]
pub fn g(x: &f64) -> f64 {
    x.cos()
}
