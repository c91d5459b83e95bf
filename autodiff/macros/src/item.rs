//! The function the attribute sits on: free function, method of an impl, or trait method
//! (with or without a default body). The header and the parameter list are parsed by hand so
//! that only the parts of syn that syn 1 and syn 2 share are needed (attributes, visibility,
//! generics, where clauses, types).

use proc_macro2::{Delimiter, Ident, Span, TokenStream, TokenTree};
use quote::{quote, ToTokens};
use syn::parse::{Parse, ParseStream};
use syn::{Generics, Token, Type, Visibility, WhereClause};

/// How the receiver is written: `self`, `mut self`, `&self`, `&'a mut self`, `self: T`.
pub struct Receiver {
    pub self_token: Ident,
    /// Its type: `Self`, `&Self`, `&'a mut Self`, or the explicit one of `self: T`.
    pub ty: Type,
    /// The tokens of the parameter as written (re-emitted verbatim).
    pub tokens: TokenStream,
}

/// One typed parameter, `[mut] name: Type`; other patterns are refused (rustc needs a name
/// to derive the shadow's name from).
pub struct Typed {
    pub attrs: Vec<TokenStream>,
    pub mutability: Option<Token![mut]>,
    pub name: Ident,
    pub ty: Type,
}

pub enum Param {
    Receiver(Receiver),
    Typed(Typed),
}

