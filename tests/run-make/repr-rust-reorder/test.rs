// A Rust-repr struct is reordered by rustc (the f64 first): the tree follows the real offsets, not declaration order.
pub struct Reordered {
    a: u8,
    b: f64,
    c: u16,
}

#[no_mangle]
#[inline(never)]
pub fn test_reordered(r: &Reordered) -> f64 {
    r.a as f64 + r.b + r.c as f64
}

#[no_mangle]
#[inline(never)]
pub fn test_tuple_padding(t: &(f32, f64)) -> f64 {
    t.0 as f64 + t.1
}
