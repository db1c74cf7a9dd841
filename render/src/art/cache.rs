//! Map art kept on disk between runs of a short-lived process: everything
//! [`MapArt::from_svg`] builds (the rasterised layers, each province's coverage, the label
//! sprites, the outlines and the SVG text kept for output) written to one file per art in a
//! cache folder and read back instead of parsing and rasterising the art again.
//!
//! Parsing and rasterising Standard's art is about 80 ms, most of a `parley render`; reading
//! it back is a few milliseconds. A bot parses each art once and keeps it, so only the
//! command line uses this.
//!
//! A file is used only if it was written for the same art text by the same renderer: it holds
//! the art's SVG text itself (compared byte for byte) and a key made at compile time from
//! [`FORMAT`], the sources that build a `MapArt` and the workspace's `Cargo.lock` (the
//! versions of resvg, tiny-skia and the fonts that rasterise it), and ends with a CRC-32 of all
//! of it. Anything else (another art, another build of the renderer, a truncated or damaged
//! file, a file of some other program) is a miss: the art is parsed afresh and the file
//! rewritten, through a temporary file renamed into place, so that a reader never sees half a
//! file. What the file says is checked as it is read (every run and span inside the picture,
//! every index in range), so even a file that passed those checks by chance cannot make a
//! render index out of bounds.
//!
//! The file's layout: the magic [`MAGIC`], the key (u64), the art's length (u64) and its
//! text, the body (below, little-endian throughout, `f32`s by their bits, so the art comes
//! back bit for bit), and the CRC-32 (u32) of everything before it.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use resvg::tiny_skia::{self, Pixmap, PremultipliedColorU8};

use super::{ArtLabel, Coverage, Layer, MapArt, Province, Runs, FULL};
use crate::error::Error;
use crate::outline::{Bounds, Obstacle, ObstacleKind, Shape};

/// The file layout's version: bump it when the body's layout changes in a way the source
/// hash in [`KEY`] would not catch (it catches any edit of the files listed there).
const FORMAT: u32 = 1;

/// The bytes [`Reader::u32s`] reads at a time.
const BLOCK: usize = 16 * 1024;

/// The first bytes of every cache file.
const MAGIC: &[u8; 8] = b"PRLYART\0";

/// FNV-1a over `bytes`, from `h`: a hash the compiler can run, for [`KEY`].
const fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        h ^= bytes[i] as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    h
}

/// What a cached art was made by: the layout's version, the sources that build a `MapArt`
/// (a change to any of them may change what it holds) and the dependency versions that parse
/// and rasterise it, and the target architecture (its floating point and SIMD paths).
const KEY: u64 = {
    let mut h = fnv(0xcbf2_9ce4_8422_2325, &FORMAT.to_le_bytes());
    h = fnv(h, include_bytes!("../art.rs"));
    h = fnv(h, include_bytes!("cache.rs"));
    h = fnv(h, include_bytes!("../outline.rs"));
    h = fnv(h, include_bytes!("../fonts.rs"));
    h = fnv(h, include_bytes!("../../build.rs"));
    h = fnv(h, include_bytes!("../xml.rs"));
    h = fnv(h, include_bytes!("../../../Cargo.lock"));
    fnv(h, std::env::consts::ARCH.as_bytes())
};

/// A folder of cached map arts, one file per art name.
#[derive(Debug, Clone)]
pub struct ArtCache {
    dir: PathBuf,
}

/// Why a cache file was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Miss {
    /// There is no file for the name (or it cannot be read).
    Absent,
    /// The file is for another art text, or was written by another build of the renderer.
    Stale,
    /// The file is not a cache file, or is truncated or damaged.
    Corrupt(String),
}

impl std::fmt::Display for Miss {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Miss::Absent => f.write_str("no cached art"),
            Miss::Stale => f.write_str("the cached art is for another art or renderer"),
            Miss::Corrupt(why) => write!(f, "the cached art is damaged: {why}"),
        }
    }
}

impl ArtCache {
    /// A cache in `dir` (made when the first art is stored).
    pub fn new(dir: impl Into<PathBuf>) -> ArtCache {
        ArtCache { dir: dir.into() }
    }

