// A correct program built by plain rustc, not through tools/rustc-typetree: a compile error
// on the attribute saying how to build it, not a link error on __enzyme_*.
// build: rustc-no-wrapper
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Active, Active)]
pub fn square(x: f64) -> f64 {
    x * x
}

fn main() {
    println!("{:?}", d_square(3.0, 1.0));
}
