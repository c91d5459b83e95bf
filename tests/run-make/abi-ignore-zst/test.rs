// ZST arguments ((), PhantomData, [f64; 0]) have no LLVM parameter: the next argument still gets its own tree.
use std::marker::PhantomData;

#[no_mangle]
#[inline(never)]
pub fn test_zst(a: (), x: &f64, p: PhantomData<f32>, e: [f64; 0], y: f32) -> f64 {
    let _ = (a, p, e);
    *x + y as f64
}

#[no_mangle]
#[inline(never)]
pub fn test_unit_ret(x: &mut f64) {
    *x += 1.0;
}
