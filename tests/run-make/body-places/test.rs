// In-body trees, one rule each (docs/typetree-rules.md, "Inside bodies"): a struct copied
// into a declared local (memcpy typed on both operands, alloca metadata), a union copied
// (nothing for its bytes), an enum whose variants disagree (nothing for those bytes), a
// returned pair split (extractvalue metadata), a scalar loaded from a typed place.
//@ explain-body: body_places
#[derive(Clone, Copy)]
pub struct P {
    x: f64,
    n: u32,
    y: f32,
    z: f64,
}

#[derive(Clone, Copy)]
pub union U {
    f: [f64; 3],
    i: [u64; 3],
}

#[derive(Clone, Copy)]
pub enum E {
    F(f64, f64, f64),
    I(u64, u64, u64),
}

#[inline(never)]
fn make(a: f64) -> (f64, u64) {
    (a * 2.0, 3)
}

#[no_mangle]
#[inline(never)]
pub fn body_places(p: &P, u: &U, e: &E, a: f64) -> f64 {
    let q = *p;
    let v = *u;
    let w = *e;
    let (s, k) = make(a);
    let t = match w {
        E::F(f, _, _) => f,
        E::I(..) => 0.0,
    };
    q.x * s + q.y as f64 + k as f64 + unsafe { v.f[0] } + t
}
