//! The expansion: the derivative's signature exactly as rustc's std::autodiff makes it
//! (compiler/rustc_builtin_macros/src/autodiff.rs), and a body that calls Enzyme's C
//! interface the way a careful user does by hand (docs/autodiff-macros.md says why each
//! choice).
//!
//! Lowering, per argument (all Enzyme sees are pointers, slice lengths and the width):
//! - Duplicated, Dual on a reference or raw pointer: the thin function takes it as it is (one
//!   pointer; a slice is its data pointer and length in rustc's ABI), shadowed by one pointer
//!   per lane, `enzyme_dup` (`enzyme_dupnoneed` for the Only forms), the length `enzyme_const`.
//! - Const: a pointer to a slot holding the value, `enzyme_const`; a reference is read back
//!   from its slot with a load, a value with ptr::read.
//! - Active: a pointer to a slot holding the value and one to a zeroed shadow slot,
//!   `enzyme_dup`; the gradient is read from the shadow slot afterwards. (Not `enzyme_out`:
//!   Rust cannot pass an f32 through a variadic call, and Enzyme returns several results as a
//!   struct whose C ABI lowering it then fails to match, e.g. two f32 come back as a double.)
//! - Dual on a value: pointers to slots holding the value and each lane's tangent.
//! - The result: an out pointer the thin function writes, shadowed by a slot holding the seed
//!   `dret` (reverse) or receiving the tangents (forward); a Const result is `enzyme_const`.
//! The function handed to Enzyme is a closure (it can name `Self` and the generics, which a
//! nested fn cannot) that calls the original function, which keeps its TypeTrees: Enzyme
//! reads them on the functions the differentiated function calls.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{quote, quote_spanned, ToTokens};
use syn::{GenericParam, Type};

use crate::activity::{Activity, Config, Mode};
use crate::item::{FnItem, Param};
use crate::types::{self, Indirection};

/// The checked request: one activity per parameter, and one for the result when the function
/// returns something.
struct Request<'a> {
    mode: Mode,
    /// Ask Enzyme to check activity at run time (`enzyme_runtime_activity`): see
    /// `Options::runtime_activity`.
    runtime_activity: bool,
    cfg: &'a Config,
    inputs: Vec<(Activity, Span)>,
    ret: Option<(Activity, Span)>,
}

/// How the crate is built, as far as the expansion cares.
pub struct Options {
    /// The program is built at -O0, where Enzyme runs on code whose calls are not inlined:
    /// a constant pointer that comes back out of a call (`slice::iter`, `zip`, `from_raw_parts`)
    /// is then its own shadow, and Enzyme adds derivatives into constant inputs (reverse mode)
    /// or takes them for tangents (forward mode), silently, also in hand-written calls
    /// (tests/enzyme-bugs/const-arg-through-call.ll). Its runtime activity checks tell such a
    /// shadow from a real one. Not above -O0: the calls are folded before Enzyme runs there,
    /// and with the checks Enzyme drops the gradient through a DuplicatedOnly output.
    pub runtime_activity: bool,
}

pub fn expand(mode: Mode, cfg: &Config, item: &FnItem, opts: &Options) -> syn::Result<TokenStream> {
    let mut req = check(mode, cfg, item)?;
    req.runtime_activity = opts.runtime_activity;
    let signature = derivative_signature(&req, item);
    let body = derivative_body(&req, item);
    let primal = primal_with_inline_never(item);
    Ok(quote! {
        #primal
        #signature #body
    })
}

