// Rc<f64> and Arc<f64> are one pointer to the counts and the value; &Rc<f64> one pointer deeper.
use std::rc::Rc;
use std::sync::Arc;

#[no_mangle]
#[inline(never)]
pub fn test_rc(x: Rc<f64>) -> f64 {
    *x * 2.0
}

#[no_mangle]
#[inline(never)]
pub fn test_arc(x: Arc<f64>) -> f64 {
    *x * 2.0
}

#[no_mangle]
#[inline(never)]
pub fn test_rc_ref(x: &Rc<f64>) -> f64 {
    **x
}
