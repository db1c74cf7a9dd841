//! The command-line subcommands, one module each, and what several of them share: the
//! `--variant`, `--palette` and `--database` flags, reading a case from stdin, and opening the
//! games database without ever creating one by accident.

pub mod adjudicate;
pub mod bot;
pub mod demo;
pub mod export;
pub mod games;
pub mod import;
pub mod render;
pub mod render_history;
pub mod variants;

use engine::store::clock::SystemClock;
use engine::store::{
    create_postgres_database, database_name, mask_password, sqlite_file, Backend, GameError, Games,
};
use std::path::PathBuf;
use std::sync::Arc;

/// Keeps the map art this command parses in the user's cache folder (see
/// `render::art::cache`: `$PARLEY_CACHE_DIR`, else `$XDG_CACHE_HOME/parley` or
/// `~/.cache/parley`; `PARLEY_CACHE_DIR=` empty turns it off), for the commands that draw a
/// map and exit: parsing and rasterising the art is most of their time otherwise.
pub fn cache_art() {
    if let Some(cache) = ::render::art::cache::ArtCache::from_env() {
        parley::picture::cache_art_on_disk(cache);
    }
}

/// A failed command: what to tell the user, and the exit code.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    pub code: u8,
}

impl CliError {
    /// Bad input or arguments: exit code 2, as clap uses for its own usage errors.
    pub fn usage(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            code: 2,
        }
    }

    /// Something went wrong that is not the input's fault (a file that cannot be written).
    pub fn failed(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            code: 1,
        }
    }
}

/// A built-in variant's id, checked when the arguments are read, so that a command refuses an
/// unknown variant before it does anything.
pub fn variant_id(s: &str) -> Result<String, String> {
    let ids = engine::variants::ids();
    if ids.contains(&s) {
        Ok(s.to_string())
    } else {
        Err(format!(
            "unknown variant; expected one of: {}",
            ids.join(", ")
        ))
    }
}

/// `--variant ID`, the same on every command that takes one.
#[derive(clap::Args, Debug, Clone)]
pub struct VariantArg {
    /// The variant, by id (`parley variants` lists them)
    #[arg(long, value_name = "ID", value_parser = variant_id)]
    pub variant: Option<String>,
}

/// The colours a map is drawn in.
#[derive(clap::ValueEnum, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PaletteChoice {
    /// The powers' usual colours
    #[default]
    Default,
    /// Colours told apart with the common kinds of colour blindness
    #[value(alias = "color-blind", alias = "colourblind", alias = "colorblind")]
    ColourBlind,
}

impl From<PaletteChoice> for ::render::Palette {
    fn from(p: PaletteChoice) -> Self {
        match p {
            PaletteChoice::Default => ::render::Palette::Default,
            PaletteChoice::ColourBlind => ::render::Palette::ColourBlind,
        }
    }
}

/// `--palette`, the same on every command that draws maps.
#[derive(clap::Args, Debug, Clone)]
pub struct PaletteArg {
    /// The colours of the map
    #[arg(long, value_enum, default_value_t = PaletteChoice::Default)]
    pub palette: PaletteChoice,
}

/// `--database URL`, the same on every command that reads the games database.
#[derive(clap::Args, Debug, Clone)]
pub struct DatabaseArg {
    /// The games database [default: DATABASE_URL from the environment or .env, else
    /// sqlite://parley.db]
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
}

impl DatabaseArg {
    /// The database to use: `--database`, else DATABASE_URL read as the bot reads it (the
    /// environment, then `.env`), else the bot's default.
    pub fn url(&self) -> String {
        if let Some(url) = &self.database {
            return url.clone();
        }
        // A missing .env is fine: the environment alone may hold the settings.
        let _ = dotenvy::dotenv();
        std::env::var("DATABASE_URL")
            .ok()
            .filter(|u| !u.trim().is_empty())
            .unwrap_or_else(|| "sqlite://parley.db".to_string())
    }
}

/// The file a `sqlite:` URL names (`None` for an in-memory database). SQLite only: a
/// PostgreSQL URL names a database on a server, see [`open_games`].
pub fn database_file(url: &str) -> Option<PathBuf> {
    engine::store::sqlite_file::path_of(url)
}

/// Opens the games database at `url` (see [`open_games`]), does `work` with it, and closes it
/// whether the work succeeded or not: a SQLite database is left as one file, its write-ahead
/// log folded in, which a host can copy or back up alone.
pub async fn with_games<T, F, Fut>(url: &str, create: bool, work: F) -> Result<T, CliError>
where
    F: FnOnce(Games) -> Fut,
    Fut: std::future::Future<Output = Result<T, CliError>>,
{
    let games = open_games(url, create).await?;
    let done = work(games.clone()).await;
    if let Err(e) = games.close().await {
        // What the work did is committed; only the tidying failed.
        eprintln!("warning: the games database was not closed cleanly: {e}");
    }
    done
}

