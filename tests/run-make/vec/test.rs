// &Vec<f64> reaches the element type through the buffer pointer (rustc stops at RawVec's *const u8).
#[no_mangle]
#[inline(never)]
pub fn test_vec(v: &Vec<f64>) -> f64 {
    v.iter().sum()
}
