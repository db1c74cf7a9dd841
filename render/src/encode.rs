//! Small files for the wire: a rendered map reduced to at most 256 colours and written as an
//! indexed PNG, and phases joined into an animated GIF.
//!
//! A map is large areas of a few flat colours (sea, land, each power's shade, black text) with
//! anti-aliased edges between them. Every colour covering a thousandth of the picture is an
//! entry of its own, so flat areas come back bit for bit. The other entries come from a
//! weighted median cut over the remaining distinct colours (rare edge shades pooled by coarse
//! bin): the box with the largest squared error is split where the two halves' error is
//! smallest, so the entries go where the pixels are, and a box that one colour dominates is
//! drawn in exactly that colour. Each edge pixel then takes its nearest entry.
//!
//! One byte per pixel instead of three also gives deflate a third of the work, which pays for
//! the quantising: the whole render takes as long as with the RGB encoder this replaced
//! (ARCHITECTURE.md has the measurements).

use crate::error::Error;
use resvg::tiny_skia::{self, Pixmap};
use std::borrow::Cow;

/// An opaque colour packed as `0xFF_RR_GG_BB`; the set top byte keeps 0 free to mark an
/// empty slot of [`Counts`].
type Key = u32;

fn key_of(px: [u8; 4]) -> Key {
    let [r, g, b, a] = px;
    let (r, g, b) = match a {
        255 => (r, g, b),
        0 => (0, 0, 0),
        // Premultiplied: undo it as tiny-skia's demultiply does.
        _ => {
            let c = tiny_skia::PremultipliedColorU8::from_rgba(r, g, b, a)
                .map(|c| c.demultiply())
                .map_or((0, 0, 0), |c| (c.red(), c.green(), c.blue()));
            (c.0, c.1, c.2)
        }
    };
    0xFF00_0000 | (r as u32) << 16 | (g as u32) << 8 | b as u32
}

fn rgb_of(k: Key) -> [u8; 3] {
    [(k >> 16) as u8, (k >> 8) as u8, k as u8]
}

/// How often each colour occurs: an open-addressed table (linear probing, Fibonacci hashing),
/// several times faster than a `HashMap` with the default hasher over a million pixels.
/// After [`Counts::assign`] each slot's value is the colour's palette index instead.
pub struct Counts {
    keys: Vec<Key>,
    vals: Vec<u32>,
    len: usize,
    shift: u32,
}

impl Default for Counts {
    fn default() -> Self {
        Self::with_bits(12)
    }
}

impl Counts {
    fn with_bits(bits: u32) -> Self {
        Counts {
            keys: vec![0; 1 << bits],
            vals: vec![0; 1 << bits],
            len: 0,
            shift: 32 - bits,
        }
    }

