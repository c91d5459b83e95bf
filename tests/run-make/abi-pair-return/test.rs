// A pair returned by value ({ float, float } or { double, i8 }) gets a by-offset return tree.
#[no_mangle]
#[inline(never)]
pub fn test_ret_pair(x: f32) -> (f32, f32) {
    (x, x * 2.0)
}

#[no_mangle]
#[inline(never)]
pub fn test_ret_mixed(x: f64) -> (f64, u8) {
    (x, 1)
}
