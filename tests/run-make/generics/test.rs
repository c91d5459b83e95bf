// Generic functions and structs are annotated per instance (mangled symbols), with the instance's concrete types.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Pair<T> {
    a: T,
    b: T,
}

#[inline(never)]
pub fn sum_pair<T: Copy + std::ops::Add<Output = T>>(p: &Pair<T>) -> T {
    p.a + p.b
}

#[no_mangle]
#[inline(never)]
pub fn use_f32(p: &Pair<f32>) -> f32 {
    sum_pair(p)
}

#[no_mangle]
#[inline(never)]
pub fn use_i64(p: &Pair<i64>) -> i64 {
    sum_pair(p)
}
