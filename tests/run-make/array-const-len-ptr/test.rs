// A pointer to a const-length array inside a repr(C) struct is followed, and an inline array field is described (rustc's array-const-len-typetree).
const N: usize = 8;

#[derive(Clone, Copy)]
#[repr(C)]
pub struct PtrArray {
    p: *mut [f32; N],
    q: f32,
    r: f32,
}

#[derive(Clone, Copy)]
#[repr(C)]
pub struct InlineArray {
    data: [f32; N],
    scale: i32,
}

#[no_mangle]
#[inline(never)]
pub unsafe fn copy_ptr_array(a: &PtrArray, b: &mut PtrArray) {
    *b = *a
}

#[no_mangle]
#[inline(never)]
pub fn ptr_array_sum(s: &PtrArray) -> f32 {
    s.q + s.r
}

#[no_mangle]
#[inline(never)]
pub fn copy_inline_array(a: &InlineArray, b: &mut InlineArray) {
    *b = *a
}
