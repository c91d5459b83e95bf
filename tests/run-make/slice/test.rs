// &[f64] is two LLVM parameters: the data pointer with [-1,-1]:Float@double and the length (rustc's slice-typetree).
#[no_mangle]
#[inline(never)]
pub fn test_slice(slice: &[f64]) -> f64 {
    slice.iter().sum()
}
