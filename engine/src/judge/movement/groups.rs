//! Unit indices grouped by a key (a province, a unit), kept in one flat vector: the
//! resolver's lists of who attacks a province, who supports a unit and who convoys a move,
//! built once per phase without an allocation per list.

use std::ops::Index;

/// For each key from 0 to `keys - 1`, the items grouped under it, in the order given.
#[derive(Debug, Default)]
pub(super) struct Groups {
    /// Where each key's items begin in `items`; one more entry than keys, so key `k`'s items
    /// are `items[start[k]..start[k + 1]]`.
    start: Vec<u32>,
    items: Vec<usize>,
}

impl Groups {
    /// Groups each `(key, item)` pair under its key. Every key must be below `keys`.
    pub(super) fn new(keys: usize, pairs: impl Iterator<Item = (usize, usize)> + Clone) -> Self {
        let mut start = vec![0u32; keys + 1];
        for (k, _) in pairs.clone() {
            start[k + 1] += 1;
        }
        for k in 0..keys {
            start[k + 1] += start[k];
        }
        let mut items = vec![0; start[keys] as usize];
        // Fill each group from its front, moving `start[k]` along; afterwards `start[k]` is
        // where group `k + 1` begins, so shifting the table by one restores it.
        for (k, item) in pairs {
            items[start[k] as usize] = item;
            start[k] += 1;
        }
        start.copy_within(0..keys, 1);
        start[0] = 0;
        Groups { start, items }
    }
}

impl Index<usize> for Groups {
    type Output = [usize];

    fn index(&self, key: usize) -> &[usize] {
        &self.items[self.start[key] as usize..self.start[key + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::Groups;

    #[test]
    fn items_keep_their_order_within_each_key() {
        let pairs = [(2, 10), (0, 11), (2, 12), (3, 13), (2, 14)];
        let g = Groups::new(5, pairs.iter().copied());
        assert_eq!(&g[0], &[11]);
        assert!(g[1].is_empty());
        assert_eq!(&g[2], &[10, 12, 14]);
        assert_eq!(&g[3], &[13]);
        assert!(g[4].is_empty());
    }

    #[test]
    fn no_pairs_gives_empty_groups() {
        let g = Groups::new(3, std::iter::empty());
        assert!((0..3).all(|k| g[k].is_empty()));
    }
}
