// *const f32 and *mut f32 get the same tree as &f32; a pointer to a pointer nests one level.
#[no_mangle]
#[inline(never)]
pub unsafe fn test_const_ptr(x: *const f32) -> f32 {
    *x * *x
}

#[no_mangle]
#[inline(never)]
pub unsafe fn test_mut_ptr(x: *mut f32) -> f32 {
    *x *= 2.0;
    *x
}

#[no_mangle]
#[inline(never)]
pub unsafe fn test_ptr_ptr(x: *const *mut f64) -> f64 {
    **x
}
