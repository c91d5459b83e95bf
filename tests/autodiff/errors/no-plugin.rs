// A correct program built by tools/rustc-typetree without an Enzyme plugin: a compile error
// on the attribute saying to give one, not a link error on __enzyme_*.
// build: wrapper-no-plugin
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_square, Active, Active)]
pub fn square(x: f64) -> f64 {
    x * x
}

fn main() {
    println!("{:?}", d_square(3.0, 1.0));
}
