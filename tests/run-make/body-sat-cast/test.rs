// Rust's float-to-integer `as` is llvm.fptoui.sat / llvm.fptosi.sat, intrinsics Enzyme does
// not know: the result gets `{[-1]:Integer}` on the call (ir_body_rewrite.c,
// body_rewrite_sat_cast). Untyped, Enzyme took `x as u64` stored into a Result's Err for an
// active pointer and aborted where that Result is copied by variant (gradient case
// result_early_exit at -O0).
#[no_mangle]
#[inline(never)]
pub fn body_sat_cast(x: f64, y: f32, out: &mut (u64, i32, u8)) {
    out.0 = x as u64;
    out.1 = y as i32;
    out.2 = (x * 2.0) as u8;
}
