// typetree fixture: rust-lang/rust tests/pretty/autodiff/trait.rs at commit 053c8a0b5f857d9fe2e22ed729ebbd8c2853b344
// (MIT OR Apache-2.0, the Rust project's licence), recorded unchanged below this header.
//@ compile-flags: -Zautodiff=Enable -Zautodiff=NoPostopt -C opt-level=3 -Clto=fat
//@ no-prefer-dynamic
//@ needs-enzyme

// Just check it does not crash for now
// CHECK: ;
#![feature(autodiff)]
#![feature(core_intrinsics)]
#![feature(rustc_attrs)]

use std::autodiff::autodiff_reverse;

struct Foo {
    a: f64,
}

trait MyTrait {
    #[autodiff_reverse(df, Const, Active, Active)]
    fn f(&self, x: f64) -> f64;
}

impl MyTrait for Foo {
    fn f(&self, x: f64) -> f64 {
        x.sin()
    }
}

fn main() {
    let foo = Foo { a: 3.0f64 };
    dbg!(foo.df(2.0, 1.0));
    dbg!(2.0_f64.cos());
}
