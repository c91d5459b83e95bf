// A closure's body is a function whose first parameter is its environment: captures by reference and by value are described.
#[no_mangle]
#[inline(never)]
pub fn test_closure(x: f64, k: f64, v: &[f64]) -> f64 {
    let by_ref = |y: f64| y * k;
    let by_val = move |y: f64| y + v[0];
    by_ref(x) + by_val(x)
}

#[no_mangle]
#[inline(never)]
pub fn test_fn_ptr(f: fn(f64) -> f64, x: f64) -> f64 {
    f(x)
}