    /// The user's cache folder for Parley: `$PARLEY_CACHE_DIR` if set (set but empty: no
    /// cache), else `$XDG_CACHE_HOME/parley`, else `$HOME/.cache/parley`; `None` when caching
    /// is off or there is no home to put it in.
    pub fn from_env() -> Option<ArtCache> {
        folder(|k| std::env::var_os(k)).map(ArtCache::new)
    }

    /// The cache's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file an art named `name` is kept in: `art-<name>.bin`, the name reduced to
    /// letters, digits, `-` and `_`.
    pub fn path(&self, name: &str) -> PathBuf {
        let safe: String = name
            .chars()
            .map(|c| match c {
                'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '_' => c,
                _ => '_',
            })
            .collect();
        self.dir.join(format!("art-{safe}.bin"))
    }

    /// The art `svg` (named `name`, usually its variant's id): read from the cache if it holds
    /// this art made by this renderer, else parsed and stored. The cache's own problems (no
    /// folder, a damaged file, a disk that is full) are never an error: the art is then
    /// parsed as if there were no cache. Only an art that does not parse is.
    pub fn art(&self, name: &str, svg: &str) -> Result<MapArt, Error> {
        if let Ok(art) = self.load(name, svg) {
            return Ok(art);
        }
        let art = MapArt::from_svg(svg)?;
        // A cache that cannot be written costs the next run a parse, nothing more.
        let _ = self.store(name, svg, &art);
        Ok(art)
    }

    /// The cached art for `svg` under `name`, or why there is none to use.
    pub fn load(&self, name: &str, svg: &str) -> Result<MapArt, Miss> {
        let file = std::fs::File::open(self.path(name)).map_err(|_| Miss::Absent)?;
        let size = file.metadata().map_err(|_| Miss::Absent)?.len();
        decode(std::io::BufReader::new(file), size, svg)
    }

