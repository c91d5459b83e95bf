//! #[repr(C)] records (f64, u32, f32, [f64; 2], u8, padding) written into a byte buffer at
//! unaligned offsets with ptr::write_unaligned / copy_nonoverlapping and read back with
//! ptr::read_unaligned: a byte array ([u8]) whose content is float only by provenance.
use crate::harness::*;
use std::mem::size_of;
use std::ptr;

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Rec {
    pub a: f64,
    pub n: u32,
    pub b: f32,
    pub c: [f64; 2],
    pub flag: u8,
}
params!(Rec, a, b, c);

#[inline(never)]
fn write_all(recs: &[Rec], scale: f64) -> Vec<u8> {
    let sz = size_of::<Rec>();
    let mut buf = vec![0u8; 3 + sz * recs.len()];
    for (i, r) in recs.iter().enumerate() {
        let mut r2 = *r;
        r2.a *= scale;
        r2.c[1] += scale * r.c[0];
        unsafe { ptr::write_unaligned(buf.as_mut_ptr().add(3 + i * sz) as *mut Rec, r2) };
    }
    buf
}

#[inline(never)]
fn read_one(buf: &[u8], i: usize) -> Rec {
    let sz = size_of::<Rec>();
    assert!(3 + (i + 1) * sz <= buf.len());
    unsafe { ptr::read_unaligned(buf.as_ptr().add(3 + i * sz) as *const Rec) }
}

#[inline(never)]
fn as_bytes(r: &Rec) -> [u8; size_of::<Rec>()] {
    let mut out = [0u8; size_of::<Rec>()];
    unsafe { ptr::copy_nonoverlapping(r as *const Rec as *const u8, out.as_mut_ptr(), size_of::<Rec>()) };
    out
}

#[inline(never)]
fn from_bytes(b: &[u8; size_of::<Rec>()]) -> Rec {
    unsafe { ptr::read_unaligned(b.as_ptr() as *const Rec) }
}

#[inline(never)]
fn field_c1(buf: &[u8], i: usize) -> f64 {
    // Read one f64 field straight out of the byte buffer by its offset in the record.
    let off = 3 + i * size_of::<Rec>() + 24;
    unsafe { ptr::read_unaligned(buf.as_ptr().add(off) as *const f64) }
}

#[inline(never)]
fn f(recs: &[Rec], scale: f64) -> f64 {
    let buf = write_all(recs, scale);
    let mut s = 0.0;
    for i in 0..recs.len() {
        let r = read_one(&buf, recs.len() - 1 - i);
        let bytes = as_bytes(&r);
        let r2 = from_bytes(&bytes);
        s += (r2.a * r2.c[0] + r2.b as f64 * r2.c[1]) * (1.0 + r2.n as f64 * 0.1) + if r2.flag != 0 { r2.a } else { 0.0 };
        s += 0.5 * field_c1(&buf, i).powi(2);
    }
    s
}

#[inline(never)]
fn top(r: *const Rec, n: usize, scale: *const f64) -> f64 {
    unsafe { f(std::slice::from_raw_parts(r, n), *scale) }
}

pub fn run() -> Result<(), String> {
    let recs: Vec<Rec> = (0..4)
        .map(|i| {
            let t = i as f64;
            Rec { a: 0.5 + 0.25 * t, n: 3 * i as u32, b: 1.0 - 0.5 * i as f32, c: [0.3 * t - 0.2, 0.7], flag: (i % 2) as u8 }
        })
        .collect();
    let x = (recs, 1.4f64);
    reverse("reverse", &x, |x| f(&x.0, x.1), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.0.as_ptr(), d.0.as_mut_ptr(), cnst(), x.0.len(), dup(), &x.1, &mut d.1);
    }, TOL_F32)
}
