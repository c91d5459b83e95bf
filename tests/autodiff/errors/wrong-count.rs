// A wrong number of activities: one per parameter plus one for the result (rustc's message).
// build: rustc
use typetree_autodiff::{autodiff_forward, autodiff_reverse};

#[autodiff_reverse(d_energy, Duplicated)]
pub fn energy(ps: &[f64]) -> f64 {
    ps.iter().sum()
}

#[autodiff_forward(d_fill, Dual, Dual)]
pub fn fill(out: &mut f64) {
    *out = 1.0;
}
