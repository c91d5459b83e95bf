//! Vec editing inside differentiated code: vec![x; n] of an active x (from_elem clones
//! the value, or callocs when it may be zero), insert and remove (memmove of the tail
//! inside the buffer), swap_remove, truncate and clear then regrowth; on f64, on f32, on a
//! mixed struct and on Vec<Vec<f64>>, in reverse and forward mode.
use crate::harness::*;

#[derive(Clone, Copy, Debug)]
pub struct Item {
    pub w: f64,
    pub tag: u32,
    pub v: f32,
}

#[inline(never)]
fn floats(x: &[f64]) -> f64 {
    let n = x.len();
    let mut v = vec![x[0] * 0.5; n + 1];
    for i in 0..n {
        v[i] *= x[i];
        v.insert(i / 2, x[(i + 1) % n] + 0.25);
    }
    let r = v.remove(1);
    v.truncate(n + 2);
    v.insert(0, r * r);
    v.swap_remove(2);
    v.iter().enumerate().map(|(i, y)| y * (1.0 + i as f64)).sum::<f64>() + v.len() as f64
}

#[inline(never)]
fn items(x: &[f64]) -> f64 {
    let n = x.len();
    let seed = Item { w: x[1], tag: 7, v: 1.5 };
    let mut v = vec![seed; 2];
    for i in 0..n {
        v.insert(v.len() / 2, Item { w: x[i] * x[i], tag: i as u32, v: (i as f32) * 0.5 });
    }
    let gone = v.remove(n / 2);
    v.truncate(n);
    v.push(gone);
    let mut s = 0.0;
    for (i, it) in v.iter().enumerate() {
        s += it.w * (it.tag as f64 + 1.0) * (i as f64 + it.v as f64);
    }
    v.clear();
    v.push(Item { w: s * 0.5, tag: 1, v: 2.0 });
    s + v[0].w * v[0].w
}

#[inline(never)]
fn singles(x: &[f32]) -> f32 {
    let n = x.len();
    let mut v = vec![x[2] + 1.0; 3];
    for i in 0..n {
        v.insert(i % 2, x[i] * (1.0 + 0.25 * i as f32));
    }
    let r = v.remove(v.len() - 2);
    v.truncate(n);
    v.insert(1, r * x[0]);
    v.iter().enumerate().map(|(i, y)| y * y * (1.0 - 0.1 * i as f32)).sum()
}

#[inline(never)]
fn top_singles(x: *const f32, n: usize) -> f32 {
    unsafe { singles(std::slice::from_raw_parts(x, n)) }
}

#[inline(never)]
fn rows(x: &[f64]) -> f64 {
    let n = x.len();
    let mut m: Vec<Vec<f64>> = vec![vec![x[0]; 2]; 2];
    for i in 0..n {
        let row: Vec<f64> = (0..i + 1).map(|j| x[(i + j) % n] * (j as f64 + 1.0)).collect();
        m.insert(i % 3, row);
    }
    let first = m.remove(0);
    m.truncate(n);
    m.insert(1, first);
    m.iter().enumerate().map(|(i, r)| r.iter().map(|a| a * a).sum::<f64>() * (i as f64 + 1.0)).sum()
}

#[inline(never)]
fn top_rows(x: *const f64, n: usize) -> f64 {
    unsafe { rows(std::slice::from_raw_parts(x, n)) }
}

#[inline(never)]
fn top_floats(x: *const f64, n: usize) -> f64 {
    unsafe { floats(std::slice::from_raw_parts(x, n)) }
}

#[inline(never)]
fn top_items(x: *const f64, n: usize) -> f64 {
    unsafe { items(std::slice::from_raw_parts(x, n)) }
}

pub fn run() -> Result<(), String> {
    let x = vec![0.75, -1.5, 2.0, 0.5, 1.25];
    reverse("floats reverse", &x, |x| floats(x), |x, d| unsafe {
        __enzyme_autodiff(top_floats as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)?;
    forward("floats forward", &x, |x| floats(x), |x, t| unsafe {
        __enzyme_fwddiff(top_floats as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL)?;
    reverse("items reverse", &x, |x| items(x), |x, d| unsafe {
        __enzyme_autodiff(top_items as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)?;
    forward("items forward", &x, |x| items(x), |x, t| unsafe {
        __enzyme_fwddiff(top_items as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL)?;
    let xs: Vec<f32> = x.iter().map(|a| *a as f32).collect();
    reverse("singles reverse", &xs, |x| singles(x) as f64, |x, d| unsafe {
        f32api::__enzyme_autodiff(top_singles as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL_F32)?;
    forward("singles forward", &xs, |x| singles(x) as f64, |x, t| unsafe {
        f32api::__enzyme_fwddiff(top_singles as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len()) as f64
    }, TOL_F32)?;
    reverse("rows reverse", &x, |x| rows(x), |x, d| unsafe {
        __enzyme_autodiff(top_rows as usize, dup(), x.as_ptr(), d.as_mut_ptr(), cnst(), x.len());
    }, TOL)?;
    forward("rows forward", &x, |x| rows(x), |x, t| unsafe {
        __enzyme_fwddiff(top_rows as usize, dup(), x.as_ptr(), t.as_ptr(), cnst(), x.len())
    }, TOL)
}
