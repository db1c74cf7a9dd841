//! Lists the art's province labels that sit outside their province, on another label or on a
//! unit's or centre's anchor, with the nearest spot that does not (art coordinates).
use render::{Bounds, Fit, MapArt};

fn main() {
    let mut ids: Vec<String> = std::env::args().skip(1).collect();
    // `VARIANT PROVINCE X Y`: the nearest clear spot wholly inside to (X, Y) for that label.
    let want: Option<(String, f32, f32)> = (ids.len() == 4).then(|| {
        (
            ids[1].clone(),
            ids[2].parse().unwrap(),
            ids[3].parse().unwrap(),
        )
    });
    if want.is_some() {
        ids.truncate(1);
    }
    for id in ids {
        let svg = std::fs::read_to_string(format!("maps/{id}/map.svg")).unwrap();
        let art = MapArt::from_svg(&svg).unwrap();
        let mut blocks: Vec<Bounds> = Vec::new();
        let sq = |(x, y): (f32, f32), r: f32| Bounds {
            x0: x - r,
            y0: y - r,
            x1: x + r,
            y1: y + r,
        };
        for p in art.province_ids() {
            // A unit's footprint (token and fleet hull) and a home centre's ringed marker, as
            // the art tests measure them.
            let unit = |(x, y): (f32, f32)| {
                [
                    sq((x, y), 13.4),
                    Bounds {
                        x0: x - 18.4,
                        y0: y - 8.4,
                        x1: x + 19.1,
                        y1: y + 10.3,
                    },
                ]
            };
            for u in art.unit_places(p) {
                blocks.extend(unit(u));
            }
            for c in art.coasts(p) {
                blocks.extend(unit(art.unit_anchor(p, Some(c)).unwrap()));
            }
            if let Some(s) = art.sc_anchor(p) {
                blocks.push(sq(s, 11.0));
            }
        }
        let mut labels = art.labels();
        for i in 0..labels.len() {
            let l = labels[i].clone();
            let bad = |b: &Bounds, labels: &[render::PlacedLabel]| {
                let fit = art.label_fit(&l.province, b).unwrap();
                let on_label = labels
                    .iter()
                    .enumerate()
                    .any(|(j, o)| j != i && o.bounds.intersects(b));
                let on_anchor = blocks.iter().any(|k| k.intersects(b));
                (fit, on_label, on_anchor)
            };
            let (fit, on_label, on_anchor) = bad(&l.bounds, &labels);
            if let Some((p, x, y)) = &want {
                if *p != l.province {
                    continue;
                }
                let base = Bounds {
                    x0: l.bounds.x0 - l.at.0 + x,
                    y0: l.bounds.y0 - l.at.1 + y,
                    x1: l.bounds.x1 - l.at.0 + x,
                    y1: l.bounds.y1 - l.at.1 + y,
                };
                'near: for r in 0..=40i32 {
                    for dy in -r..=r {
                        for dx in -r..=r {
                            if dx.abs().max(dy.abs()) != r {
                                continue;
                            }
                            let b = Bounds {
                                x0: base.x0 + dx as f32,
                                y0: base.y0 + dy as f32,
                                x1: base.x1 + dx as f32,
                                y1: base.y1 + dy as f32,
                            };
                            let (f, ol, oa) = bad(&b, &labels);
                            if f == Fit::Whole && !ol && !oa {
                                println!("FIX {id} {p} {} {}", x + dx as f32, y + dy as f32);
                                break 'near;
                            }
                        }
                    }
                }
                continue;
            }
            let broken = fit == Fit::Outside || on_label || on_anchor;
            if !broken && fit == Fit::Whole {
                continue;
            }
            let search = |reach: i32, ok: &dyn Fn(Fit) -> bool| {
                for r in 1..=reach {
                    for dy in -r..=r {
                        for dx in -r..=r {
                            if dx.abs().max(dy.abs()) != r {
                                continue;
                            }
                            let b = Bounds {
                                x0: l.bounds.x0 + dx as f32,
                                y0: l.bounds.y0 + dy as f32,
                                x1: l.bounds.x1 + dx as f32,
                                y1: l.bounds.y1 + dy as f32,
                            };
                            let (f, ol, oa) = bad(&b, &labels);
                            if !ol && !oa && ok(f) {
                                return Some((dx, dy, f));
                            }
                        }
                    }
                }
                None
            };
            let nudge = if broken { 20 } else { 10 };
            let best = search(nudge, &|f| f == Fit::Whole).or_else(|| {
                if broken {
                    search(90, &|f| f != Fit::Outside)
                } else {
                    None
                }
            });
            if !broken && best.is_none() {
                continue;
            }
            println!(
                "{id} {} fit={fit:?} on_label={on_label} on_anchor={on_anchor} at={:?} -> {best:?}",
                l.province, l.at
            );
            if let Some((dx, dy, _)) = best {
                let d = (dx as f32, dy as f32);
                labels[i].at = (l.at.0 + d.0, l.at.1 + d.1);
                labels[i].bounds = Bounds {
                    x0: l.bounds.x0 + d.0,
                    y0: l.bounds.y0 + d.1,
                    x1: l.bounds.x1 + d.0,
                    y1: l.bounds.y1 + d.1,
                };
                println!(
                    "FIX {id} {} {} {}",
                    l.province, labels[i].at.0, labels[i].at.1
                );
            }
        }
    }
}
