// A copy whose source is a constant expression: `let a = G.arr` at -O0 copies 24 bytes
// from `getelementptr inbounds (i8, ptr @G, i64 8)`. The copy's tree goes on both operands,
// on the constant right after its type: its last token is inside the expression, where an
// attribute made the IR invalid ("expected ')' in constantexpr").
pub struct S {
    pub n: u64,
    pub arr: [f64; 3],
}

static G: S = S { n: 7, arr: [1.0, 2.0, 3.0] };

#[no_mangle]
pub fn row() -> f64 {
    let a = G.arr;
    a[0] + a[2]
}
