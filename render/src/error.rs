//! The crate's error type.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The map art is not SVG that can be read.
    Svg(String),
    /// The map art does not follow the structure the renderer needs.
    Structure(String),
    /// The scene names a province the map art does not have.
    UnknownProvince { province: String, context: String },
    /// The scene names a coast the province has no anchor for.
    UnknownCoast {
        province: String,
        coast: String,
        context: String,
    },
    /// The scene names a power missing from `Scene::powers`.
    UnknownPower { power: String, context: String },
    /// Encoding the image failed.
    Png(String),
    /// Encoding an animation failed.
    Gif(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Svg(m) => write!(f, "map art is not valid SVG: {m}"),
            Error::Structure(m) => write!(f, "map art structure: {m}"),
            Error::UnknownProvince { province, context } => {
                write!(f, "{context}: province {province:?} is not on the map")
            }
            Error::UnknownCoast {
                province,
                coast,
                context,
            } => {
                write!(
                    f,
                    "{context}: province {province:?} has no coast {coast:?} on the map"
                )
            }
            Error::UnknownPower { power, context } => {
                write!(
                    f,
                    "{context}: power {power:?} is not in the scene's power list"
                )
            }
            Error::Png(m) => write!(f, "PNG encoding failed: {m}"),
            Error::Gif(m) => write!(f, "GIF encoding failed: {m}"),
        }
    }
}

impl std::error::Error for Error {}
