// &i16 -> i16: an integer is typed at every one of its bytes (rustc marks only the first byte).
#[no_mangle]
#[inline(never)]
pub fn test_i16(x: &i16) -> i16 {
    x.wrapping_mul(*x)
}
