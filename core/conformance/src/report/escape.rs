//! The HTML and XML escapers of the reports: the one copy, kept in `conformance-rulebook`
//! (whose rulebook browser escapes with it too; see [`conformance_rulebook::escape`] for why
//! it lives there), re-exported under the path the reports and both games' renderers use.

pub use conformance_rulebook::escape::{html, xml};