    fn slot(&self, k: Key) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = (k.wrapping_mul(0x9E37_79B1) >> self.shift) as usize;
        loop {
            let at = self.keys[i];
            if at == k || at == 0 {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds `n` pixels of colour `k` and returns the colour's slot.
    fn add(&mut self, k: Key, n: u32) -> usize {
        let i = self.slot(k);
        if self.keys[i] == 0 {
            self.keys[i] = k;
            self.len += 1;
            if self.len * 2 > self.keys.len() {
                self.vals[i] = n;
                self.grow();
                return self.slot(k);
            }
        }
        self.vals[i] += n;
        i
    }

    fn grow(&mut self) {
        let bits = 32 - self.shift + 1;
        let old = std::mem::replace(self, Self::with_bits(bits));
        for (k, v) in old.keys.into_iter().zip(old.vals) {
            if k != 0 {
                let i = self.slot(k);
                self.keys[i] = k;
                self.vals[i] = v;
                self.len += 1;
            }
        }
    }

    /// Counts the pixels of an RGBA (premultiplied) buffer. A run of equal pixels is counted
    /// with one look-up: most of a map is runs.
    pub fn add_pixels(&mut self, rgba: &[u8]) {
        self.add_runs(rgba, |_, _| {});
    }

    /// Counts the pixels and tells `run` each run of one colour, in order: the slot its colour
    /// holds in the table (valid while the table does not grow) and its length.
    fn add_runs(&mut self, rgba: &[u8], mut run: impl FnMut(usize, u32)) {
        let (px, _) = rgba.as_chunks::<4>();
        let mut start = 0;
        while start < px.len() {
            let prev = px[start];
            let mut end = start + 1;
            // Most of a map is long runs: step over four equal pixels at a time.
            let four = [prev; 4];
            while let Some(next) = px.get(end..end + 4) {
                if next != four {
                    break;
                }
                end += 4;
            }
            while end < px.len() && px[end] == prev {
                end += 1;
            }
            let len = (end - start) as u32;
            let slot = self.add(key_of(prev), len);
            run(slot, len);
            start = end;
        }
    }

    /// How many distinct colours were counted.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing was counted.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn entries(&self) -> Vec<(Key, u32)> {
        self.keys
            .iter()
            .zip(&self.vals)
            .filter(|(k, _)| **k != 0)
            .map(|(k, v)| (*k, *v))
            .collect()
    }

    /// Replaces every count by the index of the colour's nearest palette entry, so that
    /// [`Counts::index_runs`] is one look-up per run.
    fn assign(&mut self, palette: &ColourTable) {
        let mut near = Nearest::new(palette);
        for (k, v) in self.keys.iter().zip(self.vals.iter_mut()) {
            if *k != 0 {
                *v = near.index(rgb_of(*k)) as u32;
            }
        }
    }

    /// The palette index of every pixel, from the runs [`Counts::add_runs`] found, each by
    /// its colour's slot: the table has not grown since, so the slots still hold. With `row`
    /// set, each row of that many pixels is preceded by PNG's filter byte 0 (none), so the
    /// rows go to deflate as they are.
    fn index_runs(&self, runs: &[(u32, u32)], row: Option<usize>, out: &mut Vec<u8>) {
        let Some(width) = row else {
            for (slot, len) in runs {
                let idx = self.vals[*slot as usize] as u8;
                out.resize(out.len() + *len as usize, idx);
            }
            return;
        };
        // Pixels left in the current row; 0 at the start, so the first row gets its byte.
        let mut left = 0;
        for (slot, len) in runs {
            let idx = self.vals[*slot as usize] as u8;
            let mut len = *len as usize;
            while len > 0 {
                if left == 0 {
                    out.push(0);
                    left = width;
                }
                let n = len.min(left);
                out.resize(out.len() + n, idx);
                (len, left) = (len - n, left - n);
            }
        }
    }
}

/// Up to 256 colours, each `[r, g, b]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColourTable(pub Vec<[u8; 3]>);

impl ColourTable {
    /// The flat `r g b r g b ...` form PNG's PLTE chunk and GIF's colour tables take.
    pub fn bytes(&self) -> Vec<u8> {
        self.0.iter().flatten().copied().collect()
    }
}

/// One box of the median cut: a range of the entry list and its weighted squared error around
/// its mean, which is what splitting it could remove.
struct Cut {
    start: usize,
    end: usize,
    error: f64,
}

/// What the median cut places entries for: one common colour, or the rare colours of one
/// coarse bin by their mean. Either way it remembers its most common exact colour, so that a
/// palette entry standing for a flat area can be that colour exactly.
#[derive(Clone, Copy)]
struct Entry {
    rgb: [u8; 3],
    pixels: u32,
    top: Key,
    top_pixels: u32,
}

/// Colours with fewer pixels than this (edge shades) are pooled by coarse bin before the
/// median cut: the cut's cost grows with the entries, and a rare shade only needs to be near
/// some palette entry, not to place one.
const RARE: u32 = 32;
/// Bins of 16 levels per channel.
const BIN_SHIFT: u32 = 4;

fn entries_of(counts: &Counts) -> Vec<Entry> {
    const BINS: usize = 1 << (3 * (8 - BIN_SHIFT));
    let mut bins = vec![(0u64, [0u64; 3], 0 as Key, 0u32); BINS];
    let mut out = Vec::new();
    for (&k, &n) in counts.keys.iter().zip(&counts.vals) {
        if k == 0 {
            continue;
        }
        let rgb = rgb_of(k);
        if n >= RARE {
            out.push(Entry {
                rgb,
                pixels: n,
                top: k,
                top_pixels: n,
            });
            continue;
        }
        let b = rgb.map(|x| (x >> BIN_SHIFT) as usize);
        let bin = &mut bins[(b[0] << (2 * (8 - BIN_SHIFT))) | (b[1] << (8 - BIN_SHIFT)) | b[2]];
        bin.0 += n as u64;
        for (sum, x) in bin.1.iter_mut().zip(rgb) {
            *sum += n as u64 * x as u64;
        }
        if n > bin.3 {
            bin.2 = k;
            bin.3 = n;
        }
    }
    out.extend(
        bins.iter()
            .filter(|b| b.0 > 0)
            .map(|(n, s, top, top_pixels)| Entry {
                rgb: s.map(|x| ((x + n / 2) / n) as u8),
                pixels: *n as u32,
                top: *top,
                top_pixels: *top_pixels,
            }),
    );
    out
}

fn stats(es: &[Entry]) -> (f64, [f64; 3], [f64; 3]) {
    let mut n = 0f64;
    let mut s = [0f64; 3];
    let mut q = [0f64; 3];
    for e in es {
        let w = e.pixels as f64;
        n += w;
        for ch in 0..3 {
            let x = e.rgb[ch] as f64;
            s[ch] += w * x;
            q[ch] += w * x * x;
        }
    }
    (n, s, q)
}

fn error_of(n: f64, s: [f64; 3], q: [f64; 3]) -> f64 {
    if n == 0.0 {
        return 0.0;
    }
    (0..3).map(|ch| q[ch] - s[ch] * s[ch] / n).sum()
}

/// The palette for the counted colours: every colour when there are at most `max`, otherwise
/// a weighted median cut into `max` boxes.
pub fn palette(counts: &Counts, max: usize) -> ColourTable {
    if counts.len() <= max {
        let mut all = counts.entries();
        // Most common first: index 0 then is the background, which deflates best.
        all.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        return ColourTable(all.iter().map(|(k, _)| rgb_of(*k)).collect());
    }
    // Weighing colours by the square root of their pixels, to give rare edge shades more
    // entries, was tried on the busy Standard board: the mean error rose by half and the
    // worst text pixel improved by one level.
    let (mut anchors, mut es): (Vec<Entry>, Vec<Entry>) = {
        let total: u64 = counts.vals.iter().map(|n| *n as u64).sum();
        let flat = (total / 1000).max(64) as u32;
        entries_of(counts)
            .into_iter()
            .partition(|e| e.top_pixels >= flat && e.top_pixels == e.pixels)
    };
    // The flat areas (each a thousandth of the picture or more) keep their colour exactly:
    // the cut might otherwise share one entry between two close flat colours.
    anchors.sort_unstable_by(|a, b| b.pixels.cmp(&a.pixels).then(a.top.cmp(&b.top)));
    if anchors.len() > max / 2 {
        es.extend(anchors.drain(max / 2..));
    }
    let max = max - anchors.len();
    let whole = {
        let (n, s, q) = stats(&es);
        Cut {
            start: 0,
            end: es.len(),
            error: error_of(n, s, q),
        }
    };
    let mut cuts = if es.is_empty() { vec![] } else { vec![whole] };
    while cuts.len() < max {
        let Some((at, _)) = cuts
            .iter()
            .enumerate()
            .filter(|(_, c)| c.end - c.start > 1 && c.error > 0.0)
            .max_by(|a, b| a.1.error.total_cmp(&b.1.error))
        else {
            break;
        };
        let cut = cuts.swap_remove(at);
        let (left, right) = split(&mut es, cut);
        cuts.push(left);
        cuts.push(right);
    }
    // A few rounds of k-means after the cut were tried: the mean error fell by 4 % and the
    // quantising took three times as long.
    let mut boxes: Vec<(u64, [u8; 3])> = cuts
        .iter()
        .map(|c| {
            let part = &es[c.start..c.end];
            let pixels: u64 = part.iter().map(|e| e.pixels as u64).sum();
            let top = part
                .iter()
                .max_by_key(|e| e.top_pixels)
                .expect("a box has entries");
            // One colour holding half the box's pixels (a flat area and its few edge pixels)
            // is the entry exactly, so flat areas never shift; otherwise the box's mean.
            let colour = if top.top_pixels as u64 * 2 >= pixels {
                rgb_of(top.top)
            } else {
                let (n, s, _) = stats(part);
                s.map(|x| (x / n).round().clamp(0.0, 255.0) as u8)
            };
            (pixels, colour)
        })
        .collect();
    boxes.extend(anchors.iter().map(|a| (a.pixels as u64, a.rgb)));
    boxes.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut colours: Vec<[u8; 3]> = Vec::with_capacity(boxes.len());
    for (_, c) in boxes {
        if !colours.contains(&c) {
            colours.push(c);
        }
    }
    ColourTable(colours)
}

/// Splits a box along its widest channel where the two halves' summed error is least.
fn split(es: &mut [Entry], cut: Cut) -> (Cut, Cut) {
    let part = &mut es[cut.start..cut.end];
    let (n, s, q) = stats(part);
    let var = |ch: usize| q[ch] - s[ch] * s[ch] / n;
    let ch = (0..3)
        .max_by(|a, b| var(*a).total_cmp(&var(*b)))
        .unwrap_or(0);
    part.sort_unstable_by_key(|e| (e.rgb[ch], e.rgb, e.top));
    // Prefix sums over the sorted box give both halves' error at every split point.
    let (mut ln, mut ls, mut lq) = (0f64, [0f64; 3], [0f64; 3]);
    let mut best = (f64::INFINITY, 1, 0.0, 0.0);
    for i in 0..part.len() - 1 {
        let e = part[i];
        let w = e.pixels as f64;
        ln += w;
        for c in 0..3 {
            let x = e.rgb[c] as f64;
            ls[c] += w * x;
            lq[c] += w * x * x;
        }
        // Only between different values of the channel, so equal colours stay together.
        if part[i + 1].rgb[ch] == e.rgb[ch] {
            continue;
        }
        let le = error_of(ln, ls, lq);
        let rn = n - ln;
        let rs = [s[0] - ls[0], s[1] - ls[1], s[2] - ls[2]];
        let rq = [q[0] - lq[0], q[1] - lq[1], q[2] - lq[2]];
        let re = error_of(rn, rs, rq);
        if le + re < best.0 {
            best = (le + re, i + 1, le, re);
        }
    }
    let (_, mid, le, re) = best;
    if best.0.is_infinite() {
        // Every entry has the same value in this channel: split in the middle.
        let mid = part.len() / 2;
        let (ln, ls, lq) = stats(&part[..mid]);
        let (rn, rs, rq) = stats(&part[mid..]);
        return (
            Cut {
                start: cut.start,
                end: cut.start + mid,
                error: error_of(ln, ls, lq),
            },
            Cut {
                start: cut.start + mid,
                end: cut.end,
                error: error_of(rn, rs, rq),
            },
        );
    }
    (
        Cut {
            start: cut.start,
            end: cut.start + mid,
            error: le,
        },
        Cut {
            start: cut.start + mid,
            end: cut.end,
            error: re,
        },
    )
}

/// Nearest palette entry by squared RGB distance, sped up by a coarse grid: each visited cell
/// of 16x16x16 levels keeps the few entries that can be nearest to any colour inside it.
struct Nearest<'a> {
    palette: &'a [[u8; 3]],
    cells: Vec<Option<Vec<u8>>>,
}

