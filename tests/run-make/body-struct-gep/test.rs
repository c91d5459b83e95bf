// Elements of a slice of structs reached through a run-time index: rustc indexes over the
// struct's named LLVM type at -O0 (`getelementptr inbounds nuw %R, ptr %v.0, i64 %h`), so
// the stride is the size of %R as the module defines it (56 bytes here). Both pointers are
// elements of the parameters' runs, and the element copy between them is typed. Without
// named types sized, std's sort left such copies untyped and Enzyme stopped ("Cannot
// deduce type of copy" in small_sort_general_with_scratch and stable_partition: stress
// programs sorted_records and nbody_vec at -O0).
#[derive(Clone, Copy)]
#[allow(dead_code)]
pub struct R {
    a: f64,
    b: [f64; 3],
    n: i64,
    k: i32,
    f: f32,
    t: u8,
}

#[no_mangle]
#[inline(never)]
pub fn copy_half(v: &[R], out: &mut [R]) {
    let h = v.len() / 2;
    unsafe { std::ptr::copy_nonoverlapping(v.as_ptr().add(h), out.as_mut_ptr().add(h), 1) }
}
