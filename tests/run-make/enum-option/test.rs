// Option<f64> behind a reference: the 8 tag bytes are Integer and the payload f64 is described, since the only variant covering it (Some) agrees.
#[no_mangle]
#[inline(never)]
pub fn test_option(x: &Option<f64>) -> f64 {
    x.unwrap_or(0.0)
}
