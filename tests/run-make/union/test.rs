// A union whose fields disagree on their bytes gets nothing behind the pointer; one whose fields agree keeps the common kind.
#[derive(Clone, Copy)]
pub union MyUnion {
    f: f32,
    i: i32,
}

#[derive(Clone, Copy)]
pub union Agree {
    a: f64,
    b: [f64; 1],
}

#[no_mangle]
#[inline(never)]
pub fn test_union(x: &MyUnion) -> f32 {
    unsafe { x.f }
}

#[no_mangle]
#[inline(never)]
pub fn test_union_agree(x: &Agree) -> f64 {
    unsafe { x.a }
}
