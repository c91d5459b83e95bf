// A function that copies its array argument with copy_nonoverlapping still gets its argument's tree (rustc's memcpy-typetree).
use std::ptr;

#[no_mangle]
#[inline(never)]
pub fn force_memcpy(src: *const f64, dst: *mut f64, count: usize) {
    unsafe { ptr::copy_nonoverlapping(src, dst, count) }
}

#[no_mangle]
#[inline(never)]
pub fn test_memcpy(input: &[f64; 128]) -> f64 {
    let mut local = [0.0f64; 128];
    force_memcpy(input.as_ptr(), local.as_mut_ptr(), 128);
    local[0] * local[0] + local[1] * local[1] + local[2] * local[2] + local[3] * local[3]
}
