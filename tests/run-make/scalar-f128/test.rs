// &f128 -> f128 uses Float@fp128 (rustc's scalar-types/f128-typetree).
//@ needs-nightly
#![feature(f128)]
#[no_mangle]
#[inline(never)]
pub fn test_f128(x: &f128) -> f128 {
    *x * *x
}
