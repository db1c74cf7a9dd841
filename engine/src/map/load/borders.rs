//! `borders.txt`: one border a line, the two places, the movement classes that may cross and its
//! kinds, checked against what may stand at each end; then every province and coast must have
//! a border.

use super::super::{
    Border, BorderKinds, Classes, CoastId, Location, MoveClass, NameLookup, Province, MAX_DECLARED,
};
use super::reading::{locate, numbered, tokens, Errors, Resolved};
use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;

/// Reads every border of `borders.txt` (its name and text) into both provinces it joins.
pub(super) fn read(
    (bfile, btext): (&str, &str),
    r: &Resolved,
    provinces: &mut [Province],
    names: &NameLookup,
    errs: &mut Errors,
) {
    let mut seen: HashMap<(Location, Location), usize> = HashMap::default();
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
        let (a, b) = match (
            locate(&toks[0], provinces, names),
            locate(&toks[1], provinces, names),
        ) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                for e in [a.err(), b.err()].into_iter().flatten() {
                    errs.at(bfile, ln, e);
                }
                continue;
            }
        };
        let (carried, kinds) = crossing(&toks[2..], r, (bfile, ln), errs);
        let name = |l: Location| &provinces[l.province.0 as usize].id;
        if a.province == b.province {
            errs.at(bfile, ln, format!("{} borders itself", name(a)));
            continue;
        }
        if carried.is_empty() {
            let known = r.known_words();
            errs.at(
                bfile,
                ln,
                format!("a border must carry at least one of {}", known.join(", ")),
            );
        }
        check_ends([a, b], &carried, r, provinces, (bfile, ln), errs);
        let classes_here = Classes(
            carried
                .iter()
                .map(|(_, c)| r.class_bit(c).0)
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
}

