//! The forgiving order parser: reads orders the way players type them.
//!
//! Unit kind is optional; provinces may be given by id, full name, alias or unique prefix in
//! any case and spacing; the usual synonyms for each order are accepted (`-`, `->`, `to`,
//! `moves to`; `S`, `supports`; `C`, `convoys`; `H`, `holds`; `R`, `retreat`; `B`, `build`;
//! `D`, `disband`; `waive`; `via convoy`), and coasts as `/nc`, `(nc)`, `nc` or `north coast`.
//! Anything not understood is quoted back with what would have been accepted there.

use crate::map::{CoastId, Map, NameError, ProvinceId};
use crate::order::{Order, Target, Term, UnitRef};
use crate::unit::UnitKind;
use std::fmt;

/// Why an order could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// What the parser needs to know about a variant: its map (with its unit kinds) and its
/// rulebook's own verbs.
pub struct Grammar<'a> {
    pub map: &'a Map,
    pub unit_kinds: &'a [UnitKind],
    /// Extra order verbs the variant's rulebook understands (see [`Order::Special`]).
    pub special_verbs: &'a [&'a str],
    /// Reads the words after one of those verbs into the order's typed terms.
    pub reader: &'a (dyn SpecialReader + Sync),
}

/// The rulebook's reader of its own orders, as the parser sees it
/// ([`crate::rulebook::VariantRules::read_special`]).
pub trait SpecialReader {
    /// The words after `verb`, typed; `None` when they do not read.
    fn read_special(&self, verb: &str, words: &[String]) -> Option<Vec<Term>>;
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Word(String),
    Dash,
    Slash,
    Open,
    Close,
}

impl Tok {
    fn text(&self) -> &str {
        match self {
            Tok::Word(w) => w,
            Tok::Dash => "-",
            Tok::Slash => "/",
            Tok::Open => "(",
            Tok::Close => ")",
        }
    }
}

/// How many edits turn `a` into `b`: a letter added, dropped or changed, or two neighbours
/// swapped (`prais` is one from `paris`).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two back for a swap.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (prev[j - 1] + cost).min(prev[j] + 1).min(row[j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut prev, row);
    }
    prev[b.len()]
}

