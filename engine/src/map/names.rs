//! Province names as players write them: ids, full names, aliases and unique prefixes.

use super::ProvinceId;
use std::collections::HashMap;

/// Lower-cases a name and folds punctuation and spacing so `St. Petersburg`, `st petersburg`
/// and `ST  PETERSBURG` compare equal.
pub fn normalise(s: &str) -> String {
    if is_normal(s) {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    for word in s
        .split(|c: char| c.is_whitespace() || c == '.' || c == '_')
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        for c in word.chars() {
            // Most names are ASCII: Unicode's lower-casing table only for the rest.
            match c {
                '\'' => {}
                c if c.is_ascii() => out.push(c.to_ascii_lowercase()),
                c => out.extend(c.to_lowercase()),
            }
        }
    }
    out
}

/// Whether a name is already in [`normalise`]d form: lower-case ASCII words, digits and
/// hyphens, one space apart.
fn is_normal(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with(' ')
        && !s.ends_with(' ')
        && !s.contains("  ")
        && s.bytes()
            .all(|b| b == b' ' || b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// [`normalise`]d, without copying a name already in that form (as most ids written in
/// orders are: `lon`, `stp`).
fn normalised(s: &str) -> std::borrow::Cow<'_, str> {
    if is_normal(s) {
        std::borrow::Cow::Borrowed(s)
    } else {
        std::borrow::Cow::Owned(normalise(s))
    }
}

/// The key province names sort by where a rule says "in alphabetical order": normalised, with
/// accents dropped, so `Curaçao` sorts as `Curacao`.
pub fn alphabetical_key(s: &str) -> String {
    normalise(s)
        .chars()
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ä' | 'ã' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'ö' | 'õ' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            c => c,
        })
        .collect()
}

/// What a name can mean on one map.
#[derive(Clone, Debug, Default)]
pub struct NameLookup {
    ids: HashMap<String, ProvinceId, Quick>,
    /// Every normalised id, name and alias, sorted, for prefix search.
    all: Vec<(String, ProvinceId)>,
    exact: HashMap<String, ProvinceId, Quick>,
}

/// A quick hash for names (FNV-1a): a case or an order is read by looking up every unit's
/// and destination's name, and the keys are the map's own names, so no protection against
/// crafted keys is needed.
#[derive(Clone, Copy, Debug, Default)]
struct Quick;

struct QuickHasher(u64);

impl std::hash::BuildHasher for Quick {
    type Hasher = QuickHasher;
    fn build_hasher(&self) -> QuickHasher {
        QuickHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for QuickHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Why a name did not name exactly one province.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    Unknown,
    Ambiguous(Vec<ProvinceId>),
}

impl NameLookup {
    pub(crate) fn add_id(&mut self, id: &str, p: ProvinceId) {
        self.ids.insert(normalise(id), p);
        self.add_name(id, p);
    }

    /// Returns the province already holding this name, if another one does.
    pub(crate) fn add_name(&mut self, name: &str, p: ProvinceId) -> Option<ProvinceId> {
        let n = normalise(name);
        if let Some(&other) = self.exact.get(&n) {
            return (other != p).then_some(other);
        }
        self.exact.insert(n.clone(), p);
        self.all.push((n, p));
        None
    }

    pub(crate) fn finish(&mut self) {
        self.all.sort();
    }

    pub fn exact_id(&self, id: &str) -> Option<ProvinceId> {
        self.ids.get(normalised(id).as_ref()).copied()
    }

    pub fn exact(&self, name: &str) -> Option<ProvinceId> {
        self.exact.get(normalised(name).as_ref()).copied()
    }

    /// Whether some id, name or alias starts with this text (so more words may complete it).
    pub fn is_prefix(&self, name: &str) -> bool {
        let n = normalise(name);
        let start = self.all.partition_point(|(k, _)| k.as_str() < n.as_str());
        self.all.get(start).is_some_and(|(k, _)| k.starts_with(&n))
    }

    /// An exact id, name or alias; otherwise a prefix that only one province's names share.
    pub fn resolve(&self, name: &str) -> Result<ProvinceId, NameError> {
        let n = normalise(name);
        if n.is_empty() {
            return Err(NameError::Unknown);
        }
        if let Some(&p) = self.exact.get(&n) {
            return Ok(p);
        }
        let start = self.all.partition_point(|(k, _)| k.as_str() < n.as_str());
        let mut found: Vec<ProvinceId> = Vec::new();
        for (k, p) in &self.all[start..] {
            if !k.starts_with(&n) {
                break;
            }
            if !found.contains(p) {
                found.push(*p);
            }
        }
        match found.len() {
            0 => Err(NameError::Unknown),
            1 => Ok(found[0]),
            _ => {
                found.sort();
                Err(NameError::Ambiguous(found))
            }
        }
    }
}
