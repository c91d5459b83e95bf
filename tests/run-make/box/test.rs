// Box<f32> by value is a thin pointer like &f32; &Box<f32> is a pointer to a pointer.
#[no_mangle]
#[inline(never)]
pub fn test_box(b: Box<f32>) -> f32 {
    *b * 2.0
}

#[no_mangle]
#[inline(never)]
pub fn test_box_ref(b: &Box<f32>) -> f32 {
    **b * 2.0
}

#[no_mangle]
#[inline(never)]
pub fn test_box_slice(b: Box<[f64]>) -> f64 {
    b.iter().sum()
}
