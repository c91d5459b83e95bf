// &i32 -> i32: an integer is typed at every one of its bytes (rustc marks only the first byte).
#[no_mangle]
#[inline(never)]
pub fn test_i32(x: &i32) -> i32 {
    x.wrapping_mul(*x)
}