    /// Writes `art` (parsed from `svg`) as the cached art under `name`, replacing any older
    /// file at once (a temporary file renamed over it).
    pub fn store(&self, name: &str, svg: &str, art: &MapArt) -> std::io::Result<()> {
        let bytes = encode(art, svg)?;
        std::fs::create_dir_all(&self.dir)?;
        let path = self.path(name);
        // Unique among processes and threads, so two writers never share a temporary file.
        static SEQ: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let tmp = path.with_extension(format!(
            "tmp-{}-{}",
            std::process::id(),
            SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let written = std::fs::File::create(&tmp).and_then(|mut f| {
            f.write_all(&bytes)?;
            f.flush()
        });
        match written.and_then(|()| std::fs::rename(&tmp, &path)) {
            Ok(()) => Ok(()),
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                Err(e)
            }
        }
    }
}

/// The cache folder the environment names (see [`ArtCache::from_env`]), read through `var`.
fn folder(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
    if let Some(dir) = var("PARLEY_CACHE_DIR") {
        return (!dir.is_empty()).then(|| PathBuf::from(dir));
    }
    // The XDG base directory rules: a relative XDG_CACHE_HOME is ignored.
    if let Some(x) = var("XDG_CACHE_HOME").filter(|x| Path::new(x).is_absolute()) {
        return Some(Path::new(&x).join("parley"));
    }
    let home = var("HOME").filter(|h| Path::new(h).is_absolute())?;
    Some(Path::new(&home).join(".cache").join("parley"))
}

/// The cache file's bytes for `art`, parsed from `svg`.
fn encode(art: &MapArt, svg: &str) -> std::io::Result<Vec<u8>> {
    let mut w = Writer(Vec::with_capacity(4 << 20));
    w.0.extend_from_slice(MAGIC);
    w.u64(KEY);
    w.u64(svg.len() as u64);
    w.0.extend_from_slice(svg.as_bytes());

    w.u32(art.width);
    w.u32(art.height);
    let t = art.to_px;
    for v in [t.sx, t.kx, t.ky, t.sy, t.tx, t.ty] {
        w.f32(v);
    }
    w.str(&art.header);
    w.str(&art.defs);
    w.str(&art.under_src);
    w.str(&art.over_src);
    w.str(&art.labels_tag);

    w.len(art.provinces.len());
    for p in &art.provinces {
        w.str(&p.id);
        let steps: Vec<u8> = p.path.segments().map(step_code).collect();
        w.bytes(&steps);
        w.len(p.path.points().len());
        for pt in p.path.points() {
            w.point((pt.x, pt.y));
        }
        w.len(p.d.len());
        for d in &p.d {
            w.str(d);
        }
        w.rings(&p.rings);
        w.opt_point(p.unit);
        w.len(p.coasts.len());
        for (c, pt) in &p.coasts {
            w.str(c);
            w.point(*pt);
        }
        w.len(p.slots.len());
        for (n, pt) in &p.slots {
            w.u32(*n);
            w.point(*pt);
        }
        w.opt_point(p.sc);
    }

    match art.legend {
        None => w.u8(0),
        Some((x, y, wd, h)) => {
            w.u8(1);
            for v in [x, y, wd, h] {
                w.f32(v);
            }
        }
    }

    w.len(art.labels.len());
    for l in &art.labels {
        w.len(l.province);
        w.str(&l.text);
        w.point(l.spot);
        w.str(&l.attrs);
        w.bounds(&l.extent);
        w.pixmap(&l.sprite);
        w.i32(l.sprite_at.0);
        w.i32(l.sprite_at.1);
        w.u8(l.small as u8);
        w.bounds(&l.area);
    }

    w.len(art.fixed_text.len());
    for o in &art.fixed_text {
        w.u8(match o.kind {
            ObstacleKind::Mark => 0,
            ObstacleKind::ArtText => 1,
            ObstacleKind::Label => 2,
        });
        w.bounds(&o.bounds);
        match &o.shape {
            Shape::Rect => w.u8(0),
            Shape::Stroke { lines, half } => {
                w.u8(1);
                w.rings(lines);
                w.f32(*half);
            }
            Shape::Fill { rings, pad } => {
                w.u8(2);
                w.rings(rings);
                w.f32(*pad);
            }
        }
    }

    match &art.under {
        Runs::Packed {
            width,
            height,
            colours,
            runs,
        } => {
            w.u8(0);
            w.u32(*width);
            w.u32(*height);
            w.len(colours.len());
            for c in colours {
                w.0.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
            }
            w.len(runs.len());
            for r in runs {
                w.u32(*r);
            }
        }
        Runs::Pixels(pm) => {
            w.u8(1);
            w.pixmap(pm);
        }
    }

    w.len(art.over.spans.len());
    for s in &art.over.spans {
        // A span is a pixel index into a picture of at most u32::MAX pixels (tiny-skia's limit).
        w.u32(u32::try_from(s.start).map_err(std::io::Error::other)?);
        w.u32(u32::try_from(s.end).map_err(std::io::Error::other)?);
    }
    w.bytes(&art.over.pixels);

    w.len(art.cover.len());
    for c in &art.cover {
        w.len(c.runs.len());
        for (at, len) in &c.runs {
            w.u32(*at);
            w.u32(*len);
        }
        w.bytes(&c.alpha);
    }

    let crc = crc32fast::hash(&w.0);
    w.u32(crc);
    Ok(w.0)
}

/// The art a cache file of `size` bytes holds, if it holds `svg`'s made by this renderer and
/// is whole. The file is read straight into the art's own buffers, never whole into one of
/// its own: that would be as many more pages to fault in as the file has (see the module's
/// notes on time).
fn decode(file: impl Read, size: u64, svg: &str) -> Result<MapArt, Miss> {
    let bad = |why: &str| Miss::Corrupt(why.to_string());
    let head = (MAGIC.len() + 8 + 8 + 4) as u64;
    if size < head {
        return Err(bad("not a Parley art cache file"));
    }
    let mut r = Reader {
        src: file,
        crc: crc32fast::Hasher::new(),
        // The checksum at the end is not part of what it sums.
        left: size - 4,
        block: vec![0; BLOCK],
    };
    if &r.array::<8>()? != MAGIC {
        return Err(bad("not a Parley art cache file"));
    }
    if r.u64()? != KEY {
        return Err(Miss::Stale);
    }
    if r.u64()? != svg.len() as u64 || svg.len() as u64 > r.left {
        return Err(Miss::Stale);
    }
    for part in svg.as_bytes().chunks(64 * 1024) {
        if r.vec(part.len())? != part {
            return Err(Miss::Stale);
        }
    }

    let width = r.u32()?;
    let height = r.u32()?;
    let pixels = width as usize * height as usize;
    let to_px = tiny_skia::Transform {
        sx: r.f32()?,
        kx: r.f32()?,
        ky: r.f32()?,
        sy: r.f32()?,
        tx: r.f32()?,
        ty: r.f32()?,
    };
    let header = r.string()?;
    let defs = r.string()?;
    let under_src = r.string()?;
    let over_src = r.string()?;
    let labels_tag = r.string()?;

    let n = r.len(1)?;
    let mut provinces = Vec::with_capacity(n);
    let mut index = std::collections::HashMap::with_capacity(n);
    for i in 0..n {
        let id = r.string()?;
        let verbs = r.len(1)?;
        let verbs = r.vec(verbs)?;
        let points = r.len(8)?;
        let mut pb = tiny_skia::PathBuilder::with_capacity(verbs.len(), points);
        let pts: Vec<(f32, f32)> = (0..points).map(|_| r.point()).collect::<Result<_, _>>()?;
        let mut at = 0;
        for v in &verbs {
            let need = match v {
                0 | 1 => 1,
                2 => 2,
                3 => 3,
                4 => 0,
                _ => return Err(bad("an outline has an unknown step")),
            };
            let p = pts
                .get(at..at + need)
                .ok_or_else(|| bad("an outline is short of points"))?;
            match v {
                0 => pb.move_to(p[0].0, p[0].1),
                1 => pb.line_to(p[0].0, p[0].1),
                2 => pb.quad_to(p[0].0, p[0].1, p[1].0, p[1].1),
                3 => pb.cubic_to(p[0].0, p[0].1, p[1].0, p[1].1, p[2].0, p[2].1),
                _ => pb.close(),
            }
            at += need;
        }
        let path = pb.finish().ok_or_else(|| bad("an outline is empty"))?;
        // The outline must come back as it was built, step for step.
        if at != pts.len()
            || !path.segments().map(step_code).eq(verbs.iter().copied())
            || path.points().len() != pts.len()
            || path
                .points()
                .iter()
                .zip(&pts)
                .any(|(a, b)| a.x.to_bits() != b.0.to_bits() || a.y.to_bits() != b.1.to_bits())
        {
            return Err(bad("an outline does not rebuild as stored"));
        }
        let nd = r.len(4)?;
        let d = (0..nd).map(|_| r.string()).collect::<Result<_, _>>()?;
        let rings = r.rings()?;
        let unit = r.opt_point()?;
        let nc = r.len(12)?;
        let mut coasts = Vec::with_capacity(nc);
        for _ in 0..nc {
            coasts.push((r.string()?, r.point()?));
        }
        let ns = r.len(12)?;
        let mut slots = Vec::with_capacity(ns);
        for _ in 0..ns {
            slots.push((r.u32()?, r.point()?));
        }
        let sc = r.opt_point()?;
        if index.insert(id.clone(), i).is_some() {
            return Err(bad("a province appears twice"));
        }
        provinces.push(Province {
            id,
            path,
            d,
            rings,
            unit,
            coasts,
            slots,
            sc,
        });
    }

    let legend = match r.u8()? {
        0 => None,
        1 => Some((r.f32()?, r.f32()?, r.f32()?, r.f32()?)),
        _ => return Err(bad("the legend's box is neither there nor absent")),
    };

    let n = r.len(40)?;
    let mut labels = Vec::with_capacity(n);
    for _ in 0..n {
        let province = r.len(0)?;
        if province >= provinces.len() {
            return Err(bad("a label names no province"));
        }
        labels.push(ArtLabel {
            province,
            text: r.string()?,
            spot: r.point()?,
            attrs: r.string()?,
            extent: r.bounds()?,
            sprite: r.pixmap()?,
            sprite_at: (r.i32()?, r.i32()?),
            small: r.u8()? != 0,
            area: r.bounds()?,
        });
    }

    let n = r.len(18)?;
    let mut fixed_text = Vec::with_capacity(n);
    for _ in 0..n {
        let kind = match r.u8()? {
            0 => ObstacleKind::Mark,
            1 => ObstacleKind::ArtText,
            2 => ObstacleKind::Label,
            _ => return Err(bad("an obstacle of an unknown kind")),
        };
        let bounds = r.bounds()?;
        let shape = match r.u8()? {
            0 => Shape::Rect,
            1 => Shape::Stroke {
                lines: r.rings()?,
                half: r.f32()?,
            },
            2 => Shape::Fill {
                rings: r.rings()?,
                pad: r.f32()?,
            },
            _ => return Err(bad("an obstacle of an unknown shape")),
        };
        fixed_text.push(Obstacle {
            kind,
            bounds,
            shape,
        });
    }

    let under = match r.u8()? {
        0 => {
            let (w, h) = (r.u32()?, r.u32()?);
            let n = r.len(4)?;
            let colours = r
                .vec(n * 4)?
                .chunks_exact(4)
                .map(|c| PremultipliedColorU8::from_rgba(c[0], c[1], c[2], c[3]))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| bad("a colour of the lower layer is not premultiplied"))?;
            let n = r.len(4)?;
            let runs = r.u32s(n)?;
            let mut total = 0usize;
            for &run in &runs {
                if (run >> super::RUN_BITS) as usize >= colours.len() {
                    return Err(bad("a run of the lower layer has no colour"));
                }
                total += (run as usize & (super::MAX_RUN - 1)) + 1;
            }
            if (w, h) != (width, height) || total != pixels {
                return Err(bad("the lower layer does not cover the picture"));
            }
            Runs::Packed {
                width: w,
                height: h,
                colours,
                runs,
            }
        }
        1 => {
            let pm = r.pixmap()?;
            if (pm.width(), pm.height()) != (width, height) {
                return Err(bad("the lower layer is not the picture's size"));
            }
            Runs::Pixels(pm)
        }
        _ => return Err(bad("the lower layer is of an unknown kind")),
    };

