#include "games/reversi/reversi.h"

#include <cctype>

#include "engine/hash.h"

namespace arcade {
namespace {

using reversi::Bitboard;
using reversi::count;
using reversi::square_bit;

constexpr Bitboard kEdgeRows = 0xFF000000000000FFULL;
constexpr Bitboard kEdgeColumns = reversi::kColumnA | reversi::kColumnH;
// The squares of the board's middle four, never empty in a game.
constexpr Bitboard kCentre = square_bit(27) | square_bit(28) | square_bit(35) | square_bit(36);

// Each corner with its X-square (diagonally inside) and C-squares (beside
// it on the edges).
struct CornerSquares {
  int corner;
  int x_square;
  Bitboard c_squares;
};
constexpr std::array<CornerSquares, 4> kCornerSquares = {{
    {0, 9, square_bit(1) | square_bit(8)},
    {7, 14, square_bit(6) | square_bit(15)},
    {56, 49, square_bit(48) | square_bit(57)},
    {63, 54, square_bit(55) | square_bit(62)},
}};
constexpr Bitboard all_c_squares() {
  Bitboard b = 0;
  for (const CornerSquares& c : kCornerSquares) b |= c.c_squares;
  return b;
}
constexpr Bitboard kPlainEdges = (kEdgeRows | kEdgeColumns) & ~reversi::kCorners & ~all_c_squares();

// The squares of the table that share one weight.
struct SquareClass {
  int weight;
  Bitboard squares;
};
constexpr std::array<SquareClass, 7> square_classes() {
  constexpr std::array<int, 7> kWeights = {100, -20, 10, 5, -50, -2, -1};
  std::array<SquareClass, 7> classes{};
  for (std::size_t i = 0; i < kWeights.size(); ++i) {
    classes[i].weight = kWeights[i];
    for (int sq = 0; sq < 64; ++sq)
      if (Reversi::kSquareWeights[sq] == kWeights[i]) classes[i].squares |= square_bit(sq);
  }
  return classes;
}
constexpr std::array<SquareClass, 7> kSquareClasses = square_classes();

// Every square next to a square of b (b itself not included unless next to
// another of its squares).
constexpr Bitboard neighbours(Bitboard b) {
  const Bitboard west = b & reversi::kNotColumnA;  // may step towards column a
  const Bitboard east = b & reversi::kNotColumnH;
  return (west >> 1) | (east << 1) | (b >> 8) | (b << 8) | (west >> 9) | (east << 9) | (east >> 7) |
         (west << 7);
}

int corner_squares_term(Bitboard player, Bitboard opponent, Bitboard empty, bool x_squares) {
  int value = 0;
  for (const CornerSquares& c : kCornerSquares) {
    if (!(empty & square_bit(c.corner))) continue;
    const Bitboard near = x_squares ? square_bit(c.x_square) : c.c_squares;
    value += count(player & near) - count(opponent & near);
  }
  return value;
}

int square_table_term(Bitboard player, Bitboard opponent) {
  int value = 0;
  for (const SquareClass& c : kSquareClasses)
    value += c.weight * (count(player & c.squares) - count(opponent & c.squares));
  return value;
}

std::string square_name(int square) {
  return {static_cast<char>('a' + square % 8), static_cast<char>('1' + square / 8)};
}

// The colour of a disc in a position string, or nothing for an empty square.
enum class SquareText { kBlack, kWhite, kEmpty, kBad };
SquareText read_square(char c) {
  switch (c) {
    case 'X':
    case 'x':
    case '*':
      return SquareText::kBlack;
    case 'O':
    case 'o':
      return SquareText::kWhite;
    case '-':
    case '.':
      return SquareText::kEmpty;
    default:
      return SquareText::kBad;
  }
}

}  // namespace

Reversi::Position Reversi::start() {
  // d5 and e4 black, d4 and e5 white; Black to move.
  return {square_bit(35) | square_bit(28), square_bit(27) | square_bit(36), false};
}

bool Reversi::must_pass(const Position& p) {
  return reversi::legal_moves(p.player, p.opponent) == 0 &&
         reversi::legal_moves(p.opponent, p.player) != 0;
}

void Reversi::generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
  Bitboard legal = reversi::legal_moves(p.player, p.opponent);
  if (legal == 0) {
    if (reversi::legal_moves(p.opponent, p.player) != 0) moves.push(kPass);
    return;
  }
  for (; legal; legal &= legal - 1) moves.push(static_cast<Move>(std::countr_zero(legal)));
}

