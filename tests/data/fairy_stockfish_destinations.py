"""Regenerates tests/data/fairy-stockfish-destinations.tsv with pyffish (run from the repository root)."""
import pyffish
FENS = ["k7/8/8/8/3A4/8/8/7K w - - 0 1", "k7/8/1z1Z1z2/4z3/3A1Z2/8/3z4/7K w - - 0 1", "k7/8/8/3Z4/3A1z2/2z5/8/7K w - - 0 1"]
rows = []
seen = set()
for line in open("tests/data/fairy-stockfish-betza.tsv"):
    if line.startswith("#"): continue
    parts = line.rstrip("\n").split("\t")
    betza = parts[3]
    if betza in seen: continue
    seen.add(betza)
    name = f"mbnprobe{len(seen)}"
    ini = f"[{name}]\nmaxRank = 8\nmaxFile = 8\ncustomPiece1 = a:{betza}\nimmobile = z\nking = k\ncastling = false\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n"
    pyffish.load_variant_config(ini)
    for fen in FENS:
        ms = pyffish.legal_moves(name, fen, [])
        d = sorted(set(m[2:4] for m in ms if m.startswith("d4")))
        d = [x for x in d if x != "a8"]
        rows.append(f"{betza}\t{fen}\td4\t{' '.join(d)}")
with open("tests/data/fairy-stockfish-destinations.tsv", "w") as f:
    f.write("# Destinations of White's piece on d4 by Fairy-Stockfish (pyffish 0.0.90, legal_moves), one line per\n")
    f.write("# distinct Betza string of tests/data/fairy-stockfish-betza.tsv and position: Betza, FEN, square,\n")
    f.write("# destinations (sorted; the square of Black's king a8 left out). `A` is the piece, defined as\n")
    f.write("# `customPiece1 = a:BETZA` of an 8x8 variant with `immobile = z` and `king = k`; `Z`/`z` and the\n")
    f.write("# kings are pieces that do not move. Made by tests/data/fairy_stockfish_destinations.py; read by\n")
    f.write("# mbn-codegen/tests/xbetza_fairy_stockfish.rs.\n")
    for r in rows: f.write(r + "\n")
print(len(rows))
