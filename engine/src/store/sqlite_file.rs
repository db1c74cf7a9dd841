//! The SQLite database as one self-contained file: a file is checked to be a whole SQLite
//! database before the pool connects to it, and the write-ahead log is folded back into it
//! when the service closes.
//!
//! Why the check comes first: the pool retries a connection whose set-up fails (it takes every
//! error as the server still starting) until its 30 s timeout, and then says only that it
//! timed out. A file that is not a database, or one cut short, would make every command wait
//! half a minute and then hide the cause. Read here, the header tells at once, and one plain
//! connection reports anything else SQLite dislikes, naming the file.
//!
//! Why the close: in WAL mode the newest pages live in `FILE-wal` until a checkpoint copies
//! them into the file. A process that exits without closing its connections leaves them
//! there, and a host who copies or backs up the `.db` alone gets an old or malformed database.

use super::{refused, Result};
use sqlx::{Connection, Executor, Row};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What every SQLite database file begins with.
const MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// The length of a SQLite database header.
const HEADER: usize = 100;
/// How long closing waits for another process's readers or writer before it leaves the
/// write-ahead log to that process (which folds it in when it closes).
const CLOSE_BUSY: Duration = Duration::from_secs(1);

/// The file a `sqlite:` URL (or a bare path) names; `None` for an in-memory database.
pub fn path_of(url: &str) -> Option<PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let memory = path == ":memory:" || query.split('&').any(|p| p == "mode=memory");
    (!path.is_empty() && !memory).then(|| PathBuf::from(path))
}

/// Sets up a fresh connection: how long it waits for another writer, the write-ahead log,
/// foreign keys. The same for the pool's connections and for the checking one.
pub(super) async fn set_up(
    conn: &mut sqlx::AnyConnection,
    busy: Duration,
) -> std::result::Result<(), sqlx::Error> {
    let busy = format!("PRAGMA busy_timeout = {}", busy.as_millis());
    conn.execute(sqlx::AssertSqlSafe(busy)).await?;
    conn.execute("PRAGMA journal_mode = WAL").await?;
    conn.execute("PRAGMA foreign_keys = ON").await?;
    Ok(())
}

/// Checks that the database at `url` can be opened, before a pool is made for it: the file's
/// header first (no connection needed), then one connection reading the schema, set up as the
/// pool's are when `set_up_with` gives the busy timeout (else it only reads). Every refusal
/// names the file and what is wrong with it. Returns how many tables, indexes and the like the
/// database holds (none for a new one).
pub(super) async fn check(url: &str, set_up_with: Option<Duration>) -> Result<i64> {
    let Some(path) = path_of(url) else {
        return Ok(0);
    };
    if let Err(problem) = check_header(&path) {
        return Err(refused(format!("{} {problem}", path.display())));
    }
    let open = || async {
        let mut conn = sqlx::AnyConnection::connect(url).await?;
        if let Some(busy) = set_up_with {
            set_up(&mut conn, busy).await?;
        }
        let n = sqlx::query("SELECT COUNT(*) AS n FROM sqlite_master")
            .fetch_one(&mut conn)
            .await?
            .try_get::<i64, _>("n")?;
        conn.close().await?;
        Ok::<_, sqlx::Error>(n)
    };
    // Another process holding the file's lock (two services opening a new file at once: the
    // switch to the write-ahead log takes it without waiting) is no fault of the file's: that
    // is tried again, for as long as a writer waits for another's lock.
    let deadline = std::time::Instant::now() + set_up_with.unwrap_or(LOCKED_WAIT);
    let mut opened = open().await;
    while opened.as_ref().is_err_and(is_locked) && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(25)).await;
        opened = open().await;
    }
    opened.map_err(|e| {
        refused(format!(
            "{} cannot be opened as a SQLite database: {}; DATABASE_URL or --database must name \
             the games database, or a file that does not exist yet for a new one",
            path.display(),
            sqlite_words(&e)
        ))
    })
}

/// [`check`] for a database URL as a user gives it (`sqlite://FILE`, or a bare path): how many
/// tables and indexes the file holds, or why it is no database. A command that expects the
/// games database tells an empty one (a new file, or a copy taken without its `-wal`, which
/// holds nothing) from a games database with this, before opening it creates the tables.
pub async fn schema_entries(url: &str) -> Result<i64> {
    sqlx::any::install_default_drivers();
    check(&super::sqlite_url(url), None).await
}

/// How long a check that sets nothing up waits for another process's lock.
const LOCKED_WAIT: Duration = Duration::from_secs(5);

/// Whether SQLite said the database is busy or locked (codes 5 and 6, extended or not).
fn is_locked(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .and_then(|d| d.code())
        .and_then(|c| c.parse::<i64>().ok())
        .is_some_and(|c| matches!(c & 0xff, 5 | 6))
}

/// SQLite's own words for an error, without the driver's prefix.
fn sqlite_words(e: &sqlx::Error) -> String {
    match e.as_database_error() {
        Some(d) => d.message().to_string(),
        None => e.to_string(),
    }
}