/// Every error of the request at once (rustc reports them together too).
fn check<'a>(mode: Mode, cfg: &'a Config, item: &FnItem) -> syn::Result<Request<'a>> {
    let has_ret = item.has_ret();
    let expected = item.params.len() + has_ret as usize;
    if cfg.activities.len() != expected {
        return Err(syn::Error::new(
            Span::call_site(),
            format!("expected {} activities, but found {}", expected, cfg.activities.len()),
        ));
    }
    let mut errors: Vec<syn::Error> = Vec::new();
    if let Some(c) = &item.constness {
        errors.push(syn::Error::new_spanned(c, "autodiff cannot differentiate a `const fn`"));
    }
    if let Some(a) = &item.asyncness {
        errors.push(syn::Error::new_spanned(a, "autodiff cannot differentiate an `async fn`"));
    }
    let (inputs, ret) = if has_ret {
        let (last, rest) = cfg.activities.split_last().unwrap();
        (rest.to_vec(), Some(*last))
    } else {
        (cfg.activities.clone(), None)
    };
    for (param, &(act, span)) in item.params.iter().zip(&inputs) {
        if !act.valid_input(mode) {
            errors.push(syn::Error::new(span, format!("{} can not be used in {} Mode", act.name(), mode.name())));
            continue;
        }
        if !valid_type(act, param.ty()) {
            errors.push(syn::Error::new_spanned(param.ty(), format!("{} can not be used for this type", act.name())));
        }
        if act == Activity::Const && types::is_value_fn_pointer(param.ty()) {
            // Enzyme (fba597f6) takes a call through a function pointer it was given as
            // constant for an inactive call: the derivative through it comes out 0, with
            // and without trees, in both modes (tests/enzyme-bugs/const-fnptr-inactive.ll;
            // rustc's own tests/codegen-llvm/autodiff/abi_handling.rs `f2`). A refusal
            // rather than a silently wrong gradient.
            errors.push(syn::Error::new_spanned(
                param.ty(),
                "Const on a function pointer that passes values: Enzyme takes calls through it for inactive and the derivative through them would come out 0, silently; take the function as a generic `F: Fn(..)` parameter (Const) or call it directly",
            ));
        }
        if act == Activity::Active && cfg.width > 1 {
            errors.push(syn::Error::new(
                cfg.width_span.unwrap_or(span),
                "Active arguments cannot be used with a width above 1: the generated function returns one gradient for each, not one per lane",
            ));
        }
    }
    if let (Some((act, span)), Some(out)) = (ret, &item.output) {
        if !act.valid_return(mode) {
            errors.push(syn::Error::new(span, format!("invalid return activity {} in {} Mode", act.name(), mode.name())));
        } else if act == Activity::Dualv && cfg.width > 1 {
            errors.push(syn::Error::new(
                span,
                "a Dualv result cannot be used with a width above 1: rustc's signature returns (primal, tangent), room for one lane (use Dual or DualvOnly)",
            ));
        }
        if types::has_impl_trait(out) {
            errors.push(syn::Error::new_spanned(out, "autodiff cannot differentiate a function returning `impl Trait`"));
        }
    }
    match errors.into_iter().reduce(|mut a, b| {
        a.combine(b);
        a
    }) {
        Some(e) => Err(e),
        None => Ok(Request { mode, runtime_activity: false, cfg, inputs, ret }),
    }
}

/// rustc's rule (Duplicated on references and raw pointers only), and ours on top of it: no
/// Active on a reference or pointer (it has no float to return a gradient for), a shadowed
/// reference points to a sized value or a slice (`str` and `dyn Trait` are two words Enzyme
/// would take for two arguments), and the vector forms on slices only (their one shadow holds
/// WIDTH slices of the primal's length).
fn valid_type(act: Activity, ty: &Type) -> bool {
    let ptr = types::pointer(ty);
    let thin_or_slice = ptr.as_ref().map_or(true, |p| p.slice || !types::is_unsized(p.elem));
    match act {
        Activity::Duplicated | Activity::DuplicatedOnly => ptr.is_some() && thin_or_slice,
        Activity::Active | Activity::ActiveOnly => ptr.is_none(),
        Activity::Dualv | Activity::DualvOnly => ptr.map_or(false, |p| p.slice),
        Activity::Dual | Activity::DualOnly => thin_or_slice,
        Activity::Const => true,
    }
}

