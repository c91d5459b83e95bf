// A reference to a struct holding a reference and a raw pointer to an array: every pointer level is followed.
#[repr(C)]
pub struct S<'a> {
    p: &'a f64,
    v: f32,
    q: *const [f32; 4],
}

#[no_mangle]
#[inline(never)]
pub fn test_nested_refs(s: &S) -> f64 {
    *s.p + s.v as f64
}

#[no_mangle]
#[inline(never)]
pub fn test_ref_ref(x: &&f64) -> f64 {
    **x
}
