//! Quoting what a player typed in a refusal without echoing all of it back, and the longest
//! order the service reads: the same limits whichever front end passes the text on.

/// How much of a player's input a reply quotes.
pub const QUOTE_CHARS: usize = 40;
/// The longest order the service reads. The longest real one, every name spelled out with a
/// coast and a convoy, is under 100 characters; anything far longer is a paste gone wrong.
pub const MAX_ORDER_CHARS: usize = 150;

/// What a player typed, fit to quote inside a code span: on one line, backticks turned into
/// quotes (a backtick would end the span), and cut after [`QUOTE_CHARS`] characters with `…`.
pub fn quote(input: &str) -> String {
    let flat: String = input
        .trim()
        .chars()
        .map(|c| match c {
            '`' => '\'',
            c if c.is_control() => ' ',
            c => c,
        })
        .collect();
    elide(&flat, QUOTE_CHARS)
}

/// The first `max` characters of `text`, with `…` when something was left off.
pub fn elide(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", text[..cut].trim_end()),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_short_single_line_and_safe_in_code_spans() {
        assert_eq!(quote("  A par - bur "), "A par - bur");
        let long = "x".repeat(5000);
        assert_eq!(quote(&long), format!("{}…", "x".repeat(40)));
        assert_eq!(quote("a`b\nc"), "a'b c");
    }
}
