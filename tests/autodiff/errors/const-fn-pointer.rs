// Const on a function pointer that passes floats: Enzyme takes the call through it for
// inactive and the derivative comes out 0 silently (tests/enzyme-bugs/
// const-fnptr-inactive.ll; rustc's own abi_handling.rs `f2`). The error points at the type;
// a pointer that passes only integers stays allowed.
// build: rustc
use typetree_autodiff::autodiff_reverse;

#[autodiff_reverse(d_apply, Const, Active, Active)]
pub fn apply(f: fn(f32) -> f32, x: f32) -> f32 {
    f(x)
}

#[autodiff_reverse(d_pick, Const, Duplicated, Active)]
pub fn pick(ix: fn(usize) -> usize, xs: &[f64]) -> f64 {
    xs[ix(0)] * 2.0
}