const CELL: i32 = 16;
const CELLS: usize = (256 / CELL) as usize;

fn dist(a: [u8; 3], b: [u8; 3]) -> i32 {
    (0..3)
        .map(|i| {
            let d = a[i] as i32 - b[i] as i32;
            d * d
        })
        .sum()
}

impl<'a> Nearest<'a> {
    fn new(palette: &'a ColourTable) -> Self {
        Nearest {
            palette: &palette.0,
            cells: vec![None; CELLS * CELLS * CELLS],
        }
    }

    fn index(&mut self, c: [u8; 3]) -> u8 {
        let cell = c.map(|x| x as usize / CELL as usize);
        let at = (cell[0] * CELLS + cell[1]) * CELLS + cell[2];
        let palette = self.palette;
        let candidates = self.cells[at].get_or_insert_with(|| {
            // Every colour of the cell is within `r` of its centre, so its nearest entry is
            // within (nearest to the centre) + 2r of the centre.
            let centre = cell.map(|x| x as i32 * CELL + CELL / 2);
            let d2: Vec<i32> = palette
                .iter()
                .map(|p| (0..3).map(|i| (p[i] as i32 - centre[i]).pow(2)).sum())
                .collect();
            let best = d2.iter().copied().min().unwrap_or(0) as f64;
            let r = (3.0f64).sqrt() * CELL as f64 / 2.0;
            let reach = (best.sqrt() + 2.0 * r).powi(2).ceil() as i32;
            (0..palette.len())
                .filter(|i| d2[*i] <= reach)
                .map(|i| i as u8)
                .collect()
        });
        let mut best = (i32::MAX, 0u8);
        for &i in candidates.iter() {
            let d = dist(palette[i as usize], c);
            if d < best.0 {
                best = (d, i);
            }
        }
        best.1
    }
}

