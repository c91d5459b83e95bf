// A large return goes through a leading sret pointer: the arguments' trees stay on their own parameters, and the sret pointer gets the returned struct's tree.
pub struct Out {
    a: f64,
    b: f64,
    c: f64,
}

#[no_mangle]
#[inline(never)]
pub fn test_sret(x: &f64, y: f32) -> Out {
    Out { a: *x, b: y as f64, c: *x * 2.0 }
}

#[no_mangle]
#[inline(never)]
pub fn test_sret_array(x: f64) -> [f64; 4] {
    [x; 4]
}
