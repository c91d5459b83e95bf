// Single-field repr(C) structs (issue 11, item 6): rustc passes them as an integer of their size, not as their one field (repr(C) keeps them Memory), which debuginfo cannot show; export reads it off the define line, so every function here is annotated and none is a signature mismatch.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Addr {
    pub v: u32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Meters {
    pub v: f32,
}

// libc's sigval, as a struct of one pointer
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Sigval {
    pub sival_ptr: *mut f64,
}

// libc's in_addr and ip_mreq: two single-field structs make one i64, not a pair of i32
#[repr(C)]
#[derive(Clone, Copy)]
pub struct InAddr {
    pub s_addr: u32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct IpMreq {
    pub imr_multiaddr: InAddr,
    pub imr_interface: InAddr,
}

// a Rust newtype for contrast: passed as its field
#[derive(Clone, Copy)]
pub struct Plain {
    pub v: f32,
}

#[no_mangle]
#[inline(never)]
pub fn test_meters(m: Meters, x: f64) -> f64 {
    m.v as f64 * x
}

#[no_mangle]
#[inline(never)]
pub fn test_sigval(s: Sigval, x: f64) -> f64 {
    if s.sival_ptr.is_null() { x } else { 2.0 * x }
}

#[no_mangle]
#[inline(never)]
pub fn test_mreq(m: IpMreq, x: f64) -> u32 {
    m.imr_multiaddr.s_addr ^ m.imr_interface.s_addr ^ x as u32
}

#[no_mangle]
#[inline(never)]
pub fn test_addr(a: Addr) -> Addr {
    Addr { v: a.v + 1 }
}

#[no_mangle]
#[inline(never)]
pub fn test_ret_meters(x: f32) -> Meters {
    Meters { v: x * 2.0 }
}

#[no_mangle]
#[inline(never)]
pub fn test_plain(p: Plain) -> f32 {
    p.v * 3.0
}
