//! Parley's product layer, shared by the `parley` binary and its tests: the games service
//! (SQLite), the Discord bot, the demo, and the pictures and reports they post.

pub mod adjudicate;
pub mod demo;
pub mod discord;
pub mod games;
pub mod picture;
pub mod report;
pub mod text;
