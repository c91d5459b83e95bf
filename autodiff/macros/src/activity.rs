//! The attribute's arguments: `NAME, [WIDTH,] ACTIVITY...` and which activity each mode and
//! position accepts (rustc's rules: compiler/rustc_ast/src/expand/autodiff_attrs.rs).

use proc_macro2::{Span, TokenStream};
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitInt, Token};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    Forward,
    Reverse,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Forward => "Forward",
            Mode::Reverse => "Reverse",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Activity {
    Const,
    Active,
    ActiveOnly,
    Duplicated,
    DuplicatedOnly,
    Dual,
    DualOnly,
    Dualv,
    DualvOnly,
}

impl Activity {
    fn from_name(s: &str) -> Option<Activity> {
        use Activity::*;
        Some(match s {
            "Const" => Const,
            "Active" => Active,
            "ActiveOnly" => ActiveOnly,
            "Duplicated" => Duplicated,
            "DuplicatedOnly" => DuplicatedOnly,
            "Dual" => Dual,
            "DualOnly" => DualOnly,
            "Dualv" => Dualv,
            "DualvOnly" => DualvOnly,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        use Activity::*;
        match self {
            Const => "Const",
            Active => "Active",
            ActiveOnly => "ActiveOnly",
            Duplicated => "Duplicated",
            DuplicatedOnly => "DuplicatedOnly",
            Dual => "Dual",
            DualOnly => "DualOnly",
            Dualv => "Dualv",
            DualvOnly => "DualvOnly",
        }
    }

    /// Const and the Dual family: what forward mode accepts, on inputs and on the return.
    fn is_dual_or_const(self) -> bool {
        use Activity::*;
        matches!(self, Const | Dual | DualOnly | Dualv | DualvOnly)
    }

    pub fn valid_input(self, mode: Mode) -> bool {
        use Activity::*;
        match mode {
            Mode::Forward => self.is_dual_or_const(),
            Mode::Reverse => matches!(self, Const | Active | ActiveOnly | Duplicated | DuplicatedOnly),
        }
    }

    pub fn valid_return(self, mode: Mode) -> bool {
        use Activity::*;
        match mode {
            Mode::Forward => self.is_dual_or_const(),
            Mode::Reverse => matches!(self, Const | Active | ActiveOnly),
        }
    }

    /// The argument gets shadow parameters (Duplicated and Dual, with their Only and v forms).
    pub fn has_shadow(self) -> bool {
        use Activity::*;
        matches!(self, Duplicated | DuplicatedOnly | Dual | DualOnly | Dualv | DualvOnly)
    }
}

/// `#[autodiff_*(NAME, [WIDTH,] ACTIVITY...)]` as written.
pub struct Config {
    pub name: Ident,
    pub width: u32,
    /// The width literal, when given (errors about vector mode point at it).
    pub width_span: Option<Span>,
    pub activities: Vec<(Activity, Span)>,
}

impl Parse for Config {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.is_empty() {
            return Err(syn::Error::new(Span::call_site(), "autodiff requires at least a name and mode"));
        }
        let name: Ident = input.parse()?;
        let mut width = 1u32;
        let mut width_span = None;
        let mut activities = Vec::new();
        let mut first = true;
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break; // a trailing comma
            }
            if first && input.peek(LitInt) {
                let lit: LitInt = input.parse()?;
                let w: u128 = lit.base10_parse()?;
                width = u32::try_from(w).map_err(|_| {
                    syn::Error::new(lit.span(), format!("autodiff width must fit u32, but is {}", w))
                })?;
                if width == 0 {
                    return Err(syn::Error::new(lit.span(), "autodiff width must be at least 1"));
                }
                width_span = Some(lit.span());
                first = false;
                continue;
            }
            first = false;
            let id: Ident = input.parse()?;
            match Activity::from_name(&id.to_string()) {
                Some(a) => activities.push((a, id.span())),
                None => {
                    return Err(syn::Error::new(
                        id.span(),
                        format!("did not recognize Activity: `{}`", id),
                    ))
                }
            }
        }
        Ok(Config { name, width, width_span, activities })
    }
}

pub fn parse_config(attr: TokenStream) -> syn::Result<Config> {
    syn::parse2(attr)
}