    let n = r.len(8)?;
    let ends = r.u32s(n * 2)?;
    let mut spans = Vec::with_capacity(n);
    let mut drawn = 0usize;
    for se in ends.chunks_exact(2) {
        let (s, e) = (se[0] as usize, se[1] as usize);
        if s > e || e > pixels {
            return Err(bad("a span of the upper layer lies outside the picture"));
        }
        drawn += e - s;
        spans.push(s..e);
    }
    let n = r.len(1)?;
    let over_pixels = r.vec(n)?;
    if over_pixels.len() != drawn * 4 {
        return Err(bad("the upper layer's pixels do not fill its spans"));
    }
    let over = Layer {
        spans,
        pixels: over_pixels,
    };

    let n = r.len(8)?;
    if n != provinces.len() {
        return Err(bad("not one coverage per province"));
    }
    let mut cover = Vec::with_capacity(n);
    for _ in 0..n {
        let nr = r.len(8)?;
        let flat = r.u32s(nr * 2)?;
        let mut runs = Vec::with_capacity(nr);
        let mut partial = 0usize;
        for al in flat.chunks_exact(2) {
            let (at, len) = (al[0], al[1]);
            let count = (len & !FULL) as usize;
            if at as usize + count > pixels {
                return Err(bad("a province's coverage lies outside the picture"));
            }
            if len & FULL == 0 {
                partial += count;
            }
            runs.push((at, len));
        }
        let na = r.len(1)?;
        let alpha = r.vec(na)?;
        if alpha.len() != partial {
            return Err(bad("a province's coverage is short of pixels"));
        }
        cover.push(Coverage { runs, alpha });
    }
    if r.left != 0 {
        return Err(bad("bytes left over after the art"));
    }
    let sum = r.crc.clone().finalize();
    let mut stored = [0; 4];
    r.src
        .read_exact(&mut stored)
        .map_err(|_| bad("it ends too soon"))?;
    if u32::from_le_bytes(stored) != sum {
        return Err(bad("its checksum does not match"));
    }

