//@ annotate-flags: --typed-copy-loops
// Copies of an enum whose variants disagree on a byte's kind (`B`'s integers lie where
// `A`'s floats do) into and between the elements of a local array go by variant, each a call
// of the copy function (ir_body_loops.c, by_variant_part): `arr[1] = arr[0]` over a place
// of [E; 2] had stayed a memcpy with the tree every variant agrees on, and came out wrong
// where the slot held the other variant before. Each variant's copy goes through
// @<name>.variant.copy, with Enzyme's rule for it registered in the module
// (ir_body_variant.c), and one function stops a copy that has no right rule.
#[derive(Clone, Copy)]
pub enum E {
    A(f64, f64),
    B(i64, i64),
}

#[no_mangle]
#[inline(never)]
pub fn body_variant_parts(s: &[E]) -> f64 {
    let mut arr = [s[0], s[1]];
    arr[1] = arr[0];
    let mut acc = 0.0;
    for e in arr.iter() {
        if let E::A(x, y) = e {
            acc += x * y;
        }
    }
    acc
}
