//! `crate = path;`: generated code names the runtime by another path.

mbn::mbn! { crate = ::mbn_runtime; piece Knight = "N" on "10x8"; }

fn main() {
    let from = mbn_runtime::Geometry::new(10, 8).unwrap().parse_square("a1").unwrap();
    let (quiet, captures): (u128, u128) = Knight::moves(from, 0, 0);
    assert_eq!(mbn_runtime::Bitboard::count(quiet), 2);
    assert_eq!(captures, 0);
}
