// The attribute on something other than a function (rustc's message).
// build: rustc
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_point, Const)]
pub struct Point {
    pub x: f64,
}
