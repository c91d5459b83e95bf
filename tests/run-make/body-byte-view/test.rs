// Bytes are untyped inside bodies too (docs/typetree-rules.md, "Inside bodies"): a copy
// between byte runs gets no tree from them. (The rule's real-Enzyme evidence is the stress
// program repr_c_unaligned at -O2, where a copy out of `src as *const u8` claimed Integer
// over a record's f64 and Enzyme stopped: "Illegal updateMemTransfer Analysis".)
#[no_mangle]
pub fn stash(dst: &mut [u8; 24], src: &[u8; 32], at: usize) {
    unsafe { std::ptr::copy_nonoverlapping(src.as_ptr().add(at), dst.as_mut_ptr(), 24) }
}
