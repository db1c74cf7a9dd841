//! A small fake of Discord on loopback, REST and gateway on one port, for running the real
//! `parley bot` binary in tests. It answers the calls serenity and poise make, delivers
//! interactions we build, and records every reply and message the bot sends.
//!
//! Shards as Discord has them: any number of gateway sessions may be open (from one bot
//! process or several), each identified as shard `id` of `total`, and each interaction goes
//! only to the session of its shard, `(guild_id >> 22) % total`, or shard 0 for a direct
//! message. An interaction whose shard has no session waits for one: it is never delivered on
//! another shard.

// Each test binary that includes this module uses a different part of it.
#![allow(dead_code)]

pub mod harness;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, patch, post, put};
use axum::{Json, Router};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, Notify};

pub const APP: u64 = 900_000_000_000_000_001;
pub const GUILD: u64 = 900_000_000_000_000_002;
/// Manage Server.
pub const MODERATOR: &str = "32";

/// Something the bot sent: an interaction reply (by interaction id) or a posted message.
#[derive(Debug, Clone)]
pub struct Sent {
    /// `interaction:<id>`, `followup:<id>`, or `channel:<id>`.
    pub to: String,
    pub content: String,
    /// Ephemeral (flags 64).
    pub private: bool,
    /// (file name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// The interaction response type (4 message, 5 deferred, 6 acknowledged, 9 modal), when
    /// it is one.
    pub kind: Option<u64>,
    /// The body as sent (for a modal: its custom id and fields).
    pub payload: Value,
    /// When the fake received it.
    pub at: std::time::Instant,
}

/// Who sends a command, and from where.
#[derive(Debug, Clone, Copy)]
pub struct Invoker {
    pub user: u64,
    pub channel: u64,
    /// The server the channel is in; `None` in a direct message.
    pub guild: Option<u64>,
    pub permissions: &'static str,
}

impl Invoker {
    /// In a channel of the server [`GUILD`], with these permissions (`"0"`, or [`MODERATOR`]).
    pub fn in_channel(user: u64, channel: u64, permissions: &'static str) -> Invoker {
        Invoker::in_server(GUILD, user, channel, permissions)
    }

    /// In a channel of server `guild` (see [`guild_on_shard`]).
    pub fn in_server(guild: u64, user: u64, channel: u64, permissions: &'static str) -> Invoker {
        Invoker {
            user,
            channel,
            guild: Some(guild),
            permissions,
        }
    }

    /// In a direct message with the bot.
    pub fn dm(user: u64) -> Invoker {
        Invoker {
            user,
            channel: 600_000_000_000_000_000 + user % 1_000_000,
            guild: None,
            permissions: "0",
        }
    }
}

/// The shard Discord sends an event of server `guild` (or a direct message, `None`) to, among
/// `total` shards.
pub fn shard_of(guild: Option<u64>, total: u32) -> u32 {
    match guild {
        Some(g) => ((g >> 22) % u64::from(total.max(1))) as u32,
        None => 0,
    }
}

/// A server id whose events go to `shard` of `total` (the `n`th such, from 0).
pub fn guild_on_shard(shard: u32, total: u32, n: u64) -> u64 {
    let total = u64::from(total);
    let base = (940_000_000_000_000_000u64 >> 22) / total * total;
    (base + n * total + u64::from(shard)) << 22
}

/// One open gateway session, once it has identified.
struct Session {
    /// Its number among all sessions the fake has opened.
    no: u64,
    shard: u32,
    total: u32,
    tx: mpsc::UnboundedSender<Value>,
}

/// An interaction no session of its shard has taken yet.
struct Pending {
    interaction: u64,
    guild: Option<u64>,
    event: Value,
}

