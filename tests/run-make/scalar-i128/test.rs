// &i128 -> i128: an integer is typed at every one of its bytes (rustc marks only the first byte).
#[no_mangle]
#[inline(never)]
pub fn test_i128(x: &i128) -> i128 {
    x.wrapping_mul(*x)
}
