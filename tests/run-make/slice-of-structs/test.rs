// &[(f64, f64)] and &mut [P] with P a repr(C) pair: homogeneous elements collapse to [-1,-1].
#[repr(C)]
pub struct P {
    x: f64,
    y: f64,
}

#[no_mangle]
#[inline(never)]
pub fn test_slice_tuples(s: &[(f64, f64)]) -> f64 {
    s.iter().map(|t| t.0 * t.1).sum()
}

#[no_mangle]
#[inline(never)]
pub fn test_slice_structs(s: &mut [P]) {
    for p in s {
        p.x += p.y;
    }
}

#[no_mangle]
#[inline(never)]
pub fn test_slice_mixed(s: &[(f32, i32)]) -> f32 {
    s.iter().map(|t| t.0 * t.1 as f32).sum()
}
