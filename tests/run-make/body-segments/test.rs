// Copies longer than Enzyme's offset limit (500 bytes) whose bytes are all certain carry their segment list (!enzyme_truetype: a kind and the offset where it starts, padding joined to the segment before it); shorter copies, enum bytes whose variants disagree and untyped bytes get none.
#[derive(Clone, Copy)]
pub struct Big {
    pub x: [f64; 50],
    pub t: u8,
    pub k: [i32; 30],
    pub f: f32,
}

#[derive(Clone, Copy)]
pub struct Small {
    pub x: [f64; 4],
    pub k: u32,
}

#[derive(Clone, Copy)]
pub enum Either {
    A(f64),
    B(u64),
}

#[derive(Clone, Copy)]
pub struct Eithers {
    pub e: [Either; 40],
}

#[derive(Clone, Copy)]
pub struct Bytes {
    pub b: [u8; 512],
    pub x: f64,
}

#[no_mangle]
#[inline(never)]
pub fn pass_big(b: &Big) -> f64 {
    let mut c = *b;
    c.x[0] *= 2.0;
    c.x[49] + c.f as f64 + c.x[0]
}

#[no_mangle]
#[inline(never)]
pub fn pass_small(s: &Small) -> f64 {
    let mut c = *s;
    c.x[0] *= 2.0;
    c.x[3] + c.x[0]
}

#[no_mangle]
#[inline(never)]
pub fn pass_eithers(e: &Eithers) -> f64 {
    let c = *e;
    match c.e[39] {
        Either::A(v) => v,
        Either::B(n) => n as f64,
    }
}

#[no_mangle]
#[inline(never)]
pub fn pass_bytes(b: &Bytes) -> f64 {
    let c = *b;
    c.x + c.b[511] as f64
}
