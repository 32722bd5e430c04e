//! `perft` and `moves`: run a variant's move generator.
//!
//! `perft` loads a bundled variant by name or a variant file by path and counts the leaf nodes of
//! the legal move tree, with the code `build.rs` generated for a bundled variant, or with the
//! reference interpreter (`--interpret`, and always for a file given by path). `moves`
//! lists where one piece, given by its notation, can go on a board with blockers.
//!
//! Exit codes: 0 on success; 1 when the variant file, the notation or the FEN is wrong or uses
//! what the interpreter does not run; 2 when the input cannot be found (unknown variant,
//! unreadable file) or an argument is malformed (board size, square).

use clap::Args;
use mbn::codegen::interp::Interpreter;
use mbn::codegen::syntax::is_definition_list;
use mbn::codegen::variant::{Variant, VariantFile, VariantSpec};
use mbn::codegen::{compile_move, compile_move_in, Diagnostic, Dialect};
use mbn::runtime::{
    perft, Bb256, Bitboard, Color, FenOptions, Geometry, MoveGenerator, MoveList, Piece, PieceKind, Position, Square,
};
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `mbn perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// A bundled variant's name (`chess`, `capablanca`, ...) or the path of a variant file (`my.toml`).
    variant: String,
    /// How many plies to search.
    depth: u32,
    /// Start from this position (FEN) instead of the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// Print the count below each root move (UCI text), sorted.
    #[arg(long)]
    divide: bool,
    /// Run the reference interpreter instead of the generated code (variant files given by path
    /// always run on the interpreter).
    #[arg(long)]
    interpret: bool,
}

/// Arguments of `mbn moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The piece: one move expression (`N`, `mfW+cefF`, `R4`; put `--` before one starting with `-`).
    notation: String,
    /// Board size, files x ranks.
    #[arg(long, default_value = "8x8")]
    board: String,
    /// The piece's square (White's piece).
    #[arg(long)]
    from: String,
    /// Squares holding White (friendly) blockers, comma-separated (`c3,d5`).
    #[arg(long, value_delimiter = ',')]
    friendly: Vec<String>,
    /// Squares holding Black (enemy) blockers, comma-separated.
    #[arg(long, value_delimiter = ',')]
    enemy: Vec<String>,
    /// Print `{"destinations":["c3",...]}` instead of a plain line.
    #[arg(long)]
    json: bool,
    /// The notation's dialect: `mbn` (default) or `xbetza`.
    #[arg(long, default_value = "mbn")]
    dialect: Dialect,
}

/// A variant loaded for running: the file (for locating errors) and its compiled form.
struct Loaded {
    file: VariantFile,
    variant: Variant,
    interp: Interpreter,
}

/// Finds, reads and compiles a variant; prints the errors and gives the exit code on failure.
fn load(which: &str) -> Result<Loaded, ExitCode> {
    let looks_like_path = which.ends_with(".toml") || which.contains(['/', '\\']);
    let (text, path) = match mbn::variants::find(which) {
        Some(text) if !looks_like_path => (text.to_string(), format!("variants/{which}.toml")),
        _ if looks_like_path || Path::new(which).is_file() => match std::fs::read_to_string(which) {
            Ok(text) => (text, which.to_string()),
            Err(e) => {
                errln!("error: cannot read variant file `{which}`: {e}");
                return Err(ExitCode::from(2));
            }
        },
        _ => {
            let names: Vec<&str> = mbn::variants::names().collect();
            errln!("error: unknown variant `{which}`");
            errln!("  bundled variants: {}", names.join(", "));
            errln!("  (or give the path of a variant file, such as `my-variant.toml`)");
            return Err(ExitCode::from(2));
        }
    };
    let failed = |errors: Vec<mbn::codegen::variant::FileError>| {
        for e in errors {
            errln!("{e}");
        }
        ExitCode::from(1)
    };
    let file = VariantFile::parse(&text, &path).map_err(failed)?;
    let variant = file.compile().map_err(failed)?;
    let interp = Interpreter::new(&variant)
        .map_err(|list| failed(file.locate_all(&variant.attribute(list, Interpreter::new))))?;
    Ok(Loaded { file, variant, interp })
}

