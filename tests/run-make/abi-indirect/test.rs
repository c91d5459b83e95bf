// Indirect pass mode: a struct too big for registers is passed by pointer and gets the pointer's tree.
pub struct Big {
    a: f64,
    b: f64,
    c: f64,
    n: u32,
}

#[no_mangle]
#[inline(never)]
pub fn test_indirect(big: Big) -> f64 {
    big.a + big.b + big.c + big.n as f64
}

#[no_mangle]
#[inline(never)]
pub fn test_indirect_array(a: [f64; 4]) -> f64 {
    a[0] + a[3]
}
