// A copy out of a reference variable taken from an unnamed temporary (`for e in a.iter()
// { out.push(*e) }`): at -O0 `e` is loaded from the Option<&P> that `next` returned, a
// temporary with no type, and kept in a register; rustc stores it into `e`'s alloca for
// the debugger only. That store makes the loaded pointer a place of P (ir_body_rewrite.c,
// body_scan_store), so the memcpy of `*e` gets P's tree on its source. Before, it reached
// Enzyme untyped (random_cases.py seed 5, case 3, with an enum whose variants disagree:
// a zero gradient at -O0).
#[derive(Clone, Copy)]
#[allow(dead_code)]
pub struct P {
    x: f64,
    n: u32,
    y: f32,
}

#[no_mangle]
#[inline(never)]
pub fn body_stored_pointers(a: &[P], out: &mut Vec<P>) {
    for e in a.iter() {
        out.push(*e);
    }
}