/// What is wrong with the file at `path` as a SQLite database, read from its header; `Ok` for
/// a file that does not exist or is empty (SQLite makes a new database of it), or whose header
/// is sound. The message follows the file's name.
pub fn check_header(path: &Path) -> std::result::Result<(), String> {
    use std::io::Read;
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("cannot be read: {e}")),
    };
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot be read: {e}"))?;
    if meta.is_dir() {
        return Err("is a folder, not a SQLite database file".into());
    }
    let len = meta.len();
    if len == 0 {
        return Ok(());
    }
    let mut head = Vec::with_capacity(HEADER);
    file.by_ref()
        .take(HEADER as u64)
        .read_to_end(&mut head)
        .map_err(|e| format!("cannot be read: {e}"))?;
    let shown = head.len().min(MAGIC.len());
    if head[..shown] != MAGIC[..shown] {
        let start: String = String::from_utf8_lossy(&head[..head.len().min(24)])
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        return Err(format!(
            "is not a SQLite database: a SQLite database begins with \"SQLite format 3\", this \
             file with \"{}\"; DATABASE_URL or --database must name the games database",
            start.trim_end()
        ));
    }
    if head.len() < HEADER {
        return Err(format!(
            "is damaged: it is {len} bytes long, shorter than the {HEADER}-byte header every \
             SQLite database begins with; restore it from a backup"
        ));
    }
    let be32 = |at: usize| u32::from_be_bytes([head[at], head[at + 1], head[at + 2], head[at + 3]]);
    let page_size = match u16::from_be_bytes([head[16], head[17]]) {
        1 => 65536,
        n => u64::from(n),
    };
    if !(512..=65536).contains(&page_size) || !page_size.is_power_of_two() {
        return Err(format!(
            "is damaged: its header gives a page size of {page_size} bytes, which no SQLite \
             database has; restore it from a backup"
        ));
    }
    // The page count in the header is kept up to date by every SQLite since 3.7.0; it is to
    // be trusted only when the "version valid for" number equals the change counter.
    let pages = u64::from(be32(28));
    let trusted = be32(24) == be32(92);
    // While a write-ahead log holds pages, another process may be copying them into the file
    // right now (it writes the header before the last pages): the file's length is then no
    // measure. A log that is absent or empty means nobody is.
    let wal = PathBuf::from(format!("{}-wal", path.display()));
    let log_in_use = std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0);
    let expected = pages * page_size;
    if trusted && pages > 0 && !log_in_use && len < expected {
        return Err(format!(
            "is damaged: its header says it holds {pages} pages of {page_size} bytes \
             ({expected} bytes), but the file has only {len} bytes; it was cut short (copied \
             while in use, or a disk ran full); restore it from a backup"
        ));
    }
    Ok(())
}

/// Folds the write-ahead log of the database at `url` into its file and empties it, after the
/// pool is closed: the last connection to close also removes the `-wal` and `-shm` files. When
/// another process still has the database open, the log stays beside the file (emptied, if
/// that process's readers allow) for that process to remove.
pub(super) async fn fold_log(url: &str) -> Result<()> {
    let Some(path) = path_of(url) else {
        return Ok(());
    };
    if !path.exists() {
        return Ok(());
    }
    let mut conn = sqlx::AnyConnection::connect(url).await?;
    let busy = format!("PRAGMA busy_timeout = {}", CLOSE_BUSY.as_millis());
    conn.execute(sqlx::AssertSqlSafe(busy)).await?;
    let row = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .fetch_optional(&mut conn)
        .await?;
    if let Some(row) = row {
        if row.try_get::<i64, _>(0).unwrap_or(0) != 0 {
            tracing::info!(
                file = %path.display(),
                "another process is using the database; its write-ahead log is left to it"
            );
        }
    }
    conn.close().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{check_header, path_of};
    use std::path::PathBuf;

    #[test]
    fn a_url_names_its_file_unless_it_is_in_memory() {
        assert_eq!(
            path_of("sqlite://a/b.db?mode=rwc"),
            Some(PathBuf::from("a/b.db"))
        );
        assert_eq!(path_of("sqlite:b.db"), Some(PathBuf::from("b.db")));
        assert_eq!(path_of("c.db"), Some(PathBuf::from("c.db")));
        assert_eq!(path_of("sqlite::memory:"), None);
        assert_eq!(path_of("sqlite://x?mode=memory&cache=shared"), None);
    }

    #[test]
    fn a_header_that_is_not_sqlite_or_is_cut_short_is_named() {
        let dir = tempfile::tempdir().expect("tmp");
        let file = dir.path().join("x.db");
        assert_eq!(
            check_header(&file),
            Ok(()),
            "a missing file is a new database"
        );
        std::fs::write(&file, "").expect("write");
        assert_eq!(
            check_header(&file),
            Ok(()),
            "an empty file is a new database"
        );
        std::fs::write(&file, "hello\nworld\n").expect("write");
        let e = check_header(&file).unwrap_err();
        assert!(
            e.contains("not a SQLite database") && e.contains("hello world"),
            "{e}"
        );
        std::fs::write(&file, b"SQLite format 3\0abc").expect("write");
        let e = check_header(&file).unwrap_err();
        assert!(e.contains("shorter than the 100-byte header"), "{e}");
        // A header saying 10 pages of 4096 bytes, on a file of one page.
        let mut page = vec![0u8; 4096];
        page[..16].copy_from_slice(b"SQLite format 3\0");
        page[16..18].copy_from_slice(&4096u16.to_be_bytes());
        page[24..28].copy_from_slice(&7u32.to_be_bytes());
        page[28..32].copy_from_slice(&10u32.to_be_bytes());
        page[92..96].copy_from_slice(&7u32.to_be_bytes());
        std::fs::write(&file, &page).expect("write");
        let e = check_header(&file).unwrap_err();
        assert!(
            e.contains("10 pages of 4096 bytes") && e.contains("only 4096 bytes"),
            "{e}"
        );
        page[28..32].copy_from_slice(&1u32.to_be_bytes());
        std::fs::write(&file, &page).expect("write");
        assert_eq!(check_header(&file), Ok(()));
    }
}
