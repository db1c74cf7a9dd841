//! The SQLite and PostgreSQL migrations mean the same schema: after both are applied, the
//! same tables, columns (name, nullability, integer or text, generated id), primary keys,
//! unique and partial indexes and foreign keys. A column, index or key added to one backend's
//! migrations only makes this test fail, naming it.

mod store_common;
use engine::store::clock::ManualClock;
use engine::store::Games;
use sqlx::Row;
use std::collections::BTreeSet;
use std::sync::Arc;
use store_common::*;

/// One fact about the schema, written the same way for both backends.
type Schema = BTreeSet<String>;

/// `channel_id IS NOT NULL AND status <> 'finished'` whichever way the server prints it.
fn predicate(text: &str) -> String {
    text.replace("::text", "")
        .replace(['(', ')'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

async fn sqlite_schema(url: &str) -> Schema {
    let pool = sqlx::SqlitePool::connect(url).await.expect("sqlite");
    let mut out = Schema::new();
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%' ORDER BY name",
    )
    .fetch_all(&pool)
    .await
    .expect("tables");
    for t in &tables {
        out.insert(format!("table {t}"));
        let cols = sqlx::query(
            "SELECT name, type, \"notnull\", pk FROM pragma_table_info($1) ORDER BY pk, cid",
        )
        .bind(t)
        .fetch_all(&pool)
        .await
        .expect("columns");
        let pk: Vec<String> = cols
            .iter()
            .filter(|c| c.get::<i64, _>("pk") > 0)
            .map(|c| c.get("name"))
            .collect();
        for c in &cols {
            let name: String = c.get("name");
            let kind = match c.get::<String, _>("type").to_uppercase().as_str() {
                "INTEGER" => "integer".to_string(),
                "TEXT" => "text".to_string(),
                other => other.to_lowercase(),
            };
            let in_pk = c.get::<i64, _>("pk") > 0;
            let not_null = c.get::<i64, _>("notnull") == 1 || in_pk;
            // An INTEGER PRIMARY KEY alone is SQLite's row id: generated when not given.
            let generated = in_pk && pk.len() == 1 && kind == "integer";
            out.insert(format!(
                "column {t}.{name} {kind}{}{}",
                if not_null { " not null" } else { "" },
                if generated { " generated" } else { "" }
            ));
        }
        if !pk.is_empty() {
            out.insert(format!("primary key {t} ({})", pk.join(", ")));
        }
        for ix in sqlx::query("SELECT name, \"unique\", origin, partial FROM pragma_index_list($1)")
            .bind(t)
            .fetch_all(&pool)
            .await
            .expect("indexes")
        {
            let name: String = ix.get("name");
            if ix.get::<String, _>("origin") == "pk" {
                continue;
            }
            let cols: Vec<String> =
                sqlx::query_scalar("SELECT name FROM pragma_index_info($1) ORDER BY seqno")
                    .bind(&name)
                    .fetch_all(&pool)
                    .await
                    .expect("index columns");
            let sql: Option<String> = sqlx::query_scalar(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = $1",
            )
            .bind(&name)
            .fetch_one(&pool)
            .await
            .expect("index sql");
            let condition = match (ix.get::<i64, _>("partial"), sql) {
                (1, Some(sql)) => {
                    let at = sql
                        .to_uppercase()
                        .rfind(" WHERE ")
                        .expect("a partial index's WHERE");
                    format!(" where {}", predicate(&sql[at + 7..]))
                }
                _ => String::new(),
            };
            out.insert(format!(
                "{}index {name} on {t} ({}){condition}",
                if ix.get::<i64, _>("unique") == 1 {
                    "unique "
                } else {
                    ""
                },
                cols.join(", ")
            ));
        }
        let fks = sqlx::query(
            "SELECT id, \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list($1) ORDER BY id, seq",
        )
        .bind(t)
        .fetch_all(&pool)
        .await
        .expect("foreign keys");
        let ids: BTreeSet<i64> = fks.iter().map(|f| f.get("id")).collect();
        for id in ids {
            let parts: Vec<_> = fks.iter().filter(|f| f.get::<i64, _>("id") == id).collect();
            let from: Vec<String> = parts.iter().map(|f| f.get("from")).collect();
            let to: Vec<String> = parts.iter().map(|f| f.get("to")).collect();
            out.insert(format!(
                "foreign key {t} ({}) -> {} ({}) on delete {}",
                from.join(", "),
                parts[0].get::<String, _>("table"),
                to.join(", "),
                parts[0].get::<String, _>("on_delete").to_lowercase()
            ));
        }
    }
    pool.close().await;
    out
}

async fn postgres_schema(url: &str) -> Schema {
    let pool = sqlx::PgPool::connect(url).await.expect("postgres");
    let mut out = Schema::new();
    for c in sqlx::query(
        "SELECT c.table_name::text AS t, c.column_name::text AS name, c.data_type::text AS kind, c.is_nullable = 'NO' AS not_null, c.is_identity = 'YES' AS generated FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.table_name NOT LIKE '\\_%' ORDER BY 1, 2",
    )
    .fetch_all(&pool)
    .await
    .expect("columns")
    {
        let t: String = c.get("t");
        let name: String = c.get("name");
        let kind = match c.get::<String, _>("kind").as_str() {
            "bigint" => "integer".to_string(),
            "text" => "text".to_string(),
            // INTEGER is 32 bits in PostgreSQL, 64 in SQLite: it would not mean the same.
            other => other.to_string(),
        };
        out.insert(format!("table {t}"));
        out.insert(format!(
            "column {t}.{name} {kind}{}{}",
            if c.get::<bool, _>("not_null") { " not null" } else { "" },
            if c.get::<bool, _>("generated") { " generated" } else { "" }
        ));
    }
    for ix in sqlx::query(
        "SELECT t.relname::text AS t, i.relname::text AS name, x.indisunique AS is_unique, x.indisprimary AS is_primary, pg_get_expr(x.indpred, x.indrelid) AS condition, ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n ORDER BY k.o) AS cols FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace s ON s.oid = t.relnamespace WHERE s.nspname = 'public' AND t.relname NOT LIKE '\\_%'",
    )
    .fetch_all(&pool)
    .await
    .expect("indexes")
    {
        let t: String = ix.get("t");
        let cols: Vec<String> = ix.get("cols");
        if ix.get::<bool, _>("is_primary") {
            out.insert(format!("primary key {t} ({})", cols.join(", ")));
            continue;
        }
        let condition = ix
            .get::<Option<String>, _>("condition")
            .map(|c| format!(" where {}", predicate(&c)))
            .unwrap_or_default();
        out.insert(format!(
            "{}index {} on {t} ({}){condition}",
            if ix.get::<bool, _>("is_unique") { "unique " } else { "" },
            ix.get::<String, _>("name"),
            cols.join(", ")
        ));
    }
    for fk in sqlx::query(
        "SELECT t.relname::text AS t, r.relname::text AS target, c.confdeltype::text AS on_delete, ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o) AS from_cols, ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) AS to_cols FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid JOIN pg_namespace s ON s.oid = t.relnamespace WHERE c.contype = 'f' AND s.nspname = 'public'",
    )
    .fetch_all(&pool)
    .await
    .expect("foreign keys")
    {
        let on_delete = match fk.get::<String, _>("on_delete").as_str() {
            "a" => "no action",
            "r" => "restrict",
            "c" => "cascade",
            "n" => "set null",
            "d" => "set default",
            other => panic!("unknown ON DELETE action {other}"),
        };
        out.insert(format!(
            "foreign key {} ({}) -> {} ({}) on delete {on_delete}",
            fk.get::<String, _>("t"),
            fk.get::<Vec<String>, _>("from_cols").join(", "),
            fk.get::<String, _>("target"),
            fk.get::<Vec<String>, _>("to_cols").join(", ")
        ));
    }
    pool.close().await;
    out
}

/// What one schema has and the other lacks, one line each.
fn differences(sqlite: &Schema, postgres: &Schema) -> Vec<String> {
    let mut out: Vec<String> = sqlite
        .difference(postgres)
        .map(|f| format!("only in SQLite:     {f}"))
        .collect();
    out.extend(
        postgres
            .difference(sqlite)
            .map(|f| format!("only in PostgreSQL: {f}")),
    );
    out
}

#[tokio::test]
async fn both_backends_migrate_to_the_same_schema() {
    run_on(Backend::Postgres, async {
        let dir = tempfile::tempdir().expect("tempdir");
        let clock = Arc::new(ManualClock::at(T0));
        let mut urls = Vec::new();
        for backend in [Backend::Sqlite, Backend::Postgres] {
            let url = fresh_url_on(backend, &dir).await;
            Games::open(&url, clock.clone()).await.expect("migrates");
            urls.push(url);
        }
        let sqlite = sqlite_schema(&urls[0]).await;
        let postgres = postgres_schema(&urls[1]).await;
        // The comparison sees what it must: every table of the games service is there.
        for table in [
            "games",
            "players",
            "phases",
            "submissions",
            "ready",
            "votes",
            "audit",
            "servers",
            "ballots",
            "alliances",
        ] {
            assert!(sqlite.contains(&format!("table {table}")), "{sqlite:#?}");
        }
        assert!(sqlite.contains("unique index games_channel_active on games (channel_id) where channel_id is not null and status <> 'finished'"), "{sqlite:#?}");
        assert!(sqlite.contains("foreign key ballots (game_id) -> games (id) on delete cascade"));
        assert!(sqlite.contains("column games.id integer not null generated"));

        let found = differences(&sqlite, &postgres);
        assert!(
            found.is_empty(),
            "the migrations of migrations/sqlite and migrations/postgres differ:\n{}",
            found.join("\n")
        );

        // A column added to one backend only is caught.
        let pool = sqlx::PgPool::connect(&urls[1]).await.expect("postgres");
        sqlx::query("ALTER TABLE games ADD COLUMN shard BIGINT")
            .execute(&pool)
            .await
            .expect("alter");
        pool.close().await;
        let found = differences(&sqlite, &postgres_schema(&urls[1]).await);
        assert_eq!(found, ["only in PostgreSQL: column games.shard integer"]);
    })
    .await
}
