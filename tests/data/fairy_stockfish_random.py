"""Regenerates tests/data/fairy-stockfish-random.tsv with pyffish (run from the repository root).

Random variants of chess or crazyhouse with four more pieces (a, c, d, g), minishogi with two (a, c;
no hoppers, below) or xiangqi with two (d, g), by turns, each written in the Betza subset
Fairy-Stockfish reads: modes m c, direction groups, leapers
W F D N A H C Z G K, riders R B Q W F N (`R3`, `W0`, `NN`), hoppers p g on R B Q, lame leapers n on
N A D. Fairy-Stockfish plays a random game from one of three starts; every EVERY-th position is
written with its legal moves. In crazyhouse every piece may be dropped anywhere (Pawns not on the
first or last rank), and a promoted piece goes to hand as a Pawn. Every other variant of chess or
crazyhouse gives the King random moves too (`king = k:BETZA`, no castling). A variant whose start
leaves the side not to move in check is skipped.

Left out, because Fairy-Stockfish reads them differently from XBoard and mbn (docs/SEMANTICS.md X2,
X106): two-letter direction groups on K and Q; chiral groups (l or r alone, h) since Fairy-Stockfish
turns Black's directions round; riders of other atoms (`C0`, `D2`); two parts of one piece on the
same atom (`AsnA`); a lame leaper or a hopper next to a slider in one piece (`fpRbR`); hoppers in
minishogi, where pyffish 0.0.90 lets a hopper stand wherever its empty-board line has a square, and
mbn only where it could hop (V12).
"""
import random
import pyffish

SEED, VARIANTS, PLIES, EVERY = 2026, 200, 40, 8
BASES = ["chess", "crazyhouse", "minishogi", "xiangqi"]
LEAPERS = "WFDNAHCZGK"
DIRS = ["", "", "", "f", "b", "v", "s", "fs", "bs", "ff", "bb", "ss", "vv", "flfr", "lr", "blbr", "llrr",
        "lvrv", "fb"]
SINGLE = ["", "", "", "f", "b", "v", "s", "ff", "bb", "ss", "vv", "lr", "llrr", "fb"]
STARTS = [
    "r1bqkb1r/pppppppp/1a1cd1g1/8/8/1A1CD1G1/PPPPPPPP/R1BQKB1R w KQkq - 0 1",
    "r3k2r/pp3ppp/1a1cd1g1/8/8/1A1CD1G1/PP3PPP/R3K2R w KQkq - 0 1",
    "r3k2r/1p1p2p1/2a1c3/pPd1Pg2/2CG4/3A1D2/P1P2P1P/R3K2R w KQkq a6 0 1",
]


def part(kind, atom):
    mode = random.choice(["", "", "", "m", "c", "mc"])
    d = random.choice(SINGLE if atom in "KQ" else DIRS)
    if kind == "hop":
        return mode + d + random.choice("pg") + atom
    if kind == "lame":
        return mode + d + "n" + atom
    if kind == "ride":
        ranges = ["", "", "2", "3"] if atom in "RBQ" else ["0", "2", "3", atom] if atom in "WF" else ["0", atom]
        return mode + d + atom + random.choice(ranges)
    return mode + d + atom


def piece(hops=True):
    parts, used, slider, lame = [], set(), False, False
    for _ in range(random.randint(1, 3)):
        r = random.random()
        if r < 0.35 and not slider and not lame:
            slider = True
            if hops and random.random() < 0.35:
                parts.append(part("hop", random.choice("RBQ")))
            else:
                parts.append(part("ride", random.choice("RBQRBQWFN")))
            continue
        kind, atom = ("lame", random.choice("NAD")) if r < 0.5 and not slider else ("leap", random.choice(LEAPERS))
        cover = "WFK" if atom == "K" else atom
        if any(c in used for c in cover) or ("K" in used and atom in "WF"):
            continue
        used.update(cover)
        lame |= kind == "lame"
        parts.append(part(kind, atom))
    return "".join(parts) or "W"


random.seed(SEED)
rows = []
for v in range(VARIANTS):
    base = BASES[v % 4]
    if base == "xiangqi":
        # Xiangqi's own letters include a and c.
        betzas = ["-", "-", piece(), piece(), "-"]
        fen = "rnbakabnr/9/1c1d1g1c1/p1p1p1p1p/9/9/P1P1P1P1P/1C1D1G1C1/9/RNBAKABNR w - - 0 1"
    elif base == "minishogi":
        betzas = [piece(hops=False), piece(hops=False), "-", "-", "-"]
        fen = "rbsgk/4p/1a1c1/P1A1C/KGSBR[] w - - 0 1"
    else:
        betzas = [piece() for _ in range(4)] + [piece() if (v // 4) % 2 == 1 else "-"]
        fen = random.choice(STARTS)
        if base == "crazyhouse":
            board, rest = fen.split(" ", 1)
            fen = f"{board}[] {rest}"
    name = f"mbnrandom{v}"
    customs = "".join(f"customPiece{i + 1} = {c}:{b}\n" for i, (c, b) in enumerate(zip("acdg", betzas)) if b != "-")
    if betzas[4] != "-":
        customs += f"king = k:{betzas[4]}\ncastling = false\n"
        fen = fen.replace(" KQkq ", " - ")
    promotions = "promotionPieceTypes = qrbn\n" if base in ("chess", "crazyhouse") else ""
    pyffish.load_variant_config(f"[{name}:{base}]\n{customs}{promotions}")
    # A start where the side not to move is in check cannot arise.
    if pyffish.gives_check(name, fen.replace(" w ", " b "), []):
        continue
    for ply in range(PLIES):
        moves = pyffish.legal_moves(name, fen, [])
        if ply % EVERY == 0:
            rows.append("\t".join([base] + betzas + [fen, " ".join(sorted(moves))]))
        if not moves:
            break
        fen = pyffish.get_fen(name, fen, [random.choice(moves)])
with open("tests/data/fairy-stockfish-random.tsv", "w") as f:
    f.write("# Random variants and positions with their legal moves by Fairy-Stockfish (pyffish 0.0.90,\n")
    f.write("# legal_moves): the variant the pieces join (chess, crazyhouse, minishogi, xiangqi), the Betza of\n")
    f.write("# the pieces a, c, d, g (customPiece1-4; `-`: none; chess and crazyhouse promote to q r b n) and\n")
    f.write("# of the King (`-`: the variant's own), a FEN, the sorted legal moves. Made by\n")
    f.write("# tests/data/fairy_stockfish_random.py; read by tests/fairy_stockfish_random.rs.\n")
    for r in rows:
        f.write(r + "\n")
print(len(rows))
