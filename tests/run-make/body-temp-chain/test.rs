// A value moved through several temporaries of one layout: `slot.write(v)` inlines
// MaybeUninit::write, whose MIR moves `val: P` through P, ManuallyDrop<P> and
// MaybeUninit<P> temporaries (no #dbg_declare names them) into the slot. Each takes the
// declared variable's type through the chain of whole copies, and so does every copy.
// Typed one copy away from the variable only, std's `<[T]>::to_vec` (Vec::clone) left
// the last two copies untyped and Enzyme stopped ("Cannot deduce type of copy": stress
// programs agents_world, enum_events, enum_geometry at -O0).
use std::mem::MaybeUninit;

#[derive(Clone, Copy)]
#[allow(dead_code)]
pub struct P {
    x: f64,
    n: u64,
    y: f64,
}

#[no_mangle]
#[inline(never)]
pub fn temp_chain(slot: &mut MaybeUninit<P>, p: &P) {
    let v = p.clone();
    slot.write(v);
}