/// An image reduced to a palette: one index per pixel, row by row.
pub struct Indexed {
    pub width: u32,
    pub height: u32,
    pub palette: ColourTable,
    pub indices: Vec<u8>,
}

impl Indexed {
    /// The colour each pixel is drawn in.
    pub fn rgb(&self, i: usize) -> [u8; 3] {
        self.palette.0[self.indices[i] as usize]
    }
}

/// Reduces a pixmap to at most `max` colours (2..=256).
pub fn quantise(pm: &Pixmap, max: usize) -> Indexed {
    let mut indices = Vec::with_capacity(pm.data().len() / 4);
    let palette = reduce(pm, max, None, &mut indices);
    Indexed {
        width: pm.width(),
        height: pm.height(),
        palette,
        indices,
    }
}

/// The palette, with every pixel's index written to `out` (see [`Counts::index_runs`] for
/// `row`).
fn reduce(pm: &Pixmap, max: usize, row: Option<usize>, out: &mut Vec<u8>) -> ColourTable {
    let max = max.clamp(2, 256);
    // Sized for a busy map (some 11,000 colours, 200,000 runs at 1300x1000) so that neither
    // grows while counting.
    let mut runs = crate::scratch::runs();
    crate::scratch::reserve_mapped(&mut runs, pm.data().len() / 24);
    let mut bits = 15;
    let mut counts = loop {
        let mut counts = Counts::with_bits(bits);
        counts.add_runs(pm.data(), |slot, n| runs.push((slot as u32, n)));
        if counts.keys.len() == 1 << bits {
            break counts;
        }
        // The table grew while counting, which moved the colours the runs point at: count
        // again in a table that holds them all from the start (a rare, very colourful picture).
        bits = counts.keys.len().trailing_zeros();
        runs.clear();
    };
    let palette = palette(&counts, max);
    counts.assign(&palette);
    counts.index_runs(&runs, row, out);
    crate::scratch::keep_runs(runs);
    palette
}

