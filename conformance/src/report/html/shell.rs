//! The shell every HTML page of the tool shares: the core's escaper, style sheet, `<head>` and
//! result bar (`conformance_core::report::html`), and shogi's article heading with its
//! paraphrase from the registry.
//!
//! The run report, the matrix, the rulebook site and `judge --format html` all draw with these
//! pieces, so that the pages look alike and escape text the same way.

use shogi_spec::ArticleId;

use conformance_core::report::Summary;

/// Escapes text for HTML content and attribute values (the core's one escaper).
pub use conformance_core::report::escape::html as esc;
/// The core's page pieces: messages with code spans, the style sheet, the head.
pub use conformance_core::report::html::{STYLE, esc_message, head};

/// A stacked bar of the counts, in the one order of every report (the core's bar).
pub fn bar(s: &Summary) -> String {
    conformance_core::report::html::bar(s)
}

/// A fragment id for an article (`fesa2017:3.11c` → `fesa2017-3.11c`).
pub fn anchor(id: &ArticleId) -> String {
    conformance_core::report::html::anchor(id.as_str())
}
