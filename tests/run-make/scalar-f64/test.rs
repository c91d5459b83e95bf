// &f64 -> f64: the pointer gets [-1,0]:Float@double, the return {[-1]:Float@double} (rustc's scalar-types/f64-typetree).
#[no_mangle]
#[inline(never)]
pub fn test_f64(x: &f64) -> f64 {
    x * x
}