/// The names closest to `word` among `candidates` (name, what to show for it), when some are
/// close enough to be a slip of the keyboard: one edit in a short word, two in a longer one,
/// three in a long name. `None` when nothing is that close.
pub fn closest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = (String, &'a str)>,
) -> Option<Vec<&'a str>> {
    let word = word.to_lowercase();
    let allowed = match word.chars().count() {
        0..=2 => 0,
        3..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let mut best: Option<(usize, Vec<&'a str>)> = None;
    for (name, shown) in candidates {
        let d = edit_distance(&word, &name.to_lowercase());
        if d == 0 || d > allowed {
            continue;
        }
        match &mut best {
            Some((b, list)) if d == *b => {
                if !list.contains(&shown) {
                    list.push(shown)
                }
            }
            Some((b, _)) if d > *b => {}
            _ => best = Some((d, vec![shown])),
        }
    }
    best.map(|(_, list)| list)
}

/// What a misread word in an order may have meant: the provinces (by id, name or alias) and
/// unit kinds nearest to it, in words ("Paris (par)", "fleet"); `None` when none is near.
fn nearest(g: &Grammar, word: &str) -> Option<String> {
    let shown: Vec<String> = g
        .map
        .provinces
        .iter()
        .map(|p| format!("{} ({})", p.name, p.id))
        .collect();
    let mut candidates: Vec<(String, &str)> = Vec::new();
    for (p, show) in g.map.provinces.iter().zip(&shown) {
        candidates.push((p.id.clone(), show));
        candidates.push((p.name.clone(), show));
        for a in &p.aliases {
            candidates.push((a.clone(), show));
        }
    }
    for k in g.unit_kinds {
        candidates.push((k.name().to_string(), k.name()));
    }
    let mut list = closest(word, candidates)?;
    list.truncate(3);
    Some(match list.as_slice() {
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
        [] => return None,
    })
}

/// The kind called `word` (its letter, name or an alias).
fn kind_called(kinds: &[UnitKind], word: &str) -> Option<UnitKind> {
    kinds.iter().copied().find(|k| k.is_called(word))
}

fn tokenise(text: &str, map: &Map, kinds: &[UnitKind]) -> Vec<Tok> {
    let mut out = Vec::new();
    for raw in text.split_whitespace() {
        let raw = raw.to_lowercase();
        // Most words hold none of the signs split off below (the dashes beyond ASCII are
        // among the bytes past 0x7f): kept as they are.
        let plain = raw.bytes().all(|b| {
            b < 0x80
                && !matches!(
                    b,
                    b'-' | b'=' | b'/' | b'(' | b'[' | b')' | b']' | b',' | b';' | b':'
                )
        });
        if plain {
            out.push(Tok::Word(raw));
            continue;
        }
        // A hyphenated name ("mid-atlantic") is a word; "lon-nth" is two provinces.
        if raw.contains('-')
            && raw.len() > 1
            && map.lookup().is_prefix(&raw)
            && !raw.starts_with('-')
        {
            out.push(Tok::Word(raw));
            continue;
        }
        // A unit kind written with a slash (`A/F`) is one word.
        if raw.contains('/') && kind_called(kinds, &raw).is_some() {
            out.push(Tok::Word(raw));
            continue;
        }
        let mut word = String::new();
        let mut chars = raw.chars().peekable();
        while let Some(c) = chars.next() {
            let sym = match c {
                '-' | '–' | '—' => {
                    if chars.peek() == Some(&'>') {
                        chars.next();
                    }
                    Some(Tok::Dash)
                }
                '=' if chars.peek() == Some(&'>') => {
                    chars.next();
                    Some(Tok::Dash)
                }
                '/' => Some(Tok::Slash),
                '(' | '[' => Some(Tok::Open),
                ')' | ']' => Some(Tok::Close),
                ',' | ';' | ':' => Some(Tok::Word(String::new())),
                c => {
                    word.push(c);
                    None
                }
            };
            if let Some(sym) = sym {
                if !word.is_empty() {
                    out.push(Tok::Word(std::mem::take(&mut word)));
                }
                if sym != Tok::Word(String::new()) {
                    out.push(sym);
                }
            }
        }
        if !word.is_empty() {
            out.push(Tok::Word(word));
        }
    }
    out
}

const HOLD: &[&str] = &["h", "hold", "holds", "stand", "stands"];
const MOVE: &[&str] = &["m", "move", "moves", "to", "attack", "attacks", "mv"];
const SUPPORT: &[&str] = &["s", "sup", "supp", "support", "supports"];
const CONVOY: &[&str] = &["c", "con", "convoy", "convoys"];
const RETREAT: &[&str] = &["r", "retreat", "retreats"];
const DISBAND: &[&str] = &["d", "disband", "disbands", "remove", "removes"];
const BUILD: &[&str] = &["b", "build", "builds"];
const WAIVE: &[&str] = &["waive", "waives", "waived"];

const ACCEPTED_AFTER_UNIT: &str =
    "H (hold), - (move), S (support), C (convoy), R (retreat), D (disband) or B (build)";

struct Parser<'a> {
    g: &'a Grammar<'a>,
    toks: Vec<Tok>,
    pos: usize,
    text: &'a str,
}

