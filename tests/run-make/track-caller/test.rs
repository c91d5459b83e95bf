// #[track_caller] adds a trailing &Location parameter, described like any reference (file &str, line, column); the Rust arguments keep their trees.
#[no_mangle]
#[inline(never)]
#[track_caller]
pub fn test_track_caller(x: &f64, y: f64) -> f64 {
    *x + y
}
