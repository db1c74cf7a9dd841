//! What reading a map's files shares: the problems found so far, each with its file and line,
//! the tokenizer of a line, the variant's movement classes and vocabulary resolved once into the
//! values a map holds, and the lookup of a `province[/coast]` written in a file.

use super::super::{
    normalise, Classes, CoastId, Location, MoveClass, NameLookup, Province, Terrain, Vocabulary,
    MAX_DECLARED,
};
use super::Movement;
use std::borrow::Cow;
use std::fmt;

/// One problem in a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    pub file: String,
    /// 1-based; 0 when the problem is with the file as a whole.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

pub(super) struct Errors(pub(super) Vec<MapError>);

impl Errors {
    pub(super) fn at(&mut self, file: &str, line: usize, message: impl Into<String>) {
        self.0.push(MapError {
            file: file.to_string(),
            line,
            message: message.into(),
        });
    }
}

/// Splits a line into tokens at whitespace outside double quotes; quotes are removed.
/// Returns `None` for blank and comment lines. A token is borrowed from the line unless its
/// quotes had to be taken out.
pub(super) fn tokens(line: &str) -> Option<Result<Vec<Cow<'_, str>>, String>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    // Most lines quote nothing: split them without looking at every character (every built-in
    // variant's files are read this way on each start of the command line).
    if !line.contains('"') {
        return Some(Ok(line.split_whitespace().map(Cow::Borrowed).collect()));
    }
    let mut out = Vec::new();
    // The byte where the current token starts, if one has started.
    let mut start = None;
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        if c == '"' {
            quoted = !quoted;
            start.get_or_insert(i);
        } else if c.is_whitespace() && !quoted {
            if let Some(s) = start.take() {
                out.push(unquoted(&line[s..i]));
            }
        } else {
            start.get_or_insert(i);
        }
    }
    if quoted {
        return Some(Err("a double quote is not closed".into()));
    }
    if let Some(s) = start {
        out.push(unquoted(&line[s..]));
    }
    Some(Ok(out))
}

/// A token as written, its quotes taken out: borrowed when it has none or is one quoted span.
fn unquoted(token: &str) -> Cow<'_, str> {
    match token.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(inner) if !inner.contains('"') => Cow::Borrowed(inner),
        _ if !token.contains('"') => Cow::Borrowed(token),
        _ => Cow::Owned(token.replace('"', "")),
    }
}

pub(super) fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}

/// The variant's movement classes and vocabulary as the files use them: the classes (a
/// border's [`Classes`] index them), the words `borders.txt` may name them by, the terrains
/// with the classes each admits, and the declared tags and border kinds.
pub(super) struct Resolved<'v> {
    pub vocabulary: &'v Vocabulary,
    pub classes: Vec<&'static MoveClass>,
    pub convoy_classes: Classes,
    /// The classes that move along coasts (a split coast is only for them).
    pub coast_classes: Classes,
    /// Each class that follows another's borders, with the class it follows.
    pub follows: Vec<(Classes, Classes)>,
    /// The classes that stand wherever one of their own borders reaches.
    pub route_classes: Classes,
    pub words: Vec<(String, &'static MoveClass)>,
    pub terrains: Vec<Terrain>,
    pub terrain_names: Vec<String>,
    pub tag_names: Vec<String>,
    pub border_kind_names: Vec<String>,
}

impl Resolved<'_> {
    /// The bit of a class in [`Classes`].
    pub fn class_bit(&self, c: &MoveClass) -> Classes {
        class_bit(&self.classes, c)
    }

    /// The classes one of `words` names, as the bits of [`Classes`].
    pub fn known_words(&self) -> Vec<&str> {
        self.words.iter().map(|(w, _)| w.as_str()).collect()
    }
}

fn class_bit(classes: &[&'static MoveClass], c: &MoveClass) -> Classes {
    Classes(1 << classes.iter().position(|x| x.name == c.name).unwrap_or(0))
}

/// Resolves the variant's movement and vocabulary once, reporting a vocabulary that declares
/// more than a map can hold.
pub(super) fn resolve<'v>(
    movement: Movement,
    vocabulary: &'v Vocabulary,
    errs: &mut Errors,
) -> Resolved<'v> {
    let mut classes: Vec<&'static MoveClass> = Vec::new();
    for (_, c) in movement.words {
        if !classes.iter().any(|x| x.name == c.name) {
            classes.push(c);
        }
    }
    let class_bit = |c: &MoveClass| class_bit(&classes, c);
    let convoy_classes = Classes(
        movement
            .convoying
            .iter()
            .map(|c| class_bit(c).0)
            .fold(0, |a, b| a | b),
    );
    let words: Vec<(String, &'static MoveClass)> = movement
        .words
        .iter()
        .map(|(w, c)| (w.to_string(), *c))
        .collect();
    let terrains = resolve_terrains(vocabulary, &words, &class_bit, errs);
    let terrain_names: Vec<String> = vocabulary.terrains.iter().map(|t| t.name.clone()).collect();
    let tag_names: Vec<String> = vocabulary.tags.iter().map(|t| t.name.clone()).collect();
    let border_kind_names = vocabulary.border_kinds.clone();
    for (what, list, file) in [
        (
            "province tags",
            &tag_names,
            vocabulary.tags.get(MAX_DECLARED).map(|t| t.file.as_str()),
        ),
        ("border kinds", &border_kind_names, Some("the vocabulary")),
    ] {
        if list.len() > MAX_DECLARED {
            errs.at(
                file.unwrap_or("the vocabulary"),
                0,
                format!(
                    "{} {what} are declared; a variant may declare at most {MAX_DECLARED}",
                    list.len()
                ),
            );
        }
    }
    let declared = |c: &MoveClass| vocabulary.classes.iter().find(|d| d.name == c.name);
    let coast_classes = Classes(
        classes
            .iter()
            .filter(|c| declared(c).is_some_and(|d| d.coasts))
            .map(|c| class_bit(c).0)
            .fold(0, |a, b| a | b),
    );
    let route_classes = Classes(
        classes
            .iter()
            .filter(|c| declared(c).is_some_and(|d| d.stands_on_routes))
            .map(|c| class_bit(c).0)
            .fold(0, |a, b| a | b),
    );
    let mut follows = Vec::new();
    for c in &classes {
        let Some(d) = declared(c) else { continue };
        let Some(other) = &d.follows else { continue };
        match classes.iter().find(|x| x.name == other.as_str()) {
            Some(o) => follows.push((class_bit(c), class_bit(o))),
            None => errs.at(
                &d.file,
                0,
                format!(
                    "class {} follows '{other}', which is not a movement class of this variant's unit kinds",
                    d.name
                ),
            ),
        }
    }
    Resolved {
        vocabulary,
        classes,
        convoy_classes,
        coast_classes,
        follows,
        route_classes,
        words,
        terrains,
        terrain_names,
        tag_names,
        border_kind_names,
    }
}

