//! `#[autodiff_reverse]` and `#[autodiff_forward]` with std::autodiff's syntax and the
//! signatures rustc generates, lowered to Enzyme's C interface so that they build on stable
//! Rust through typetree's rustc wrapper (tools/rustc-typetree) with an Enzyme plugin. Use
//! them through the `typetree-autodiff` crate, which defines the marker globals the
//! expansion names. docs/autodiff-macros.md in the typetree repository has the design.

use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::quote;

mod activity;
mod expand;
mod item;
mod types;

use activity::Mode;

/// Reverse mode: `#[autodiff_reverse(NAME, [WIDTH,] ACTIVITY..., [RESULT_ACTIVITY])]`.
#[proc_macro_attribute]
pub fn autodiff_reverse(attr: TokenStream, item: TokenStream) -> TokenStream {
    run(Mode::Reverse, attr.into(), item.into()).into()
}

/// Forward mode: `#[autodiff_forward(NAME, [WIDTH,] ACTIVITY..., [RESULT_ACTIVITY])]`.
#[proc_macro_attribute]
pub fn autodiff_forward(attr: TokenStream, item: TokenStream) -> TokenStream {
    run(Mode::Forward, attr.into(), item.into()).into()
}

/// What tools/rustc-typetree says in RUSTC_TYPETREE_AUTODIFF when it runs rustc: `enzyme`
/// when it will build the program with an Enzyme plugin, `none` without one, `crate-type
/// TYPES` for a dynamic library, which it hands to plain rustc. A build that does
/// not go through it would fail at link time on the undefined `__enzyme_*` entry points, or
/// at run time; a compile error on the attribute says why instead.
fn build_error() -> Option<String> {
    match std::env::var("RUSTC_TYPETREE_AUTODIFF").as_deref() {
        Ok("enzyme") => None,
        Ok(t) if t.starts_with("crate-type ") => Some(format!(
            "autodiff in a crate of type {}: tools/rustc-typetree runs Enzyme on programs (bin), \
             static libraries (staticlib) and the libraries they link (lib, rlib) only, and this \
             crate would carry its calls of Enzyme unresolved; differentiate in a program, a \
             staticlib or an rlib",
            &t["crate-type ".len()..]
        )),
        Ok(_) => Some(
            "autodiff needs an Enzyme plugin: this crate is built by tools/rustc-typetree without one \
             (give --enzyme PLUGIN, or RUSTC_TYPETREE_ENZYME=PLUGIN under cargo; tools/enzyme-plugin \
             finds one, tools/cargo-autodiff sets it)"
                .to_string(),
        ),
        Err(_) => Some(
            "autodiff needs Enzyme: build this crate through typetree's rustc wrapper with an Enzyme \
             plugin (tools/cargo-autodiff build, or RUSTC_WRAPPER=tools/rustc-typetree with \
             RUSTC_TYPETREE_ENZYME=PLUGIN)"
                .to_string(),
        ),
    }
}

fn run(mode: Mode, attr: proc_macro2::TokenStream, item: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    let cfg = match activity::parse_config(attr) {
        Ok(c) => c,
        Err(e) => return with_error(item, e),
    };
    let parsed = match item::parse_item(item.clone()) {
        Ok(i) => i,
        Err(e) => return with_error(item, e),
    };
    // RUSTC_TYPETREE_OPT_LEVEL: the level of LLVM's simplification the wrapper gives Enzyme's
    // input (unset without the wrapper): 0 only at -O0 with --enzyme-preopt=0.
    let opts = expand::Options {
        runtime_activity: std::env::var("RUSTC_TYPETREE_OPT_LEVEL").as_deref() == Ok("0"),
    };
    match expand::expand(mode, &cfg, &parsed, &opts) {
        Ok(out) => match build_error() {
            // rustdoc (cfg(doc)) builds no program: it documents the signatures.
            Some(msg) => {
                let err = syn::Error::new(Span::call_site(), msg).to_compile_error();
                quote!(#out #[cfg(not(doc))] #err)
            }
            None => out,
        },
        Err(e) => with_error(parsed.tokens, e),
    }
}

/// The item as given and the error: like rustc, a failed expansion leaves the function alone.
fn with_error(item: proc_macro2::TokenStream, e: syn::Error) -> proc_macro2::TokenStream {
    let err = e.to_compile_error();
    quote!(#item #err)
}
