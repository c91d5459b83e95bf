// A repr(C) struct of three f64 behind a reference: one Float@double per field offset (rustc's struct-typetree).
#[repr(C)]
pub struct Point {
    x: f64,
    y: f64,
    z: f64,
}

#[no_mangle]
#[inline(never)]
pub fn test_struct(point: &Point) -> f64 {
    point.x + point.y + point.z
}
