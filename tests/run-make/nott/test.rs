// With --no-typetree no function carries an "enzyme_type" attribute (rustc's nott-flag).
//@ annotate-flags: --no-typetree
#[no_mangle]
#[inline(never)]
pub fn square(x: &f64) -> f64 {
    x * x
}
