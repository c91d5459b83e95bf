// &f32 -> f32: the pointer gets [-1,0]:Float@float, the return {[-1]:Float@float} (rustc's scalar-types/f32-typetree).
#[no_mangle]
#[inline(never)]
pub fn test_f32(x: &f32) -> f32 {
    x * x
}
