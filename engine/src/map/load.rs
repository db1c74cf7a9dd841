//! Reads a map from its line-per-fact data files and checks it, reporting every problem
//! with its file and line.

use super::{
    normalise, Border, BorderKinds, Classes, CoastId, Location, Map, MoveClass, NameLookup,
    Province, ProvinceId, ProvinceTags, StartingUnit, Terrain, TerrainId, Vocabulary, LAND,
    MAX_DECLARED, WATER,
};
use std::collections::HashMap;
use std::fmt;

/// The text of a map's data files, with the names used in error messages.
pub struct MapFiles<'a> {
    pub provinces: (&'a str, &'a str),
    pub borders: (&'a str, &'a str),
    pub units: (&'a str, &'a str),
}

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

struct Errors(Vec<MapError>);

impl Errors {
    fn at(&mut self, file: &str, line: usize, message: impl Into<String>) {
        self.0.push(MapError {
            file: file.to_string(),
            line,
            message: message.into(),
        });
    }
}

/// Splits a line into tokens at whitespace outside double quotes; quotes are removed.
/// Returns `None` for blank and comment lines.
fn tokens(line: &str) -> Option<Result<Vec<String>, String>> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Some(Err("a double quote is not closed".into()));
    }
    if any {
        out.push(cur);
    }
    Some(Ok(out))
}

fn numbered(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}

/// What `borders.txt` may name: the words for the variant's movement classes (a class's own
/// name, or the name of a unit kind that moves by it) and the classes convoying units move by.
/// The variant builds it from its unit kinds (`crate::unit::movement_words`).
#[derive(Clone, Copy, Debug)]
pub struct Movement<'a> {
    pub words: &'a [(&'a str, &'static MoveClass)],
    pub convoying: &'a [&'static MoveClass],
}

/// Standard's movement: armies by land, fleets by water, as `crate::unit::STANDARD_KINDS`
/// declares them.
pub const STANDARD_MOVEMENT: Movement<'static> = Movement {
    words: &[
        ("land", &LAND),
        ("water", &WATER),
        ("army", &LAND),
        ("fleet", &WATER),
    ],
    convoying: &[&WATER],
};

/// Parses and checks a whole map of Standard's unit kinds and the shared vocabulary (see
/// [`parse_map_files_with`]).
pub fn parse_map_files(files: &MapFiles) -> Result<Map, Vec<MapError>> {
    parse_map_files_with(files, STANDARD_MOVEMENT, Vocabulary::standard())
}

