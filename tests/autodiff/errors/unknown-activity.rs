// A misspelt activity (rustc's message), and an attribute without arguments.
// build: rustc
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_f, Duplcated, Active)]
pub fn f(x: &f64) -> f64 {
    *x
}

#[autodiff_reverse]
pub fn g(x: f64) -> f64 {
    x
}
