//! The one HTML escaper and the one XML escaper of every report, page and site of the suites.
//!
//! They live here, in the rulebook crate at the bottom of the workspace, because this is the
//! lowest crate that writes HTML (the rulebook browser, [`crate::site`]) and the reports of
//! `conformance-core` need them too: `conformance-core` depends on this crate and re-exports
//! them as `conformance_core::report::escape`, so there is one copy. The other way round —
//! this crate depending on `conformance-core` — would pull the core's process, signal and
//! schema-validation dependencies into every crate that only loads a rulebook (a game's spec
//! crate among them); a crate of its own would be a third published crate for two functions.
//!
//! Text from cases, engines and rulebooks goes into attributes as well as content, so both
//! escape quotes; XML also drops the control characters XML 1.0 cannot carry at all, since an
//! engine's reply may contain any byte.

/// Escapes text for HTML content and attribute values.
pub fn html(s: &str) -> String {
    escape(s, Markup::Html)
}

/// Escapes text for XML attribute values and content, dropping the control characters XML 1.0
/// forbids (everything below U+0020 except tab, line feed and carriage return).
pub fn xml(s: &str) -> String {
    escape(s, Markup::Xml)
}

/// What the two escapers differ in: XML also escapes the apostrophe and drops the controls.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Markup {
    Html,
    Xml,
}

fn escape(s: &str, markup: Markup) -> String {
    let xml = markup == Markup::Xml;
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' if xml => out.push_str("&apos;"),
            c if xml && (c as u32) < 0x20 && !matches!(c, '\n' | '\t' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escapes_markup_and_quotes_but_not_apostrophes() {
        assert_eq!(
            html(r#"<a href="x">&</a> it's"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt; it's"
        );
    }

    #[test]
    fn xml_escapes_all_five_and_drops_forbidden_controls() {
        assert_eq!(
            xml("a<b>&\"'\u{1}\u{7}\tc\n"),
            "a&lt;b&gt;&amp;&quot;&apos;\tc\n"
        );
    }
}
