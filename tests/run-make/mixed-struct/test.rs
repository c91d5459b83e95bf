// An i64 header followed by a 1000-float array: the array is listed per element up to Enzyme's offset limit 500 (rustc's mixed-struct-typetree describes only its first float).
#[repr(C)]
pub struct Container {
    header: i64,
    data: [f32; 1000],
}

#[no_mangle]
#[inline(never)]
pub fn test_mixed_struct(container: &Container) -> f32 {
    container.data[0] + container.data[999]
}
