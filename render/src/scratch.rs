//! The large buffers a map's render and encode fill, kept on each thread for its next map.
//!
//! A map needs a 5 MB picture, a list of its colour runs, its rows of palette indices and
//! deflate's tables. Freed after each map, glibc hands such blocks back to the system and the
//! next map takes them again page by page, each page faulted in and cleared by the kernel:
//! on the busy Standard board about 3 ms of a 20 ms map (see render/benches/render.rs).
//! Kept here, a thread drawing maps one after another writes into memory it already has.
//! A thread holds at most one of each, the size of the largest map it drew, until it ends or
//! calls [`crate::let_go_of_buffers`] (the bot's drawing threads do when they fall idle).

use miniz_oxide::deflate::core::{create_comp_flags_from_zip_params, CompressorOxide};
use std::cell::{Cell, RefCell};

thread_local! {
    static PIXELS: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
    static RUNS: Cell<Vec<(u32, u32)>> = const { Cell::new(Vec::new()) };
    static ROWS: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
    static DEFLATERS: RefCell<Vec<(u32, Box<CompressorOxide>)>> = const { RefCell::new(Vec::new()) };
}

/// A picture's buffer, as the last one this thread gave back (contents unspecified).
pub(crate) fn pixels() -> Vec<u8> {
    PIXELS.take()
}

/// Gives a picture's buffer back for the next map drawn on this thread.
pub(crate) fn keep_pixels(buffer: Vec<u8>) {
    PIXELS.set(buffer);
}

/// An empty list for a picture's colour runs, with the room the last one had.
pub(crate) fn runs() -> Vec<(u32, u32)> {
    let mut runs = RUNS.take();
    runs.clear();
    runs
}

/// Gives the run list back.
pub(crate) fn keep_runs(runs: Vec<(u32, u32)>) {
    RUNS.set(runs);
}

/// An empty buffer for a PNG's rows, with the room the last one had.
pub(crate) fn rows() -> Vec<u8> {
    let mut rows = ROWS.take();
    rows.clear();
    rows
}

/// Gives the rows buffer back.
pub(crate) fn keep_rows(rows: Vec<u8>) {
    ROWS.set(rows);
}

/// Runs `f` with a zlib deflater at `level`, reset for a new stream: its tables (some 300 KB)
/// are this thread's from the last call at that level (a map is deflated at one or two).
pub(crate) fn with_deflater<T>(level: u8, f: impl FnOnce(&mut CompressorOxide) -> T) -> T {
    // window_bits 1: a zlib stream (header and checksum), as PNG's IDAT holds.
    let flags = create_comp_flags_from_zip_params(level.into(), 1, 0);
    DEFLATERS.with_borrow_mut(|kept| {
        let at = match kept.iter().position(|(f, _)| *f == flags) {
            Some(at) => {
                kept[at].1.reset();
                at
            }
            None => {
                kept.push((flags, Box::new(CompressorOxide::new(flags))));
                kept.len() - 1
            }
        };
        f(&mut kept[at].1)
    })
}

/// Makes room for `additional` more items, and when that took a new block, has the kernel map
/// all its pages at once.
///
/// A fresh block of a few megabytes is otherwise mapped one page at a time as it is first
/// written, a fault for each: some 2,000 for a map's picture, runs and rows, the larger part of
/// what a short-lived `parley render` spent beyond the drawing. One `madvise` asks for them
/// together. A kernel that does not know `MADV_POPULATE_WRITE` (before Linux 5.14) refuses
/// it, and the pages come in one by one as before.
pub(crate) fn reserve_mapped<T>(buffer: &mut Vec<T>, additional: usize) {
    let before = buffer.as_ptr();
    buffer.reserve(additional);
    if buffer.as_ptr() != before {
        let bytes = buffer.capacity() * std::mem::size_of::<T>();
        populate(buffer.as_mut_ptr().cast::<u8>(), bytes);
    }
}

#[cfg(target_os = "linux")]
fn populate(start: *mut u8, len: usize) {
    const PAGE: usize = 4096;
    let first = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + len) & !(PAGE - 1);
    if end > first {
        // SAFETY: the range lies inside a block this thread owns and may write; populating
        // maps its pages without changing a byte of it. The result is ignored on purpose:
        // refused, the pages are mapped as they are first written.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                end - first,
                libc::MADV_POPULATE_WRITE,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn populate(_start: *mut u8, _len: usize) {}

/// Drops every buffer this thread keeps.
pub(crate) fn let_go() {
    PIXELS.take();
    RUNS.take();
    ROWS.take();
    DEFLATERS.take();
}
