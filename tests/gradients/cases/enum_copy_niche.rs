//! A slice of an enum whose variants hold a float and an integer at the same bytes, told
//! apart by a niche (the NonZeroU64's 0: Live(NonZeroU64, f64), Dead(u64)), copied with a
//! run-time length (to_vec). Each element is copied by the variant it holds, read from the
//! niche (annotate --typed-copy-loops; enum_copy_values has a direct tag).
use crate::harness::*;
use std::num::NonZeroU64;

#[derive(Clone, Copy, Debug)]
pub enum Cell {
    Live(NonZeroU64, f64),
    Dead(u64),
}

impl Params for Cell {
    fn visit(&mut self, f: &mut dyn FnMut(Slot)) {
        if let Cell::Live(_, x) = self {
            x.visit(f)
        }
    }
}

fn cell(c: &Cell) -> f64 {
    match *c {
        Cell::Live(k, x) => if k.get() % 2 == 1 { x.exp() } else { 2.0 * x },
        Cell::Dead(n) => n as f64,
    }
}

#[inline(never)]
fn cells(cs: &[Cell]) -> f64 {
    let v = cs.to_vec();
    v.iter().enumerate().map(|(i, c)| cell(c) * (1.0 + 0.5 * i as f64)).sum::<f64>() + cell(&cs[0])
}

#[inline(never)]
fn top_cells(p: *const Cell, n: usize) -> f64 {
    unsafe { cells(std::slice::from_raw_parts(p, n)) }
}

pub fn run() -> Result<(), String> {
    let live = |k: u64, x: f64| Cell::Live(NonZeroU64::new(k).unwrap(), x);
    let cs = vec![live(1, 0.3), Cell::Dead(4), live(2, -0.8), live(3, 1.1)];
    reverse("cells reverse", &cs, |v| cells(v), |v, d| unsafe {
        __enzyme_autodiff(top_cells as usize, dup(), v.as_ptr(), d.as_mut_ptr(), cnst(), v.len());
    }, TOL)?;
    forward("cells forward", &cs, |v| cells(v), |v, t| unsafe {
        __enzyme_fwddiff(top_cells as usize, dup(), v.as_ptr(), t.as_ptr(), cnst(), v.len())
    }, TOL)
}
