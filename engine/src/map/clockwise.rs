//! The optional `clockwise.txt` of a variant: each province's neighbours in clockwise order
//! around it, as drawn on the map, for rules that need a sense of left and right (Atlantica
//! II's right-hand retreat rule).

use super::{Map, MapError, ProvinceId};

/// Reads `clockwise.txt` (`lon  wal yor nth eng`: a province, then each of its neighbours once,
/// clockwise around it on the map) and checks it against the map: every name a province,
/// every listed province a neighbour, every neighbour listed exactly once, and every province
/// with neighbours given one line. Returns each province's ring, indexed by province, or every
/// problem with its file and line.
pub fn parse_clockwise(
    file: &str,
    text: &str,
    map: &Map,
) -> Result<Vec<Vec<ProvinceId>>, Vec<MapError>> {
    let mut errs = Vec::new();
    let mut at = |line: usize, message: String| {
        errs.push(MapError {
            file: file.to_string(),
            line,
            message,
        })
    };
    // Ids, or one-word names and aliases: the words of a line are split at spaces.
    let find = |name: &str| {
        let name = name.to_lowercase();
        map.province_by_id(&name)
            .or_else(|| map.lookup().exact(&name))
    };
    let mut rings: Vec<Option<(usize, Vec<ProvinceId>)>> = vec![None; map.provinces.len()];
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let raw = raw.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let mut words = raw.split_whitespace();
        let Some(first) = words.next() else { continue };
        let Some(p) = find(first) else {
            at(line, format!("'{first}' is not a province of this map"));
            continue;
        };
        if let Some((earlier, _)) = &rings[p.0 as usize] {
            at(
                line,
                format!("{first} already has its neighbours on line {earlier}"),
            );
            continue;
        }
        let mut ring: Vec<ProvinceId> = Vec::new();
        let mut bad = false;
        for w in words {
            match find(w) {
                None => {
                    at(line, format!("'{w}' is not a province of this map"));
                    bad = true;
                }
                Some(q) if !map.any_border(p, q) => {
                    at(line, format!("{w} is not a neighbour of {first}"));
                    bad = true;
                }
                Some(q) if ring.contains(&q) => {
                    at(line, format!("{w} is listed twice around {first}"));
                    bad = true;
                }
                Some(q) => ring.push(q),
            }
        }
        let missing: Vec<&str> = map
            .neighbours(p)
            .filter(|q| !ring.contains(q))
            .map(|q| map.province(q).id.as_str())
            .collect();
        if !bad && !missing.is_empty() {
            at(
                line,
                format!(
                    "{first} lacks its neighbours {}; every neighbour is listed once, clockwise",
                    missing.join(", ")
                ),
            );
        }
        rings[p.0 as usize] = Some((line, ring));
    }
    for p in map.province_ids() {
        if rings[p.0 as usize].is_none() && map.neighbours(p).next().is_some() {
            at(
                0,
                format!(
                    "{} has no line; every province with neighbours needs one: `{} <its neighbours clockwise>`",
                    map.province(p).id,
                    map.province(p).id
                ),
            );
        }
    }
    if errs.is_empty() {
        Ok(rings
            .into_iter()
            .map(|r| r.map(|(_, ring)| ring).unwrap_or_default())
            .collect())
    } else {
        Err(errs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{parse_map_files, MapFiles};

    // Four provinces around a sea: lon and wal share a border, eng touches all three coasts.
    const PROVINCES: &str = "lon coast \"London\"\nwal coast \"Wales\"\nbre coast \"Brest\"\neng sea \"English Channel\" aliases=channel\n";
    const BORDERS: &str = "lon wal army fleet\nlon eng fleet\nwal eng fleet\nbre eng fleet\n";

    fn map() -> Map {
        parse_map_files(&MapFiles {
            provinces: ("provinces.txt", PROVINCES),
            borders: ("borders.txt", BORDERS),
            units: ("units.txt", ""),
        })
        .expect("the test board loads")
    }

    fn errors(text: &str) -> Vec<String> {
        parse_clockwise("maps/t/clockwise.txt", text, &map())
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn a_full_table_gives_each_ring_in_order() {
        let map = map();
        let text = "# around each province, clockwise\nlon eng wal\nwal  lon eng\nbre eng\neng wal lon bre\n";
        let rings = parse_clockwise("maps/t/clockwise.txt", text, &map).unwrap();
        let id = |s: &str| map.province_by_id(s).unwrap();
        assert_eq!(
            rings[id("eng").0 as usize],
            vec![id("wal"), id("lon"), id("bre")]
        );
        assert_eq!(rings[id("lon").0 as usize], vec![id("eng"), id("wal")]);
    }

    #[test]
    fn aliases_are_accepted_for_ids() {
        let text = "LON channel wal\nwal lon eng\nbre eng\neng wal lon bre\n";
        let map = map();
        let rings = parse_clockwise("c", text, &map).unwrap();
        let id = |s: &str| map.province_by_id(s).unwrap();
        assert_eq!(rings[id("lon").0 as usize], vec![id("eng"), id("wal")]);
    }

    #[test]
    fn every_problem_is_named_with_its_line() {
        let errs =
            errors("lon eng wal bre\nwal lon lon eng\nbre eng\nbre eng\neng wal lon\nxyz eng\n");
        let want = [
            "maps/t/clockwise.txt:1: bre is not a neighbour of lon",
            "maps/t/clockwise.txt:2: lon is listed twice around wal",
            "maps/t/clockwise.txt:4: bre already has its neighbours on line 3",
            "maps/t/clockwise.txt:5: eng lacks its neighbours bre; every neighbour is listed once, clockwise",
            "maps/t/clockwise.txt:6: 'xyz' is not a province of this map",
        ];
        for w in want {
            assert!(errs.iter().any(|e| e == w), "missing {w:?} in {errs:#?}");
        }
    }

    #[test]
    fn a_province_without_a_line_is_named() {
        let errs = errors("lon eng wal\nwal lon eng\nbre eng\n");
        assert_eq!(
            errs,
            vec!["maps/t/clockwise.txt: eng has no line; every province with neighbours needs one: `eng <its neighbours clockwise>`"]
        );
    }
}
