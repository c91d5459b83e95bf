// &dyn Trait and Box<dyn Trait> are a data pointer (nothing known behind it) and a vtable pointer.
pub trait Area {
    fn area(&self) -> f64;
}

#[no_mangle]
#[inline(never)]
pub fn test_dyn(s: &dyn Area, k: f64) -> f64 {
    s.area() * k
}

#[no_mangle]
#[inline(never)]
pub fn test_box_dyn(s: Box<dyn Area>) -> f64 {
    s.area()
}
