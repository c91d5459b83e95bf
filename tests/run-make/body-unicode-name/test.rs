// A variable with a non-ASCII name (`café`): LLVM prints its name escaped
// (`%"caf\C3\A9"`, `!DILocalVariable(name: "caf\C3\A9"`) and export writes it decoded, so
// the body pass must decode it too before comparing the types file's local with this
// module's variable. The alloca gets its type's pointer tree.
#[derive(Clone, Copy)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
    pub k: u32,
}

#[no_mangle]
#[inline(never)]
pub fn mk(a: f64) -> Pt {
    Pt { x: a, y: a * 2.0, k: 3 }
}

#[no_mangle]
pub fn unicode_local(a: f64) -> f64 {
    let café = mk(a);
    let b = café;
    b.x + café.y
}
