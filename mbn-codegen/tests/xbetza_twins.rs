//! The bundled variants written in XBetza (issue 7, point 5): each variant file of `variants/`
//! whose pieces XBetza can spell, with every piece's move replaced by its XBetza spelling (the
//! `[xbetza]` table, docs/VARIANTS.md), has the perft of the MBN file at depths 1–3 (the
//! interpreter runs both). Earlier twins: chess, Capablanca, Janus (`xbetza_castling.rs`), Shatranj
//! (`xbetza_variant.rs`), shogi, minishogi (`xbetza_drops.rs`), Nightrider
//! (`tests/ui/pass/variant_inline_xbetza.rs`). Janggi and Xiangqi have none: their palace and
//! river are board ranges, which XBetza cannot write (docs/SEMANTICS.md X47).

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::Variant;
use mbn_runtime::{perft, Bb256, Position};

/// The chess Pawn (double step with e.p. rights, X36) and King (castling two steps, X30).
const PAWN: &str = "fmWfceFifmnD";
const KING: &str = "KisO2";

/// (bundled file, its pieces in XBetza).
const TWINS: [(&str, &[(char, &str)]); 13] = [
    ("almost", &[('P', PAWN), ('N', "N"), ('B', "B"), ('R', "R"), ('C', "RN"), ('K', KING)]),
    ("amazon", &[('P', PAWN), ('N', "N"), ('B', "B"), ('R', "R"), ('A', "QN"), ('K', KING)]),
    ("asean", &[('P', "fmWfcF"), ('N', "N"), ('B', "FfW"), ('R', "R"), ('Q', "F"), ('K', "K")]),
    ("chancellor", &[('P', PAWN), ('N', "N"), ('B', "B"), ('R', "R"), ('Q', "Q"), ('K', KING), ('C', "RN")]),
    (
        "courier",
        &[
            ('P', "fmWfcF"),
            ('N', "N"),
            ('B', "B"),
            ('R', "R"),
            ('E', "A"),
            ('F', "F"),
            ('M', "K"),
            ('W', "W"),
            ('K', "K"),
        ],
    ),
    // Embassy's King castles three squares (its file's `O-O=[*]isR[h]=isR[g]`).
    (
        "embassy",
        &[('P', PAWN), ('N', "N"), ('B', "B"), ('R', "R"), ('Q', "Q"), ('K', "KisO3"), ('A', "BN"), ('C', "RN")],
    ),
    // The Grasshopper `gQ` (X5), MBN's `jyQ-K`.
    ("grasshopper", &[('P', "fmWfcF"), ('N', "N"), ('B', "B"), ('R', "R"), ('Q', "Q"), ('K', KING), ('G', "gQ")]),
    ("hoppelpoppel", &[('P', PAWN), ('N', "mNcB"), ('B', "mBcN"), ('R', "R"), ('Q', "Q"), ('K', KING)]),
    ("losalamos", &[('P', "fmWfcF"), ('N', "N"), ('R', "R"), ('Q', "Q"), ('K', "K")]),
    ("makruk", &[('P', "fmWfcF"), ('N', "N"), ('S', "FfW"), ('R', "R"), ('M', "F"), ('K', "K")]),
    ("modern", &[('P', PAWN), ('N', "N"), ('B', "B"), ('R', "R"), ('Q', "Q"), ('K', KING), ('M', "BN")]),
    ("newzealand", &[('P', PAWN), ('N', "mNcR"), ('B', "B"), ('R', "mRcN"), ('Q', "Q"), ('K', KING)]),
    ("shatar", &[('P', "fmWfcF"), ('N', "N"), ('B', "B"), ('R', "R"), ('J', "RF"), ('K', "K")]),
];

fn perfts(variant: &Variant, depths: u32) -> Vec<u64> {
    let interp = Interpreter::new(variant).unwrap_or_else(|e| panic!("{}: {}", variant.spec.name, e[0].message));
    let mut pos = Position::<Bb256>::from_fen(&variant.table, variant.geometry, &variant.spec.start_fen)
        .unwrap_or_else(|e| panic!("{}: {e}", variant.spec.name));
    (1..=depths).map(|d| perft(&interp, &mut pos, d)).collect()
}

#[test]
fn bundled_variants_in_xbetza_have_their_perft() {
    for (name, pieces) in TWINS {
        let path = format!("{}/../variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let bundled = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
        let mut spec = bundled.spec.clone();
        spec.xbetza = pieces.iter().map(|&(c, s)| (c, s.to_string())).collect();
        let twin = Variant::compile(&spec).unwrap_or_else(|e| panic!("{name}: {}", e[0].message));
        // Every piece of the file is replaced.
        assert_eq!(pieces.len(), bundled.table.iter().filter(|(_, info)| !info.plus).count(), "{name}");
        let want = perfts(&bundled, 3);
        assert_eq!(perfts(&twin, 3), want, "{name}");
    }
}

/// The twins also agree where castling and promotion happen: a middle game with both sides'
/// castling rights (8x8 twins with `KisO2`) and Pawns about to promote.
#[test]
fn twins_agree_with_castling_and_promotion() {
    let fen = "r3k2r/pP1p1pb1/bn2pnp1/3PN3/1p2P3/2N4p/PpPBBPPP/R3K2R w KQkq - 0 1";
    for (name, pieces) in TWINS.iter().filter(|(n, _)| ["amazon", "hoppelpoppel", "newzealand", "almost"].contains(n)) {
        let path = format!("{}/../variants/{name}.toml", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut bundled = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
        let mut spec = bundled.spec.clone();
        spec.xbetza = pieces.iter().map(|&(c, s)| (c, s.to_string())).collect();
        let mut twin = Variant::compile(&spec).unwrap_or_else(|e| panic!("{name}: {}", e[0].message));
        bundled.spec.start_fen = fen.to_string();
        twin.spec.start_fen = fen.to_string();
        assert_eq!(perfts(&twin, 2), perfts(&bundled, 2), "{name}");
    }
}
