// &u128 -> u128: an integer is typed at every one of its bytes (rustc marks only the first byte).
#[no_mangle]
#[inline(never)]
pub fn test_u128(x: &u128) -> u128 {
    x.wrapping_mul(*x)
}
