// A reference to a fixed-size array of f64 gets one [-1,-1] entry for all elements (rustc's array-typetree).
#[no_mangle]
#[inline(never)]
pub fn test_array(arr: &[f64; 5]) -> f64 {
    arr[0] + arr[1] + arr[2] + arr[3] + arr[4]
}