#[derive(Default)]
struct Inner {
    sent: Vec<Sent>,
    commands_registered: bool,
    /// The slash commands as the bot last registered them (the body of `PUT .../commands`).
    commands: Vec<Value>,
    identified: bool,
    /// Interaction tokens we issued, by token, so follow-ups find their interaction.
    tokens: Vec<(String, u64)>,
    unexpected: Vec<String>,
    /// Channel messages sent with `enforce_nonce`, by nonce: Discord answers a repeat with
    /// the first message instead of posting it again (the repeat is recorded as sent to
    /// `dropped:<channel>`).
    nonces: Vec<(String, Value)>,
    /// While set, a channel message is recorded but not answered (the bot waits), so a test
    /// can kill the bot between a post reaching Discord and the bot recording it.
    hold_posts: bool,
    /// The gateway sessions open now, oldest first.
    sessions: Vec<Session>,
    sessions_opened: u64,
    /// Interactions waiting for a session of their shard, oldest first.
    pending: Vec<Pending>,
    /// The (shard, total) of every Identify, in order.
    identifies: Vec<(u32, u32)>,
    /// Each delivered interaction and the shard whose session it went on.
    delivered: Vec<(u64, u32)>,
    /// The shard count `GET /gateway/bot` recommends.
    recommended_shards: u32,
    /// Threads made, oldest first.
    threads: Vec<Thread>,
    /// While set, making a thread is refused with 403 (Create Private Threads not granted).
    deny_threads: bool,
    /// While set, a thread is made but the answer withheld (the bot waits), so a test can
    /// kill the bot between Discord making a thread and the bot recording it.
    hold_threads: bool,
}

/// A thread as Discord keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thread {
    pub id: u64,
    pub parent: u64,
    pub name: String,
    /// 12 for a private thread.
    pub kind: u64,
    pub invitable: bool,
    /// User ids, in the order they were added.
    pub members: Vec<u64>,
    pub archived: bool,
    pub locked: bool,
}

fn thread_json(t: &Thread, guild: u64) -> Value {
    json!({
        "id": t.id.to_string(),
        "type": t.kind,
        "guild_id": guild.to_string(),
        "parent_id": t.parent.to_string(),
        "owner_id": APP.to_string(),
        "name": t.name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": t.members.len(),
        "flags": 0,
        "thread_metadata": {
            "archived": t.archived,
            "auto_archive_duration": 10080,
            "archive_timestamp": "2026-11-21T00:00:00Z",
            "locked": t.locked,
            "invitable": t.invitable,
            "create_timestamp": "2026-11-21T00:00:00Z",
        },
    })
}

