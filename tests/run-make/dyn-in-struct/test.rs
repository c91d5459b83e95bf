// A struct holding a trait object: the f64 field is described, the &dyn field's data pointer and vtable pointer are pointers.
pub trait Area {
    fn area(&self) -> f64;
}

pub struct Holder<'a> {
    weight: f64,
    shape: &'a dyn Area,
}

pub struct Owner {
    weight: f32,
    shape: Box<dyn Area>,
}

#[no_mangle]
#[inline(never)]
pub fn test_holder(h: &Holder) -> f64 {
    h.weight * h.shape.area()
}

#[no_mangle]
#[inline(never)]
pub fn test_owner(o: &Owner) -> f64 {
    o.weight as f64 * o.shape.area()
}
