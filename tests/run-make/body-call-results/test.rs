// A copy between the places two calls return (`*slot(a, i) = *slot(b, i)`): each result,
// a `&mut P` the types file describes, is the first of a run of P (annotate's place of a
// call result; ir_body_scan.c), so the memcpy gets P's tree on both operands. Before, such
// a copy reached Enzyme untyped (random_cases.py seed 5, case 3, with an enum whose
// variants disagree: one element's derivative moved into another's).
#[derive(Clone, Copy)]
#[allow(dead_code)]
pub struct P {
    x: f64,
    n: u32,
    y: f32,
}

#[inline(never)]
fn slot(ps: &mut [P], i: usize) -> &mut P {
    &mut ps[i]
}

#[no_mangle]
#[inline(never)]
pub fn body_call_results(a: &mut [P], b: &mut [P], i: usize) {
    *slot(a, i) = *slot(b, i);
}