/// The primal as written, plus `#[inline(never)]` unless it has an `#[inline]` of its own or
/// no body: LLVM would otherwise inline it into the function Enzyme differentiates, whose
/// own parameters carry no TypeTrees Enzyme reads.
fn primal_with_inline_never(item: &FnItem) -> TokenStream {
    let has_inline = item.attrs.iter().any(|a| {
        let mut it = a.clone().into_iter();
        it.next(); // `#`
        match it.next() {
            Some(proc_macro2::TokenTree::Group(g)) => {
                matches!(g.stream().into_iter().next(), Some(proc_macro2::TokenTree::Ident(i)) if i == "inline")
            }
            _ => false,
        }
    });
    let tokens = &item.tokens;
    if has_inline || item.body.is_none() {
        tokens.clone()
    } else {
        quote!(#[inline(never)] #tokens)
    }
}

fn shadow_name(prefix: &str, param: &Param, lane: u32) -> Ident {
    let name = param.name();
    Ident::new(&format!("{}{}_{}", prefix, name, lane), name.span())
}

fn usize_lit(n: usize) -> Literal {
    Literal::usize_suffixed(n)
}

/// The derivative's attributes, header, name, generics, parameters, result and where clause.
fn derivative_signature(req: &Request, item: &FnItem) -> TokenStream {
    let w = req.cfg.width;
    let mut params = Vec::new();
    for (param, &(act, _)) in item.params.iter().zip(&req.inputs) {
        params.push(param.to_tokens_as_written());
        let ty = param.ty();
        match act {
            Activity::Duplicated | Activity::DuplicatedOnly => {
                let sty = types::made_mutable(ty).expect("checked");
                for i in 0..w {
                    let n = shadow_name("d", param, i);
                    params.push(quote!(#n: #sty));
                }
            }
            Activity::Dual | Activity::DualOnly => {
                for i in 0..w {
                    let n = shadow_name("b", param, i);
                    params.push(quote!(#n: #ty));
                }
            }
            Activity::Dualv | Activity::DualvOnly => {
                let n = shadow_name("b", param, 0);
                params.push(quote!(#n: #ty));
            }
            Activity::Const | Activity::Active | Activity::ActiveOnly => {}
        }
    }
    if req.mode == Mode::Reverse {
        if let Some((Activity::Active | Activity::ActiveOnly, _)) = req.ret {
            let r = item.output.as_ref().unwrap();
            let dret = Ident::new("dret", Span::call_site());
            params.push(quote!(#dret: #r));
        }
    }
    let output = match derivative_output(req, item) {
        Some(t) => quote!(-> #t),
        None => quote!(),
    };
    let vis = &item.vis;
    let unsafety = if item.unsafety.is_some()
        || req.inputs.iter().any(|(a, _)| matches!(a, Activity::DuplicatedOnly | Activity::DualOnly))
    {
        quote!(unsafe)
    } else {
        quote!()
    };
    let abi = &item.abi;
    let fn_token = &item.fn_token;
    let name = &req.cfg.name;
    let params_g = &item.generics.params;
    let generics = if params_g.is_empty() { quote!() } else { quote!(<#params_g>) };
    let where_clause = &item.generics.where_clause;
    quote! {
        #[allow(unused_mut, unused_unsafe, clippy::all)]
        #vis #unsafety #abi #fn_token #name #generics (#(#params),*) #output #where_clause
    }
}

/// The derivative's result type (None: no `->`), by rustc's rules.
fn derivative_output(req: &Request, item: &FnItem) -> Option<TokenStream> {
    let w = req.cfg.width as usize;
    let mut out: Option<TokenStream> = item.output.as_ref().map(|t| t.to_token_stream());
    let ret_act = req.ret.map(|(a, _)| a);
    match req.mode {
        Mode::Forward => {
            if out.is_none() {
                out = Some(quote!(()));
            }
            let r = out.clone().unwrap();
            match ret_act {
                Some(Activity::Dual) | Some(Activity::Dualv) => {
                    out = Some(if w == 1 || ret_act == Some(Activity::Dualv) {
                        quote!((#r, #r))
                    } else {
                        let n = usize_lit(w + 1);
                        quote!([#r; #n])
                    });
                }
                Some(Activity::DualOnly) | Some(Activity::DualvOnly) if w > 1 => {
                    let n = usize_lit(w);
                    out = Some(quote!([#r; #n]));
                }
                _ => {}
            }
        }
        Mode::Reverse => {
            if ret_act == Some(Activity::ActiveOnly) {
                out = None;
            }
        }
    }
    let grads: Vec<&Type> = item
        .params
        .iter()
        .zip(&req.inputs)
        .filter(|(_, (a, _))| *a == Activity::Active)
        .map(|(p, _)| p.ty())
        .collect();
    if grads.is_empty() {
        return out;
    }
    Some(match out {
        Some(r) => quote!((#r, #(#grads),*)),
        None if grads.len() == 1 => grads[0].to_token_stream(),
        None => quote!((#(#grads),*)),
    })
}

/// What one argument becomes in the call to Enzyme.
struct Lowered {
    /// Statements before the call (slots, length checks, compile-time checks).
    setup: TokenStream,
    /// The call's arguments for it: markers, values, shadows.
    args: Vec<TokenStream>,
    /// The thin function's parameters for it (`name: type`).
    params: Vec<(Ident, TokenStream)>,
    /// The expression that rebuilds the argument inside the thin function.
    rebuild: TokenStream,
    /// For an Active argument: the gradient, read after the call.
    grad: Option<TokenStream>,
}

fn rt() -> TokenStream {
    quote!(::typetree_autodiff::__rt)
}

fn marker(name: &str) -> TokenStream {
    let rt = rt();
    let m = Ident::new(name, Span::call_site());
    quote!(&#rt::#m as *const u8)
}

fn local(name: String) -> Ident {
    Ident::new(&name, Span::mixed_site())
}

fn lower_arg(req: &Request, index: usize, param: &Param, act: Activity) -> Lowered {
    let w = req.cfg.width;
    let name = param.name();
    let ty = param.ty();
    let p = local(format!("__tt_p{}", index));
    // A type the thin function can name again, or `_` where it holds an `impl Trait`.
    let nameable = |t: &Type| if types::has_impl_trait(t) { quote!(_) } else { t.to_token_stream() };
    let only = matches!(act, Activity::DuplicatedOnly | Activity::DualOnly | Activity::DualvOnly);
    let dup = marker(if only { "enzyme_dupnoneed" } else { "enzyme_dup" });
    let shadow_prefix = if req.mode == Mode::Reverse { "d" } else { "b" };
    let rt = rt();
    if let (true, Some(pt)) = (act.has_shadow(), types::pointer(ty)) {
        // The reference or pointer itself is the thin function's parameter: one pointer in
        // LLVM, or for a slice its data pointer and length (rustc's ABI for `&[T]`), which
        // Enzyme pairs with the call's arguments one by one.
        let elem = nameable(pt.elem);
        let mutable = pt.kind.mutable();
        let vector = matches!(act, Activity::Dualv | Activity::DualvOnly);
        let lanes: Vec<Ident> =
            (0..if vector { 1 } else { w }).map(|i| shadow_name(shadow_prefix, param, i)).collect();
        // Duplicated shadows are made mutable (`&mut T`), Dual ones keep the primal's type.
        let shadow_mut = mutable || req.mode == Mode::Reverse;
        let data = |e: &dyn ToTokens, m: bool| match (pt.kind, pt.slice, m) {
            // A struct ending in a slice: its data pointer, thin.
            _ if pt.slice_tail && m => quote!(#e as *mut #elem as *mut u8),
            _ if pt.slice_tail => quote!(#e as *const #elem as *const u8),
            (Indirection::Ref { .. }, true, false) => quote!(#e.as_ptr()),
            (Indirection::Ref { .. }, true, true) => quote!(#e.as_mut_ptr()),
            (_, _, false) => quote!(#e as *const #elem),
            (_, _, true) => quote!(#e as *mut #elem),
        };
        let mut setup = TokenStream::new();
        let mut args = vec![dup, data(&name, mutable)];
        if pt.slice {
            let len = local(format!("__tt_len{}", index));
            setup.extend(quote!(let #len: usize = #name.len();));
            if vector {
                let b = &lanes[0];
                let (bname, wl) = (b.to_string(), usize_lit(w as usize));
                setup.extend(quote!(#rt::check_shadow_len(#len, #b.len(), #wl, #bname);));
                let base = data(b, shadow_mut);
                for k in 0..w as usize {
                    let kl = usize_lit(k);
                    args.push(quote!(#base.wrapping_add(#kl * #len)));
                }
            } else {
                for b in &lanes {
                    let bname = b.to_string();
                    setup.extend(quote!(#rt::check_shadow_len(#len, #b.len(), 1usize, #bname);));
                    args.push(data(b, shadow_mut));
                }
            }
            args.push(marker("enzyme_const"));
            args.push(quote!(#len));
        } else if pt.slice_tail {
            // A struct ending in a slice: as a slice, its data pointer (shadowed) and the
            // slice's length (the pointer's metadata, read through a cast to `*const [()]`,
            // which keeps it), as rustc passes `&Header<[f32]>`.
            let len = local(format!("__tt_len{}", index));
            // The cast type-checks only for a type whose metadata is a slice length: a sized
            // type taken for one (a syntax the rule above misreads) is a compile error there,
            // on the parameter's type.
            let at = syn::spanned::Spanned::span(ty);
            let wide = quote_spanned!(at=> as *const [()]);
            setup.extend(quote!(let #len: usize = (#name as *const #elem #wide).len();));
            for b in &lanes {
                let bname = b.to_string();
                setup.extend(quote!(
                    #rt::check_shadow_len(#len, (#b as *const #elem #wide).len(), 1usize, #bname);
                ));
                args.push(data(b, shadow_mut));
            }
            args.push(marker("enzyme_const"));
            args.push(quote!(#len));
        } else {
            // One pointer: a `dyn Trait`, a `str` or a `?Sized` parameter would be two words,
            // and Enzyme would take them for two arguments.
            if !types::has_impl_trait(pt.elem) {
                setup.extend(quote_spanned! {Span::mixed_site()=>
                    const {
                        ::core::assert!(
                            ::core::mem::size_of::<*const #elem>() == ::core::mem::size_of::<usize>(),
                            "autodiff: a Duplicated or Dual argument must point to a sized value, a slice or a generic struct ending in a slice (`&Header<[f32]>`)"
                        )
                    };
                });
            }
            for b in &lanes {
                args.push(data(b, shadow_mut));
            }
        }
        return Lowered { setup, args, params: vec![(p.clone(), nameable(ty))], rebuild: p.to_token_stream(), grad: None };
    }
    if let (Activity::Const | Activity::ActiveOnly, Some(pt)) = (act, types::pointer(ty)) {
        // A constant reference or pointer goes through a slot too (it may be two words, and
        // its size is not known from the syntax), but it is read back with a plain load, not
        // with ptr::read: at -O0 that is a call, and Enzyme differentiates into constant
        // memory whose pointer comes back out of a call (tests/enzyme-bugs/const-arg-through-call).
        let slot = local(format!("__tt_s{}", index));
        let tyn = nameable(ty);
        let (setup, value, param_ty, rebuild) = if pt.kind == (Indirection::Ref { mutable: true }) {
            (
                quote!(let mut #slot = #name;),
                quote!(&mut #slot as *mut _),
                quote!(*mut #tyn),
                quote!(&mut **#p),
            )
        } else {
            (quote!(let #slot = #name;), quote!(&#slot as *const _), quote!(*const #tyn), quote!(*#p))
        };
        return Lowered {
            setup,
            args: vec![marker("enzyme_const"), value],
            params: vec![(p, param_ty)],
            rebuild,
            grad: None,
        };
    }
    // By value: a slot holding the value, moved in here and moved out again by the thin
    // function (ptr::read), never dropped here.
    let slot = local(format!("__tt_s{}", index));
    let tyn = nameable(ty);
    let mut setup = quote!(let #slot = ::core::mem::ManuallyDrop::new(#name););
    let params = vec![(p.clone(), quote!(*const #tyn))];
    let rebuild = quote!(::core::ptr::read(#p));
    let value = quote!(&*#slot as *const _);
    match act {
        Activity::Active => {
            let g = local(format!("__tt_g{}", index));
            setup.extend(quote!(let mut #g = #rt::zeroed_like(&*#slot);));
            Lowered {
                setup,
                args: vec![marker("enzyme_dup"), value, quote!(#g.as_mut_ptr())],
                params,
                rebuild,
                grad: Some(quote!(#g.assume_init())),
            }
        }
        Activity::Dual | Activity::DualOnly => {
            let mut args = vec![dup, value];
            for i in 0..w {
                let b = shadow_name("b", param, i);
                let bs = local(format!("__tt_b{}_{}", index, i));
                // The tangents are read, never dropped: Enzyme's forward pass frees the
                // shadow of whatever the function frees.
                setup.extend(quote!(let #bs = ::core::mem::ManuallyDrop::new(#b);));
                args.push(quote!(&*#bs as *const _));
            }
            Lowered { setup, args, params, rebuild, grad: None }
        }
        // Const, and ActiveOnly on an input, whose gradient rustc's signature has no room for.
        _ => Lowered { setup, args: vec![marker("enzyme_const"), value], params, rebuild, grad: None },
    }
}

/// The call of the original function inside the thin function.
fn primal_call(item: &FnItem, args: Vec<TokenStream>) -> TokenStream {
    // The function's name resolves with macro_rules hygiene (mixed_site): the derivative's
    // parameters are the user's, and one named as the function (`fn f(f: f64)`, or a shadow
    // `dx_0` beside `fn dx_0(x: ..)`) would otherwise shadow it in the body; items still
    // resolve where the attribute is written.
    let mut ident = item.ident.clone();
    ident.set_span(ident.span().resolved_at(Span::mixed_site()));
    let has_receiver = matches!(item.params.first(), Some(Param::Receiver(_)));
    let in_impl = has_receiver
        || item.body.is_none()
        || types::mentions_self(item.params.iter().map(|p| p.ty().to_token_stream()).collect())
        || item.output.as_ref().map_or(false, |o| types::mentions_self(o.to_token_stream()));
    let impl_trait_arg = item.params.iter().any(|p| types::has_impl_trait(p.ty()));
    let generic_args: Vec<TokenStream> = item
        .generics
        .params
        .iter()
        .filter_map(|g| match g {
            GenericParam::Type(t) => Some(t.ident.to_token_stream()),
            GenericParam::Const(c) => Some(c.ident.to_token_stream()),
            _ => None,
        })
        .collect();
    let turbofish =
        if generic_args.is_empty() || impl_trait_arg { quote!() } else { quote!(::<#(#generic_args),*>) };
    let path = if in_impl { quote!(Self::#ident) } else { quote!(#ident) };
    quote!(#path #turbofish (#(#args),*))
}

fn derivative_body(req: &Request, item: &FnItem) -> TokenStream {
    let w = req.cfg.width as usize;
    let mut setup = TokenStream::new();
    let mut args: Vec<TokenStream> = Vec::new();
    let mut thin_params: Vec<(Ident, TokenStream)> = Vec::new();
    let mut call_args = Vec::new();
    let mut grads = Vec::new();
    if req.runtime_activity {
        args.push(marker("enzyme_runtime_activity"));
    }
    if w > 1 {
        args.push(marker("enzyme_width"));
        args.push(usize_lit(w).to_token_stream());
    }
    for (i, (param, &(act, _))) in item.params.iter().zip(&req.inputs).enumerate() {
        let l = lower_arg(req, i, param, act);
        setup.extend(l.setup);
        args.extend(l.args);
        thin_params.extend(l.params);
        call_args.push(l.rebuild);
        if let Some(g) = l.grad {
            grads.push(g);
        }
    }
    let call = primal_call(item, call_args);
    let out = local("__tt_out".into());
    let ret_act = req.ret.map(|(a, _)| a);
    let mut tangents: Vec<Ident> = Vec::new();
    let thin_body = if let Some(r) = item.output.as_ref().filter(|_| item.has_ret()) {
        setup.extend(quote!(let mut #out = ::core::mem::MaybeUninit::<#r>::uninit();));
        let result_ptr = local("__tt_result".into());
        thin_params.push((result_ptr.clone(), quote!(*mut #r)));
        match (req.mode, ret_act.unwrap()) {
            (Mode::Reverse, act @ (Activity::Active | Activity::ActiveOnly)) => {
                // The seed: one shadow of the result per lane, holding dret.
                let dret = Ident::new("dret", Span::call_site());
                args.push(marker(if act == Activity::ActiveOnly { "enzyme_dupnoneed" } else { "enzyme_dup" }));
                args.push(quote!(#out.as_mut_ptr()));
                for k in 0..w {
                    let s = local(format!("__tt_seed{}", k));
                    setup.extend(quote!(let mut #s = ::core::mem::ManuallyDrop::new(::core::ptr::read(&#dret));));
                    args.push(quote!(&mut *#s as *mut #r));
                }
                setup.extend(quote!(let _ = ::core::mem::ManuallyDrop::new(#dret);));
            }
            (Mode::Forward, act @ (Activity::Dual | Activity::DualOnly | Activity::Dualv | Activity::DualvOnly)) => {
                let only = matches!(act, Activity::DualOnly | Activity::DualvOnly);
                args.push(marker(if only { "enzyme_dupnoneed" } else { "enzyme_dup" }));
                args.push(quote!(#out.as_mut_ptr()));
                for k in 0..w {
                    let t = local(format!("__tt_tangent{}", k));
                    setup.extend(quote!(let mut #t = ::core::mem::MaybeUninit::<#r>::zeroed();));
                    args.push(quote!(#t.as_mut_ptr()));
                    tangents.push(t);
                }
            }
            _ => {
                // Const: the result is computed, not differentiated.
                args.push(marker("enzyme_const"));
                args.push(quote!(#out.as_mut_ptr()));
            }
        }
        quote!(#result_ptr.write(#call);)
    } else {
        quote!(#call;)
    };
    let enzyme_fn = Ident::new(
        if req.mode == Mode::Reverse { "__enzyme_autodiff_typetree" } else { "__enzyme_fwddiff_typetree" },
        Span::mixed_site(),
    );
    let (pnames, ptypes): (Vec<Ident>, Vec<TokenStream>) = thin_params.into_iter().unzip();
    let thin = quote! {
        (|#(#pnames: #ptypes),*| { #thin_body }) as fn(#(#ptypes),*) as usize
    };
    // The result, assembled as the signature says.
    let primal = if item.has_ret() { quote!(#out.assume_init()) } else { quote!(()) };
    let result: TokenStream = match req.mode {
        Mode::Reverse => {
            // The primal result, where the signature keeps it: `-> R` (or an explicit
            // `-> ()`) unless the result is ActiveOnly.
            let kept = item.output.is_some() && ret_act != Some(Activity::ActiveOnly);
            match (kept, grads.len()) {
                (false, 0) => quote!(),
                (true, 0) => primal,
                (false, 1) => grads[0].clone(),
                (false, _) => quote!((#(#grads),*)),
                (true, _) => quote!((#primal, #(#grads),*)),
            }
        }
        Mode::Forward => {
            let ts: Vec<TokenStream> = tangents.iter().map(|t| quote!(#t.assume_init())).collect();
            match ret_act {
                Some(Activity::Dual) | Some(Activity::Dualv) if w == 1 || ret_act == Some(Activity::Dualv) => {
                    let t = &ts[0];
                    quote!((#primal, #t))
                }
                Some(Activity::Dual) => quote!([#primal, #(#ts),*]),
                Some(Activity::DualOnly) | Some(Activity::DualvOnly) if w == 1 => ts[0].clone(),
                Some(Activity::DualOnly) | Some(Activity::DualvOnly) => quote!([#(#ts),*]),
                Some(_) => primal,
                None => quote!(()),
            }
        }
    };
    quote! {
        {
            unsafe {
                unsafe extern "C" {
                    fn #enzyme_fn(f: usize, ...);
                }
                #setup
                #enzyme_fn(#thin, #(#args),*);
                #result
            }
        }
    }
}