#[derive(Clone)]
pub struct FakeDiscord {
    inner: Arc<Mutex<Inner>>,
    changed: Arc<Notify>,
    next_id: Arc<AtomicU64>,
    pub port: u16,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let fake = FakeDiscord {
            inner: Arc::new(Mutex::new(Inner {
                recommended_shards: 1,
                ..Default::default()
            })),
            changed: Arc::new(Notify::new()),
            next_id: Arc::new(AtomicU64::new(910_000_000_000_000_000)),
            port,
        };
        let app = Router::new()
            .route("/ws", get(gateway))
            .route("/api/v10/gateway", get(gateway_url))
            .route("/api/v10/gateway/bot", get(gateway_bot))
            .route("/api/v10/oauth2/applications/@me", get(application))
            .route("/api/v10/users/@me", get(|| async { Json(bot_user()) }))
            .route("/api/v10/applications/{app}/commands", put(register))
            .route(
                "/api/v10/applications/{app}/guilds/{guild}/commands",
                put(register_guild),
            )
            .route(
                "/api/v10/interactions/{id}/{token}/callback",
                post(interaction_callback),
            )
            .route("/api/v10/webhooks/{app}/{token}", post(followup))
            .route(
                "/api/v10/webhooks/{app}/{token}/messages/{message}",
                patch(edit_original),
            )
            .route(
                "/api/v10/channels/{channel}/messages",
                post(channel_message),
            )
            .route("/api/v10/users/@me/channels", post(open_dm))
            .route("/api/v10/channels/{channel}/threads", post(create_thread))
            .route(
                "/api/v10/guilds/{guild}/threads/active",
                get(active_threads),
            )
            .route(
                "/api/v10/channels/{channel}/thread-members/{user}",
                put(add_thread_member).delete(remove_thread_member),
            )
            .route("/api/v10/channels/{channel}", patch(edit_thread))
            .fallback(any(unexpected))
            .with_state(fake.clone());
        tokio::spawn(async move { axum::serve(listener, app).await });
        fake
    }

    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn record(&self, f: impl FnOnce(&mut Inner)) {
        f(&mut self.inner.lock().unwrap());
        self.changed.notify_waiters();
    }

    /// Holds (or releases) the answers to channel messages; see `Inner::hold_posts`.
    pub fn hold_channel_posts(&self, hold: bool) {
        self.record(|i| i.hold_posts = hold);
    }

    /// Every thread made so far, oldest first.
    pub fn threads(&self) -> Vec<Thread> {
        self.inner.lock().unwrap().threads.clone()
    }

    /// Refuses (or again allows) making threads, as a server that has not granted Create
    /// Private Threads does.
    pub fn deny_threads(&self, deny: bool) {
        self.record(|i| i.deny_threads = deny);
    }

    /// Withholds (or releases) the answers to thread creations; see `Inner::hold_threads`.
    pub fn hold_threads(&self, hold: bool) {
        self.record(|i| i.hold_threads = hold);
    }

    /// Waits until `check` accepts the threads.
    pub async fn wait_for_threads<T>(
        &self,
        what: &str,
        limit: Duration,
        check: impl Fn(&[Thread]) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let notified = self.changed.notified();
            if let Some(t) = check(&self.inner.lock().unwrap().threads) {
                return t;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let inner = self.inner.lock().unwrap();
                panic!(
                    "timed out waiting for {what}; threads: {:#?}; unexpected calls: {:?}",
                    inner.threads, inner.unexpected
                );
            }
        }
    }

    /// How many repeated posts Discord's nonce check dropped.
    pub fn repeats_dropped(&self) -> usize {
        self.inner
            .lock()
            .unwrap()
            .sent
            .iter()
            .filter(|s| s.to.starts_with("dropped:"))
            .count()
    }

    /// Everything recorded so far.
    pub fn sent(&self) -> Vec<Sent> {
        self.inner.lock().unwrap().sent.clone()
    }

    pub fn unexpected(&self) -> Vec<String> {
        self.inner.lock().unwrap().unexpected.clone()
    }

    /// The slash commands the bot registered last, as it sent them.
    pub fn registered_commands(&self) -> Vec<Value> {
        self.inner.lock().unwrap().commands.clone()
    }

    /// Discord delivers only commands that were registered: an interaction for a command or
    /// subcommand the bot never registered is recorded as unexpected.
    fn check_registered(&self, name: &str, sub: &str) {
        let mut inner = self.inner.lock().unwrap();
        if !inner.commands_registered {
            return;
        }
        let known = inner.commands.iter().any(|c| {
            c["name"] == name
                && c["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|o| o["name"] == sub && o["type"] == 1)
        });
        if !known {
            inner.unexpected.push(format!(
                "an interaction for /{name} {sub}, which was never registered"
            ));
        }
    }

    /// Waits (up to `limit`) until `check` finds what it wants in the recorded traffic.
    pub async fn wait_for<T>(
        &self,
        what: &str,
        limit: Duration,
        check: impl Fn(&[Sent]) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let notified = self.changed.notified();
            if let Some(t) = check(&self.inner.lock().unwrap().sent) {
                return t;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let inner = self.inner.lock().unwrap();
                panic!(
                    "timed out waiting for {what}; sent so far: {:#?}; unexpected calls: {:?}; {}",
                    inner
                        .sent
                        .iter()
                        .map(|s| (&s.to, &s.content))
                        .collect::<Vec<_>>(),
                    inner.unexpected,
                    inner.shards_described()
                );
            }
        }
    }

    /// Waits until the bot has registered its commands and identified on the gateway.
    pub async fn wait_ready(&self, limit: Duration) {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let notified = self.changed.notified();
            {
                let i = self.inner.lock().unwrap();
                if i.commands_registered && i.identified {
                    return;
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!(
                    "the bot never became ready; unexpected calls: {:?}",
                    self.unexpected()
                );
            }
        }
    }

    /// Sets the shard count `GET /gateway/bot` recommends (1 unless set).
    pub fn recommend_shards(&self, total: u32) {
        self.record(|i| i.recommended_shards = total);
    }

    /// Waits until a session is open for each of `shards`, identified as one of `total`.
    pub async fn wait_for_shards(&self, shards: &[u32], total: u32, limit: Duration) {
        self.wait_for_sessions(&format!("shards {shards:?} of {total}"), limit, |open| {
            shards.iter().all(|id| open.contains(&(*id, total)))
        })
        .await
    }

    /// Waits until no session of `shard` is open (its bot stopped and its socket closed).
    pub async fn wait_for_shard_gone(&self, shard: u32, limit: Duration) {
        self.wait_for_sessions(&format!("shard {shard} to close"), limit, |open| {
            open.iter().all(|(id, _)| *id != shard)
        })
        .await
    }

    /// Waits until `check` accepts the (shard, total) of the sessions open.
    async fn wait_for_sessions(
        &self,
        what: &str,
        limit: Duration,
        check: impl Fn(&[(u32, u32)]) -> bool,
    ) {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let notified = self.changed.notified();
            if check(&self.connected_shards()) {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!(
                    "timed out waiting for {what}; {}",
                    self.inner.lock().unwrap().shards_described()
                );
            }
        }
    }

    /// The (shard, total) of every session open now, oldest first.
    pub fn connected_shards(&self) -> Vec<(u32, u32)> {
        let i = self.inner.lock().unwrap();
        i.sessions.iter().map(|s| (s.shard, s.total)).collect()
    }

    /// The (shard, total) of every session the bot identified, oldest first, closed ones too.
    pub fn identified_shards(&self) -> Vec<(u32, u32)> {
        self.inner.lock().unwrap().identifies.clone()
    }

    /// The shard whose session interaction `id` went on; `None` while it waits for one.
    pub fn shard_of_interaction(&self, id: u64) -> Option<u32> {
        let i = self.inner.lock().unwrap();
        i.delivered
            .iter()
            .find(|(d, _)| *d == id)
            .map(|(_, shard)| *shard)
    }

    /// Interactions still waiting for a session of their shard.
    pub fn undelivered(&self) -> Vec<u64> {
        let i = self.inner.lock().unwrap();
        i.pending.iter().map(|p| p.interaction).collect()
    }

    fn new_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::SeqCst)
    }

    /// Delivers a slash command. `channel` is a server channel when `in_guild`, else a DM
    /// channel. `options` is the subcommand's option list. Returns the interaction id.
    pub fn command(&self, from: &Invoker, name: &str, sub: &str, options: Value) -> u64 {
        self.check_registered(name, sub);
        // A user option (type 6) carries the user's id; Discord sends the user itself in
        // `resolved`.
        let mut users = serde_json::Map::new();
        for o in options.as_array().into_iter().flatten() {
            if o["type"] == 6 {
                let id: u64 = o["value"]
                    .as_str()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(0);
                users.insert(id.to_string(), user_json(id));
            }
        }
        let data = json!({
            "id": "920000000000000000",
            "name": name,
            "type": 1,
            "options": [{"name": sub, "type": 1, "options": options}],
            "resolved": {"users": users},
        });
        self.interaction(from, 2, data)
    }

    /// Delivers a slash command that has no subcommands (`/profile`), with its options.
    pub fn command_top(&self, from: &Invoker, name: &str, options: Value) -> u64 {
        {
            let mut inner = self.inner.lock().unwrap();
            let known =
                !inner.commands_registered || inner.commands.iter().any(|c| c["name"] == name);
            if !known {
                inner.unexpected.push(format!(
                    "an interaction for /{name}, which was never registered"
                ));
            }
        }
        let data = json!({
            "id": "920000000000000000",
            "name": name,
            "type": 1,
            "options": options,
        });
        self.interaction(from, 2, data)
    }

    /// Asks for autocomplete choices while the user types `typed` into option `focused` of a
    /// subcommand; `options` are the other options already filled. The bot answers with an
    /// interaction response of type 8 whose payload lists the choices.
    pub fn autocomplete(
        &self,
        from: &Invoker,
        name: &str,
        sub: &str,
        focused: &str,
        typed: &str,
    ) -> u64 {
        self.check_registered(name, sub);
        let data = json!({
            "id": "920000000000000000",
            "name": name,
            "type": 1,
            "options": [{"name": sub, "type": 1, "options": [
                {"name": focused, "type": 3, "value": typed, "focused": true}
            ]}],
        });
        self.interaction(from, 4, data)
    }

    /// Submits the modal a command opened: `custom_id` from the modal, one (field id, text)
    /// per text box.
    pub fn modal_submit(&self, from: &Invoker, custom_id: &str, fields: &[(&str, &str)]) -> u64 {
        let rows: Vec<Value> = fields
            .iter()
            .map(|(id, value)| {
                json!({"type": 1, "components": [{"type": 4, "custom_id": id, "value": value}]})
            })
            .collect();
        self.interaction(from, 5, json!({"custom_id": custom_id, "components": rows}))
    }

    fn interaction(&self, from: &Invoker, kind: u64, data: Value) -> u64 {
        let Invoker {
            user,
            channel,
            guild,
            permissions,
        } = *from;
        let id = self.new_id();
        let token = format!("token-{id}");
        let person = user_json(user);
        let mut d = json!({
            "id": id.to_string(),
            "application_id": APP.to_string(),
            "type": kind,
            "token": token,
            "version": 1,
            "locale": "en-GB",
            "entitlements": [],
            "attachment_size_limit": 10_485_760,
            "app_permissions": "0",
            "authorizing_integration_owners": {},
            "channel_id": channel.to_string(),
            "data": data,
        });
        if let Some(guild) = guild {
            d["guild_id"] = json!(guild.to_string());
            d["guild_locale"] = json!("en-GB");
            d["context"] = json!(0);
            d["member"] = json!({
                "user": person,
                "roles": [],
                "joined_at": "2026-01-01T00:00:00Z",
                "deaf": false,
                "mute": false,
                "flags": 0,
                "permissions": permissions,
            });
        } else {
            d["context"] = json!(1);
            d["user"] = person;
        }
        self.record(|i| {
            i.tokens.push((token, id));
            i.pending.push(Pending {
                interaction: id,
                guild,
                event: json!({"t": "INTERACTION_CREATE", "d": d}),
            });
            i.deliver_pending();
        });
        id
    }

    fn interaction_of(&self, token: &str) -> Option<u64> {
        self.inner
            .lock()
            .unwrap()
            .tokens
            .iter()
            .find(|(t, _)| t == token)
            .map(|(_, id)| *id)
    }
}

