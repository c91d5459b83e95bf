// What cannot be differentiated or lowered: a parameter without a plain name, a shadowed
// `&str`, a `const fn`, an `async fn`, an `impl Trait` result.
// build: rustc
use typetree_autodiff::{autodiff_forward, autodiff_reverse};

#[autodiff_reverse(d_f, Active, Active)]
pub fn f((a, b): (f64, f64)) -> f64 {
    a * b
}

#[autodiff_forward(t_g, Dual, Dual)]
pub fn g(s: &str) -> f64 {
    s.len() as f64
}

#[autodiff_reverse(d_h, Active, Active)]
pub const fn h(x: f64) -> f64 {
    x
}

#[autodiff_reverse(d_k, Active, Active)]
pub async fn k(x: f64) -> f64 {
    x
}

#[autodiff_forward(t_m, Dual, Dual)]
pub fn m(x: f64) -> impl Copy {
    x
}
