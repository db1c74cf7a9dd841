//! `parley variants --check DIR` through the real binary: every built-in map passes the check with
//! its own rulebook, and a broken map is refused naming the file and line.

mod cli;

use cli::parley;

fn map_dir(id: &str) -> String {
    format!("{}/../maps/{id}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_built_in_map_passes_the_check_with_its_own_rules() {
    for id in engine::variants::BUILTIN {
        let (code, out, err) = parley(&["variants", "--check", &map_dir(id)], "");
        assert_eq!(code, 0, "{id}: {err}");
        assert!(out.contains(": ok:"), "{id}: {out}");
    }
}

#[test]
fn a_map_with_a_bad_border_is_refused_naming_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    for file in ["variant.toml", "provinces.txt", "units.txt"] {
        std::fs::copy(
            format!("{}/{file}", map_dir("standard")),
            dir.path().join(file),
        )
        .unwrap();
    }
    let borders = std::fs::read_to_string(format!("{}/borders.txt", map_dir("standard"))).unwrap();
    std::fs::write(
        dir.path().join("borders.txt"),
        format!("{borders}\nnarnia par army\n"),
    )
    .unwrap();
    let (code, _, err) = parley(&["variants", "--check", dir.path().to_str().unwrap()], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("borders.txt"), "{err}");
    assert!(err.contains("narnia"), "{err}");
}

#[test]
fn latin_american_diplomacy_is_listed_with_its_twelve_powers() {
    let (code, out, err) = parley(&["variants"], "");
    assert_eq!(code, 0, "{err}");
    let at = out
        .find("latin-american")
        .unwrap_or_else(|| panic!("not listed: {out}"));
    let entry = &out[at..];
    assert!(entry.contains("Latin American Diplomacy"), "{entry}");
    assert!(
        entry.contains(
            "powers: Argentina, Brazil, Britain, Bolivia, Chile, Colombia, France, Mexico, Peru, Spain, USA, Venezuela"
        ),
        "{entry}"
    );
    assert!(entry.contains("36 to win"), "{entry}");
}