pub fn user_json(id: u64) -> Value {
    json!({
        "id": id.to_string(),
        "username": format!("player{id}"),
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
    })
}

fn bot_user() -> Value {
    json!({"id": APP.to_string(), "username": "parley", "discriminator": "0", "avatar": null, "bot": true, "global_name": null})
}

fn message_json(id: u64, channel: &str, content: &str) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel,
        "author": bot_user(),
        "content": content,
        "timestamp": "2026-11-21T00:00:00Z",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
    })
}

impl Inner {
    /// Hands each waiting interaction to the newest session of its shard (an older one of the
    /// same shard may be a bot that died and whose socket is not yet closed); one whose shard
    /// has no session keeps waiting.
    fn deliver_pending(&mut self) {
        let mut waiting = Vec::new();
        for p in std::mem::take(&mut self.pending) {
            let session = self
                .sessions
                .iter()
                .rev()
                .find(|s| s.shard == shard_of(p.guild, s.total));
            match session {
                Some(s) if s.tx.send(p.event.clone()).is_ok() => {
                    self.delivered.push((p.interaction, s.shard))
                }
                _ => waiting.push(p),
            }
        }
        self.pending = waiting;
    }

    /// The sessions and waiting interactions, for a failing test's message.
    fn shards_described(&self) -> String {
        format!(
            "gateway sessions open (shard, total): {:?}; interactions waiting for their shard (id, shard of 1, 2, 4): {:?}",
            self.sessions
                .iter()
                .map(|s| (s.shard, s.total))
                .collect::<Vec<_>>(),
            self.pending
                .iter()
                .map(|p| (
                    p.interaction,
                    shard_of(p.guild, 1),
                    shard_of(p.guild, 2),
                    shard_of(p.guild, 4)
                ))
                .collect::<Vec<_>>()
        )
    }
}

