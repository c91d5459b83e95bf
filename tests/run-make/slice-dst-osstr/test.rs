// &OsStr (an unsized struct around [u8]) and an sret Option<(&OsStr, &OsStr)>: the exporter leaves the function out, so it is left unannotated (rustc's slice-dst-typetree, OSSTR).
use std::ffi::OsStr;

#[no_mangle]
pub fn split_once<'s>(arg: &'s OsStr, needle: &str) -> Option<(&'s OsStr, &'s OsStr)> {
    let bytes = arg.as_encoded_bytes();
    let pos = bytes.windows(needle.len()).position(|w| w == needle.as_bytes())?;
    let (a, b) = bytes.split_at(pos);
    unsafe {
        Some((
            OsStr::from_encoded_bytes_unchecked(a),
            OsStr::from_encoded_bytes_unchecked(&b[needle.len()..]),
        ))
    }
}