fn word_is(tok: Option<&Tok>, set: &[&str]) -> bool {
    matches!(tok, Some(Tok::Word(w)) if set.contains(&w.as_str()))
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn peek_at(&self, n: usize) -> Option<&Tok> {
        self.toks.get(self.pos + n)
    }

    /// A special order's words from token `from` on, lower-cased as read, except a unit
    /// kind's letter, written as the kind writes it (`A bre boards F mao`), so the order's
    /// text reads as players write units.
    fn special_args(&self, from: usize) -> Vec<String> {
        self.toks[from..]
            .iter()
            .map(|t| {
                let w = t.text();
                match kind_called(self.g.unit_kinds, w) {
                    Some(k) if k.letter().eq_ignore_ascii_case(w) => k.letter().to_string(),
                    _ => w.to_string(),
                }
            })
            .collect()
    }

    /// A rulebook's verb after a complete move or support (`F ptr - epr AT Peru`, `F gal S F
    /// ptr - epr AT Peru`, Latin American Diplomacy's attacks in oceans) makes the line that
    /// verb's order: its args begin with `before` (the standard order after the unit: the
    /// keyword `-` and the destination with its coast or bank (`guy/sc`), or the keyword `s`,
    /// the supported unit's province and, for a move, `-` and its destination), then what the
    /// rulebook read after the verb. `None`, and nothing read, when no such verb follows.
    fn suffixed(&mut self, unit: UnitRef, before: Vec<Term>) -> Option<Order> {
        let Some(Tok::Word(w)) = self.peek() else {
            return None;
        };
        let verb = self.g.special_verbs.iter().find(|v| **v == w.as_str())?;
        if *verb == "-" {
            return None;
        }
        let order = self.special(Some(unit), verb, before, self.pos + 1);
        self.pos = self.toks.len();
        Some(order)
    }

    /// The rulebook's own order `verb` for `unit`: `before`, then the words from token `from`
    /// on as the rulebook reads them, once; words it cannot read are kept as written, for its
    /// check to refuse and quote.
    fn special(&self, unit: Option<UnitRef>, verb: &str, before: Vec<Term>, from: usize) -> Order {
        let words = self.special_args(from);
        let mut args = before;
        match self.g.reader.read_special(verb, &words) {
            Some(read) => args.extend(read),
            None => args.extend(words.into_iter().map(Term::Written)),
        }
        Order::Special {
            unit,
            verb: verb.to_string(),
            args,
        }
    }

    fn rest_text(&self) -> String {
        self.toks[self.pos..]
            .iter()
            .map(Tok::text)
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn err(&self, what: &str, expected: &str) -> ParseError {
        ParseError {
            message: format!(
                "could not understand {what} in \"{}\"; expected {expected}",
                self.text.trim()
            ),
        }
    }

    fn eat(&mut self, set: &[&str]) -> bool {
        if word_is(self.peek(), set) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn unit_kind(&mut self) -> Option<UnitKind> {
        let Some(Tok::Word(w)) = self.peek() else {
            return None;
        };
        // A kind's name may be two words ("river flotilla"): the longest that names one.
        let two = match self.peek_at(1) {
            Some(Tok::Word(w2)) => self
                .g
                .unit_kinds
                .iter()
                .copied()
                .find(|k| k.is_called_words(w, w2)),
            _ => None,
        };
        if let Some(kind) = two {
            // "A" and the rest followed by nothing that could be a province is no unit kind.
            self.peek_at(2)?;
            self.pos += 2;
            return Some(kind);
        }
        let kind = kind_called(self.g.unit_kinds, w)?;
        self.peek_at(1)?;
        self.pos += 1;
        Some(kind)
    }

    /// The longest run of words naming a province: an exact name first, else a unique prefix.
    fn province(&mut self) -> Result<ProvinceId, ParseError> {
        let mut words: Vec<&str> = Vec::new();
        for t in &self.toks[self.pos..] {
            match t {
                Tok::Word(w) if !w.is_empty() && words.len() < 5 => words.push(w),
                _ => break,
            }
        }
        if words.is_empty() {
            let found = self
                .peek()
                .map(|t| format!("'{}'", t.text()))
                .unwrap_or("the end".into());
            return Err(self.err(&found, "a province (id, name or unique start of a name)"));
        }
        let lookup = self.g.map.lookup();
        // One buffer for the runs of words tried, longest first (a province is looked up at
        // every order and unit a case reads).
        let mut run = String::new();
        for k in (1..=words.len()).rev() {
            let found = if k == 1 {
                lookup.exact(words[0])
            } else {
                run.clear();
                for (i, w) in words[..k].iter().enumerate() {
                    if i > 0 {
                        run.push(' ');
                    }
                    run.push_str(w);
                }
                lookup.exact(&run)
            };
            if let Some(p) = found {
                self.pos += k;
                return Ok(p);
            }
        }
        for k in (1..=words.len()).rev() {
            match lookup.resolve(&words[..k].join(" ")) {
                Ok(p) => {
                    self.pos += k;
                    return Ok(p);
                }
                Err(NameError::Ambiguous(ps)) if k == 1 => {
                    let names: Vec<String> = ps
                        .iter()
                        .map(|&p| {
                            let pr = self.g.map.province(p);
                            format!("{} ({})", pr.name, pr.id)
                        })
                        .collect();
                    return Err(ParseError {
                        message: format!(
                            "'{}' in \"{}\" could be any of {}; write more of the name",
                            words[0],
                            self.text.trim(),
                            names.join(", ")
                        ),
                    });
                }
                Err(_) => {}
            }
        }
        let mut e = self.err(
            &format!("'{}'", words[0]),
            "a province (id, name or unique start of a name)",
        );
        if let Some(near) = nearest(self.g, words[0]) {
            e.message =
                e.message
                    .replacen("; expected", &format!("; did you mean {near}? Expected"), 1);
        }
        Err(e)
    }

    /// An optional coast after a province: `/nc`, `(nc)`, `nc`, `north coast`.
    fn coast(&mut self, p: ProvinceId) -> Result<Option<CoastId>, ParseError> {
        let map = self.g.map;
        let start = self.pos;
        let (bracketed, slashed) = match self.peek() {
            Some(Tok::Slash) => (false, true),
            Some(Tok::Open) => (true, false),
            _ => (false, false),
        };
        if bracketed || slashed {
            self.pos += 1;
        }
        // After a slash one word ("/nc", "/north"); in brackets up to the closing one.
        let mut words = Vec::new();
        while let Some(Tok::Word(w)) = self.peek() {
            if w.is_empty() || (words.len() == 1 && !bracketed) || words.len() == 2 {
                break;
            }
            words.push(w.clone());
            self.pos += 1;
        }
        // Unbracketed, only a coast id ("nc") or "<direction> coast" counts, so that
        // "F spa S ..." is not read as Spain's south coast.
        if !(bracketed || slashed) {
            let Some(first) = words.first() else {
                self.pos = start;
                return Ok(None);
            };
            if let Some(c) = map.coast_id(p, first) {
                return Ok(Some(c));
            }
            if let (Some(Tok::Word(kind)), Some(_)) = (self.peek(), coast_word(first)) {
                if !SHORE_WORDS.contains(&kind.as_str()) {
                    self.pos = start;
                    return Ok(None);
                }
                words.push(kind.clone());
                self.pos += 1;
            } else {
                self.pos = start;
                return Ok(None);
            }
        } else if let Some(Tok::Word(kind)) = self.peek() {
            if words.len() == 1 && SHORE_WORDS.contains(&kind.as_str()) {
                words.push(kind.clone());
                self.pos += 1;
            }
        }
        if bracketed && self.peek() == Some(&Tok::Close) {
            self.pos += 1;
        }
        let pr = map.province(p);
        let said = words.join(" ");
        let id = designation(map, p, &words);
        match id {
            Some(c) => Ok(Some(c)),
            None if pr.coasts.is_empty() => Err(ParseError {
                message: format!(
                    "{} has no separate coasts, but \"{}\" names coast '{said}'",
                    pr.name,
                    self.text.trim()
                ),
            }),
            None => Err(ParseError {
                message: format!(
                    "{} has no coast '{said}' in \"{}\"; its coasts are {}",
                    pr.name,
                    self.text.trim(),
                    pr.coasts.join(", ")
                ),
            }),
        }
    }

    fn unit_ref(&mut self, kind_first: bool) -> Result<UnitRef, ParseError> {
        let mut kind = if kind_first { self.unit_kind() } else { None };
        let province = self.province()?;
        let coast = self.coast(province)?;
        if kind.is_none() && !kind_first {
            kind = self.unit_kind_after();
        }
        Ok(UnitRef {
            kind,
            province,
            coast,
        })
    }

    /// After "build": a rulebook verb naming a place, before or after it, given in place of a
    /// build ("build Panama canal", "build canal Panama"); `None` (nothing read) otherwise.
    fn built_in_place(&mut self) -> Option<Order> {
        let verb_at = |i: usize| match self.toks.get(i) {
            Some(Tok::Word(w)) => self.g.special_verbs.iter().find(|v| **v == w.as_str()),
            _ => None,
        };
        let here = self.pos;
        let (verb, end) = if let Some(verb) = verb_at(here) {
            self.pos += 1;
            (verb, self.toks.len())
        } else {
            (
                verb_at(self.toks.len().checked_sub(1)?)?,
                self.toks.len() - 1,
            )
        };
        let verb = verb.to_string();
        match self.unit_ref(true) {
            Ok(unit) if unit.kind.is_none() && self.pos == end => {
                self.pos = self.toks.len();
                Some(self.special(Some(unit), &verb, Vec::new(), self.pos))
            }
            _ => {
                self.pos = here;
                None
            }
        }
    }

    /// "par army" style, used only by builds ("build par army"): a kind's name, not its
    /// letter, after the province.
    fn unit_kind_after(&mut self) -> Option<UnitKind> {
        match self.peek() {
            Some(Tok::Word(w)) => {
                let k = self
                    .g
                    .unit_kinds
                    .iter()
                    .copied()
                    .find(|k| k.name() == w.as_str())?;
                self.pos += 1;
                Some(k)
            }
            _ => None,
        }
    }

    fn target(&mut self) -> Result<Target, ParseError> {
        let province = self.province()?;
        let coast = self.coast(province)?;
        Ok(Target { province, coast })
    }

    fn move_verb(&mut self) -> bool {
        if self.peek() == Some(&Tok::Dash) {
            self.pos += 1;
            self.eat(&["to"]);
            return true;
        }
        if self.eat(MOVE) {
            // "moves to", "move to"; but a lone "to" may start a province name ("Toronto").
            if word_is(self.peek(), &["to"]) && self.peek_at(1).is_some() {
                self.pos += 1;
            }
            return true;
        }
        false
    }

    fn via_convoy(&mut self) -> bool {
        let here = self.pos;
        if self.eat(&["via", "by"]) && self.eat(&["convoy", "c", "sea"]) {
            return true;
        }
        self.pos = here;
        self.eat(&["vc"])
    }

    fn finish(&self, order: Order) -> Result<Order, ParseError> {
        if self.pos < self.toks.len() {
            return Err(self.err(
                &format!("'{}' at the end", self.rest_text()),
                "nothing more",
            ));
        }
        Ok(order)
    }

    fn order(&mut self) -> Result<Order, ParseError> {
        if self.toks.is_empty() {
            return Err(ParseError {
                message: "empty order; expected an order such as \"A par - bur\"".into(),
            });
        }
        if self.eat(WAIVE) {
            return self.finish(Order::Waive);
        }
        // Verb-first forms: "build A par", "disband F nth".
        if self.eat(BUILD) {
            if let Some(special) = self.built_in_place() {
                return Ok(special);
            }
            let unit = self.unit_ref(true)?;
            return self.finish(Order::Build { unit });
        }
        if self.eat(DISBAND) {
            let unit = self.unit_ref(true)?;
            return self.finish(Order::Disband { unit });
        }
        // A rulebook's verb may come first too ("place F nao").
        if let Some(Tok::Word(w)) = self.peek() {
            if let Some(verb) = self.g.special_verbs.iter().find(|v| **v == w.as_str()) {
                let here = self.pos;
                self.pos += 1;
                if let Ok(unit) = self.unit_ref(true) {
                    return Ok(self.special(Some(unit), verb, Vec::new(), self.pos));
                }
                self.pos = here;
            }
        }
        let unit = self.unit_ref(true)?;
        let unit_text = self.toks[..self.pos]
            .iter()
            .map(Tok::text)
            .collect::<Vec<_>>()
            .join(" ");
        if self.peek().is_none() {
            return Err(ParseError {
                message: format!(
                    "\"{}\" names a unit but gives it no order; expected {ACCEPTED_AFTER_UNIT} after it",
                    self.text.trim()
                ),
            });
        }
        if self.eat(HOLD) {
            return self.finish(Order::Hold { unit });
        }
        if self.move_verb() {
            let to = self.target()?;
            // A second leg (`A/F nao - mao - por`: an A/F moves, then lands its army) is an
            // order of the variant's own when its rulebook lists "-" among its verbs: the
            // first destination, then what the rulebook reads in the words from the second
            // "-" on.
            if self.peek() == Some(&Tok::Dash) && self.g.special_verbs.contains(&"-") {
                let first = vec![Term::Province(to.province)];
                let order = self.special(Some(unit), "-", first, self.pos);
                self.pos = self.toks.len();
                return Ok(order);
            }
            // The place keeps its coast: a flotilla's order may name a bank
            // (`R tri - guy/sc convert to F`).
            let before = vec![Term::Word("-".into()), Term::Location(to.location())];
            if let Some(special) = self.suffixed(unit, before) {
                return Ok(special);
            }
            let via_convoy = self.via_convoy();
            return self.finish(Order::Move {
                unit,
                to,
                via_convoy,
            });
        }
        if self.eat(SUPPORT) {
            let supported = self.unit_ref(true)?;
            if self.eat(HOLD) || self.peek().is_none() {
                return self.finish(Order::SupportHold { unit, supported });
            }
            let of = Term::Province(supported.province);
            if let Some(special) = self.suffixed(unit, vec![Term::Word("s".into()), of.clone()]) {
                return Ok(special);
            }
            if self.move_verb() {
                let to = self.target()?;
                let before = vec![
                    Term::Word("s".into()),
                    of,
                    Term::Word("-".into()),
                    Term::Province(to.province),
                ];
                if let Some(special) = self.suffixed(unit, before) {
                    return Ok(special);
                }
                // A supported move may say how it travels; that changes nothing for the support.
                self.via_convoy();
                return self.finish(Order::SupportMove {
                    unit,
                    supported,
                    to,
                });
            }
            return Err(self.err(
                &format!("'{}'", self.rest_text()),
                "H (support to hold) or - and a province (support a move) after the supported unit",
            ));
        }
        if self.eat(CONVOY) {
            let army = self.unit_ref(true)?;
            if !self.move_verb() {
                return Err(self.err(
                    &format!("'{}'", self.rest_text()),
                    "- and the destination after the convoyed army",
                ));
            }
            let to = self.target()?;
            return self.finish(Order::Convoy { unit, army, to });
        }
        if self.eat(RETREAT) {
            self.eat(&["to"]);
            let to = self.target()?;
            return self.finish(Order::Retreat { unit, to });
        }
        if self.eat(DISBAND) {
            return self.finish(Order::Disband { unit });
        }
        if self.eat(BUILD) {
            return self.finish(Order::Build { unit });
        }
        if let Some(Tok::Word(w)) = self.peek() {
            if let Some(verb) = self.g.special_verbs.iter().find(|v| **v == w.as_str()) {
                self.pos += 1;
                let order = self.special(Some(unit), verb, Vec::new(), self.pos);
                self.pos = self.toks.len();
                return Ok(order);
            }
        }
        Err(self.err(
            &format!("'{}' after \"{unit_text}\"", self.rest_text()),
            ACCEPTED_AFTER_UNIT,
        ))
    }
}

/// The words after a direction that say what kind of designation it is: a sea coast, a river
/// bank (Latin American Diplomacy's river flotilla), a lake shore.
const SHORE_WORDS: &[&str] = &["coast", "bank", "shore"];

/// A direction or a water's name before a coast, bank or shore word, as the first letters of
/// a designation's id (`north` for `nc`/`nb`, `northwest` for `nwb`, `river` for `rb`, `lake`
/// for `ls`, `sea` for `sc`).
fn coast_word(w: &str) -> Option<&'static str> {
    Some(match w {
        "n" | "north" | "northern" => "n",
        "s" | "south" | "southern" | "sea" => "s",
        "e" | "east" | "eastern" => "e",
        "w" | "west" | "western" => "w",
        "nw" | "northwest" | "north-west" | "northwestern" => "nw",
        "ne" | "northeast" | "north-east" | "northeastern" => "ne",
        "sw" | "southwest" | "south-west" | "southwestern" => "sw",
        "se" | "southeast" | "south-east" | "southeastern" => "se",
        "c" | "central" | "centre" | "center" => "c",
        "r" | "river" => "r",
        "l" | "lake" => "l",
        _ => return None,
    })
}

/// The designation of `p` that `words` name: its id (`nc`, `rb`, `nwb`), the rules' own
/// spellings (`rib` a river bank, `sec` a sea coast), or a direction or water and what kind
/// of designation it is (`north coast`, `east bank`, `lake shore`); a direction alone
/// (`north`) is the first of its coast, bank or shore the province has.
fn designation(map: &Map, p: ProvinceId, words: &[String]) -> Option<CoastId> {
    let first = words.first()?;
    if let Some(c) = map.coast_id(p, first) {
        return Some(c);
    }
    let spelled = match first.as_str() {
        "rib" => Some("rb"),
        "sec" => Some("sc"),
        "lsh" => Some("ls"),
        _ => None,
    };
    if let Some(c) = spelled.and_then(|c| map.coast_id(p, c)) {
        return Some(c);
    }
    let prefix = coast_word(first)?;
    let kinds: &[&str] = match words.get(1).map(String::as_str) {
        Some("coast") => &["c"],
        Some("bank") => &["b"],
        Some("shore") => &["s"],
        _ => &["c", "b", "s"],
    };
    kinds
        .iter()
        .find_map(|k| map.coast_id(p, &format!("{prefix}{k}")))
}

/// Parses one order.
pub fn parse_order(g: &Grammar, text: &str) -> Result<Order, ParseError> {
    let mut p = Parser {
        g,
        toks: tokenise(text, g.map, g.unit_kinds),
        pos: 0,
        text,
    };
    p.order()
}

/// Parses a unit as a position lists it: `A par`, `F spa/nc`, `fleet st petersburg south coast`.
pub fn parse_unit(g: &Grammar, text: &str) -> Result<UnitRef, ParseError> {
    let mut p = Parser {
        g,
        toks: tokenise(text, g.map, g.unit_kinds),
        pos: 0,
        text,
    };
    let unit = p.unit_ref(true)?;
    if p.pos < p.toks.len() {
        return Err(p.err(
            &format!("'{}' at the end", p.rest_text()),
            "a unit such as \"A par\" or \"F spa/nc\"",
        ));
    }
    Ok(unit)
}

/// Parses a location alone: `spa/nc`, `Spain (north coast)`.
pub fn parse_location(g: &Grammar, text: &str) -> Result<Target, ParseError> {
    let mut p = Parser {
        g,
        toks: tokenise(text, g.map, g.unit_kinds),
        pos: 0,
        text,
    };
    let t = p.target()?;
    if p.pos < p.toks.len() {
        return Err(p.err(
            &format!("'{}' at the end", p.rest_text()),
            "a province such as \"spa/nc\"",
        ));
    }
    Ok(t)
}