/// `mbn perft`.
pub fn perft_command(args: PerftArgs) -> ExitCode {
    let loaded = match load(&args.variant) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let squares = loaded.variant.geometry.num_squares();
    if squares <= 64 {
        run_perft::<u64>(&loaded, &args)
    } else if squares <= 128 {
        run_perft::<u128>(&loaded, &args)
    } else {
        run_perft::<Bb256>(&loaded, &args)
    }
}

fn run_perft<B: Bitboard>(loaded: &Loaded, args: &PerftArgs) -> ExitCode {
    let Loaded { file, variant, interp } = loaded;
    let fen = args.fen.as_deref().unwrap_or(&variant.spec.start_fen);
    let header = |engine: &str| {
        outln!("variant: {} ({})", variant.spec.name, file.path());
        outln!("engine: {engine}");
        outln!("fen: {fen}");
    };
    let bundled = mbn::variants::find(&args.variant).is_some() && !args.variant.ends_with(".toml");
    if bundled && !args.interpret && mbn::generated::GENERATED.contains(&variant.spec.name.as_str()) {
        let long = is_long(args.depth, variant.geometry.num_squares());
        let search = Search { depth: args.depth, divide: args.divide, long, header: &|| header("generated code") };
        match mbn::generated::visit(&variant.spec.name, Some(fen), search) {
            Some(Ok(code)) => return code,
            Some(Err(e)) => return fen_error(fen, &e),
            None => {}
        }
    }
    let options = FenOptions { captures_to_hand: variant.spec.captures_to_hand, ..FenOptions::default() };
    let pos = match Position::<B>::from_fen_with(variant.table.clone(), variant.geometry, fen, &options) {
        Ok(pos) => pos,
        Err(e) => return fen_error(fen, &e),
    };
    let long = is_long(args.depth, variant.geometry.num_squares());
    Search { depth: args.depth, divide: args.divide, long, header: &|| header("interpreter") }.run(interp, pos)
}

fn is_long(depth: u32, squares: usize) -> bool {
    depth >= 5 || (depth >= 4 && squares > 64)
}

fn fen_error(fen: &str, e: &mbn::runtime::FenError) -> ExitCode {
    errln!("error: {e}");
    errln!("  | {fen}");
    errln!("  | {}^", " ".repeat(fen.get(..e.column).map_or(0, |s| s.chars().count())));
    ExitCode::from(1)
}

/// One perft run, with whichever engine: prints the header, the count, time and speed.
struct Search<'a> {
    depth: u32,
    divide: bool,
    long: bool,
    header: &'a dyn Fn(),
}

impl mbn::generated::Visitor for Search<'_> {
    type Output = ExitCode;

    fn visit<B: Bitboard, G: MoveGenerator<B>>(self, generator: &G, position: Position<B>) -> ExitCode {
        self.run(generator, position)
    }
}

impl Search<'_> {
    fn run<B: Bitboard, G: MoveGenerator<B>>(self, generator: &G, mut pos: Position<B>) -> ExitCode {
        (self.header)();
        let depth = self.depth;
        let start = Instant::now();
        let nodes = if (self.divide || self.long) && depth > 0 {
            let mut root = MoveList::new();
            generator.legal_moves(&pos, &mut root);
            let mut results = Vec::with_capacity(root.len());
            for (i, mv) in root.iter().copied().enumerate() {
                let extra = root.extra_captures(&mv);
                let uci = mv.to_uci(pos.geometry(), pos.table(), extra);
                let undo = pos.make_with(mv, extra);
                let n = perft(generator, &mut pos, depth - 1);
                pos.unmake(mv, undo);
                if self.long {
                    errln!("[{:>3}/{}] {uci}: {n} ({:.1} s)", i + 1, root.len(), start.elapsed().as_secs_f64());
                }
                results.push((uci, n));
            }
            if self.divide {
                results.sort();
                for (uci, n) in &results {
                    outln!("{uci}: {n}");
                }
                outln!("moves: {}", results.len());
            }
            results.iter().map(|(_, n)| n).sum()
        } else {
            perft(generator, &mut pos, depth)
        };
        let seconds = start.elapsed().as_secs_f64();
        outln!("nodes: {nodes}");
        outln!("time: {seconds:.3} s");
        outln!("nodes/s: {:.0}", nodes as f64 / seconds.max(1e-9));
        let _ = std::io::stdout().flush();
        ExitCode::SUCCESS
    }
}

