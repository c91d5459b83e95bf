//! A Vec of mixed records (u32 key, f64, bool, [f64; 3], f32, i64, usize) copied with to_vec and
//! clone, sorted by an integer key and by a float key, swapped, rotated, reversed, retained and
//! binary-searched: std's slice sort/merge code moving mixed structs that Enzyme must type.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Record {
    pub key: u32,
    pub w: f64,
    pub flag: bool,
    pub vals: [f64; 3],
    pub scale: f32,
    pub rank: i64,
    pub n: usize,
}
params!(Record, w, vals);

#[inline(never)]
fn by_key(recs: &[Record]) -> Vec<Record> {
    let mut v = recs.to_vec();
    v.sort_by_key(|r| r.key);
    v
}

#[inline(never)]
fn by_weight(recs: &[Record]) -> Vec<Record> {
    let mut v: Vec<Record> = recs.iter().cloned().collect();
    // The weights are at least 0.1 apart: finite differences never reorder them.
    v.sort_by(|a, b| a.w.partial_cmp(&b.w).unwrap());
    v
}

#[inline(never)]
fn shuffle(mut v: Vec<Record>) -> Vec<Record> {
    let n = v.len();
    for i in 0..n / 2 {
        v.swap(i, n - 1 - i);
    }
    v.rotate_left(2);
    let tail = v[n - 2..].to_vec();
    v.extend_from_slice(&tail);
    v.reverse();
    v
}

#[inline(never)]
fn weigh(r: &Record, pos: usize) -> f64 {
    let s = r.scale as f64 * (1.0 + 0.1 * r.rank as f64);
    let v = r.vals[0] * r.vals[1] + (r.vals[2] * r.w).sin();
    (pos as f64 + 1.0) * s * v + if r.flag { r.w * r.w } else { r.w } + r.n as f64 * 0.01
}

#[inline(never)]
fn f(recs: &[Record]) -> f64 {
    let a = by_key(recs);
    let b = by_weight(recs);
    let mut c = shuffle(a.clone());
    c.retain(|r| r.flag || r.key % 3 == 0);
    let mut s = 0.0;
    for (i, r) in a.iter().enumerate() {
        s += weigh(r, i);
    }
    for (i, r) in b.iter().enumerate() {
        s += 0.5 * weigh(r, i) * b[(i + 1) % b.len()].w;
    }
    for (i, r) in c.iter().enumerate() {
        s += 0.25 * weigh(r, i);
    }
    for k in [3u32, 11, 20] {
        if let Ok(i) = a.binary_search_by_key(&k, |r| r.key) {
            s += a[i].vals[1] * a[i].w;
        }
    }
    s
}

#[inline(never)]
fn top(r: *const Record, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(r, n)) }
}

pub fn run() -> Result<(), String> {
    let keys = [17u32, 3, 11, 42, 8, 25, 1, 30];
    let recs: Vec<Record> = keys
        .iter()
        .enumerate()
        .map(|(i, &k)| Record {
            key: k,
            w: 0.3 + 0.17 * ((i * 5) % 8) as f64,
            flag: i % 2 == 0,
            vals: [0.5 - 0.1 * i as f64, 1.0 + 0.05 * i as f64, 0.2 * i as f64 - 0.4],
            scale: 0.5 + 0.25 * i as f32,
            rank: 2 - i as i64,
            n: i * 3,
        })
        .collect();
    reverse("reverse", &recs, |r| f(r), |r, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), r.as_ptr(), d.as_mut_ptr(), cnst(), r.len());
    }, TOL)
}