async fn gateway_url(State(f): State<FakeDiscord>) -> Json<Value> {
    Json(json!({"url": format!("ws://127.0.0.1:{}/ws", f.port)}))
}

async fn gateway_bot(State(f): State<FakeDiscord>) -> Json<Value> {
    let shards = f.inner.lock().unwrap().recommended_shards;
    Json(json!({
        "url": format!("ws://127.0.0.1:{}/ws", f.port),
        "shards": shards,
        "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
    }))
}

async fn application() -> Json<Value> {
    Json(json!({
        "id": APP.to_string(),
        "name": "parley",
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": bot_user(),
        "verify_key": "",
        "team": null,
        "flags": 0,
    }))
}

async fn register(State(f): State<FakeDiscord>, Json(body): Json<Value>) -> Json<Value> {
    let out: Vec<Value> = body
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let mut c = c.clone();
            c["id"] = json!(f.new_id().to_string());
            c["application_id"] = json!(APP.to_string());
            c["version"] = json!("1");
            if c.get("type").is_none() {
                c["type"] = json!(1);
            }
            c["default_member_permissions"] = json!(null);
            c
        })
        .collect();
    f.record(|i| {
        i.commands_registered = true;
        i.commands = out.clone();
    });
    Json(Value::Array(out))
}

async fn register_guild(
    State(f): State<FakeDiscord>,
    Path((_app, _guild)): Path<(String, String)>,
    body: Json<Value>,
) -> Json<Value> {
    register(State(f), body).await
}

