// &mut f32, &mut [f64; 4] and &mut &f64 get the same trees as their shared counterparts.
#[no_mangle]
#[inline(never)]
pub fn test_mut_ref(x: &mut f32) -> f32 {
    *x *= 2.0;
    *x
}

#[no_mangle]
#[inline(never)]
pub fn test_mut_array(x: &mut [f64; 4]) {
    x[0] = x[1] * x[2];
}

#[no_mangle]
#[inline(never)]
pub fn test_mut_ref_ref(x: &mut &f64) -> f64 {
    **x
}
