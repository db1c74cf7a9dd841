//! A variant's map data files as the art tests read them, and the check every board's art
//! shares: one shape per province, anchors inside, a marker for each centre.
#![allow(dead_code)]

use std::collections::BTreeSet;

use render::MapArt;

/// Data lines of a map file, with quoted names dropped (they may hold spaces).
pub fn lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut unquoted = String::new();
            let mut quoted = false;
            for ch in l.chars() {
                if ch == '"' {
                    quoted = !quoted;
                    unquoted.push(' ');
                } else if !quoted {
                    unquoted.push(ch);
                }
            }
            unquoted.split_whitespace().map(str::to_string).collect()
        })
        .collect()
}

/// The art has exactly the provinces of `provinces.txt` (`provinces` of them), each with its
/// unit anchor inside, and a centre marker inside each of the `centres` supply centres and
/// nowhere else; and a legend.
pub fn assert_provinces_drawn(art: &MapArt, provinces_txt: &str, provinces: usize, centres: usize) {
    let list = lines(provinces_txt);
    assert_eq!(list.len(), provinces);
    let expected: BTreeSet<&str> = list.iter().map(|p| p[0].as_str()).collect();
    let drawn: BTreeSet<&str> = art.province_ids().collect();
    assert_eq!(drawn, expected);
    let mut found = 0;
    for p in &list {
        let id = p[0].as_str();
        let unit = art
            .unit_anchor(id, None)
            .unwrap_or_else(|| panic!("no unit anchor for {id}"));
        assert!(art.contains(id, unit), "unit anchor of {id} is outside it");
        let sc = p.iter().any(|t| t == "sc");
        match art.sc_anchor(id) {
            Some(pt) => {
                assert!(sc, "{id} is not a centre but has sc-{id}");
                assert!(art.contains(id, pt), "centre anchor of {id} is outside it");
                found += 1;
            }
            None => assert!(!sc, "{id} is a centre without sc-{id}"),
        }
    }
    assert_eq!(found, centres);
    assert!(art.legend_area().is_some());
}