    Ok(MapArt {
        pieces: crate::pieces::Made::default(),
        cover,
        width,
        height,
        to_px,
        header,
        defs,
        under_src,
        over_src,
        provinces,
        index,
        legend,
        labels,
        labels_tag,
        fixed_text,
        under,
        over,
    })
}

/// An outline's step as stored.
fn step_code(s: tiny_skia::PathSegment) -> u8 {
    match s {
        tiny_skia::PathSegment::MoveTo(_) => 0,
        tiny_skia::PathSegment::LineTo(_) => 1,
        tiny_skia::PathSegment::QuadTo(..) => 2,
        tiny_skia::PathSegment::CubicTo(..) => 3,
        tiny_skia::PathSegment::Close => 4,
    }
}

struct Writer(Vec<u8>);

impl Writer {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn i32(&mut self, v: i32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn f32(&mut self, v: f32) {
        self.u32(v.to_bits());
    }
    /// A count (an art's counts are far below u32::MAX: its pixels are).
    fn len(&mut self, n: usize) {
        self.u32(n as u32);
    }
    fn bytes(&mut self, b: &[u8]) {
        self.len(b.len());
        self.0.extend_from_slice(b);
    }
    fn str(&mut self, s: &str) {
        self.bytes(s.as_bytes());
    }
    fn point(&mut self, p: (f32, f32)) {
        self.f32(p.0);
        self.f32(p.1);
    }
    fn opt_point(&mut self, p: Option<(f32, f32)>) {
        match p {
            None => self.u8(0),
            Some(p) => {
                self.u8(1);
                self.point(p);
            }
        }
    }
    fn bounds(&mut self, b: &Bounds) {
        for v in [b.x0, b.y0, b.x1, b.y1] {
            self.f32(v);
        }
    }
    fn rings(&mut self, rings: &[Vec<(f32, f32)>]) {
        self.len(rings.len());
        for ring in rings {
            self.len(ring.len());
            for p in ring {
                self.point(*p);
            }
        }
    }
    fn pixmap(&mut self, pm: &Pixmap) {
        self.u32(pm.width());
        self.u32(pm.height());
        self.0.extend_from_slice(pm.data());
    }
}

/// Reads a cache file's parts in turn, summing them, never past its end (`left` bytes before
/// the checksum).
struct Reader<R> {
    src: R,
    crc: crc32fast::Hasher,
    left: u64,
    /// Where [`Reader::u32s`] reads a block of bytes before turning them into numbers: one
    /// buffer for the whole file, since clearing a new 16 KB block for each list cost as much
    /// as the rest of the decoding.
    block: Vec<u8>,
}

impl<R: Read> Reader<R> {
    /// Fills `buf` from the file.
    fn fill(&mut self, buf: &mut [u8]) -> Result<(), Miss> {
        let short = || Miss::Corrupt("it ends too soon".into());
        if buf.len() as u64 > self.left {
            return Err(short());
        }
        self.src.read_exact(buf).map_err(|_| short())?;
        self.crc.update(buf);
        self.left -= buf.len() as u64;
        Ok(())
    }
    /// The next `n` bytes (`n` checked against what is left before anything is allocated).
    fn vec(&mut self, n: usize) -> Result<Vec<u8>, Miss> {
        if n as u64 > self.left {
            return Err(Miss::Corrupt("it ends too soon".into()));
        }
        let mut v = vec![0; n];
        self.fill(&mut v)?;
        Ok(v)
    }
    fn array<const N: usize>(&mut self) -> Result<[u8; N], Miss> {
        let mut a = [0; N];
        self.fill(&mut a)?;
        Ok(a)
    }
    fn u8(&mut self) -> Result<u8, Miss> {
        Ok(self.array::<1>()?[0])
    }
    fn u32(&mut self) -> Result<u32, Miss> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    fn i32(&mut self) -> Result<i32, Miss> {
        Ok(i32::from_le_bytes(self.array()?))
    }
    fn u64(&mut self) -> Result<u64, Miss> {
        Ok(u64::from_le_bytes(self.array()?))
    }
    fn f32(&mut self) -> Result<f32, Miss> {
        Ok(f32::from_bits(self.u32()?))
    }
    /// A count of items of at least `size` bytes each, refused if the rest of the file could
    /// not hold them (so a damaged count never asks for a huge allocation).
    fn len(&mut self, size: usize) -> Result<usize, Miss> {
        let n = self.u32()? as usize;
        if n.saturating_mul(size) as u64 > self.left {
            return Err(Miss::Corrupt("a count runs past the end".into()));
        }
        Ok(n)
    }
    /// `n` numbers, read a block at a time into their own vector.
    fn u32s(&mut self, n: usize) -> Result<Vec<u32>, Miss> {
        if (n as u64).saturating_mul(4) > self.left {
            return Err(Miss::Corrupt("it ends too soon".into()));
        }
        // The block is lent out while `fill` borrows the reader, and given back either way.
        let mut block = std::mem::take(&mut self.block);
        let read = self.u32s_through(n, &mut block);
        self.block = block;
        read
    }
    fn u32s_through(&mut self, n: usize, block: &mut [u8]) -> Result<Vec<u32>, Miss> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            let k = (n - out.len()).min(block.len() / 4);
            self.fill(&mut block[..k * 4])?;
            out.extend(
                block[..k * 4]
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            );
        }
        Ok(out)
    }
    fn string(&mut self) -> Result<String, Miss> {
        let n = self.len(1)?;
        String::from_utf8(self.vec(n)?).map_err(|_| Miss::Corrupt("a text is not UTF-8".into()))
    }
    fn point(&mut self) -> Result<(f32, f32), Miss> {
        Ok((self.f32()?, self.f32()?))
    }
    fn opt_point(&mut self) -> Result<Option<(f32, f32)>, Miss> {
        match self.u8()? {
            0 => Ok(None),
            1 => Ok(Some(self.point()?)),
            _ => Err(Miss::Corrupt("a point is neither there nor absent".into())),
        }
    }
    fn bounds(&mut self) -> Result<Bounds, Miss> {
        Ok(Bounds {
            x0: self.f32()?,
            y0: self.f32()?,
            x1: self.f32()?,
            y1: self.f32()?,
        })
    }
    fn rings(&mut self) -> Result<Vec<Vec<(f32, f32)>>, Miss> {
        let n = self.len(4)?;
        let mut rings = Vec::with_capacity(n);
        for _ in 0..n {
            let m = self.len(8)?;
            let flat = self.u32s(m * 2)?;
            rings.push(
                flat.chunks_exact(2)
                    .map(|p| (f32::from_bits(p[0]), f32::from_bits(p[1])))
                    .collect(),
            );
        }
        Ok(rings)
    }
    fn pixmap(&mut self) -> Result<Pixmap, Miss> {
        let (w, h) = (self.u32()?, self.u32()?);
        let size = tiny_skia::IntSize::from_wh(w, h)
            .ok_or_else(|| Miss::Corrupt("a picture has no size".into()))?;
        let n = (w as usize)
            .checked_mul(h as usize)
            .and_then(|n| n.checked_mul(4))
            .ok_or_else(|| Miss::Corrupt("a picture is too large".into()))?;
        let data = self.vec(n)?;
        Pixmap::from_vec(data, size).ok_or_else(|| Miss::Corrupt("a picture is too large".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder_with(vars: &[(&str, &str)]) -> Option<PathBuf> {
        folder(|k| vars.iter().find(|(n, _)| *n == k).map(|(_, v)| v.into()))
    }

    #[test]
    fn the_cache_folder_follows_the_environment() {
        let home = [("HOME", "/home/ann")];
        assert_eq!(
            folder_with(&home),
            Some(PathBuf::from("/home/ann/.cache/parley"))
        );
        let xdg = [("HOME", "/home/ann"), ("XDG_CACHE_HOME", "/var/cache/ann")];
        assert_eq!(
            folder_with(&xdg),
            Some(PathBuf::from("/var/cache/ann/parley"))
        );
        let relative = [("HOME", "/home/ann"), ("XDG_CACHE_HOME", "cache")];
        assert_eq!(
            folder_with(&relative),
            Some(PathBuf::from("/home/ann/.cache/parley"))
        );
        let chosen = [("HOME", "/home/ann"), ("PARLEY_CACHE_DIR", "/tmp/maps")];
        assert_eq!(folder_with(&chosen), Some(PathBuf::from("/tmp/maps")));
        let off = [("HOME", "/home/ann"), ("PARLEY_CACHE_DIR", "")];
        assert_eq!(
            folder_with(&off),
            None,
            "an empty PARLEY_CACHE_DIR turns it off"
        );
        assert_eq!(folder_with(&[]), None, "no home, no cache");
    }

    #[test]
    fn art_names_stay_inside_the_folder() {
        let cache = ArtCache::new("/c");
        assert_eq!(
            cache.path("latin-american"),
            Path::new("/c/art-latin-american.bin")
        );
        assert_eq!(cache.path("../x/y"), Path::new("/c/art-___x_y.bin"));
    }
}