/// A JSON body, or a multipart one with `payload_json` and files.
async fn read_body(
    headers: &HeaderMap,
    body: axum::body::Bytes,
) -> (Value, Vec<(String, Vec<u8>)>) {
    let ctype = headers
        .get("content-type")
        .and_then(|c| c.to_str().ok())
        .unwrap_or("")
        .to_string();
    if !ctype.starts_with("multipart/") {
        return (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            Vec::new(),
        );
    }
    let req = axum::http::Request::builder()
        .header("content-type", ctype)
        .body(axum::body::Body::from(body))
        .unwrap();
    let mut mp = <Multipart as axum::extract::FromRequest<()>>::from_request(req, &())
        .await
        .expect("multipart");
    let mut payload = Value::Null;
    let mut files = Vec::new();
    while let Ok(Some(field)) = mp.next_field().await {
        let name = field.name().unwrap_or("").to_string();
        let file = field.file_name().map(str::to_string);
        let bytes = field.bytes().await.unwrap_or_default().to_vec();
        match file {
            Some(file) => files.push((file, bytes)),
            None if name == "payload_json" => {
                payload = serde_json::from_slice(&bytes).unwrap_or(Value::Null)
            }
            None => {}
        }
    }
    (payload, files)
}

fn sent_from(
    to: String,
    payload: &Value,
    files: Vec<(String, Vec<u8>)>,
    kind: Option<u64>,
) -> Sent {
    Sent {
        to,
        content: payload["content"].as_str().unwrap_or("").to_string(),
        private: payload["flags"].as_u64().unwrap_or(0) & 64 != 0,
        files,
        kind,
        payload: payload.clone(),
        at: std::time::Instant::now(),
    }
}

