//! `units.txt`: the units on the board at the start, one a line: power, kind, place.

use super::super::{NameLookup, Province, StartingUnit};
use super::reading::{locate, numbered, tokens, Errors};

/// Reads the starting units of `units.txt` (its name and text). The powers and kinds are the
/// variant's to check.
pub(super) fn read(
    (ufile, utext): (&str, &str),
    provinces: &[Province],
    names: &NameLookup,
    errs: &mut Errors,
) -> Vec<StartingUnit> {
    let mut starting_units = Vec::new();
    for (ln, line) in numbered(utext) {
        let toks = match tokens(line) {
            None => continue,
            Some(Err(e)) => {
                errs.at(ufile, ln, e);
                continue;
            }
            Some(Ok(t)) => t,
        };
        if toks.len() != 3 {
            errs.at(
                ufile,
                ln,
                "expected: Power kind province[/coast], such as England F lon",
            );
            continue;
        }
        match locate(&toks[2], provinces, names) {
            Ok(location) => starting_units.push(StartingUnit {
                power: toks[0].to_string(),
                kind: toks[1].to_string(),
                location,
                line: ln,
            }),
            Err(e) => errs.at(ufile, ln, e),
        }
    }
    starting_units
}
