//! Earned home centres and claims on centres (Maharajah's rule 3) on the Standard art: the
//! second ring, the pips of a claim in the claiming power's colour, and the legend's key.

mod common;

use common::{standard_art, standard_start};
use render::{Claim, Error, Palette};

fn count(hay: &str, needle: &str) -> usize {
    hay.matches(needle).count()
}

#[test]
fn earned_homes_and_claims_are_drawn_with_a_key() {
    let art = standard_art();
    let plain = standard_start(Palette::Default);
    let plain_svg = render::render_svg(art, &plain).expect("svg");
    assert!(!plain_svg.contains("earned home"), "no key without claims");

    let mut scene = plain.clone();
    let russia = scene.power_colour("Russia").expect("Russia");
    let england = scene.power_colour("England").expect("England");
    for m in &mut scene.supply_centres {
        if m.province == "swe" {
            m.owner = Some("Russia".into());
            m.home_of = Some("Russia".into());
            m.earned = true;
        }
        if m.province == "nwy" {
            m.owner = Some("England".into());
            m.claim = Some(Claim {
                power: "England".into(),
                done: 2,
                needed: 3,
            });
        }
    }
    let svg = render::render_svg(art, &scene).expect("svg");
    // The earned home's outer ring, in the home power's colour.
    assert_eq!(
        count(
            &svg,
            &format!("r=\"12.8\" fill=\"none\" stroke=\"{}\"", russia.hex())
        ),
        1
    );
    // Three pips, two in England's colour, and one more filled pip in the legend's key.
    assert_eq!(
        count(&svg, &format!("r=\"3.1\" fill=\"{}\"", england.hex())),
        2
    );
    assert_eq!(count(&svg, "r=\"3.1\" fill=\"#ffffff\""), 1 + 2);
    assert!(svg.contains("earned home") && svg.contains("earning"));

    // The claim's power must be in the scene.
    for m in &mut scene.supply_centres {
        if let Some(c) = &mut m.claim {
            c.power = "Atlantis".into();
        }
    }
    match render::render_svg(art, &scene) {
        Err(Error::UnknownPower { power, .. }) => assert_eq!(power, "Atlantis"),
        other => panic!("expected an unknown power, got {other:?}"),
    }
}