/// Parses and checks a whole map for a variant with these movement classes: `borders.txt`
/// names the classes that may cross each border by one of `movement.words` (`land`, `water`,
/// `river`, `army`, `fleet`), and `provinces.txt` and `borders.txt` use the terrains, tags and
/// border kinds `vocabulary` declares. On failure returns every problem found, not just the
/// first.
pub fn parse_map_files_with(
    files: &MapFiles,
    movement: Movement,
    vocabulary: &Vocabulary,
) -> Result<Map, Vec<MapError>> {
    let mut errs = Errors(Vec::new());
    let mut classes: Vec<&'static MoveClass> = Vec::new();
    for (_, c) in movement.words {
        if !classes.iter().any(|x| std::ptr::eq(*x, *c)) {
            classes.push(c);
        }
    }
    let class_bit = |c: &MoveClass| {
        Classes(
            1 << classes
                .iter()
                .position(|x| std::ptr::eq(*x, c))
                .unwrap_or(0),
        )
    };
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
    let terrains = resolve_terrains(vocabulary, &words, &class_bit, &mut errs);
    let terrain_names: Vec<&str> = vocabulary
        .terrains
        .iter()
        .map(|t| t.name.as_str())
        .collect();
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
    let coast_classes = Classes(
        classes
            .iter()
            .filter(|c| c.coasts)
            .map(|c| class_bit(c).0)
            .fold(0, |a, b| a | b),
    );
    let mut provinces: Vec<Province> = Vec::new();
    let mut names = NameLookup::default();

    let (pfile, ptext) = files.provinces;
    for (ln, line) in numbered(ptext) {
        let toks = match tokens(line) {
            None => continue,
            Some(Err(e)) => {
                errs.at(pfile, ln, e);
                continue;
            }
            Some(Ok(t)) => t,
        };
        if toks.len() < 3 {
            errs.at(pfile, ln, "expected: id terrain \"Full Name\" [flags]");
            continue;
        }
        let id = toks[0].to_lowercase();
        if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            errs.at(
                pfile,
                ln,
                format!("province id '{id}' may hold only letters, digits and '-'"),
            );
        }
        let terrain = match terrain_names.iter().position(|n| *n == toks[1]) {
            Some(i) => TerrainId(i as u8),
            None => {
                errs.at(
                    pfile,
                    ln,
                    format!(
                        "unknown terrain '{}'; expected one of {}",
                        toks[1],
                        terrain_names.join(", ")
                    ),
                );
                TerrainId(0)
            }
        };
        let mut p = Province {
            id: id.clone(),
            name: toks[2].clone(),
            terrain,
            supply_center: false,
            home_of: None,
            owner: None,
            coasts: Vec::new(),
            aliases: Vec::new(),
            tags: ProvinceTags::default(),
            borders: Vec::new(),
            line: ln,
        };
        for flag in &toks[3..] {
            match flag.split_once('=') {
                None if flag == "sc" => p.supply_center = true,
                Some(("home", power)) => p.home_of = Some(power.to_string()),
                Some(("owner", power)) => p.owner = Some(power.to_string()),
                Some(("coasts", list)) => {
                    p.coasts = list
                        .split(',')
                        .map(normalise)
                        .filter(|c| !c.is_empty())
                        .collect()
                }
                Some(("aliases", list)) => {
                    p.aliases = list.split(',').map(|a| a.trim().to_string()).collect()
                }
                Some(("tags", list)) => {
                    for t in list.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                        match tag_names.iter().position(|n| n == t) {
                            Some(i) if i >= MAX_DECLARED => {}
                            Some(i) if p.tags.0 & (1 << i) == 0 => {
                                p.tags.0 |= 1 << i;
                                let decl = &vocabulary.tags[i];
                                let here = terrain_names.get(p.terrain.0 as usize);
                                if !decl.on.is_empty()
                                    && here.is_some_and(|h| !decl.on.iter().any(|o| o == h))
                                {
                                    errs.at(
                                        pfile,
                                        ln,
                                        format!(
                                            "{id} is tagged {t} but is {} ({t} is declared for {} in {})",
                                            here.copied().unwrap_or("?"),
                                            decl.on.join(", "),
                                            decl.file
                                        ),
                                    );
                                }
                            }
                            Some(_) => errs.at(pfile, ln, format!("tag '{t}' is given twice")),
                            None => errs.at(
                                pfile,
                                ln,
                                format!(
                                    "unknown tag '{t}'; expected one of {}",
                                    tag_names.join(", ")
                                ),
                            ),
                        }
                    }
                }
                _ => errs.at(
                    pfile,
                    ln,
                    format!(
                        "unknown flag '{flag}'; expected sc, home=, owner=, coasts=, aliases= or tags="
                    ),
                ),
            }
        }
        if p.home_of.is_some() && !p.supply_center {
            errs.at(
                pfile,
                ln,
                format!("{id} is a home centre but not marked sc"),
            );
        }
        if p.owner.is_some() && !p.supply_center {
            errs.at(
                pfile,
                ln,
                format!("{id} is owned at the start (owner=) but not marked sc"),
            );
        }
        if p.owner.is_some() && p.home_of.is_some() {
            errs.at(
                pfile,
                ln,
                format!(
                    "{id} has both home= and owner=; a home centre is already owned by its power, \
                     owner= is for a centre owned at the start that is no home centre"
                ),
            );
        }
        if p.coasts.len() == 1 {
            errs.at(
                pfile,
                ln,
                format!("{id} lists one coast; split coasts come at least in pairs"),
            );
        }
        let admits = terrains
            .get(p.terrain.0 as usize)
            .map_or(Classes(0), |t| t.admits);
        if !p.coasts.is_empty() && !admits.contains(coast_classes) {
            errs.at(
                pfile,
                ln,
                format!("{id} has coasts but its terrain admits no units that move along coasts"),
            );
        }
        let pid = ProvinceId(provinces.len() as u16);
        if names.exact_id(&id).is_some() {
            errs.at(pfile, ln, format!("province id '{id}' is used twice"));
        }
        names.add_id(&id, pid);
        for name in std::iter::once(&p.name).chain(p.aliases.iter()) {
            if let Some(other) = names.add_name(name, pid) {
                errs.at(
                    pfile,
                    ln,
                    format!(
                        "name '{name}' already belongs to {}",
                        provinces[other.0 as usize].id
                    ),
                );
            }
        }
        provinces.push(p);
    }
    names.finish();
    if provinces.is_empty() {
        errs.at(pfile, 0, "no provinces");
    }

    let loc = |s: &str, provinces: &[Province]| -> Result<Location, String> {
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
    };

    let (bfile, btext) = files.borders;
    let mut seen: HashMap<(Location, Location), usize> = HashMap::new();
    for (ln, line) in numbered(btext) {
        let toks = match tokens(line) {
            None => continue,
            Some(Err(e)) => {
                errs.at(bfile, ln, e);
                continue;
            }
            Some(Ok(t)) => t,
        };
        if toks.len() < 3 {
            errs.at(
                bfile,
                ln,
                "expected: a b, the classes that may cross (army, fleet, ...), [kind=...]",
            );
            continue;
        }
        let (a, b) = match (loc(&toks[0], &provinces), loc(&toks[1], &provinces)) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                for e in [a.err(), b.err()].into_iter().flatten() {
                    errs.at(bfile, ln, e);
                }
                continue;
            }
        };
        let mut carried: Vec<(&str, &'static MoveClass)> = Vec::new();
        let mut kinds = BorderKinds::default();
        for t in &toks[2..] {
            match t.split_once('=') {
                None if words.iter().any(|(w, _)| w == t) => {
                    let (w, c) = words.iter().find(|(w, _)| w == t).expect("found");
                    if !carried.iter().any(|(_, x)| std::ptr::eq(*x, *c)) {
                        carried.push((w.as_str(), *c));
                    }
                }
                Some(("kind", list)) => {
                    for k in list.split(',') {
                        if k == "plain" {
                            continue;
                        }
                        match border_kind_names.iter().position(|n| n == k) {
                            Some(i) if i < MAX_DECLARED => kinds.0 |= 1 << i,
                            Some(_) => {}
                            None => errs.at(
                                bfile,
                                ln,
                                format!(
                                    "unknown border kind '{k}'; expected plain, {}",
                                    border_kind_names.join(", ")
                                ),
                            ),
                        }
                    }
                }
                _ => {
                    let known: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
                    errs.at(
                        bfile,
                        ln,
                        format!("unknown word '{t}'; expected {} or kind=", known.join(", ")),
                    )
                }
            }
        }
        let name = |l: Location| &provinces[l.province.0 as usize].id;
        if a.province == b.province {
            errs.at(bfile, ln, format!("{} borders itself", name(a)));
            continue;
        }
        if carried.is_empty() {
            let known: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
            errs.at(
                bfile,
                ln,
                format!("a border must carry at least one of {}", known.join(", ")),
            );
        }
        for end in [a, b] {
            let p = &provinces[end.province.0 as usize];
            let Some(terrain) = terrains.get(p.terrain.0 as usize) else {
                continue;
            };
            for (word, class) in &carried {
                let stands = terrain.admits.contains(class_bit(class));
                if !class.coasts && (!stands || end.coast.is_some()) {
                    errs.at(
                        bfile,
                        ln,
                        format!(
                            "{word} border at {}: units moving by {} cannot stand there (terrain {}{})",
                            p.id,
                            class.name,
                            terrain.name,
                            if end.coast.is_some() {
                                ", or a coast was named"
                            } else {
                                ""
                            }
                        ),
                    );
                }
                if class.coasts && !stands {
                    errs.at(
                        bfile,
                        ln,
                        format!(
                            "{word} border at {}: units moving by {} cannot stand on {}",
                            p.id, class.name, terrain.name
                        ),
                    );
                }
                if class.coasts && !p.coasts.is_empty() && end.coast.is_none() {
                    errs.at(
                        bfile,
                        ln,
                        format!(
                            "{word} border at {} must name one of its coasts ({})",
                            p.id,
                            p.coasts.join(", ")
                        ),
                    );
                }
            }
        }
        let classes_here = Classes(
            carried
                .iter()
                .map(|(_, c)| class_bit(c).0)
                .fold(0, |x, y| x | y),
        );
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(prev) = seen.insert(key, ln) {
            errs.at(
                bfile,
                ln,
                format!(
                    "border {} {} already given on line {prev}",
                    toks[0], toks[1]
                ),
            );
            continue;
        }
        for (from, to) in [(a, b), (b, a)] {
            provinces[from.province.0 as usize].borders.push(Border {
                from: from.province,
                from_coast: from.coast,
                to,
                classes: classes_here,
                kinds,
            });
        }
    }
    for p in &provinces {
        if p.borders.is_empty() {
            errs.at(pfile, p.line, format!("{} has no borders", p.id));
        }
        for (c, coast) in p.coasts.iter().enumerate() {
            if !p
                .borders
                .iter()
                .any(|b| b.from_coast == Some(CoastId(c as u8)))
            {
                errs.at(
                    pfile,
                    p.line,
                    format!("coast {}/{coast} has no borders", p.id),
                );
            }
        }
    }

    let (ufile, utext) = files.units;
    let mut starting_units = Vec::new();
    for (ln, line) in numbered(utext) {
        let toks = match tokens(line) {
            None => continue,
            Some(Err(e)) => {
                errs.at(ufile, ln, e);
                continue;
            }
            Some(Ok(t)) => t,
        };
        if toks.len() != 3 {
            errs.at(
                ufile,
                ln,
                "expected: Power kind province[/coast], such as England F lon",
            );
            continue;
        }
        match loc(&toks[2], &provinces) {
            Ok(location) => starting_units.push(StartingUnit {
                power: toks[0].clone(),
                kind: toks[1].clone(),
                location,
                line: ln,
            }),
            Err(e) => errs.at(ufile, ln, e),
        }
    }

    if errs.0.is_empty() {
        let alphabetical = alphabetical_ranks(&provinces);
        Ok(Map {
            alphabetical,
            provinces,
            starting_units,
            names,
            classes,
            convoy_classes,
            terrains,
            tag_names,
            border_kind_names,
            clockwise: Vec::new(),
        })
    } else {
        Err(errs.0)
    }
}

/// Each province's rank by [`super::alphabetical_key`] of its full name, ties in map order.
fn alphabetical_ranks(provinces: &[Province]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..provinces.len()).collect();
    order.sort_by_cached_key(|&i| super::alphabetical_key(&provinces[i].name));
    let mut rank = vec![0; provinces.len()];
    for (r, i) in order.into_iter().enumerate() {
        rank[i] = r as u32;
    }
    rank
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
