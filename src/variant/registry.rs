//! The variants a process knows: the built-ins plus those loaded from `variants.ini`
//! files (`VariantPath`, `--variants-file`). A loaded variant with a built-in's name
//! replaces it, as in Fairy-Stockfish; names are compared ignoring case.

use super::builtin::builtin_variants;
use super::Variant;
use std::sync::{Arc, RwLock};

static USER: RwLock<Vec<Arc<Variant>>> = RwLock::new(Vec::new());

fn user() -> Vec<Arc<Variant>> {
    USER.read().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Adds loaded variants, each replacing an earlier one of the same name.
pub fn register(variants: Vec<Variant>) {
    let mut list = USER.write().unwrap_or_else(|e| e.into_inner());
    for v in variants {
        list.retain(|u| !u.name.eq_ignore_ascii_case(&v.name));
        list.push(Arc::new(v));
    }
}

/// Every variant by name: the built-ins in their order (a loaded one in the place of a
/// built-in it replaces), then the other loaded ones in loading order.
pub fn all_variants() -> Vec<Arc<Variant>> {
    let user = user();
    let mut all: Vec<Arc<Variant>> = builtin_variants()
        .iter()
        .map(|b| {
            user.iter()
                .find(|u| u.name.eq_ignore_ascii_case(&b.name))
                .unwrap_or(b)
                .clone()
        })
        .collect();
    for u in user {
        if !all.iter().any(|a| a.name.eq_ignore_ascii_case(&u.name)) {
            all.push(u);
        }
    }
    all
}

/// A variant by name or alias, ignoring case; loaded variants first.
pub fn find_variant(name: &str) -> Option<Arc<Variant>> {
    user()
        .into_iter()
        .find(|v| v.name.eq_ignore_ascii_case(name))
        .or_else(|| super::builtin::find_variant(name))
}
