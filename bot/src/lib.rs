//! Parley's product layer, shared by the `parley` binary and its tests: the Discord bot, the
//! demo, and the pictures and reports they post. Games themselves live in `engine::store`.

pub mod adjudicate;
pub mod demo;
pub mod discord;
pub mod drawing;
pub mod history;
pub mod picture;
pub mod report;
pub mod text;
