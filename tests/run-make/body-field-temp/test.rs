// A field copied by value through a temporary (`b2.pos = a.pos`): rustc at -O0 copies the
// field's 32 bytes from the start of `a` into a temporary no #dbg_declare names, then into
// `b2`. The temporary holds a [f64; 4], not a C: it takes no variable's type (C's tree on
// a 32-byte alloca claimed C's integers beyond it; Enzyme stopped on the stress program
// craft_by_value -O0). The copies keep their field trees.
#[derive(Clone, Copy)]
#[allow(dead_code)]
pub struct C {
    pos: [f64; 4],
    id: u64,
    mass: f64,
}

#[no_mangle]
#[inline(never)]
pub fn field_temp(a: C, b: C) -> C {
    let mut b2 = b;
    b2.pos = a.pos;
    b2
}
