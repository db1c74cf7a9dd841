//! Text made safe to write into SVG, as an attribute or a text node.

/// Escapes text for an SVG attribute or text node.
pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