impl Param {
    pub fn name(&self) -> Ident {
        match self {
            Param::Receiver(r) => r.self_token.clone(),
            Param::Typed(t) => t.name.clone(),
        }
    }
    pub fn ty(&self) -> &Type {
        match self {
            Param::Receiver(r) => &r.ty,
            Param::Typed(t) => &t.ty,
        }
    }
    /// The parameter as it is written in the primal's signature.
    pub fn to_tokens_as_written(&self) -> TokenStream {
        match self {
            Param::Receiver(r) => r.tokens.clone(),
            Param::Typed(t) => {
                let (attrs, m, n, ty) = (&t.attrs, &t.mutability, &t.name, &t.ty);
                quote!(#(#attrs)* #m #n: #ty)
            }
        }
    }
}

pub struct FnItem {
    pub attrs: Vec<TokenStream>,
    pub vis: Visibility,
    pub constness: Option<Token![const]>,
    pub asyncness: Option<Token![async]>,
    pub unsafety: Option<Token![unsafe]>,
    /// `extern` and its ABI string, if any.
    pub abi: Option<TokenStream>,
    pub fn_token: Token![fn],
    pub ident: Ident,
    pub generics: Generics,
    pub params: Vec<Param>,
    /// `-> T` as written; None without an arrow.
    pub output: Option<Type>,
    /// The body, or None for a trait method without a default (`;`).
    pub body: Option<TokenStream>,
    /// The whole item as given (re-emitted when the expansion fails).
    pub tokens: TokenStream,
}

impl FnItem {
    /// True when the function returns something other than `()` (rustc's `has_ret`).
    pub fn has_ret(&self) -> bool {
        match &self.output {
            None => false,
            Some(Type::Tuple(t)) => !t.elems.is_empty(),
            Some(_) => true,
        }
    }
}

/// Outer attributes (`#[...]`), each kept as its tokens. syn's `Attribute` wants a path after
/// `#[` in syn 1, and Rust's unsafe attributes have none: `#[unsafe(no_mangle)]`, as rustc's
/// own autodiff tests write it (stable since Rust 1.82, required in edition 2024).
fn outer_attrs(input: ParseStream) -> syn::Result<Vec<TokenStream>> {
    let mut attrs = Vec::new();
    while input.peek(Token![#]) {
        let pound: Token![#] = input.parse()?;
        let body: TokenTree = input.parse()?;
        match &body {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket => {}
            _ => return Err(syn::Error::new(body.span(), "expected `[` after `#`")),
        }
        attrs.push(quote!(#pound #body));
    }
    Ok(attrs)
}

pub fn parse_item(tokens: TokenStream) -> syn::Result<FnItem> {
    let mut item: FnItem = syn::parse2(tokens.clone())?;
    item.tokens = tokens;
    Ok(item)
}

impl Parse for FnItem {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(outer_attrs)?;
        let vis: Visibility = input.parse()?;
        if input.peek(syn::Ident) && !input.peek(Token![fn]) {
            // `default fn` of specialization and the like
            let look: syn::Ident = input.fork().parse()?;
            if look == "default" {
                return Err(input.error("autodiff must be applied to function"));
            }
        }
        let constness: Option<Token![const]> = input.parse()?;
        let asyncness: Option<Token![async]> = input.parse()?;
        let unsafety: Option<Token![unsafe]> = input.parse()?;
        let abi = if input.peek(Token![extern]) {
            let e: Token![extern] = input.parse()?;
            let name: Option<syn::LitStr> = input.parse()?;
            Some(quote!(#e #name))
        } else {
            None
        };
        if !input.peek(Token![fn]) {
            return Err(syn::Error::new(Span::call_site(), "autodiff must be applied to function"));
        }
        let fn_token: Token![fn] = input.parse()?;
        let ident: Ident = input.parse()?;
        let mut generics: Generics = input.parse()?;
        let group: TokenTree = input.parse()?;
        let list = match group {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => g.stream(),
            other => return Err(syn::Error::new(other.span(), "expected `(`")),
        };
        let params = syn::parse::Parser::parse2(
            |content: ParseStream| {
                let mut params = Vec::new();
                while !content.is_empty() {
                    params.push(parse_param(content)?);
                    if content.is_empty() {
                        break;
                    }
                    content.parse::<Token![,]>()?;
                }
                Ok(params)
            },
            list,
        )?;
        let output = if input.peek(Token![->]) {
            input.parse::<Token![->]>()?;
            Some(input.parse()?)
        } else {
            None
        };
        if input.peek(Token![where]) {
            let w: WhereClause = input.parse()?;
            generics.where_clause = Some(w);
        }
        let body = if input.peek(Token![;]) {
            input.parse::<Token![;]>()?;
            None
        } else {
            let tt: TokenTree = input.parse()?;
            match &tt {
                TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => Some(tt.into_token_stream()),
                _ => return Err(syn::Error::new(tt.span(), "expected a function body")),
            }
        };
        if !input.is_empty() {
            return Err(input.error("autodiff must be applied to function"));
        }
        Ok(FnItem {
            attrs,
            vis,
            constness,
            asyncness,
            unsafety,
            abi,
            fn_token,
            ident,
            generics,
            params,
            output,
            body,
            tokens: TokenStream::new(),
        })
    }
}

fn parse_param(input: ParseStream) -> syn::Result<Param> {
    let attrs = input.call(outer_attrs)?;
    if input.peek(Token![&]) && (input.peek2(Token![self]) || input.peek2(syn::Lifetime) || input.peek2(Token![mut])) {
        let fork = input.fork();
        fork.parse::<Token![&]>()?;
        let _: Option<syn::Lifetime> = fork.parse()?;
        let _: Option<Token![mut]> = fork.parse()?;
        if fork.peek(Token![self]) {
            let and: Token![&] = input.parse()?;
            let lifetime: Option<syn::Lifetime> = input.parse()?;
            let mutability: Option<Token![mut]> = input.parse()?;
            let self_token: Token![self] = input.parse()?;
            let self_ident = Ident::new("self", self_token.span);
            let self_ty = Ident::new("Self", self_token.span);
            let ty: Type = syn::parse_quote!(& #lifetime #mutability #self_ty);
            let tokens = quote!(#(#attrs)* #and #lifetime #mutability #self_token);
            return Ok(Param::Receiver(Receiver { self_token: self_ident, ty, tokens }));
        }
    }
    if input.peek(Token![self]) || (input.peek(Token![mut]) && input.peek2(Token![self])) {
        let mutability: Option<Token![mut]> = input.parse()?;
        let self_token: Token![self] = input.parse()?;
        let self_ident = Ident::new("self", self_token.span);
        let (colon, ty) = if input.peek(Token![:]) {
            let c: Token![:] = input.parse()?;
            let t: Type = input.parse()?;
            (Some(c), t)
        } else {
            let self_ty = Ident::new("Self", self_token.span);
            (None, syn::parse_quote!(#self_ty))
        };
        let tokens = match colon {
            Some(c) => quote!(#(#attrs)* #mutability #self_token #c #ty),
            None => quote!(#(#attrs)* #mutability #self_token),
        };
        return Ok(Param::Receiver(Receiver { self_token: self_ident, ty, tokens }));
    }
    if input.peek(Token![...]) {
        return Err(input.error("autodiff cannot differentiate a variadic function"));
    }
    let mutability: Option<Token![mut]> = input.parse()?;
    if input.peek(syn::Ident) && input.peek2(Token![:]) && !input.peek2(Token![::]) {
        let name: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        let ty: Type = input.parse()?;
        return Ok(Param::Typed(Typed { attrs, mutability, name, ty }));
    }
    // Any other pattern: point at it.
    let mut pat = TokenStream::new();
    while !input.is_empty() && !(input.peek(Token![:]) && !input.peek(Token![::])) {
        let tt: TokenTree = input.parse()?;
        pat.extend(std::iter::once(tt));
    }
    Err(syn::Error::new_spanned(
        pat,
        "autodiff needs a plain parameter name here (`name: Type`): the shadow's name is made from it",
    ))
}
