// Scalars, slices, str, arrays as integers, pairs, by-pointer structs, sret, Option,
// Box<[T]>, i128, #[track_caller]; a module whose functions keep their mangled names.
pub struct Big {
    pub a: [f64; 8],
    pub n: u32,
}

#[no_mangle]
pub fn add_f64(a: f64, b: f64) -> f64 {
    a + b
}
#[no_mangle]
pub fn is_pos(x: f32) -> bool {
    x > 0.0
}
#[no_mangle]
pub fn flag_mul(f: bool, x: f64) -> f64 {
    if f { x * 2.0 } else { x }
}
#[no_mangle]
pub fn sum(xs: &[f64]) -> f64 {
    xs.iter().sum()
}
#[no_mangle]
pub fn len_str(s: &str) -> usize {
    s.len()
}
#[no_mangle]
pub fn wide(x: i128, y: u128) -> i128 {
    x.wrapping_add(y as i128)
}
#[no_mangle]
pub fn scale(v: &mut [f32; 4], k: f32) {
    for x in v.iter_mut() {
        *x *= k;
    }
}
#[no_mangle]
pub fn pair_sum(p: (f64, f64)) -> f64 {
    p.0 + p.1
}
#[no_mangle]
pub fn two(x: [f32; 2]) -> f32 {
    x[0] + x[1]
}
#[no_mangle]
pub fn three(x: [u8; 3]) -> u8 {
    x[0] ^ x[2]
}
#[no_mangle]
pub fn big_sum(b: Big) -> f64 {
    b.a.iter().sum::<f64>() + b.n as f64
}
#[no_mangle]
pub fn make_big(x: f64) -> Big {
    Big { a: [x; 8], n: 3 }
}
#[no_mangle]
pub fn opt(x: Option<f64>) -> f64 {
    x.unwrap_or(0.0)
}
#[no_mangle]
pub fn boxed(b: Box<[f64]>) -> f64 {
    b.iter().sum()
}
#[no_mangle]
pub fn pair_ret(x: f64) -> (f64, u8) {
    (x, 1)
}
#[no_mangle]
pub fn checked(x: f64) -> Result<f64, i32> {
    if x > 0.0 { Ok(x) } else { Err(-1) }
}
#[no_mangle]
#[track_caller]
pub fn located(x: f64) -> f64 {
    x * 3.0
}

pub mod geo {
    pub fn dist(a: (f32, f32), b: (f32, f32)) -> f32 {
        ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).sqrt()
    }
    pub fn norm(v: &[f32]) -> f32 {
        v.iter().map(|x| x * x).sum::<f32>().sqrt()
    }
}
