//! Runtime support for move generators produced by mbn: geometry, bitboards, positions, FEN, moves, perft.