Reversi::Position Reversi::play(const Position& p, Move m) {
  if (m == kPass) return {p.opponent, p.player, !p.white_to_move};
  const Bitboard flipped = reversi::flips(p.player, p.opponent, m);
  return {p.opponent & ~flipped, p.player | flipped | square_bit(m), !p.white_to_move};
}

Outcome Reversi::outcome(const Position& p) {
  if (reversi::legal_moves(p.player, p.opponent) || reversi::legal_moves(p.opponent, p.player))
    return Outcome::kOngoing;
  const int margin = final_margin(p);
  return margin > 0 ? Outcome::kWon : margin < 0 ? Outcome::kLost : Outcome::kDrawn;
}

int Reversi::final_margin(const Position& p) {
  const int mine = count(p.player);
  const int theirs = count(p.opponent);
  const int empty = 64 - mine - theirs;
  if (mine > theirs) return mine - theirs + empty;
  if (mine < theirs) return mine - theirs - empty;
  return 0;
}

Reversi::Weights Reversi::term_values(const Position& p, const Weights&) {
  const Bitboard me = p.player;
  const Bitboard them = p.opponent;
  const Bitboard empty = ~(me | them);
  const Bitboard frontier = neighbours(empty);
  Weights values{};
  values[kMobility] = count(reversi::legal_moves(me, them)) - count(reversi::legal_moves(them, me));
  values[kCorners] = count(me & reversi::kCorners) - count(them & reversi::kCorners);
  values[kXSquares] = corner_squares_term(me, them, empty, true);
  values[kCSquares] = corner_squares_term(me, them, empty, false);
  values[kEdges] = count(me & kPlainEdges) - count(them & kPlainEdges);
  values[kFrontier] = count(me & frontier) - count(them & frontier);
  const int empties = count(empty);
  values[kParity] = empties == 0 ? 0 : empties % 2 == 1 ? 1 : -1;
  values[kDiscs] = count(me) - count(them);
  values[kSquareTable] = square_table_term(me, them);
  return values;
}

Score Reversi::evaluate(const Position& p, const Weights& weights) {
  return weighted_total(term_values(p, weights), weights);
}

std::uint64_t Reversi::hash(const Position& p) {
  return mix_hash(p.player ^ mix_hash(p.opponent + (p.white_to_move ? 1 : 0)));
}

int Reversi::move_hint(const Position& p, Move m) {
  if (m == kPass) return 0;
  int square_class = 0;
  for (const CornerSquares& c : kCornerSquares) {
    if (m == c.corner) square_class = 2;
    const bool corner_empty = !((p.player | p.opponent) & square_bit(c.corner));
    if (corner_empty && m == c.x_square) square_class = -2;
    if (corner_empty && (c.c_squares & square_bit(m))) square_class = -1;
  }
  const Position after = play(p, m);
  const int replies = count(reversi::legal_moves(after.player, after.opponent));
  return square_class * 64 - replies;
}

std::string Reversi::move_to_text(const Position&, Move m) {
  return m == kPass ? "pass" : square_name(m);
}

Parsed<Move> Reversi::move_from_text(const Position& p, std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  MoveList<kMaxMoves> legal;
  generate_moves(p, legal);
  if (lower == "pass") {
    if (legal.contains(kPass)) return kPass;
    return ParseError{legal.empty() ? "the game is over"
                                    : "a pass only when no disc can be placed"};
  }
  if (lower.size() != 2 || lower[0] < 'a' || lower[0] > 'h' || lower[1] < '1' || lower[1] > '8')
    return ParseError{"expected a square a1-h8 or pass, got '" + std::string(text) + "'"};
  const auto square = static_cast<Move>((lower[1] - '1') * 8 + (lower[0] - 'a'));
  if (legal.contains(square)) return square;
  if ((p.player | p.opponent) & square_bit(square))
    return ParseError{"square " + lower + " is taken"};
  if (legal.contains(kPass)) return ParseError{"no disc can be placed: the only move is pass"};
  if (legal.empty()) return ParseError{"the game is over"};
  return ParseError{"a disc on " + lower + " turns no disc over"};
}