/// `8x8` -> a geometry.
fn parse_board(text: &str) -> Result<Geometry, String> {
    let (f, r) = text.split_once(['x', 'X']).ok_or(format!("board `{text}`: expected FILESxRANKS, e.g. 8x8"))?;
    let files: u8 = f.trim().parse().map_err(|_| format!("board `{text}`: `{f}` is not a number of files"))?;
    let ranks: u8 = r.trim().parse().map_err(|_| format!("board `{text}`: `{r}` is not a number of ranks"))?;
    Geometry::new(files, ranks).map_err(|e| format!("board `{text}`: {e}"))
}

/// Prints diagnostics against the notation they were found in.
fn report(source: &str, diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        err!("{}", d.render(source));
    }
}

/// `mbn moves`.
pub fn moves_command(args: MovesArgs) -> ExitCode {
    let geometry = match parse_board(&args.board) {
        Ok(g) => g,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let square = |s: &str| geometry.parse_square(s.trim()).map_err(|e| format!("square `{s}`: {e}"));
    let squares = (|| -> Result<(Square, Vec<Square>, Vec<Square>), String> {
        let from = square(&args.from)?;
        let friendly = args.friendly.iter().filter(|s| !s.is_empty()).map(|s| square(s)).collect::<Result<_, _>>()?;
        let enemy = args.enemy.iter().filter(|s| !s.is_empty()).map(|s| square(s)).collect::<Result<_, _>>()?;
        Ok((from, friendly, enemy))
    })();
    let (from, friendly, enemy) = match squares {
        Ok(s) => s,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let text = &args.notation;
    // An XBetza piece is compiled on its own and put in place of a stand-in `W`.
    let xbetza = match args.dialect {
        Dialect::Mbn => None,
        Dialect::XBetza => match compile_move_in(Dialect::XBetza, text) {
            Ok(m) => Some(m),
            Err(d) => {
                report(text, &d);
                return ExitCode::from(1);
            }
        },
    };
    let text = if xbetza.is_some() { "W" } else { text.as_str() };
    if is_definition_list(text) {
        errln!("error: `{text}` is a definition list; `moves` takes one move expression such as `mfW+cefF`");
        return ExitCode::from(1);
    }
    if let Err(d) = compile_move(text) {
        report(text, &d);
        return ExitCode::from(1);
    }
    // A variant of two kinds: the piece (`A`) and an inert blocker (`Z`) that only White's
    // piece ever looks at.
    const PREFIX: &str = "A=";
    let mut spec =
        VariantSpec::new("moves", geometry.files(), geometry.ranks(), "", &format!("{PREFIX}{text} Z|Blocker|=mfW"));
    spec.promotion_mandatory = false;
    let shifted = |list: Vec<Diagnostic>| -> Vec<Diagnostic> {
        list.into_iter()
            .map(|mut d| {
                d.span.start = d.span.start.saturating_sub(PREFIX.len());
                d.span.end = d.span.end.saturating_sub(PREFIX.len());
                d
            })
            .collect()
    };
    let mut variant = match Variant::compile(&spec) {
        Ok(v) => v,
        Err(d) => {
            report(text, &shifted(d));
            return ExitCode::from(1);
        }
    };
    if let Some(moves) = xbetza {
        variant.moves[0] = [moves.clone(), moves];
    }
    let interp = match Interpreter::new(&variant) {
        Ok(i) => i,
        Err(d) => {
            report(text, &shifted(d));
            return ExitCode::from(1);
        }
    };
    let destinations = match destinations_on_any_board(&variant, &interp, from, &friendly, &enemy) {
        Ok(d) => d,
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // A flip (MBN `x`, docs/SEMANTICS.md M34) is `~` and the square of the piece it turns: the
    // mover stays where it is. A swap on the way (M63) adds `/` and the swapped piece's squares. A
    // stationary capture (M61) is the piece's own square, `x` and the squares it takes; a pass
    // (M62) the piece's own square. A flip on the way (M126) adds `~` and the flipped piece's square.
    // A swap or relocation (M24, X27) adds `>` and where the piece there goes (M129).
    let names: Vec<String> = destinations
        .iter()
        .map(|d| {
            let mut name = format!("{}{}", if d.flip { "~" } else { "" }, geometry.square_name(d.to));
            for &t in &d.taken {
                name.push('x');
                name.push_str(&geometry.square_name(t));
            }
            if let Some(sq) = d.displaced {
                name.push_str(&format!(">{}", geometry.square_name(sq)));
            }
            if let Some((s, t)) = d.swapped {
                name.push_str(&format!("/{}{}", geometry.square_name(s), geometry.square_name(t)));
            }
            if let Some(f) = d.flipped {
                name.push_str(&format!("~{}", geometry.square_name(f)));
            }
            name
        })
        .collect();
    if args.json {
        let quoted: Vec<String> = names.iter().map(|s| format!("\"{s}\"")).collect();
        outln!("{{\"destinations\":[{}]}}", quoted.join(","));
    } else {
        outln!("{}", names.join(" "));
    }
    ExitCode::SUCCESS
}

/// The marks of `moves` for `mbn explain` (the multi-leg and cylindrical moves the empty-board
/// drawing leaves out), run by the interpreter for a White piece on `from` of an empty `geometry`
/// board: a quiet landing is a move; a square is a capture, swap or flip when the piece's last leg
/// takes, swaps or flips the one enemy standing on it (nothing else on the board: no hurdle to
/// hop). `Err`: the interpreter refuses the moves, with its message.
pub fn multi_leg_marks(
    moves: &mbn::codegen::ir::MoveSet,
    geometry: Geometry,
    from: Square,
) -> Result<Vec<(Square, mbn::codegen::diagram::Marks)>, String> {
    let variant = piece_variant(moves, geometry).map_err(|d| d[0].message.clone())?;
    let interp = Interpreter::new(&variant).map_err(|d| d[0].message.clone())?;
    let landings = |enemy: &[Square]| destinations_on_any_board(&variant, &interp, from, &[], enemy);
    let mut out: Vec<(Square, mbn::codegen::diagram::Marks)> = Vec::new();
    // A piece's death (a last leg that visits, M103) lands nowhere: not drawn.
    for d in landings(&[])?.into_iter().filter(|d| !d.taken.contains(&from)) {
        out.push((d.to, mbn::codegen::diagram::Marks { moves: true, ..Default::default() }));
    }
    for sq in geometry.squares().filter(|&sq| sq != from) {
        // What the last leg does to the enemy on `sq`: a flip (M107), a swap or relocation (M24,
        // X27), or a capture; what happens on the way (M63, M126) is not drawn.
        for d in landings(&[sq])?.iter().filter(|d| d.to == sq && d.swapped.is_none() && d.flipped.is_none()) {
            let at = match out.iter().position(|(s, _)| *s == sq) {
                Some(i) => &mut out[i].1,
                None => {
                    out.push((sq, mbn::codegen::diagram::Marks::default()));
                    &mut out.last_mut().expect("just pushed").1
                }
            };
            match (d.flip, d.displaced) {
                (true, _) => at.flips = true,
                (false, Some(_)) => at.swaps = true,
                (false, None) => at.captures = true,
            }
        }
    }
    Ok(out)
}

/// Why mbn's move generators do not build `moves`, if they do not: the interpreter is built for
/// a White piece of them on a 16x16 board (the largest, so that no board range is cut).
pub fn refusal(moves: &mbn::codegen::ir::MoveSet) -> Option<Diagnostic> {
    let geometry = Geometry::new(16, 16).ok()?;
    let built = piece_variant(moves, geometry).and_then(|variant| Interpreter::new(&variant).map(drop));
    built.err().and_then(|d| d.into_iter().next())
}

/// A variant of two kinds on a `geometry` board: a piece of `moves` (`A`) and an inert blocker
/// (`Z`) that only White's piece ever looks at.
fn piece_variant(moves: &mbn::codegen::ir::MoveSet, geometry: Geometry) -> Result<Variant, Vec<Diagnostic>> {
    let mut spec = VariantSpec::new("piece", geometry.files(), geometry.ranks(), "", "A=W Z|Blocker|=mfW");
    spec.promotion_mandatory = false;
    let mut variant = Variant::compile(&spec)?;
    variant.moves[0] = [moves.clone(), moves.clone()];
    Ok(variant)
}

/// [`destinations`] with the narrowest bitboard that holds the variant's board.
fn destinations_on_any_board(
    variant: &Variant,
    interp: &Interpreter,
    from: Square,
    friendly: &[Square],
    enemy: &[Square],
) -> Result<Vec<Destination>, String> {
    match variant.geometry.num_squares() {
        n if n <= 64 => destinations::<u64>(variant, interp, from, friendly, enemy),
        n if n <= 128 => destinations::<u128>(variant, interp, from, friendly, enemy),
        _ => destinations::<Bb256>(variant, interp, from, friendly, enemy),
    }
}

/// A destination of `mbn moves`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Destination {
    /// Where the move goes (for a flip: the flipped piece's square).
    to: Square,
    /// Whether the move is a flip (M34): the mover stays.
    flip: bool,
    /// The squares a swap on the way (M63) moves the swapped piece between.
    swapped: Option<(Square, Square)>,
    /// The square of the piece a flip on the way (M126) turns.
    flipped: Option<Square>,
    /// Where a swap (M24) or relocation (X27) puts the piece on `to`.
    displaced: Option<Square>,
    /// The squares a stationary capture (M61) takes.
    taken: Vec<Square>,
}

/// The squares White's piece (kind 0) on `from` can move or capture to (not the moves it induces
/// in friends), sorted by file then rank, each with whether the move is a flip (MBN `x`: the piece
/// there changes colour, the mover stays), the squares a swap on the way moves the swapped
/// piece between (M63) and, for a stationary capture (M61), the squares it takes (`from` itself is
/// then the square, as for a pass).
fn destinations<B: Bitboard>(
    variant: &Variant,
    interp: &Interpreter,
    from: Square,
    friendly: &[Square],
    enemy: &[Square],
) -> Result<Vec<Destination>, String> {
    let geometry = variant.geometry;
    let mut pos = Position::<B>::new(variant.table.clone(), geometry).map_err(|e| e.to_string())?;
    let (piece, blocker) = (PieceKind(0), PieceKind(1));
    for (squares, color) in [(friendly, Color::White), (enemy, Color::Black)] {
        for &sq in squares {
            if sq == from {
                return Err(format!("{} holds the piece itself", geometry.square_name(sq)));
            }
            pos.put_piece(sq, Piece::new(blocker, color)).map_err(|e| e.to_string())?;
        }
    }
    pos.put_piece(from, Piece::new(piece, Color::White)).map_err(|e| e.to_string())?;
    // The piece has not moved yet, so its initial (`i`) moves count.
    pos.set_unmoved(B::from_square(from));
    pos.set_side_to_move(Color::White);
    let mut list = MoveList::new();
    interp.piece_moves(&pos, from, Piece::new(piece, Color::White), &mut list);
    // Moves the piece induces in friends (XBetza `x`, X28) are the friends' own, not its.
    let mut out: Vec<Destination> = list
        .iter()
        .filter(|mv| mv.from() == from)
        .map(|mv| Destination {
            to: mv.to(),
            flip: mv.is_flip(),
            swapped: mv.swapped(),
            flipped: mv.flipped(),
            displaced: mv.is_swap().then(|| mv.partner_to()).flatten(),
            taken: if mv.is_stay() { list.extra_captures(mv).to_vec() } else { Vec::new() },
        })
        .collect();
    out.sort_by_key(|d| {
        let swapped = d.swapped.map(|(s, t)| (s.index(), t.index()));
        let flipped = d.flipped.map(|f| f.index());
        let displaced = d.displaced.map(|f| f.index());
        let taken: Vec<(u8, u8)> = d.taken.iter().map(|&t| (geometry.file_of(t), geometry.rank_of(t))).collect();
        (geometry.file_of(d.to), geometry.rank_of(d.to), d.flip, displaced, swapped, flipped, taken)
    });
    out.dedup();
    Ok(out)
}
