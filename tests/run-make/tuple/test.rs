// A tuple of three f64 behind a reference: one Float@double per element offset (rustc's tuple-typetree).
#[no_mangle]
#[inline(never)]
pub fn test_tuple(tuple: &(f64, f64, f64)) -> f64 {
    tuple.0 + tuple.1 + tuple.2
}