std::string Reversi::to_text(const Position& p) {
  std::string text(64, '-');
  for (int sq = 0; sq < 64; ++sq) {
    if (black(p) & square_bit(sq)) text[sq] = 'X';
    if (white(p) & square_bit(sq)) text[sq] = 'O';
  }
  return text + (p.white_to_move ? " O" : " X");
}

Parsed<Reversi::Position> Reversi::from_text(std::string_view text) {
  if (text.size() != 66 || text[64] != ' ')
    return ParseError{"expected 64 squares of X, O or -, a space and the side to move (X or O)"};
  Bitboard black_discs = 0, white_discs = 0;
  for (int sq = 0; sq < 64; ++sq) {
    const SquareText square = read_square(text[sq]);
    if (square == SquareText::kBad)
      return ParseError{"square " + square_name(sq) + ": '" + std::string(1, text[sq]) +
                        "' is not X, O or -"};
    if (square == SquareText::kBlack) black_discs |= square_bit(sq);
    if (square == SquareText::kWhite) white_discs |= square_bit(sq);
  }
  const SquareText side = read_square(text[65]);
  if (side != SquareText::kBlack && side != SquareText::kWhite)
    return ParseError{"the side to move is X or O, not '" + std::string(1, text[65]) + "'"};
  if (((black_discs | white_discs) & kCentre) != kCentre)
    return ParseError{"the four centre squares d4 e4 d5 e5 are never empty in a game"};
  const bool white_to_move = side == SquareText::kWhite;
  return white_to_move ? Position{white_discs, black_discs, true}
                       : Position{black_discs, white_discs, false};
}

std::string Reversi::diagram(const Position& p) {
  std::string out = "  a b c d e f g h\n";
  for (int row = 0; row < 8; ++row) {
    out += static_cast<char>('1' + row);
    for (int col = 0; col < 8; ++col) {
      const Bitboard bit = square_bit(row * 8 + col);
      out += black(p) & bit ? " X" : white(p) & bit ? " O" : " -";
    }
    out += '\n';
  }
  out += "Black (X) " + std::to_string(count(black(p))) + ", White (O) " +
         std::to_string(count(white(p))) + ", " + (p.white_to_move ? "White" : "Black") +
         " to move";
  if (must_pass(p)) out += " (must pass)";
  return out + "\n";
}

Piece Reversi::piece_at(const Position& p, Cell c) {
  const Bitboard bit = square_bit(square_of(c));
  if (black(p) & bit) return Piece::kFirstSide;
  if (white(p) & bit) return Piece::kSecondSide;
  return Piece::kNone;
}

MoveCells Reversi::move_cells(const Position& p, Move m) {
  if (m == kPass) return MoveCells::pass();
  std::vector<Cell> turned;
  for (Bitboard f = reversi::flips(p.player, p.opponent, m); f; f &= f - 1)
    turned.push_back(cell_of(std::countr_zero(f)));
  return MoveCells::placing(cell_of(m), std::move(turned));
}

std::string Reversi::end_in_words(const Position& p) {
  if (outcome(p) == Outcome::kOngoing) return "";
  const int black_discs = count(black(p));
  const int white_discs = count(white(p));
  if (black_discs == white_discs) return "Draw: " + std::to_string(black_discs) + " discs each.";
  // The empty squares count for the winner.
  const int empty = empties(p);
  const bool black_wins = black_discs > white_discs;
  const int winner = (black_wins ? black_discs : white_discs) + empty;
  const int loser = black_wins ? white_discs : black_discs;
  return side_wins(kSides[black_wins ? 0 : 1]) + ": " + std::to_string(winner) + " discs to " +
         std::to_string(loser) + ".";
}

}  // namespace arcade
