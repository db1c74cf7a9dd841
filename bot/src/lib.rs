//! Parley's product layer: the games service (SQLite), and soon the Discord bot, shared by the
//! `parley` binary and its tests.

pub mod demo;
pub mod games;
pub mod picture;
