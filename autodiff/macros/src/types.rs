//! What the expansion needs to know about a parameter's type, read from its syntax (a proc
//! macro sees no types): references and raw pointers, slices behind them, `impl Trait`, `Self`.

use proc_macro2::{TokenStream, TokenTree};
use quote::ToTokens;
use syn::Type;

/// `&T`, `&mut T`, `*const T`, `*mut T`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Indirection {
    Ref { mutable: bool },
    Ptr { mutable: bool },
}

impl Indirection {
    pub fn mutable(self) -> bool {
        match self {
            Indirection::Ref { mutable } | Indirection::Ptr { mutable } => mutable,
        }
    }
}

/// A reference or raw pointer type: how it points, and at what. For a slice `&[T]` the
/// element is `T` and `slice` is set; `slice_tail` is set for a generic struct whose last
/// type argument is a slice (`&Header<[f32]>`), taken for one that ends in it.
pub struct PointerTy<'a> {
    pub kind: Indirection,
    pub elem: &'a Type,
    pub slice: bool,
    pub slice_tail: bool,
}

/// Looks through parentheses and invisible groups (types that came out of macro_rules).
pub fn strip(ty: &Type) -> &Type {
    match ty {
        Type::Paren(p) => strip(&p.elem),
        Type::Group(g) => strip(&g.elem),
        _ => ty,
    }
}

pub fn pointer(ty: &Type) -> Option<PointerTy<'_>> {
    let (kind, elem) = match strip(ty) {
        Type::Reference(r) => (Indirection::Ref { mutable: r.mutability.is_some() }, &*r.elem),
        Type::Ptr(p) => (Indirection::Ptr { mutable: p.mutability.is_some() }, &*p.elem),
        _ => return None,
    };
    match strip(elem) {
        Type::Slice(s) => Some(PointerTy { kind, elem: &s.elem, slice: true, slice_tail: false }),
        e => Some(PointerTy { kind, elem: e, slice: false, slice_tail: slice_tail(e) }),
    }
}

/// `Header<[f32]>`, `Cell<[f64]>`: a path whose last type argument is a slice, which (unless
/// the path is one of std's sized owners of a slice) makes the type a struct ending in that
/// slice, behind a reference a data pointer and a length as `&[T]` is (rustc's ABI).
/// rust-lang/rust's tests/run-make/autodiff/type-trees/slice-dst-typetree differentiates
/// such a function. A proc-macro sees no types, so this is read from the syntax: a struct
/// ending in a slice without a type argument (`struct S { t: f32, d: [f32] }`) is not seen,
/// and stays refused (one word expected); a sized type taken for one fails to compile with
/// the expansion's message, not silently.
fn slice_tail(ty: &Type) -> bool {
    // std's types that own a slice elsewhere: sized whatever their argument.
    const SIZED: [&str; 7] = ["Box", "Rc", "Arc", "Weak", "Cow", "NonNull", "PhantomData"];
    let Type::Path(p) = strip(ty) else { return false };
    let Some(last) = p.path.segments.last() else { return false };
    if p.qself.is_some() || SIZED.iter().any(|n| last.ident == n) {
        return false;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return false };
    let last_type = args.args.iter().filter_map(|a| match a {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    }).last();
    matches!(last_type.map(strip), Some(Type::Slice(_)))
}

/// The shadow type of a Duplicated argument: the same reference or pointer made mutable
/// (Enzyme adds the gradient into it); None when the type is no reference or pointer.
pub fn made_mutable(ty: &Type) -> Option<Type> {
    let mut t = strip(ty).clone();
    match &mut t {
        Type::Reference(r) => {
            if r.mutability.is_none() {
                r.mutability = Some(Default::default());
            }
        }
        Type::Ptr(p) => {
            if p.mutability.is_none() {
                p.const_token = None;
                p.mutability = Some(Default::default());
            }
        }
        _ => return None,
    }
    Some(t)
}

fn any_ident(tokens: TokenStream, pred: &dyn Fn(&str) -> bool) -> bool {
    tokens.into_iter().any(|tt| match tt {
        TokenTree::Ident(i) => pred(&i.to_string()),
        TokenTree::Group(g) => any_ident(g.stream(), pred),
        _ => false,
    })
}

/// `str` or `dyn Trait`: behind a reference, two words (and no slice).
pub fn is_unsized(ty: &Type) -> bool {
    match strip(ty) {
        Type::TraitObject(_) => true,
        Type::Path(p) => p.qself.is_none() && p.path.is_ident("str"),
        _ => false,
    }
}

/// The type has an `impl Trait` in it (it cannot be named again in the expansion).
pub fn has_impl_trait(ty: &Type) -> bool {
    any_ident(ty.to_token_stream(), &|s| s == "impl")
}

/// The tokens name `Self`.
pub fn mentions_self(tokens: TokenStream) -> bool {
    any_ident(tokens, &|s| s == "Self")
}

/// A function pointer type (`fn(f32) -> f32`) that passes or returns anything but integers,
/// `bool`, `char` or `()`: what may carry a derivative through a call of it.
pub fn is_value_fn_pointer(ty: &Type) -> bool {
    // (no `str`: a function pointer cannot take or return one by value)
    const PLAIN: [&str; 14] = [
        "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
        "bool", "char",
    ];
    fn plain(t: &Type) -> bool {
        match strip(t) {
            Type::Path(p) => p.qself.is_none() && PLAIN.iter().any(|n| p.path.is_ident(n)),
            Type::Tuple(t) => t.elems.is_empty(),
            Type::Never(_) => true,
            _ => false,
        }
    }
    match strip(ty) {
        Type::BareFn(f) => {
            let ret_plain = match &f.output {
                syn::ReturnType::Default => true,
                syn::ReturnType::Type(_, t) => plain(t),
            };
            !(ret_plain && f.inputs.iter().all(|a| plain(&a.ty)))
        }
        _ => false,
    }
}
