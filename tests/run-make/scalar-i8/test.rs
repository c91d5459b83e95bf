// &i8 -> i8: an integer is typed at every one of its bytes (rustc marks only the first byte).
#[no_mangle]
#[inline(never)]
pub fn test_i8(x: &i8) -> i8 {
    x.wrapping_mul(*x)
}
