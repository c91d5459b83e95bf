// A sized generic type taken for a struct ending in a slice: a compile error on the attribute.
// build: rustc
// A sized generic type whose last type argument is a slice (`Holder<[f32]>` owns a
// `Box<[f32]>`) is taken by the macros for a struct ending in that slice, whose reference
// is a data pointer and a length (rustc's tests/run-make/autodiff/type-trees/
// slice-dst-typetree differentiates `&Header<[f32]>`): the expansion's cast to the slice's
// pointer does not compile, so the mistake is a compile error at the attribute, never a
// call Enzyme would pair with the wrong arguments.
use typetree_autodiff::autodiff_reverse;

pub struct Holder<T: ?Sized>(Box<T>);

#[autodiff_reverse(d_sum, Duplicated, Active)]
pub fn sum(h: &Holder<[f32]>) -> f32 {
    h.0.iter().sum()
}