/// The size a map should stay under: a phone fetches it quickly, and a long game's maps
/// add up to little.
pub const TARGET_BYTES: usize = 300_000;

/// Encodes an opaque pixmap as an indexed PNG of at most 256 colours (see the module's notes).
/// The same file as [`indexed_png`] of [`quantise`]'s image, with the indices written straight
/// into PNG's rows.
pub fn png(pm: &Pixmap) -> Result<Vec<u8>, Error> {
    let mut rows = crate::scratch::rows();
    crate::scratch::reserve_mapped(&mut rows, pm.data().len() / 4 + pm.height() as usize);
    let palette = reduce(pm, 256, Some(pm.width() as usize), &mut rows);
    let png = png_of_rows(pm.width(), pm.height(), &palette, &rows);
    crate::scratch::keep_rows(rows);
    png
}

/// Writes an indexed image as PNG, 8 bits per pixel, at deflate level 1; a picture that comes
/// within a fifth of [`TARGET_BYTES`] (Atlantica's textured art) is deflated again at level 6.
///
/// Measured on the busy Standard board (1300x1000): fdeflate, png's fast mode, gives 360 KB
/// (it is tuned for filtered RGB, and filters only blur the runs of equal indices that
/// deflate matches best); unfiltered, level 1 gives 204 KB, level 2 176 KB for half as much
/// time again, level 3 165 KB for twice the time, level 6 153 KB for four times. Level 1
/// keeps the whole render as fast as the RGB encoder it replaced; Atlantica's first phase
/// is 333 KB at level 1 and 250 KB at level 6. On the same rows (29 November 2026, best of
/// 80): miniz_oxide level 1 218 KB in 3.4 ms, libdeflate level 1 181 KB in 4.0 ms, zlib-rs
/// level 1 231 KB in 2.8 ms; neither was taken, the one slower, the other larger.
pub fn indexed_png(img: &Indexed) -> Result<Vec<u8>, Error> {
    let (w, h) = (img.width as usize, img.height as usize);
    if img.indices.len() != w * h {
        return Err(Error::Png(format!(
            "an indexed PNG needs one index per pixel; got {w}x{h} and {} indices",
            img.indices.len()
        )));
    }
    let mut rows = Vec::with_capacity(w * h + h);
    for row in img.indices.chunks_exact(w.max(1)) {
        rows.push(0);
        rows.extend_from_slice(row);
    }
    png_of_rows(img.width, img.height, &img.palette, &rows)
}

