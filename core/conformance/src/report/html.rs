//! The pieces every HTML page of the suites is drawn with: the style sheet, the `<head>`, the
//! stacked result bar, the counts, fragment ids and messages with their code spans. The run
//! report of every game, the matrix, the rulebook sites and judged records all use them, so the
//! pages look alike and escape text the same way.

use std::fmt::Write as _;

use super::Summary;
use super::escape::html;

/// Escapes a message for HTML content, rendering its Markdown code spans (`like this`) as
/// `<code>`: messages are written once for every format, with backticks around moves,
/// commands and replies, and a page should not show the backticks. A backtick without a
/// partner is kept as written.
pub fn esc_message(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('`') else {
            break;
        };
        out.push_str(&html(&rest[..open]));
        out.push_str("<code>");
        out.push_str(&html(&after[..close]));
        out.push_str("</code>");
        rest = &after[close + 1..];
    }
    out.push_str(&html(rest));
    out
}

/// The style sheet shared by the reports and the rulebook sites: readable on a phone (one
/// column, boards scale down), printable (colours kept, collapsed sections opened by the
/// reader stay as they are).
pub const STYLE: &str = "\
:root{--pass:#3a9a3a;--fail:#c62828;--error:#e08a00;--skip:#9e9e9e}\
*{box-sizing:border-box}\
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.45;margin:0 auto;padding:1em;max-width:64rem;color:#222}\
h1{font-size:1.5em;margin:.2em 0}h2{margin-top:1.6em;border-bottom:2px solid #ddd}h3{margin-bottom:.3em}\
code,pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}\
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f6;padding:.4em .6em;margin:.3em 0}\
.counts span{display:inline-block;margin-right:.8em}\
.n-pass{color:var(--pass)}.n-fail{color:var(--fail)}.n-error{color:var(--error)}.n-skip{color:#666}\
table{border-collapse:collapse;width:100%;margin:.5em 0 1em}\
th,td{border-bottom:1px solid #e3e3e3;padding:.25em .4em;text-align:left;vertical-align:top}\
.bar{display:flex;height:.9em;min-width:6em;border-radius:3px;overflow:hidden;background:#eee}\
.bar span{display:block;height:100%}\
.bar .pass{background:var(--pass)}.bar .fail{background:var(--fail)}.bar .error{background:var(--error)}.bar .skip{background:var(--skip)}\
.paraphrase{border-left:4px solid #c9b27c;background:#fbf6ea;margin:.4em 0;padding:.4em .8em}\
.case{border:1px solid #ddd;border-left:6px solid var(--fail);border-radius:4px;padding:.6em .8em;margin:.8em 0;break-inside:avoid}\
.case[data-outcome=error]{border-left-color:var(--error)}.case[data-outcome=pass]{border-left-color:var(--pass)}.case[data-outcome=skip]{border-left-color:var(--skip)}.site-case{border-left-color:#c9b27c}\
.case h4{margin:0 0 .4em}\
.case-body{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}\
.case-body figure{margin:0;flex:0 1 420px;min-width:240px}\
.case-body .facts{flex:1 1 18em;min-width:0}\
svg.board{width:100%;height:auto;display:block}\
figcaption{font-size:.8em;color:#555;overflow-wrap:anywhere}\
.diff li{list-style:none;margin:.1em 0}.diff{padding-left:.2em}\
.missing{color:#0050b0}.extra{color:#b00000}\
.muted{color:#666;font-size:.9em}\
tr.fail td{color:var(--fail)}tr.error td{color:var(--error)}tr.skip td{color:#666}\
details{margin:.3em 0}summary{cursor:pointer}\
.tag{display:inline-block;border:1px solid #ccc;border-radius:3px;padding:0 .3em;font-size:.85em;margin-right:.3em}\
@media (max-width:40rem){body{padding:.5em}th.opt,td.opt{display:none}}\
@media print{body{max-width:none}.case{page-break-inside:avoid}*{-webkit-print-color-adjust:exact;print-color-adjust:exact}a{color:inherit;text-decoration:none}}";

/// The start of a page: doctype, title, style.
pub fn head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><style>{STYLE}</style></head><body>\n",
        html(title)
    )
}

/// The stacked bar of a summary, in the one order of every report.
pub fn bar(s: &Summary) -> String {
    let total = s.total();
    if total == 0 {
        return "<div class=\"bar\"></div>".into();
    }
    let mut out = format!(
        "<div class=\"bar\" role=\"img\" aria-label=\"{}\">",
        html(&s.line())
    );
    for (o, _, n) in s.parts() {
        if n > 0 {
            let _ = write!(
                out,
                "<span class=\"{}\" style=\"width:{:.2}%\"></span>",
                o.label(),
                100.0 * n as f64 / total as f64
            );
        }
    }
    out.push_str("</div>");
    out
}

/// The counts in the one order, each coloured by its outcome.
pub fn counts_html(s: &Summary) -> String {
    format!(
        "<span class=\"n-pass\">{} passed{}</span><span class=\"n-fail\">{} failed</span>\
         <span class=\"n-skip\">{} skipped</span><span class=\"n-error\">{} errored</span>",
        s.passed,
        s.partly(),
        s.failed,
        s.skipped,
        s.errored
    )
}

/// A fragment id for an article (`book:3.11c` → `book-3.11c`).
pub fn anchor(id: &str) -> String {
    id.replace(':', "-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_render_code_spans_escaped() {
        assert_eq!(
            esc_message("malformed USI move: `7g7z`: `7z` is not a square"),
            "malformed USI move: <code>7g7z</code>: <code>7z</code> is not a square"
        );
        assert_eq!(
            esc_message("reply `<a & \"b\">` to <go>"),
            "reply <code>&lt;a &amp; &quot;b&quot;&gt;</code> to &lt;go&gt;"
        );
        assert_eq!(esc_message("one ` left"), "one ` left");
        assert_eq!(esc_message("`a` and ` b"), "<code>a</code> and ` b");
        assert_eq!(esc_message("no code"), "no code");
    }
}
