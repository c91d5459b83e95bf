//! A 50-field State (8 groups of f64, f32, u32, [f64; 2], u8, i64, plus bool/usize/f64 tail)
//! moved BY VALUE through 16 macro-generated #[inline(never)] stages, mixed pairwise and
//! kept in a [State; 4] history: many large byval/sret copies of one mixed layout. BIG.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct State {
    pub a0: f64,
    pub b0: f32,
    pub n0: u32,
    pub c0: [f64; 2],
    pub t0: u8,
    pub e0: i64,
    pub a1: f64,
    pub b1: f32,
    pub n1: u32,
    pub c1: [f64; 2],
    pub t1: u8,
    pub e1: i64,
    pub a2: f64,
    pub b2: f32,
    pub n2: u32,
    pub c2: [f64; 2],
    pub t2: u8,
    pub e2: i64,
    pub a3: f64,
    pub b3: f32,
    pub n3: u32,
    pub c3: [f64; 2],
    pub t3: u8,
    pub e3: i64,
    pub a4: f64,
    pub b4: f32,
    pub n4: u32,
    pub c4: [f64; 2],
    pub t4: u8,
    pub e4: i64,
    pub a5: f64,
    pub b5: f32,
    pub n5: u32,
    pub c5: [f64; 2],
    pub t5: u8,
    pub e5: i64,
    pub a6: f64,
    pub b6: f32,
    pub n6: u32,
    pub c6: [f64; 2],
    pub t6: u8,
    pub e6: i64,
    pub a7: f64,
    pub b7: f32,
    pub n7: u32,
    pub c7: [f64; 2],
    pub t7: u8,
    pub e7: i64,
    pub on: bool,
    pub cursor: usize,
    pub w: f64,
    pub z: f64,
}
params!(State, a0, c0, a1, c1, a2, c2, a3, c3, a4, c4, a5, c5, a6, c6, a7, c7, w, z);

/// One group's update inside a stage: floats driven by the group's integers and by the
/// previous group's float (a ring).
macro_rules! upd {
    ($s:ident, $k:literal, $a:ident, $b:ident, $n:ident, $c:ident, $t:ident, $e:ident, $p:ident) => {
        let m = if $s.$t % 2 == 0 { 1.0 } else { -0.5 };
        $s.$a = $s.$a * (1.0 - 0.01 * ($k as f64)) + 0.1 * m * ($s.$c[0] * $s.$c[1]).sin()
            + 1e-3 * ($s.$n as f64) * $s.$p + 0.05 * $s.w * $s.$p.cos();
        $s.$c[0] += 0.05 * $s.$a.cos() + 0.01 * ($s.$b as f64) * $s.$c[1];
        $s.$c[1] = $s.$c[1] * 0.98 + 0.02 * ($s.$e as f64) * $s.$c[0].tanh() + 0.01 * $s.z * $s.$a;
        $s.$n = ($s.$n.wrapping_mul(3).wrapping_add($k)) % 11;
        $s.$t = $s.$t.wrapping_add(1 + $k);
        $s.$e -= 1;
    };
}

macro_rules! for_groups {
    ($m:ident, $s:ident, $k:literal) => {
        $m!($s, $k, a0, b0, n0, c0, t0, e0, a7);
        $m!($s, $k, a1, b1, n1, c1, t1, e1, a0);
        $m!($s, $k, a2, b2, n2, c2, t2, e2, a1);
        $m!($s, $k, a3, b3, n3, c3, t3, e3, a2);
        $m!($s, $k, a4, b4, n4, c4, t4, e4, a3);
        $m!($s, $k, a5, b5, n5, c5, t5, e5, a4);
        $m!($s, $k, a6, b6, n6, c6, t6, e6, a5);
        $m!($s, $k, a7, b7, n7, c7, t7, e7, a6);
    };
}

