// &Vec<Vec<f64>>: the outer buffer's elements are Vecs whose buffers hold f64.
#[no_mangle]
#[inline(never)]
pub fn test_nested(v: &Vec<Vec<f64>>) -> f64 {
    v.iter().map(|r| r.iter().sum::<f64>()).sum()
}

#[no_mangle]
#[inline(never)]
pub fn test_vec_by_value(v: Vec<f32>) -> f32 {
    v.iter().sum()
}
