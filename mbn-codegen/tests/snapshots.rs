//! Snapshots of generated code (prettyplease-formatted), one per piece: the output is deterministic,
//! and any change to it shows up in review. Update with `INSTA_UPDATE=always cargo test`.

use mbn_codegen::compile_move;
use mbn_codegen::emit::{emit_piece, format, EmitOptions};
use mbn_runtime::Geometry;

const PIECES: [(&str, &str); 13] = [
    ("Knight", "N"),
    ("Bishop", "B"),
    ("Rook", "R"),
    ("Queen", "Q"),
    ("King", "K"),
    ("Nightrider", "N0"),
    ("ForwardKnight", "fN"),
    ("ShortRook", "W3"),
    ("Camel", "C"),
    ("LongLeaper", ":1,4:"),
    ("Cannon", "mR+pcR"),
    ("Grasshopperish", "ppR"),
    ("XiangqiHorse", "W-fF"),
];

fn generate(name: &str, notation: &str, geometry: Geometry) -> String {
    let moves = compile_move(notation).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
    let tokens =
        emit_piece(&moves, geometry, name, notation, &EmitOptions::default()).unwrap_or_else(|e| panic!("{e:?}"));
    format(&tokens).unwrap()
}

#[test]
fn generated_pieces() {
    for (name, notation) in PIECES {
        insta::assert_snapshot!(name, generate(name, notation, Geometry::CHESS));
    }
}

#[test]
fn generation_is_deterministic() {
    for (name, notation) in PIECES {
        assert_eq!(generate(name, notation, Geometry::CHESS), generate(name, notation, Geometry::CHESS));
    }
}

#[test]
fn board_width_follows_the_board() {
    let small = generate("Knight", "N", Geometry::new(5, 5).unwrap());
    assert!(small.contains("u64") && !small.contains("u128"));
    let wide = generate("Knight", "N", Geometry::new(10, 10).unwrap());
    assert!(wide.contains("u128"));
    let huge = generate("Knight", "N", Geometry::new(16, 16).unwrap());
    assert!(huge.contains("Bb256"));
}
