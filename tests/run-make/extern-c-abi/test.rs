// extern "C" on x86_64 (System V, issue 11 item 6): debuginfo does not record the ABI; export finds it where only the C lowering explains the define line ("abi": "C"), and annotate lowers it as rustc's callconv/x86_64.rs does: eightbytes classed INTEGER or SSE, cast to one register or a { lo, hi } struct, byval/sret beyond two eightbytes or when the registers run out.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Meters {
    pub v: f32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Complex {
    pub re: f64,
    pub im: f64,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Tagged {
    pub x: f64,
    pub tag: i64,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Vec3f {
    pub x: f32,
    pub y: f32,
    pub z: f32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Mixed {
    pub n: i32,
    pub w: f32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Big {
    pub v: [f64; 3],
}

// Rust ABI: Meters is an i32 here (repr(C) newtype), which tells export it is repr(C)
#[no_mangle]
#[inline(never)]
pub fn test_rust_meters(m: Meters, x: f64) -> f64 {
    m.v as f64 * x
}

// C ABI: the same Meters travels in a float register, and gets its float tree
#[no_mangle]
#[inline(never)]
pub extern "C" fn test_c_meters(m: Meters, x: f64) -> f32 {
    m.v * x as f32
}

#[no_mangle]
#[inline(never)]
pub extern "C" fn test_c_complex(a: Complex, s: f64) -> Complex {
    Complex { re: a.re * s, im: a.im * s }
}

#[no_mangle]
#[inline(never)]
pub extern "C" fn test_c_tagged(t: Tagged, s: f64) -> f64 {
    t.x * s + t.tag as f64
}

#[no_mangle]
#[inline(never)]
pub extern "C" fn test_c_vec3(v: Vec3f, s: f32) -> Vec3f {
    Vec3f { x: v.x * s, y: v.y * s, z: v.z * s }
}

#[no_mangle]
#[inline(never)]
pub extern "C" fn test_c_mixed(m: Mixed, s: f64) -> f64 {
    m.n as f64 + m.w as f64 * s
}

#[no_mangle]
#[inline(never)]
pub extern "C" fn test_c_big(b: Big, s: f64) -> Big {
    Big { v: [b.v[0] * s, b.v[1] * s, b.v[2] * s] }
}

// six INTEGER registers: the seventh Tagged finds none left and goes byval
#[no_mangle]
#[inline(never)]
pub extern "C" fn test_c_exhausted(a: Tagged, b: Tagged, c: Tagged, d: Tagged, e: Tagged, f: Tagged, g: Tagged) -> f64 {
    a.x + b.x + c.x + d.x + e.x + f.x + g.x
}

#[no_mangle]
#[inline(never)]
pub extern "C" fn test_c_scalars(flag: bool, n: u8, x: f32, p: *const f64) -> f64 {
    if flag && !p.is_null() { unsafe { *p * x as f64 + n as f64 } } else { 0.0 }
}
