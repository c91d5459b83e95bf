// &str and &String: the data pointer points to integers, the length is an integer.
#[no_mangle]
#[inline(never)]
pub fn test_str(s: &str) -> usize {
    s.len()
}

#[no_mangle]
#[inline(never)]
pub fn test_string(s: &String) -> usize {
    s.len()
}