async fn interaction_callback(
    State(f): State<FakeDiscord>,
    Path((id, _token)): Path<(String, String)>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> StatusCode {
    let (payload, files) = read_body(&headers, body).await;
    let kind = payload["type"].as_u64();
    let s = sent_from(format!("interaction:{id}"), &payload["data"], files, kind);
    f.record(|i| i.sent.push(s));
    StatusCode::NO_CONTENT
}

async fn followup(
    State(f): State<FakeDiscord>,
    Path((_app, token)): Path<(String, String)>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Json<Value> {
    let (payload, files) = read_body(&headers, body).await;
    let id = f.interaction_of(&token).unwrap_or(0);
    let s = sent_from(format!("interaction:{id}"), &payload, files, None);
    let content = s.content.clone();
    f.record(|i| i.sent.push(s));
    // Discord ids are never 0; serenity refuses a message whose channel id is, so a follow-up
    // answered with one looked like a failed send to the bot.
    Json(message_json(f.new_id(), "1", &content))
}

async fn edit_original(
    State(f): State<FakeDiscord>,
    Path((_app, token, _message)): Path<(String, String, String)>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Json<Value> {
    followup(State(f), Path((String::new(), token)), headers, body).await
}

async fn channel_message(
    State(f): State<FakeDiscord>,
    Path(channel): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Json<Value> {
    let (payload, files) = read_body(&headers, body).await;
    let nonce = payload["nonce"]
        .as_str()
        .map(str::to_string)
        .filter(|_| payload["enforce_nonce"] == json!(true));
    if let Some(nonce) = &nonce {
        let first = f
            .inner
            .lock()
            .unwrap()
            .nonces
            .iter()
            .find(|(n, _)| n == nonce)
            .map(|(_, m)| m.clone());
        if let Some(first) = first {
            let s = sent_from(format!("dropped:{channel}"), &payload, files, None);
            f.record(|i| i.sent.push(s));
            return Json(first);
        }
    }
    let s = sent_from(format!("channel:{channel}"), &payload, files, None);
    let message = message_json(f.new_id(), &channel, &s.content);
    f.record(|i| {
        i.sent.push(s);
        if let Some(nonce) = nonce {
            i.nonces.push((nonce, message.clone()));
        }
    });
    loop {
        let released = f.changed.notified();
        if !f.inner.lock().unwrap().hold_posts {
            break;
        }
        released.await;
    }
    Json(message)
}

/// Opening a DM: the DM channel's id is the user's id with a 7 in front, so tests can tell
/// whose DM a message went to.
async fn open_dm(Json(body): Json<Value>) -> Json<Value> {
    let user = body["recipient_id"].as_str().unwrap_or("0").to_string();
    Json(json!({
        "id": format!("7{user}"),
        "type": 1,
        "recipients": [user_json(user.parse().unwrap_or(0))],
        "last_message_id": null,
    }))
}

async fn unexpected(State(f): State<FakeDiscord>, req: axum::extract::Request) -> Response {
    let line = format!("{} {}", req.method(), req.uri());
    f.record(|i| i.unexpected.push(line));
    (
        StatusCode::NOT_FOUND,
        Json(json!({"message": "not faked", "code": 0})),
    )
        .into_response()
}

async fn gateway(State(f): State<FakeDiscord>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| session(f, socket))
}

/// Takes a session out of the routing table when its socket closes, whichever way.
struct Closing {
    fake: FakeDiscord,
    no: Option<u64>,
}

impl Drop for Closing {
    fn drop(&mut self) {
        if let Some(no) = self.no {
            self.fake.record(|i| i.sessions.retain(|s| s.no != no));
        }
    }
}

/// One gateway session: Hello, READY (for the shard it identified as) after Identify,
/// heartbeat acks, then the dispatches of its shard.
async fn session(f: FakeDiscord, mut socket: WebSocket) {
    let mut closing = Closing {
        fake: f.clone(),
        no: None,
    };
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41_250}});
    if socket
        .send(Message::Text(hello.to_string().into()))
        .await
        .is_err()
    {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
    let mut seq = 0u64;
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let Some(Ok(msg)) = incoming else { return };
                let Message::Text(text) = msg else { continue };
                let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                match v["op"].as_u64() {
                    Some(1) => {
                        let ack = json!({"op": 11});
                        let _ = socket.send(Message::Text(ack.to_string().into())).await;
                    }
                    Some(2) => {
                        // Identify carries `"shard": [id, total]`; a bot that does not shard
                        // sends none and is shard 0 of 1.
                        let shard = v["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
                        let total = v["d"]["shard"][1].as_u64().unwrap_or(1) as u32;
                        f.record(|i| i.identifies.push((shard, total)));
                        if shard >= total {
                            // Discord closes such a session: 4010, invalid shard.
                            f.record(|i| i.unexpected.push(format!("an Identify as shard {shard} of {total}")));
                            let close = axum::extract::ws::CloseFrame { code: 4010, reason: "Invalid shard".into() };
                            let _ = socket.send(Message::Close(Some(close))).await;
                            return;
                        }
                        seq += 1;
                        let no = {
                            let mut i = f.inner.lock().unwrap();
                            i.sessions_opened += 1;
                            i.sessions_opened
                        };
                        let ready = json!({"op": 0, "s": seq, "t": "READY", "d": {
                            "v": 10,
                            "user": bot_user(),
                            "guilds": [],
                            "session_id": format!("fake-session-{no}"),
                            "resume_gateway_url": format!("ws://127.0.0.1:{}/ws", f.port),
                            "shard": [shard, total],
                            "application": {"id": APP.to_string(), "flags": 0},
                        }});
                        if socket.send(Message::Text(ready.to_string().into())).await.is_err() {
                            return;
                        }
                        closing.no = Some(no);
                        f.record(|i| {
                            i.identified = true;
                            i.sessions.push(Session { no, shard, total, tx: tx.clone() });
                            i.deliver_pending();
                        });
                    }
                    _ => {}
                }
            }
            Some(event) = rx.recv() => {
                seq += 1;
                let frame = json!({"op": 0, "s": seq, "t": event["t"], "d": event["d"]});
                if socket.send(Message::Text(frame.to_string().into())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Shortcuts for tests that type many things (`bot_input_e2e.rs`); other tests use some or none.
#[allow(dead_code)]
impl FakeDiscord {
    /// The bot's message in answer to interaction `id` (not a modal or an acknowledgement).
    pub async fn reply(&self, id: u64, limit: Duration) -> Sent {
        let to = format!("interaction:{id}");
        self.wait_for(&format!("the reply to {to}"), limit, |sent| {
            sent.iter()
                .find(|s| s.to == to && matches!(s.kind, None | Some(4)))
                .cloned()
        })
        .await
    }

    /// The values of the autocomplete choices the bot offered for interaction `id`.
    pub async fn choices(&self, id: u64, limit: Duration) -> Vec<String> {
        let to = format!("interaction:{id}");
        let answer = self
            .wait_for(&format!("the choices for {to}"), limit, |sent| {
                sent.iter()
                    .find(|s| s.to == to && s.kind == Some(8))
                    .cloned()
            })
            .await;
        answer.payload["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|c| c["value"].as_str().map(str::to_string))
            .collect()
    }

    /// `/orders submit` with no order, then `text` typed into the box it opens. Returns the
    /// command's interaction id, whose reply is the outcome.
    pub async fn submit_in_box(&self, from: &Invoker, text: &str, limit: Duration) -> u64 {
        let id = self.command(from, "orders", "submit", json!([]));
        let to = format!("interaction:{id}");
        let modal = self
            .wait_for("the orders box", limit, |sent| {
                sent.iter()
                    .find(|s| s.to == to && s.kind == Some(9))
                    .cloned()
            })
            .await;
        let custom_id = modal.payload["custom_id"].as_str().unwrap_or_default();
        let field = modal.payload["components"][0]["components"][0]["custom_id"]
            .as_str()
            .unwrap_or_default();
        self.modal_submit(from, custom_id, &[(field, text)]);
        id
    }
}

/// Discord's error body.
fn discord_error(status: StatusCode, code: u64, message: &str) -> Response {
    (status, Json(json!({"message": message, "code": code}))).into_response()
}

async fn create_thread(
    State(f): State<FakeDiscord>,
    Path(channel): Path<u64>,
    Json(body): Json<Value>,
) -> Response {
    if f.inner.lock().unwrap().deny_threads {
        return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
    }
    let name = body["name"].as_str().unwrap_or("").to_string();
    if name.is_empty() || name.chars().count() > 100 {
        return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body (name)");
    }
    let t = Thread {
        id: f.new_id(),
        parent: channel,
        name,
        // Discord's default in API v10 is a private thread.
        kind: body["type"].as_u64().unwrap_or(12),
        invitable: body["invitable"].as_bool().unwrap_or(true),
        members: Vec::new(),
        archived: false,
        locked: false,
    };
    let answer = thread_json(&t, GUILD);
    f.record(|i| i.threads.push(t));
    loop {
        let released = f.changed.notified();
        if !f.inner.lock().unwrap().hold_threads {
            break;
        }
        released.await;
    }
    Json(answer).into_response()
}

async fn active_threads(State(f): State<FakeDiscord>, Path(guild): Path<u64>) -> Json<Value> {
    let threads: Vec<Value> = f
        .inner
        .lock()
        .unwrap()
        .threads
        .iter()
        .filter(|t| !t.archived)
        .map(|t| thread_json(t, guild))
        .collect();
    Json(json!({"threads": threads, "members": []}))
}

/// Adds or removes a thread member; Discord refuses either on an archived thread.
fn change_member(f: &FakeDiscord, thread: u64, user: u64, add: bool) -> Response {
    let mut inner = f.inner.lock().unwrap();
    let Some(t) = inner.threads.iter_mut().find(|t| t.id == thread) else {
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if t.archived {
        return discord_error(StatusCode::BAD_REQUEST, 50083, "Thread is archived");
    }
    if add && !t.members.contains(&user) {
        t.members.push(user);
    } else if !add {
        t.members.retain(|m| *m != user);
    }
    drop(inner);
    f.changed.notify_waiters();
    StatusCode::NO_CONTENT.into_response()
}

async fn add_thread_member(
    State(f): State<FakeDiscord>,
    Path((thread, user)): Path<(u64, u64)>,
) -> Response {
    change_member(&f, thread, user, true)
}

async fn remove_thread_member(
    State(f): State<FakeDiscord>,
    Path((thread, user)): Path<(u64, u64)>,
) -> Response {
    change_member(&f, thread, user, false)
}

/// `PATCH /channels/{id}` on a thread: archived and locked.
async fn edit_thread(
    State(f): State<FakeDiscord>,
    Path(thread): Path<u64>,
    Json(body): Json<Value>,
) -> Response {
    let mut inner = f.inner.lock().unwrap();
    let Some(t) = inner.threads.iter_mut().find(|t| t.id == thread) else {
        let line = format!("PATCH /api/v10/channels/{thread} (not a thread)");
        inner.unexpected.push(line);
        return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
    };
    if let Some(a) = body["archived"].as_bool() {
        t.archived = a;
    }
    if let Some(l) = body["locked"].as_bool() {
        t.locked = l;
    }
    let answer = thread_json(t, GUILD);
    drop(inner);
    f.changed.notify_waiters();
    Json(answer).into_response()
}
