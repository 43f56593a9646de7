//! The variants a process knows: the built-ins plus those loaded from `variants.ini`
//! files (`VariantPath`, `--variants-file`). A loaded variant with a known variant's name
//! replaces it, aliases included (docs/variant-config.md); names are compared ignoring
//! case.

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

/// A variant by name or alias, ignoring case. Names first (a loaded variant in the place
/// of the built-in it replaces); then aliases, the most recently loaded variant first,
/// then the built-ins. A replaced built-in answers to nothing: its aliases belong to its
/// replacement (which the loader gives them unless the new section names its own).
pub fn find_variant(name: &str) -> Option<Arc<Variant>> {
    let all = all_variants();
    if let Some(v) = all.iter().find(|v| v.name.eq_ignore_ascii_case(name)) {
        return Some(v.clone());
    }
    user()
        .iter()
        .rev()
        .find(|v| v.answers_to(name))
        .or_else(|| all.iter().find(|v| v.answers_to(name)))
        .cloned()
}