/// The declared terrains with the classes each admits, reporting a class word no unit kind of
/// the variant moves by, and a terrain declared twice or beyond the most a map may have.
fn resolve_terrains(
    vocabulary: &Vocabulary,
    words: &[(String, &'static MoveClass)],
    class_bit: &dyn Fn(&MoveClass) -> Classes,
    errs: &mut Errors,
) -> Vec<Terrain> {
    let mut out: Vec<Terrain> = Vec::new();
    for decl in &vocabulary.terrains {
        if out.iter().any(|t| t.name == decl.name) {
            errs.at(
                &decl.file,
                0,
                format!("terrain {} is declared twice", decl.name),
            );
        }
        let mut admits = Classes(0);
        for w in &decl.stand {
            match words.iter().find(|(x, _)| x == w) {
                Some((_, c)) => admits.0 |= class_bit(c).0,
                None => {
                    let known: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
                    errs.at(
                        &decl.file,
                        0,
                        format!(
                            "terrain {} lets '{w}' stand there, which is not a movement class or unit kind of this variant; expected {}",
                            decl.name,
                            known.join(", ")
                        ),
                    )
                }
            }
        }
        out.push(Terrain {
            name: decl.name.clone(),
            admits,
            convoys: decl.convoys,
            lands: decl.lands,
            holds_many: decl.holds_many,
        });
    }
    if out.len() > u8::MAX as usize {
        errs.at(
            "the vocabulary",
            0,
            format!(
                "{} terrains are declared; a map may have at most 255",
                out.len()
            ),
        );
    }
    for decl in &vocabulary.tags {
        for t in &decl.on {
            if !vocabulary.terrains.iter().any(|x| x.name == *t) {
                errs.at(
                    &decl.file,
                    0,
                    format!(
                        "tag {} is declared for terrain '{t}', which is not declared",
                        decl.name
                    ),
                );
            }
        }
    }
    out
}

/// The place a file writes as `province[/coast]`, by province id.
pub(super) fn locate(
    s: &str,
    provinces: &[Province],
    names: &NameLookup,
) -> Result<Location, String> {
    let (p, c) = match s.split_once('/') {
        Some((p, c)) => (p, Some(c)),
        None => (s, None),
    };
    let pid = names
        .exact_id(p)
        .ok_or_else(|| format!("unknown province '{p}'"))?;
    let prov = &provinces[pid.0 as usize];
    let coast = match c {
        None => None,
        Some(c) => Some(
            prov.coasts
                .iter()
                .position(|k| *k == normalise(c))
                .map(|i| CoastId(i as u8))
                .ok_or_else(|| {
                    format!(
                        "{} has no coast '{c}' (its coasts: {})",
                        prov.id,
                        prov.coasts.join(", ")
                    )
                })?,
        ),
    };
    Ok(Location {
        province: pid,
        coast,
    })
}

#[cfg(test)]
mod tests {
    use super::tokens;

    fn words(line: &str) -> Result<Vec<String>, String> {
        tokens(line)
            .expect("not a blank line")
            .map(|t| t.into_iter().map(|w| w.into_owned()).collect())
    }

    #[test]
    fn a_line_splits_at_whitespace_outside_quotes() {
        assert_eq!(
            words("  lon  coast\t\"London\" ").unwrap(),
            ["lon", "coast", "London"]
        );
        assert_eq!(
            words("nwg sea \"Norwegian Sea\" aliases=nrg").unwrap(),
            ["nwg", "sea", "Norwegian Sea", "aliases=nrg"]
        );
        assert_eq!(words("x \"\" y").unwrap(), ["x", "", "y"]);
        assert_eq!(words("\"a b\"c d").unwrap(), ["a bc", "d"]);
        assert_eq!(
            words("say=\"São Paulo\" ok").unwrap(),
            ["say=São Paulo", "ok"]
        );
        assert_eq!(
            words("a\u{a0}b \"c\u{a0}d\"").unwrap(),
            ["a", "b", "c\u{a0}d"]
        );
    }

    #[test]
    fn blank_and_comment_lines_are_skipped_and_an_open_quote_is_an_error() {
        assert!(tokens("   ").is_none());
        assert!(tokens("  # a comment \"").is_none());
        assert_eq!(
            words("lon land \"London").unwrap_err(),
            "a double quote is not closed"
        );
    }
}
