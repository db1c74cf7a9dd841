//! The `parley` command line through the real binary, as a user meets it: help and version,
//! clap's errors, `render --svg`, `games`, the database that `export` and `import` find in
//! `.env` and never create by accident, and what `parley variants` counts.

mod cli;
use cli::{listed_variant, parley};

use std::path::Path;
use std::process::Command;

/// Runs `parley ARGS` in the folder `cwd` with no DATABASE_URL in its environment (so that
/// only `.env` there, or `--database`, names one); returns (exit code, stdout, stderr).
fn parley_in(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
        .current_dir(cwd)
        .env_remove("DATABASE_URL")
        .output()
        .expect("parley runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A one-year Standard demo in `dir/demo`; returns its database file.
fn small_demo(dir: &Path) -> std::path::PathBuf {
    let out = dir.join("demo");
    let (code, _, err) = parley_in(
        dir,
        &["demo", "--years", "1", "--out", out.to_str().expect("utf8")],
    );
    assert_eq!(code, 0, "{err}");
    out.join("demo.db")
}

const SUBCOMMANDS: [&str; 8] = [
    "bot",
    "demo",
    "adjudicate",
    "render",
    "variants",
    "games",
    "export",
    "import",
];

#[test]
fn help_lists_every_subcommand_and_each_has_its_own_help() {
    let (code, out, err) = parley(&["--help"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Diplomacy"), "{out}");
    for sub in SUBCOMMANDS {
        assert!(
            out.lines().any(|l| l.trim_start().starts_with(sub)),
            "{sub} missing from --help: {out}"
        );
        // `--help` after a subcommand describes it and does nothing else (no file named
        // `--help` is opened, no stdin read, no missing-argument error).
        let (code, help, err) = parley(&[sub, "--help"], "");
        assert_eq!(code, 0, "{sub} --help: {err}");
        assert!(
            help.contains(&format!("Usage: parley {sub}")),
            "{sub}: {help}"
        );
    }
    let (_, render, _) = parley(&["render", "--help"], "");
    for flag in ["--out <FILE>", "--svg", "--variant <ID>", "--palette"] {
        assert!(
            render.contains(flag),
            "render --help lacks {flag}: {render}"
        );
    }
    let (_, demo, _) = parley(&["demo", "--help"], "");
    for flag in ["--variant <ID>", "--palette", "--force", "--years <N>"] {
        assert!(demo.contains(flag), "demo --help lacks {flag}: {demo}");
    }
    for sub in ["games", "export", "import"] {
        let (_, help, _) = parley(&[sub, "--help"], "");
        assert!(help.contains("--database <URL>"), "{sub}: {help}");
    }
    // No arguments at all: the help, on stderr, as a usage error.
    let (code, _, err) = parley(&[], "");
    assert_eq!(code, 2);
    assert!(err.contains("Usage: parley"), "{err}");
}

#[test]
fn version_is_the_crate_version() {
    let (code, out, err) = parley(&["--version"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), format!("parley {}", env!("CARGO_PKG_VERSION")));
    // Every subcommand answers --version too.
    let (code, out, err) = parley(&["render", "--version"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.trim().ends_with(env!("CARGO_PKG_VERSION")), "{out}");
}

#[test]
fn bad_arguments_are_refused_in_clap_style_with_exit_code_2() {
    for (args, said) in [
        (&["render"][..], "--out <FILE>"),
        (
            &["render", "--out", "x.png", "--palette", "neon"][..],
            "colour-blind",
        ),
        (&["adjudicate", "--variant", "narnia"][..], "narnia"),
        (
            &["render", "--out", "x.png", "--variant", "narnia"][..],
            "narnia",
        ),
        (&["demo", "--years", "0"][..], "--years"),
        (&["export", "one"][..], "'one'"),
        (&["frobnicate"][..], "frobnicate"),
        (
            &["variants", "--json", "--check", "maps/standard"][..],
            "--check",
        ),
    ] {
        let (code, out, err) = parley(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(
            err.starts_with("error: ") && err.contains(said),
            "{args:?}: {err}"
        );
    }
    // The variant list in the refusal is the built-in one.
    let (_, _, err) = parley(&["adjudicate", "--variant", "narnia"], "");
    assert!(err.contains("standard") && err.contains("pirates"), "{err}");
}

#[test]
fn render_svg_writes_the_svg_document_and_render_takes_a_variant() {
    let dir = tempfile::tempdir().expect("tmp");
    let case = r#"{"phase": "Spring 1901 movement",
        "units": {"France": ["A par"], "Germany": ["A mun"]},
        "supply_centers": {"France": ["par"], "Germany": ["mun"]},
        "orders": {"France": ["A par - bur"], "Germany": ["A mun - bur"]}}"#;
    let svg = dir.path().join("map.svg");
    let (code, out, err) = parley(
        &["render", "--svg", "--out", svg.to_str().expect("utf8")],
        case,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("wrote"), "{out}");
    let text = std::fs::read_to_string(&svg).expect("svg written");
    assert!(text.contains("<svg") && text.trim_end().ends_with("</svg>"));
    assert!(!text.as_bytes().starts_with(b"\x89PNG"));
    // The same position drawn as a PNG is a PNG.
    let png = dir.path().join("map.png");
    let (code, _, err) = parley(&["render", "--out", png.to_str().expect("utf8")], case);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read(&png).expect("png").starts_with(b"\x89PNG"));

    // --variant draws the case on another board: Davis's is larger than Standard's.
    let davis = dir.path().join("davis.png");
    let (code, _, err) = parley(
        &[
            "render",
            "--variant",
            "davis",
            "--out",
            davis.to_str().expect("utf8"),
        ],
        r#"{"phase": "Spring 1901 movement", "units": {"France": ["A par"]}}"#,
    );
    assert_eq!(code, 0, "{err}");
    let bytes = std::fs::read(&davis).expect("png");
    let w = u32::from_be_bytes(bytes[16..20].try_into().expect("w"));
    assert_eq!(w, 1480, "drawn on the Davis board");
}

#[test]
fn render_refuses_results_that_do_not_match_the_orders() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("map.png");
    let out = out.to_str().expect("utf8");
    let case = |results: &str| {
        format!(
            r#"{{"phase": "Spring 1901 movement",
            "units": {{"France": ["A par", "F bre"]}},
            "orders": {{"France": ["A par - bur", "F bre - mao"]}},
            "results": {results}}}"#
        )
    };
    for (results, said) in [
        // A result for an order nobody gave.
        (
            r#"[{"order": "A par - pic", "result": "succeeds"}, {"order": "F bre - mao", "result": "fails"}]"#,
            "'A par - pic' is not one of the orders",
        ),
        // Fewer results than orders.
        (
            r#"[{"order": "A par - bur", "result": "succeeds"}]"#,
            "1 results for 2 orders",
        ),
        // More results than orders.
        (
            r#"[{"order": "A par - bur", "result": "succeeds"}, {"order": "F bre - mao", "result": "fails"}, {"order": "F bre - mao", "result": "fails"}]"#,
            "3 results for 2 orders",
        ),
        // A result word the adjudicator never writes.
        (
            r#"[{"order": "A par - bur", "result": "wins"}, {"order": "F bre - mao", "result": "fails"}]"#,
            "'wins' is not a result; expected one of: succeeds, fails, illegal",
        ),
        // Two results for one order.
        (
            r#"[{"order": "A par - bur", "result": "fails"}, {"order": "A par - bur", "result": "fails"}]"#,
            "already has a result",
        ),
        // A result of another power's order.
        (
            r#"[{"power": "Germany", "order": "A par - bur", "result": "fails"}, {"order": "F bre - mao", "result": "fails"}]"#,
            "is not one of the orders",
        ),
    ] {
        let (code, _, err) = parley(&["render", "--out", out], &case(results));
        assert_eq!(code, 2, "{results}: {err}");
        assert!(err.contains(said), "{results}: {err}");
        assert!(!Path::new(out).exists(), "{results}: a map was drawn");
    }
    let good = r#"[{"order": "F bre - mao", "result": "fails"}, {"power": "France", "order": "A par - bur", "result": "succeeds"}]"#;
    let (code, _, err) = parley(&["render", "--out", out], &case(good));
    assert_eq!(code, 0, "{err}");
}

#[test]
fn games_lists_the_id_variant_phase_and_state_export_needs() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = small_demo(dir.path());
    let url = format!("sqlite://{}", db.display());
    let (code, out, err) = parley_in(dir.path(), &["games", "--database", &url]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "a header and one game: {out}");
    let cells: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(cells[0], "1", "{out}");
    assert_eq!(cells[1], "standard", "{out}");
    // Ten phases of 1901: the game now waits in Spring 1902, still running.
    assert!(lines[1].contains("Spring 1902 movement"), "{out}");
    assert!(
        lines[0].contains("STATE") && lines[0].contains("PHASE"),
        "{out}"
    );
    let (code, json, err) = parley_in(dir.path(), &["games", "--json", "--database", &url]);
    assert_eq!(code, 0, "{err}");
    let list: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(list[0]["id"], 1);
    assert_eq!(list[0]["variant"], "standard");
    assert_eq!(list[0]["phase"], "Spring 1902 movement");
    let state = list[0]["status"].as_str().expect("state").to_string();
    assert!(cells.last() == Some(&state.as_str()), "{out}");
    // The id listed is the one export takes.
    let (code, _, err) = parley_in(dir.path(), &["export", "1", "--database", &url]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn export_and_import_read_dotenv_and_never_create_a_database_by_accident() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = small_demo(dir.path());
    let here = dir.path().join("work");
    std::fs::create_dir(&here).expect("mkdir");

    // No .env, no DATABASE_URL: the default parley.db does not exist and is not created.
    let (code, out, err) = parley_in(&here, &["export", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("no games database at parley.db") && err.contains("parley bot"),
        "{err}"
    );
    assert!(
        !here.join("parley.db").exists(),
        "export created a database"
    );
    let (code, _, err) = parley_in(&here, &["games"]);
    assert_eq!(code, 2, "{err}");
    assert!(!here.join("parley.db").exists(), "games created a database");

    // .env names the demo's database, as it does for the bot.
    std::fs::write(
        here.join(".env"),
        format!("DATABASE_URL=sqlite://{}\n", db.display()),
    )
    .expect(".env");
    let (code, exported, err) = parley_in(&here, &["export", "1"]);
    assert_eq!(code, 0, "{err}");
    assert!(exported.contains("\"variant\": \"standard\""), "{exported}");
    let file = here.join("game.json");
    std::fs::write(&file, &exported).expect("write");

    // import into a database that does not exist: refused, nothing created...
    let new_db = here.join("new.db");
    let new_url = format!("sqlite://{}", new_db.display());
    let f = file.to_str().expect("utf8");
    let (code, out, err) = parley_in(&here, &["import", f, "--database", &new_url]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains(&new_db.display().to_string()) && err.contains("--create"),
        "{err}"
    );
    assert!(!new_db.exists(), "import created a database unasked");
    // ... unless asked to create it.
    let (code, id, err) = parley_in(&here, &["import", "--create", f, "--database", &new_url]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(id.trim(), "1");
    // Into the database .env names, it is a second game there.
    let (code, id, err) = parley_in(&here, &["import", f]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(id.trim(), "2");
}

#[test]
fn variants_count_atlantis_and_show_the_alliance_victory() {
    let atlantica = listed_variant("atlantica");
    assert_eq!(
        atlantica["supply_centers"], 46,
        "Atlantis counts once found"
    );
    assert_eq!(atlantica["victory_centers"], 24);
    assert_eq!(atlantica["alliance_victory_centers"], 30);
    // A variant without an alliance victory has none.
    assert!(listed_variant("standard")["alliance_victory_centers"].is_null());
    assert_eq!(listed_variant("standard")["supply_centers"], 34);
    let (code, text, err) = parley(&["variants"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        text.contains("46 supply centres, 24 to win (30 for two allies together)"),
        "{text}"
    );
}

/// Runs `parley ARGS` with its stdin a terminal (a pseudo-terminal whose other end this test
/// types into): types `typed`, then Ctrl-D. Returns (exit code, stdout, stderr).
#[cfg(unix)]
fn parley_at_a_terminal(args: &[&str], typed: &str) -> (i32, String, String) {
    use std::io::Write;
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, mut slave) = (-1, -1);
    // SAFETY: openpty writes two new descriptors into the two ints; the name, termios and
    // window size pointers may be null.
    let made = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(made, 0, "openpty");
    // SAFETY: both descriptors are open and owned by nobody else.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let child = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
        .stdin(std::process::Stdio::from(slave))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("parley starts");
    let mut keys = std::fs::File::from(master);
    // A line, then Ctrl-D at the start of the next: end of input for a terminal.
    keys.write_all(format!("{typed}\n\x04").as_bytes())
        .expect("type");
    let out = child.wait_with_output().expect("parley finishes");
    drop(keys);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn at_a_terminal_adjudicate_and_render_say_what_they_wait_for() {
    let case = r#"{"phase": "Spring 1901 movement", "units": {"France": ["A par"]}, "orders": {"France": ["A par - bur"]}}"#;
    let (code, out, err) = parley_at_a_terminal(&["adjudicate"], case);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("reading a case (JSON) from stdin; end with Ctrl-D"),
        "{err}"
    );
    assert!(
        out.contains("\"succeeds\""),
        "the case typed was read: {out}"
    );

    let dir = tempfile::tempdir().expect("tmp");
    let png = dir.path().join("map.png");
    let (code, _, err) =
        parley_at_a_terminal(&["render", "--out", png.to_str().expect("utf8")], case);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("from stdin; end with Ctrl-D"), "{err}");
    // From a pipe, nothing is said: the output stays clean for scripts.
    let (code, _, err) = parley(&["adjudicate"], case);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
}