/// Opens the games database at `url`. Unless `create` is set, a database that does not
/// exist is an error naming it: a typo in DATABASE_URL, or a command run from the wrong
/// folder, must not leave an empty database behind and report "no game 1". With `create`, a
/// missing SQLite file or PostgreSQL database is created.
pub async fn open_games(url: &str, create: bool) -> Result<Games, CliError> {
    let backend = Backend::of_url(url)?;
    if backend == Backend::Sqlite {
        if let Some(file) = database_file(url) {
            if !create && !file.exists() {
                return Err(CliError::usage(format!(
                    "no games database at {} (from {url}); set DATABASE_URL (in the environment or \
                     .env) or --database to the bot's database; `parley bot` creates one when it \
                     first starts, and `parley import --create FILE` starts a new one with an \
                     imported game",
                    file.display()
                )));
            }
            // Opening creates the tables: an existing file with none is no games database
            // (an empty file, or a copy of one taken without its `-wal` file).
            if !create && sqlite_file::schema_entries(url).await? == 0 {
                return Err(CliError::usage(format!(
                    "{} holds no games database: it is an empty SQLite database (a copy of \
                     the games database taken without its -wal file holds nothing); set \
                     DATABASE_URL or --database to the bot's database, or use `parley import \
                     --create FILE` to start a new one",
                    file.display()
                )));
            }
        }
        return Ok(Games::open(url, Arc::new(SystemClock)).await?);
    }
    match Games::open(url, Arc::new(SystemClock)).await {
        Err(e) if missing_database(&e) && create => {
            create_postgres_database(url).await?;
            Ok(Games::open(url, Arc::new(SystemClock)).await?)
        }
        Err(e) if missing_database(&e) => Err(CliError::usage(format!(
            "no games database {} on the PostgreSQL server of {}; create it (createdb, or \
             `parley import --create FILE` to start it with an imported game), or set \
             DATABASE_URL (in the environment or .env) or --database to the bot's database",
            database_name(url).unwrap_or_default(),
            mask_password(url)
        ))),
        Err(GameError::Db(e)) => Err(CliError::failed(format!(
            "cannot open the games database {}: {e}; check that the PostgreSQL server runs, \
             and the host, port, user and password in DATABASE_URL or --database",
            mask_password(url)
        ))),
        Err(e) => Err(e.into()),
        Ok(games) => Ok(games),
    }
}

/// Whether opening failed because the PostgreSQL database does not exist (SQLSTATE 3D000,
/// invalid_catalog_name).
fn missing_database(e: &GameError) -> bool {
    matches!(e, GameError::Db(sqlx_error) if sqlx_error
        .as_database_error()
        .and_then(|d| d.code())
        .is_some_and(|code| code == "3D000"))
}

/// Refuses an output file whose name says another format than the one written into it
/// (`--out map.svg` for a PNG): a file named for one format and holding another opens as
/// garbage, or not at all. A name without an extension is taken as it is.
pub fn written_as(
    path: &std::path::Path,
    extension: &str,
    flag: &str,
    what: &str,
) -> Result<(), CliError> {
    let Some(given) = path.extension().and_then(|e| e.to_str()) else {
        return Ok(());
    };
    if given.eq_ignore_ascii_case(extension) {
        return Ok(());
    }
    let hint = match (extension, given.to_ascii_lowercase().as_str()) {
        ("png", "svg") if flag == "--out" => "; add --svg to write the SVG document".to_string(),
        ("svg", "png") => "; leave out --svg to write a PNG".to_string(),
        _ => String::new(),
    };
    Err(CliError::usage(format!(
        "{flag} {}: {what} is written there, but the name ends in .{given}; name it {}{hint}",
        path.display(),
        path.with_extension(extension).display()
    )))
}

/// Reads the whole of stdin. At a terminal, first says on stderr what is awaited and how to
/// end it, so that the command does not seem to hang.
pub fn read_stdin(what: &str) -> Result<String, CliError> {
    use std::io::{IsTerminal, Read};
    let mut stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "reading {what} from stdin; end with Ctrl-D (or pipe a file: parley ... < case.json)"
        );
    }
    let mut text = String::new();
    stdin
        .read_to_string(&mut text)
        .map_err(|e| CliError::usage(format!("could not read stdin: {e}")))?;
    if text.trim().is_empty() {
        return Err(CliError::usage(format!("stdin is empty; expected {what}")));
    }
    Ok(text)
}

/// Writes to stdout; a reader that went away (`parley ... | head`) is not an error.
pub fn print_out(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(CliError::failed(format!("could not write: {e}")))
        }
        _ => Ok(()),
    }
}

/// A runtime for the commands that talk to the database.
pub fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CliError::failed(format!("cannot start the async runtime: {e}")))
}

impl From<engine::store::GameError> for CliError {
    fn from(e: engine::store::GameError) -> Self {
        let code = if matches!(
            e,
            engine::store::GameError::Refused(_) | engine::store::GameError::NotFound(_)
        ) {
            2
        } else {
            1
        };
        CliError {
            message: e.to_string(),
            code,
        }
    }
}
