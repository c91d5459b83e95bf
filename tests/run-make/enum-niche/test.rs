// Niche-encoded enums: Option<&f64> is one pointer parameter, Option<NonZeroU32> one integer, Option<bool> one byte.
use std::num::NonZeroU32;

#[no_mangle]
#[inline(never)]
pub fn test_option_ref(x: Option<&f64>) -> f64 {
    x.copied().unwrap_or(0.0)
}

#[no_mangle]
#[inline(never)]
pub fn test_option_nonzero(x: Option<NonZeroU32>) -> u32 {
    x.map_or(0, |n| n.get())
}

#[no_mangle]
#[inline(never)]
pub fn test_option_box_ref(x: &Option<Box<f64>>) -> f64 {
    x.as_deref().copied().unwrap_or(0.0)
}
