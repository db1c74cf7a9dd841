//! `provinces.txt`: one province a line, its id, terrain, full name and flags (centre, home or
//! owner, coasts, aliases, tags), each checked as it is read.

use super::super::Classes;
use super::super::{
    normalise, NameLookup, Province, ProvinceId, ProvinceTags, TerrainId, MAX_DECLARED,
};
use super::reading::{numbered, tokens, Errors, Resolved};
use std::borrow::Cow;

/// Reads every province of `provinces.txt` (its name and text) and the lookup of their ids and
/// names.
pub(super) fn read(
    (pfile, ptext): (&str, &str),
    r: &Resolved,
    errs: &mut Errors,
) -> (Vec<Province>, NameLookup) {
    let mut provinces: Vec<Province> = Vec::new();
    let mut names = NameLookup::default();

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
        let p = province(&toks, r, (pfile, ln), errs);
        let id = p.id.clone();
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
    (provinces, names)
}

/// The province one line of `provinces.txt` defines, its problems reported at `(file, line)`.
fn province(
    toks: &[Cow<'_, str>],
    r: &Resolved,
    (pfile, ln): (&str, usize),
    errs: &mut Errors,
) -> Province {
    let id = toks[0].to_lowercase();
    if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        errs.at(
            pfile,
            ln,
            format!("province id '{id}' may hold only letters, digits and '-'"),
        );
    }
    let terrain = match r.terrain_names.iter().position(|n| *n == toks[1]) {
        Some(i) => TerrainId(i as u8),
        None => {
            errs.at(
                pfile,
                ln,
                format!(
                    "unknown terrain '{}'; expected one of {}",
                    toks[1],
                    r.terrain_names.join(", ")
                ),
            );
            TerrainId(0)
        }
    };
    let mut p = Province {
        id: id.clone(),
        name: toks[2].to_string(),
        terrain,
        supply_center: false,
        home_of: None,
        owner: None,
        coasts: Vec::new(),
        coast_classes: Vec::new(),
        stands: r
            .terrains
            .get(terrain.0 as usize)
            .map_or(Classes(0), |t| t.admits),
        aliases: Vec::new(),
        tags: ProvinceTags::default(),
        borders: Vec::new(),
        line: ln,
    };
    read_flags(&mut p, &toks[3..], r, (pfile, ln), errs);
    check_flags(&p, r, (pfile, ln), errs);
    p
}

/// Reads a province's flags (`sc`, `home=`, `owner=`, `coasts=`, `aliases=`, `tags=`).
fn read_flags(
    p: &mut Province,
    flags: &[Cow<'_, str>],
    r: &Resolved,
    (pfile, ln): (&str, usize),
    errs: &mut Errors,
) {
    let id = p.id.clone();
    let mut own: Vec<(Classes, Vec<String>)> = Vec::new();
    for flag in flags {
        match flag.split_once('=') {
            None if flag == "sc" => p.supply_center = true,
            Some((key, list)) if key.starts_with("coasts-") => {
                let name = &key["coasts-".len()..];
                match r.classes.iter().find(|c| c.name == name) {
                    Some(c) if r.coast_classes.contains(r.class_bit(c)) => own.push((
                        r.class_bit(c),
                        list.split(',')
                            .map(normalise)
                            .filter(|c| !c.is_empty())
                            .collect(),
                    )),
                    _ => errs.at(
                        pfile,
                        ln,
                        format!(
                            "{id}: '{key}' names no movement class of this variant that moves along coasts"
                        ),
                    ),
                }
            }
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
                    match r.tag_names.iter().position(|n| n == t) {
                        Some(i) if i >= MAX_DECLARED => {}
                        Some(i) if p.tags.0 & (1 << i) == 0 => {
                            p.tags.0 |= 1 << i;
                            let decl = &r.vocabulary.tags[i];
                            let here = r
                                .terrain_names
                                .get(p.terrain.0 as usize)
                                .map(String::as_str);
                            if !decl.on.is_empty()
                                && here.is_some_and(|h| !decl.on.iter().any(|o| o == h))
                            {
                                errs.at(
                                    pfile,
                                    ln,
                                    format!(
                                        "{id} is tagged {t} but is {} ({t} is declared for {} in {})",
                                        here.unwrap_or("?"),
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
                                r.tag_names.join(", ")
                            ),
                        ),
                    }
                }
            }
            _ => errs.at(
                pfile,
                ln,
                format!(
                    "unknown flag '{flag}'; expected sc, home=, owner=, coasts=, coasts-<class>=, aliases= or tags="
                ),
            ),
        }
    }
    designations(p, own, r, (pfile, ln), errs);
}

/// Every designation of the province once, with the classes that stand on each: `coasts=`'s
/// for each class that moves along coasts and has no list of its own, then each class's own.
fn designations(
    p: &mut Province,
    own: Vec<(Classes, Vec<String>)>,
    r: &Resolved,
    (pfile, ln): (&str, usize),
    errs: &mut Errors,
) {
    let own_classes = own.iter().fold(0, |a, (c, _)| a | c.0);
    let shared = Classes(r.coast_classes.0 & !own_classes);
    p.coast_classes = vec![shared; p.coasts.len()];
    if p.coasts.is_empty() {
        p.coast_classes.clear();
    }
    for (class, list) in own {
        if list.len() == 1 {
            errs.at(
                pfile,
                ln,
                format!(
                    "{} lists one coast for a class; split coasts come at least in pairs",
                    p.id
                ),
            );
        }
        for d in list {
            match p.coasts.iter().position(|c| *c == d) {
                Some(i) => p.coast_classes[i].0 |= class.0,
                None => {
                    p.coasts.push(d);
                    p.coast_classes.push(class);
                }
            }
        }
    }
}

/// What a province's flags may not say together, and coasts its terrain cannot have.
fn check_flags(p: &Province, r: &Resolved, (pfile, ln): (&str, usize), errs: &mut Errors) {
    let id = &p.id;
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
    let admits = r
        .terrains
        .get(p.terrain.0 as usize)
        .map_or(Classes(0), |t| t.admits);
    let on_routes = p
        .coast_classes
        .iter()
        .all(|c| r.route_classes.contains(*c) && !c.is_empty());
    if !p.coasts.is_empty() && !admits.contains(r.coast_classes) && !on_routes {
        errs.at(
            pfile,
            ln,
            format!("{id} has coasts but its terrain admits no units that move along coasts"),
        );
    }
}
