//! The one table of resource names: what the lane, the panel and the marks call each kind
//! of protected resource and the number it shows.

use crate::engine::ResourceKind;

/// The resource's name on its lane: "Inventory", "Bank (payments)", "Storage (file)".
pub fn resource_name(kind: &ResourceKind) -> &'static str {
    match kind {
        ResourceKind::Inventory { .. } => "Inventory",
        ResourceKind::Payments { .. } => "Bank (payments)",
        ResourceKind::Storage => "Storage (file)",
    }
}

/// What the resource's value counts: "stock", "unpaid" invoices or the file's "version".
pub fn resource_unit(kind: &ResourceKind) -> &'static str {
    match kind {
        ResourceKind::Inventory { .. } => "stock",
        ResourceKind::Payments { .. } => "unpaid",
        ResourceKind::Storage => "version",
    }
}
