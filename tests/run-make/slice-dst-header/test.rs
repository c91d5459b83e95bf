// &Header<[f32]> (a sized prefix with a slice tail): the exporter leaves the function out, so it is left unannotated (rustc's slice-dst-typetree, HEADER).
#[repr(C)]
pub struct Header<T: ?Sized> {
    tag: f32,
    data: T,
}

#[no_mangle]
#[inline(never)]
pub fn header_sum(value: &Header<[f32]>) -> f32 {
    value.tag + value.data.iter().sum::<f32>()
}
