// Direct pass mode: scalars by value (f64, i32, bool as i1 zeroext, char) get their register-form tree.
#[no_mangle]
#[inline(never)]
pub fn test_direct(x: f64, n: i32, b: bool, c: char) -> f64 {
    if b && c == 'a' { x * n as f64 } else { x }
}

#[no_mangle]
#[inline(never)]
pub fn test_bool(b: bool) -> bool {
    !b
}
