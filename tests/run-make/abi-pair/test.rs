// Pair pass mode: (f32, f32), a two-field struct and (f64, u8) by value are two LLVM parameters, each with its own half's tree.
#[derive(Clone, Copy)]
pub struct P2 {
    x: f32,
    y: f32,
}

#[no_mangle]
#[inline(never)]
pub fn test_pair_tuple(t: (f32, f32)) -> f32 {
    t.0 * t.1
}

#[no_mangle]
#[inline(never)]
pub fn test_pair_struct(p: P2, q: f64) -> f64 {
    (p.x + p.y) as f64 * q
}

#[no_mangle]
#[inline(never)]
pub fn test_pair_mixed(t: (f64, u8)) -> f64 {
    t.0 + t.1 as f64
}
