// A local array of structs indexed by a run-time value: rustc indexes it over the struct's
// named LLVM type at -O0 (`getelementptr inbounds nuw %S, ptr %hist, i64 %_k`), which
// points into the array's run of elements: the element copied out of it (to pass it by
// value) is typed. A constant index over %S (`hist[1]`) is the byte offset 1 * 40 of the
// array. Without these, Enzyme stopped on the copy ("Cannot deduce type of copy" in
// stress program state_pipeline at -O0, with and without trees).
#[derive(Clone, Copy)]
#[allow(dead_code)]
pub struct S {
    a: f64,
    n: u32,
    f: f32,
    c: [f64; 2],
    k: usize,
}

#[inline(never)]
fn weigh(s: S, t: S) -> f64 {
    s.a * t.c[1] + s.f as f64
}

#[no_mangle]
#[inline(never)]
pub fn pick(s0: &S, k: usize) -> f64 {
    let mut hist = [*s0; 4];
    hist[1].a = 2.0;
    weigh(hist[k % 4], hist[1])
}