macro_rules! stages {
    ($($name:ident = $k:literal),*) => { $(
        #[inline(never)]
        fn $name(mut s: State) -> State {
            for_groups!(upd, s, $k);
            s.z = s.z * 0.95 + 0.05 * s.a0 * s.a7;
            s.cursor = (s.cursor + $k) % 4;
            s.on = !s.on;
            s
        }
    )* };
}

stages!(st0 = 0, st1 = 1, st2 = 2, st3 = 3, st4 = 4, st5 = 5, st6 = 6, st7 = 7,
        st8 = 8, st9 = 9, st10 = 10, st11 = 11, st12 = 12, st13 = 13, st14 = 14, st15 = 15);

#[inline(never)]
fn mix(x: State, y: State, t: f64) -> State {
    let mut r = if x.on { x } else { y };
    r.w = (1.0 - t) * x.w + t * y.w;
    r.z = (1.0 - t) * x.z + t * y.z;
    r.a3 = 0.5 * (x.a3 + y.a3);
    r.c5 = [x.c5[0], y.c5[1]];
    r
}

#[inline(never)]
fn score(s: &State) -> f64 {
    s.a0 * s.c0[0] + 0.5 * s.c0[1] * s.c0[1] + s.a1 * s.c1[0] + 0.5 * s.c1[1] * s.c1[1] + s.a2 * s.c2[0] + 0.5 * s.c2[1] * s.c2[1] + s.a3 * s.c3[0] + 0.5 * s.c3[1] * s.c3[1] + s.a4 * s.c4[0] + 0.5 * s.c4[1] * s.c4[1] + s.a5 * s.c5[0] + 0.5 * s.c5[1] * s.c5[1] + s.a6 * s.c6[0] + 0.5 * s.c6[1] * s.c6[1] + s.a7 * s.c7[0] + 0.5 * s.c7[1] * s.c7[1] + s.w * s.z
}

macro_rules! run_stages {
    ($s:ident, $hist:ident, $total:ident; $($i:literal: $st:ident),*) => { $(
        $s = $st($s);
        $hist[$i % 4] = $s;
        if $i % 4 == 3 {
            $s = mix($hist[$s.cursor], $hist[($s.cursor + 1) % 4], 0.25);
            $total += 0.1 * score(&$s);
        }
    )* };
}

#[inline(never)]
fn f(s0: &State) -> f64 {
    let mut hist = [*s0; 4];
    let mut s = *s0;
    let mut total = 0.0;
    run_stages!(s, hist, total; 0: st0, 1: st1, 2: st2, 3: st3, 4: st4, 5: st5, 6: st6, 7: st7,
        8: st8, 9: st9, 10: st10, 11: st11, 12: st12, 13: st13, 14: st14, 15: st15);
    total + score(&s)
}

#[inline(never)]
fn top(s: *const State) -> f64 {
    unsafe { f(&*s) }
}

pub fn run() -> Result<(), String> {
    let s = State {
        a0: 0.30, b0: 0.5, n0: 1, c0: [-0.50, 0.10], t0: 0, e0: -3,
        a1: 0.40, b1: 0.75, n1: 4, c1: [-0.30, 0.15], t1: 7, e1: -2,
        a2: 0.50, b2: 1.0, n2: 7, c2: [-0.10, 0.20], t2: 14, e2: -1,
        a3: 0.60, b3: 1.25, n3: 10, c3: [0.10, 0.25], t3: 21, e3: 0,
        a4: 0.70, b4: 1.5, n4: 13, c4: [0.30, 0.30], t4: 28, e4: 1,
        a5: 0.80, b5: 1.75, n5: 16, c5: [0.50, 0.35], t5: 35, e5: 2,
        a6: 0.90, b6: 2.0, n6: 19, c6: [0.70, 0.40], t6: 42, e6: 3,
        a7: 1.00, b7: 2.25, n7: 22, c7: [0.90, 0.45], t7: 49, e7: 4,
        on: true, cursor: 2, w: 0.7, z: -0.4,
    };
    reverse("reverse", &s, |s| f(s), |s, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), s, d);
    }, TOL)
}
