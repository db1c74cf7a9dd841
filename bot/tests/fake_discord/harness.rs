//! Running the real `parley bot` against the fake: start it, wait for its replies, stop it.

use super::{FakeDiscord, Sent};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Mutex;
use std::time::Duration;

/// How long any one wait for the bot may take before the test fails.
pub const LIMIT: Duration = Duration::from_secs(60);

/// The reply to interaction `id` (a message, not a deferral or a modal).
pub fn reply_to(id: u64) -> impl Fn(&[Sent]) -> Option<Sent> {
    move |sent| {
        sent.iter()
            .find(|s| s.to == format!("interaction:{id}") && matches!(s.kind, None | Some(4)))
            .cloned()
    }
}

/// The database of the bots a test starts in a folder, when it is not the default SQLite file
/// `bot.db` there (a PostgreSQL database, for a test run on both backends).
static DATABASES: Mutex<Option<HashMap<PathBuf, String>>> = Mutex::new(None);

/// Makes every bot started in `dir` use the database at `url`.
pub fn use_database(dir: &Path, url: &str) {
    DATABASES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(HashMap::new)
        .insert(dir.to_path_buf(), url.to_string());
}

/// The database a bot started in `dir` uses: the one given to [`use_database`], else the
/// SQLite file `bot.db` in `dir`.
pub fn database_of(dir: &Path) -> String {
    DATABASES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .and_then(|d| d.get(dir).cloned())
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("bot.db").display()))
}

/// Starts `parley bot` against the fake, with its database in `dir` and its clock in `clock`,
/// ticking every 100 ms.
pub fn spawn_bot(dir: &Path, fake: &FakeDiscord, clock: &Path) -> tokio::process::Child {
    spawn_bot_with(
        dir,
        &fake.base(),
        clock,
        &[("PARLEY_TICK_MS", "100")],
        false,
    )
}

/// Starts `parley bot` with Discord at `api_base` and more environment (later entries win).
/// With `read_log` its log (standard output) is piped for the test to read, and must be
/// read: an unread pipe that fills up stops the bot.
pub fn spawn_bot_with(
    dir: &Path,
    api_base: &str,
    clock: &Path,
    env: &[(&str, &str)],
    read_log: bool,
) -> tokio::process::Child {
    // A bench may time another build of the bot (`PARLEY_BENCH_BIN`, an older binary kept
    // for a before-and-after in one sitting); tests always run the one cargo built.
    let bin =
        std::env::var_os("PARLEY_BENCH_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_parley").into());
    let mut cmd = tokio::process::Command::new(bin);
    cmd.arg("bot")
        .current_dir(dir)
        .env("DISCORD_TOKEN", "fake-token")
        .env("DISCORD_API_BASE", api_base)
        .env("DATABASE_URL", database_of(dir))
        .env("PARLEY_CLOCK_FILE", clock)
        .env("RUST_LOG", "info")
        .stdout(if read_log {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stderr(Stdio::null())
        .kill_on_drop(true);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.spawn().expect("parley bot starts")
}

/// Sends a signal to the bot (15 SIGTERM, 2 SIGINT as Ctrl-C sends, 9 SIGKILL).
pub fn signal(bot: &tokio::process::Child, sig: i32) {
    let pid = bot.id().expect("running") as i32;
    // SAFETY: kill(2) with our own child's pid touches no memory of ours.
    assert_eq!(unsafe { kill(pid, sig) }, 0, "signal {sig} sent");
}

/// Sends SIGTERM and expects a clean exit.
pub async fn stop(mut bot: tokio::process::Child) {
    signal(&bot, 15);
    let status = tokio::time::timeout(LIMIT, bot.wait())
        .await
        .expect("the bot stops after SIGTERM")
        .unwrap();
    assert!(status.success(), "exit status {status:?}");
}

// The C library's kill(2); a `kill` program may not be installed on a bare CI machine.
unsafe extern "C" {
    fn kill(pid: i32, sig: i32) -> i32;
}
