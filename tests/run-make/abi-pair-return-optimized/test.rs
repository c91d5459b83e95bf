// A returned pair in IR that LLVM still optimizes (the wrapper at -O1..3): dead argument
// elimination may shrink { A, B } to A or B and keep the attribute, so only a tree both
// halves share ({[-1]:...}) is given; halves that differ get nothing.
//@ optimized
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

#[no_mangle]
#[inline(never)]
pub fn test_ret_refs<'a>(a: &'a f64, b: &'a f64) -> (&'a f64, &'a f64) {
    (b, a)
}
