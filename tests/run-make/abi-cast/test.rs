// Cast pass mode: [f32; 2] travels as one i64 that mixes two floats, so it gets no attribute; [u8; 3] is a run of bytes, Rust's untyped memory (docs/typetree-rules.md), so its i24 gets nothing either; the returned lone u8 is an integer.
#[no_mangle]
#[inline(never)]
pub fn test_cast_array(a: [f32; 2], x: f64) -> f64 {
    (a[0] + a[1]) as f64 * x
}

#[no_mangle]
#[inline(never)]
pub fn test_cast_bytes(a: [u8; 3]) -> u8 {
    a[0] ^ a[1] ^ a[2]
}
