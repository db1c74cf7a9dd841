// Migrations are embedded by `sqlx::migrate!`, one folder per backend; a new file in either
// must trigger a rebuild.
fn main() {
    println!("cargo:rerun-if-changed=../migrations/sqlite");
    println!("cargo:rerun-if-changed=../migrations/postgres");
}
