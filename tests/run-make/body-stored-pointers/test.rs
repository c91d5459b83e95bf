// A copy out of a reference variable taken from an unnamed temporary (`for e in a.iter()
// { out.push(*e) }`): at -O0 `e` is loaded from the Option<&P> that `next` returned, a
// temporary with no type, and kept in a register; rustc stores it into `e`'s alloca for
// the debugger only. That store makes the loaded pointer a place of P (ir_body_rewrite.c,
// body_scan_store), so the memcpy of `*e` gets P's tree on its source. Before, it reached
// Enzyme untyped (random_cases.py seed 5, case 3, with an enum whose variants disagree:
// a zero gradient at -O0). A `*const c_void` gives no place (c_void is untyped memory, as
// bytes are): the value stored into `v` below is the very pointer `e` holds (an `as` cast
// is no instruction), and its place, the first one it gets, typed the copy of `*e` as one
// Integer byte.
use std::ffi::c_void;

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

#[no_mangle]
#[inline(never)]
pub fn body_stored_void(a: &[P], out: &mut Vec<P>) {
    for v in a.iter().map(|e| e as *const P as *const c_void) {
        let e = unsafe { &*(v as *const P) };
        out.push(*e);
    }
}

// C's void is untyped memory, as bytes are: a `*mut c_void` parameter says nothing of its
// pointee.
#[no_mangle]
#[inline(never)]
pub fn void_param(p: *mut c_void, n: usize) -> usize {
    p as usize + n
}
