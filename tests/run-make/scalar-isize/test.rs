// &isize -> isize: an integer is typed at every one of its bytes (rustc marks only the first byte).
#[no_mangle]
#[inline(never)]
pub fn test_isize(x: &isize) -> isize {
    x.wrapping_mul(*x)
}
