// &f16 -> f16 uses Float@half (rustc's scalar-types/f16-typetree).
//@ needs-nightly
#![feature(f16)]
#[no_mangle]
#[inline(never)]
pub fn test_f16(x: &f16) -> f16 {
    *x * *x
}