/// The PNG of rows each preceded by its filter byte, at level 1 or, near the target size, 6
/// (see [`indexed_png`]).
fn png_of_rows(
    width: u32,
    height: u32,
    palette: &ColourTable,
    rows: &[u8],
) -> Result<Vec<u8>, Error> {
    let out = png_at(width, height, palette, rows, 1)?;
    if out.len() <= TARGET_BYTES * 4 / 5 {
        return Ok(out);
    }
    png_at(width, height, palette, rows, 6)
}

/// The PNG file: signature, header, palette, the rows deflated in one stream straight into
/// the IDAT chunk, end. png's own writer fed miniz_oxide through flate2, which cleared its
/// 32 KB output buffer for every row written: a tenth of the encode.
fn png_at(
    width: u32,
    height: u32,
    palette: &ColourTable,
    rows: &[u8],
    level: u8,
) -> Result<Vec<u8>, Error> {
    let (w, h) = (width as usize, height as usize);
    if w == 0 || h == 0 || rows.len() != (w + 1) * h || !(1..=256).contains(&palette.0.len()) {
        return Err(Error::Png(format!(
            "an indexed PNG needs at least one pixel, one index per pixel and 1 to 256 colours; \
             got {w}x{h}, {} indices, {} colours",
            rows.len().saturating_sub(h),
            palette.0.len()
        )));
    }
    let mut out = Vec::with_capacity(rows.len() / 4 + 1024);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    // 8 bits per index, indexed colour, deflate, adaptive filtering, not interlaced.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &palette.bytes());
    // The IDAT chunk, whose length is known once the stream is written.
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(b"IDAT");
    let done = crate::scratch::with_deflater(level, |deflater| {
        use miniz_oxide::deflate::core::{compress_to_output, TDEFLFlush, TDEFLStatus};
        let (status, _) = compress_to_output(deflater, rows, TDEFLFlush::Finish, |bytes| {
            out.extend_from_slice(bytes);
            true
        });
        status == TDEFLStatus::Done
    });
    if !done {
        return Err(Error::Png("deflating the picture's rows failed".into()));
    }
    let len = (out.len() - start - 8) as u32;
    out[start..start + 4].copy_from_slice(&len.to_be_bytes());
    let crc = crc32fast::hash(&out[start + 4..]);
    out.extend_from_slice(&crc.to_be_bytes());
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// The picture scaled so that it is `width` pixels wide (bicubic; for an animation whose
/// frames would otherwise make too large a file).
pub fn scaled(pm: &Pixmap, width: u32) -> Result<Pixmap, Error> {
    let s = width as f32 / pm.width() as f32;
    let height = ((pm.height() as f32 * s).round() as u32).max(1);
    let mut out = Pixmap::new(width.max(1), height)
        .ok_or_else(|| Error::Gif(format!("cannot scale a map to {width}x{height}")))?;
    let paint = tiny_skia::PixmapPaint {
        quality: tiny_skia::FilterQuality::Bicubic,
        ..Default::default()
    };
    out.draw_pixmap(
        0,
        0,
        pm.as_ref(),
        &paint,
        tiny_skia::Transform::from_scale(s, s),
        None,
    );
    Ok(out)
}

/// An animated GIF built one frame at a time, so that a long game never holds more than one
/// picture in memory.
///
/// Each frame has its own palette (its 255 best colours, so flat areas stay exact whatever
/// the powers' colours) and carries only what changed since the frame before: the rectangle
/// around the changed pixels, with the unchanged ones inside it transparent. Between two
/// phases most of a map stays as it was, and LZW packs the transparent runs into little.
pub struct Animation {
    width: u32,
    height: u32,
    encoder: gif::Encoder<Vec<u8>>,
    /// The colour each pixel shows after the frames so far; empty before the first.
    shown: Vec<[u8; 3]>,
    frames: usize,
}

/// How far (squared RGB distance) a shown pixel may be from its new colour and stay: about
/// what the palette itself costs an edge pixel (see `render/tests/encode.rs`).
const KEEP: i32 = 64;

fn gif_error(e: gif::EncodingError) -> Error {
    Error::Gif(e.to_string())
}

impl Animation {
    /// An animation of `width` x `height` frames that loops forever.
    pub fn new(width: u32, height: u32) -> Result<Self, Error> {
        let (w, h) = match (u16::try_from(width), u16::try_from(height)) {
            (Ok(w), Ok(h)) if w > 0 && h > 0 => (w, h),
            _ => {
                return Err(Error::Gif(format!(
                    "a GIF is 1 to 65535 pixels each way, not {width}x{height}"
                )))
            }
        };
        let mut encoder = gif::Encoder::new(Vec::new(), w, h, &[]).map_err(gif_error)?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(gif_error)?;
        Ok(Animation {
            width,
            height,
            encoder,
            shown: Vec::new(),
            frames: 0,
        })
    }

    /// Adds a picture shown for `delay` hundredths of a second. It must be as large as the
    /// animation.
    pub fn add(&mut self, pm: &Pixmap, delay: u16) -> Result<(), Error> {
        if (pm.width(), pm.height()) != (self.width, self.height) {
            return Err(Error::Gif(format!(
                "frame {} is {}x{}, but the animation is {}x{}",
                self.frames + 1,
                pm.width(),
                pm.height(),
                self.width,
                self.height
            )));
        }
        let img = quantise(pm, 255);
        let w = self.width as usize;
        let first = self.shown.is_empty();
        if first {
            self.shown = vec![[0; 3]; img.indices.len()];
        }
        // A pixel whose shown colour is still close to its new one stays as it is: each
        // frame's palette places its edge shades a little differently, and redrawing every
        // edge pixel for that doubled the file.
        let truth: Vec<[u8; 3]> = pm
            .pixels()
            .iter()
            .map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue()]
            })
            .collect();
        let changed = |shown: &[u8; 3], i: usize| {
            first || dist(*shown, truth[i]) > dist(img.rgb(i), truth[i]).max(KEEP)
        };
        // The rectangle around every pixel whose colour changes.
        let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
        for (i, shown) in self.shown.iter().enumerate() {
            if changed(shown, i) {
                let (x, y) = (i % w, i / w);
                x0 = x0.min(x);
                y0 = y0.min(y);
                x1 = x1.max(x);
                y1 = y1.max(y);
            }
        }
        // The palette's next index is the transparent one.
        let clear = img.palette.0.len() as u8;
        let mut palette = img.palette.bytes();
        palette.extend([0, 0, 0]);
        let (left, top, fw, fh, buffer) = if x0 == usize::MAX {
            // Nothing changed: one transparent pixel, with a palette of two, still holds the
            // picture for `delay`.
            let frame = gif::Frame {
                width: 1,
                height: 1,
                delay,
                dispose: gif::DisposalMethod::Keep,
                transparent: Some(0),
                palette: Some(vec![0; 6]),
                buffer: Cow::Owned(vec![0]),
                ..gif::Frame::default()
            };
            self.encoder.write_frame(&frame).map_err(gif_error)?;
            self.frames += 1;
            return Ok(());
        } else {
            let (fw, fh) = (x1 - x0 + 1, y1 - y0 + 1);
            let mut buffer = Vec::with_capacity(fw * fh);
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let i = y * w + x;
                    if changed(&self.shown[i], i) {
                        self.shown[i] = img.rgb(i);
                        buffer.push(img.indices[i]);
                    } else {
                        buffer.push(clear);
                    }
                }
            }
            (x0, y0, fw, fh, buffer)
        };
        let frame = gif::Frame {
            left: left as u16,
            top: top as u16,
            width: fw as u16,
            height: fh as u16,
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: (!first).then_some(clear),
            palette: Some(palette),
            buffer: Cow::Owned(buffer),
            ..gif::Frame::default()
        };
        self.encoder.write_frame(&frame).map_err(gif_error)?;
        self.frames += 1;
        Ok(())
    }

    /// How many frames were added.
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// The GIF file.
    pub fn finish(self) -> Result<Vec<u8>, Error> {
        if self.frames == 0 {
            return Err(Error::Gif("an animation needs at least one frame".into()));
        }
        self.encoder
            .into_inner()
            .map_err(|e| Error::Gif(e.to_string()))
    }
}
