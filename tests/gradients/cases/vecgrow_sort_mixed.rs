//! to_vec of a slice of mixed structs, sort_by on the float key (the stable sort's
//! element moves: copies of structs mixing f64 and integers), then a rank-weighted sum.
//! Inputs chosen without ties.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Rec {
    pub key: f64,
    pub id: u64,
    pub val: f64,
}
params!(Rec, key, val);

#[inline(never)]
fn f(x: &[Rec]) -> f64 {
    let mut v = x.to_vec();
    v.sort_by(|a, b| a.key.partial_cmp(&b.key).unwrap());
    v.iter().enumerate().map(|(i, r)| (i as f64 + 1.0) * r.val * r.key + r.id as f64 * r.val).sum()
}

#[inline(never)]
fn top(x: *const Rec, n: usize) -> f64 {
    unsafe { f(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let keys = [0.3, -1.2, 2.5, 0.9, -0.4, 1.7, 0.05];
    let x: Vec<Rec> = keys.iter().enumerate()
        .map(|(i, &k)| Rec { key: k, id: 3 * i as u64 + 1, val: 1.0 - 0.2 * i as f64 })
        .collect();
    reverse("reverse", &x, |x| f(x), |x, d| unsafe {
        __enzyme_autodiff(top as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)
}
