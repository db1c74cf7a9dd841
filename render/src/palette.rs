//! Power colours: the default set and a colour-blind-safe set, twelve slots each.

use serde::{Deserialize, Serialize};

/// An sRGB colour. Written "#rrggbb" in JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const WHITE: Rgb = Rgb(255, 255, 255);
    pub const BLACK: Rgb = Rgb(0, 0, 0);

    /// Parses "#rrggbb" (the '#' is optional).
    pub fn parse(s: &str) -> Option<Rgb> {
        let h = s.strip_prefix('#').unwrap_or(s);
        if h.len() != 6 || !h.is_ascii() {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
        Some(Rgb(byte(0)?, byte(2)?, byte(4)?))
    }

    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// `t` of the way from `self` to `other`.
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    /// Relative luminance (WCAG), 0 for black to 1 for white.
    pub fn luminance(self) -> f32 {
        let lin = |c: u8| {
            let c = c as f32 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }

    /// Black or white, whichever reads better on this colour.
    pub fn text_on(self) -> Rgb {
        // 0.18 is roughly where black and white text have equal contrast.
        if self.luminance() > 0.18 {
            Rgb(0x11, 0x11, 0x11)
        } else {
            Rgb::WHITE
        }
    }

    /// The lighter shade used to fill a power's provinces, so labels and
    /// units stay readable on top of it.
    pub fn territory(self) -> Rgb {
        self.mix(Rgb::WHITE, 0.5)
    }
}

impl TryFrom<String> for Rgb {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Rgb::parse(&s).ok_or_else(|| format!("not a #rrggbb colour: {s:?}"))
    }
}

impl From<Rgb> for String {
    fn from(c: Rgb) -> String {
        c.hex()
    }
}

/// A game's colour set. Slot `i` is the colour of the power given slot `i`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Palette {
    /// Traditional board colours: for Standard in alphabetical power order
    /// Austria red, England blue, France light blue, Germany dark grey,
    /// Italy green, Russia purple, Turkey yellow.
    #[default]
    Default,
    /// Okabe-Ito's eight colours, then four from Paul Tol's muted scheme.
    /// Distinguishable with the common forms of colour blindness.
    ColourBlind,
}

const DEFAULT: [Rgb; 12] = [
    Rgb(0xd3, 0x2f, 0x2f), // red
    Rgb(0x2c, 0x4f, 0xc4), // blue
    Rgb(0x4f, 0xb6, 0xf0), // light blue
    Rgb(0x4d, 0x4d, 0x4d), // dark grey
    Rgb(0x2e, 0x9d, 0x3a), // green
    Rgb(0x8e, 0x4d, 0xb8), // purple
    Rgb(0xf2, 0xc2, 0x1b), // yellow
    Rgb(0xf0, 0x7d, 0x1a), // orange
    Rgb(0xe0, 0x6f, 0xb8), // pink
    Rgb(0x8c, 0x5a, 0x3c), // brown
    Rgb(0x1a, 0xa6, 0xa0), // teal
    Rgb(0x9a, 0xa8, 0x2b), // olive
];

const COLOUR_BLIND: [Rgb; 12] = [
    Rgb(0xd5, 0x5e, 0x00), // vermillion
    Rgb(0x00, 0x72, 0xb2), // blue
    Rgb(0x56, 0xb4, 0xe9), // sky blue
    Rgb(0x00, 0x00, 0x00), // black
    Rgb(0x00, 0x9e, 0x73), // bluish green
    Rgb(0xcc, 0x79, 0xa7), // reddish purple
    Rgb(0xf0, 0xe4, 0x42), // yellow
    Rgb(0xe6, 0x9f, 0x00), // orange
    Rgb(0x33, 0x22, 0x88), // indigo
    Rgb(0x99, 0x99, 0x33), // olive
    Rgb(0x88, 0x22, 0x55), // wine
    Rgb(0x44, 0xaa, 0x99), // teal
];

impl Palette {
    /// Number of distinct slots; higher slots wrap round.
    pub const SLOTS: usize = 12;

    pub fn colours(self) -> &'static [Rgb; 12] {
        match self {
            Palette::Default => &DEFAULT,
            Palette::ColourBlind => &COLOUR_BLIND,
        }
    }

    /// The colour for a power slot (units, arrows, legend).
    pub fn colour(self, slot: usize) -> Rgb {
        self.colours()[slot % Self::SLOTS]
    }
}