/// Reports a province, or a coast of one, that no border leaves (`provinces.txt` is `pfile`).
pub(super) fn check_every_place_has_one(pfile: &str, provinces: &[Province], errs: &mut Errors) {
    for p in provinces {
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
}

/// What a border line says after its two places: the movement classes that may cross it (each
/// by the word the line used) and its kinds.
fn crossing<'r>(
    words: &[Cow<'_, str>],
    r: &'r Resolved,
    (bfile, ln): (&str, usize),
    errs: &mut Errors,
) -> (Vec<(&'r str, &'static MoveClass)>, BorderKinds) {
    let mut carried: Vec<(&str, &'static MoveClass)> = Vec::new();
    let mut kinds = BorderKinds::default();
    for t in words {
        match t.split_once('=') {
            None if r.words.iter().any(|(w, _)| w == t) => {
                let (w, c) = r.words.iter().find(|(w, _)| w == t).expect("found");
                if !carried.iter().any(|(_, x)| std::ptr::eq(*x, *c)) {
                    carried.push((w.as_str(), *c));
                }
            }
            Some(("kind", list)) => {
                for k in list.split(',') {
                    if k == "plain" {
                        continue;
                    }
                    match r.border_kind_names.iter().position(|n| n == k) {
                        Some(i) if i < MAX_DECLARED => kinds.0 |= 1 << i,
                        Some(_) => {}
                        None => errs.at(
                            bfile,
                            ln,
                            format!(
                                "unknown border kind '{k}'; expected plain, {}",
                                r.border_kind_names.join(", ")
                            ),
                        ),
                    }
                }
            }
            _ => {
                let known = r.known_words();
                errs.at(
                    bfile,
                    ln,
                    format!("unknown word '{t}'; expected {} or kind=", known.join(", ")),
                )
            }
        }
    }
    (carried, kinds)
}

/// Reports each end of a border where a class it carries cannot stand, or stands on a split
/// coast the line did not name.
fn check_ends(
    ends: [Location; 2],
    carried: &[(&str, &'static MoveClass)],
    r: &Resolved,
    provinces: &[Province],
    (bfile, ln): (&str, usize),
    errs: &mut Errors,
) {
    for end in ends {
        let p = &provinces[end.province.0 as usize];
        let Some(terrain) = r.terrains.get(p.terrain.0 as usize) else {
            continue;
        };
        for (word, class) in carried {
            let bit = r.class_bit(class);
            let coasts = r.coast_classes.contains(bit);
            // A class that stands on its routes stands wherever its own borders reach.
            let stands = terrain.admits.contains(bit) || r.route_classes.contains(bit);
            if !coasts && (!stands || end.coast.is_some()) {
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
            if coasts && !stands {
                errs.at(
                    bfile,
                    ln,
                    format!(
                        "{word} border at {}: units moving by {} cannot stand on {}",
                        p.id, class.name, terrain.name
                    ),
                );
            }
            let mine: Vec<&str> = p
                .coasts
                .iter()
                .zip(&p.coast_classes)
                .filter(|(_, c)| c.contains(bit))
                .map(|(n, _)| n.as_str())
                .collect();
            if coasts && !mine.is_empty() && end.coast.is_none() {
                errs.at(
                    bfile,
                    ln,
                    format!(
                        "{word} border at {} must name one of its coasts ({})",
                        p.id,
                        mine.join(", ")
                    ),
                );
            }
            if let Some(c) = end.coast {
                if coasts
                    && !p
                        .coast_classes
                        .get(c.0 as usize)
                        .is_some_and(|k| k.contains(bit))
                {
                    errs.at(
                        bfile,
                        ln,
                        format!(
                            "{word} border at {}/{}: units moving by {} do not stand on that coast{}",
                            p.id,
                            p.coasts[c.0 as usize],
                            class.name,
                            if mine.is_empty() {
                                String::new()
                            } else {
                                format!(" (theirs: {})", mine.join(", "))
                            }
                        ),
                    );
                }
            }
        }
    }
}

/// The borders a class that follows another's may cross as well (a flotilla the fleets'
/// waters): every border of the followed class whose both ends the follower may stand on. A
/// class that stands on its routes first stands at every end of its own borders. Where the
/// follower names coasts in a province the followed class does not, the border reaches the
/// follower's first coast there (the sea coast of a province with a river bank, listed first).
pub(super) fn follow(r: &Resolved, provinces: &mut [Province]) {
    for p in provinces.iter_mut() {
        for b in &p.borders {
            let mine = Classes(b.classes.0 & r.route_classes.0);
            p.stands.0 |= mine.0;
        }
    }
    let stands: Vec<Classes> = provinces.iter().map(|p| p.stands).collect();
    for &(follower, followed) in &r.follows {
        let coast_of = |p: &Province, c: Option<CoastId>| -> Option<Option<CoastId>> {
            let mine = |i: usize| p.coast_classes[i].contains(follower);
            match c {
                Some(c) if mine(c.0 as usize) => Some(Some(c)),
                Some(_) => None,
                None => Some(
                    (0..p.coasts.len())
                        .find(|&i| mine(i))
                        .map(|i| CoastId(i as u8)),
                ),
            }
        };
        let mut added: Vec<(usize, Border)> = Vec::new();
        let snapshot: Vec<Province> = provinces.to_vec();
        for (i, p) in provinces.iter_mut().enumerate() {
            if !stands[i].contains(follower) {
                continue;
            }
            for b in p.borders.iter_mut() {
                if !b.classes.contains(followed) || b.classes.contains(follower) {
                    continue;
                }
                let q = &snapshot[b.to.province.0 as usize];
                if !stands[b.to.province.0 as usize].contains(follower) {
                    continue;
                }
                let (Some(from_coast), Some(to_coast)) = (
                    coast_of(&snapshot[i], b.from_coast),
                    coast_of(q, b.to.coast),
                ) else {
                    continue;
                };
                if from_coast == b.from_coast && to_coast == b.to.coast {
                    b.classes.0 |= follower.0;
                } else {
                    added.push((
                        i,
                        Border {
                            from: b.from,
                            from_coast,
                            to: Location {
                                province: b.to.province,
                                coast: to_coast,
                            },
                            classes: follower,
                            kinds: b.kinds,
                        },
                    ));
                }
            }
        }
        for (i, b) in added {
            provinces[i].borders.push(b);
        }
    }
}
