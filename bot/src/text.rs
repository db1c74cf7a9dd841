//! Text the bot sends to Discord: keeping within Discord's limits, and quoting what a player
//! typed without echoing all of it back.
//!
//! Discord refuses a whole message that is one character too long, and a refused reply reaches
//! the player as a generic failure even when their command was carried out, so every reply is
//! fitted here rather than trusted to be short.

/// The longest message content Discord accepts.
pub const MESSAGE_LIMIT: usize = 2000;
/// The longest autocomplete choice name (and string value) Discord accepts.
pub const CHOICE_LIMIT: usize = 100;
/// The most autocomplete choices Discord shows.
pub const CHOICES: usize = 25;
// Quoting a player's input is shared with the games service, which quotes it in refusals.
pub use engine::store::text::{elide, quote, MAX_ORDER_CHARS, QUOTE_CHARS};

/// A length as Discord counts it. Discord's documentation speaks of characters; counting
/// UTF-16 units is never less than that, so a text this measures as fitting fits.
pub fn discord_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Shortens every quoted span ('…', "…" or `…`) longer than [`QUOTE_CHARS`] in a message
/// written elsewhere (the parser quotes the whole order it could not read). An apostrophe
/// inside a word (Spain's) neither opens nor closes a quote.
pub fn elide_quotes(message: &str) -> String {
    let chars: Vec<char> = message.chars().collect();
    let word = |i: usize| chars.get(i).is_some_and(|c| c.is_alphanumeric());
    let mut out = String::with_capacity(message.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let opens = match c {
            '"' | '`' => true,
            '\'' => i == 0 || !word(i - 1),
            _ => false,
        };
        let close = opens
            .then(|| {
                (i + 1..chars.len())
                    .find(|&j| chars[j] == c && (c != '\'' || !word(j + 1)))
                    .filter(|&j| j > i + 1)
            })
            .flatten();
        match close {
            Some(j) => {
                let inner: String = chars[i + 1..j].iter().collect();
                out.push(c);
                out += &elide(&inner, QUOTE_CHARS);
                out.push(c);
                i = j + 1;
            }
            None => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// `text` cut to at most `limit` (as Discord counts), at a line break where one is near, and
/// ending with `note` when it was cut.
pub fn fit(text: &str, limit: usize, note: &str) -> String {
    if discord_len(text) <= limit {
        return text.to_string();
    }
    let budget = limit.saturating_sub(discord_len(note));
    let mut used = 0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        used += c.len_utf16();
        if used > budget {
            break;
        }
        end = i + c.len_utf8();
    }
    let kept = &text[..end];
    // A cut mid-line can split a quote or a mention; a line break in the last half is better.
    let kept = match kept.rfind('\n') {
        Some(nl) if nl >= end / 2 => &kept[..nl],
        _ => kept,
    };
    format!("{}{note}", kept.trim_end())
}

/// A message for Discord: whole when it fits, else cut with a note saying so.
pub fn fit_message(text: &str) -> String {
    fit(
        text,
        MESSAGE_LIMIT,
        "\n… (cut short: Discord shows at most 2000 characters)",
    )
}

/// An autocomplete choice's name.
pub fn fit_choice(name: &str) -> String {
    fit(name, CHOICE_LIMIT, "…")
}

/// The most characters a list of a variant's own orders may take in a message (the start DM,
/// `/game status`), so that the rest of the message always has room.
pub const ORDER_HELP_CHARS: usize = 900;

/// A variant's own orders explained, one line each (`` `F nao place` — place your extra
/// fleet``), under a heading; `None` when there are none. Each line is cut to fit a
/// reasonable width, and lines that would take the list past [`ORDER_HELP_CHARS`] are counted
/// in a last line instead of written.
pub fn order_help(heading: &str, entries: &[engine::rulebook::OrderHelp]) -> Option<String> {
    if entries.is_empty() {
        return None;
    }
    let mut out = format!("{heading}\n");
    for (i, e) in entries.iter().enumerate() {
        let line = format!(
            "• `{}` — {}\n",
            elide(&e.form, 60).replace('`', "'"),
            elide(&e.meaning, 160)
        );
        let left = entries.len() - i;
        if discord_len(&out) + discord_len(&line) > ORDER_HELP_CHARS {
            out += &format!("• … and {left} more\n");
            break;
        }
        out += &line;
    }
    Some(out.trim_end().to_string())
}

/// A phrase as a sentence's start: its first letter in capitals ("the sea ..." → "The
/// sea ...").
pub fn as_sentence(phrase: &str) -> String {
    let mut chars = phrase.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quoted_spans_are_elided_and_apostrophes_left_alone() {
        let long = "y".repeat(300);
        let m = format!("could not understand \"{long}\"; expected Spain's army in '{long}'");
        let e = elide_quotes(&m);
        assert!(e.contains(&format!("\"{}…\"", "y".repeat(40))), "{e}");
        assert!(e.contains(&format!("'{}…'", "y".repeat(40))), "{e}");
        assert!(e.contains("Spain's army"), "{e}");
        assert_eq!(elide_quotes("it's 'short'"), "it's 'short'");
    }

    #[test]
    fn messages_fit_discords_limit_counting_utf16() {
        let short = "fine";
        assert_eq!(fit_message(short), short);
        let lines: String = (0..300).map(|i| format!("line {i} ✅ 🛡️\n")).collect();
        let fitted = fit_message(&lines);
        assert!(
            discord_len(&fitted) <= MESSAGE_LIMIT,
            "{}",
            discord_len(&fitted)
        );
        assert!(fitted.ends_with("Discord shows at most 2000 characters)"));
        assert!(fitted.contains("line 0 "));
        let one_line = "🛡️".repeat(3000);
        assert!(discord_len(&fit_message(&one_line)) <= MESSAGE_LIMIT);
        assert!(fit_choice(&"z".repeat(500)).chars().count() <= CHOICE_LIMIT);
    }

    #[test]
    fn order_help_stays_within_its_share_of_a_message() {
        use engine::rulebook::OrderHelp;
        assert_eq!(order_help("Orders:", &[]), None);
        let one = order_help(
            "Orders:",
            &[OrderHelp::new("F nao place", "place a fleet", true)],
        );
        assert_eq!(
            one.as_deref(),
            Some("Orders:\n• `F nao place` — place a fleet")
        );
        let many: Vec<OrderHelp> = (0..40)
            .map(|i| OrderHelp::new(format!("F nao order{i} `x`"), "m".repeat(300), true))
            .collect();
        let text = order_help("Orders:", &many).expect("some");
        assert!(
            discord_len(&text) <= ORDER_HELP_CHARS + 40,
            "{}",
            discord_len(&text)
        );
        assert!(text.contains("more"), "{text}");
        // A backquote in a form cannot break the code span round it.
        assert!(text.contains("order0 'x'`"), "{text}");
    }

    #[test]
    fn a_phrase_starts_a_sentence_in_capitals() {
        assert_eq!(super::as_sentence("the sea is frozen"), "The sea is frozen");
        assert_eq!(super::as_sentence("élan"), "Élan");
        assert_eq!(super::as_sentence(""), "");
    }
}
