#include "games/tictactoe/tictactoe.h"

#include <array>
#include <bit>

#include "engine/hash.h"

namespace arcade {
namespace {

constexpr std::uint16_t kFull = 0x1FF;
constexpr std::array<std::uint16_t, 8> kLines = {
    0007, 0070, 0700,  // ranks
    0111, 0222, 0444,  // files
    0421, 0124,        // diagonals
};

std::string square_name(int square) {
  return {static_cast<char>('a' + square % 3), static_cast<char>('1' + square / 3)};
}

}  // namespace

bool TicTacToe::has_line(std::uint16_t squares) {
  for (std::uint16_t line : kLines)
    if ((squares & line) == line) return true;
  return false;
}

void TicTacToe::generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
  if (outcome(p) != Outcome::kOngoing) return;
  const std::uint16_t empty = kFull & ~(p.mover | p.opponent);
  for (int sq = 0; sq < 9; ++sq)
    if (empty & (1u << sq)) moves.push(static_cast<Move>(sq));
}

TicTacToe::Position TicTacToe::play(const Position& p, Move m) {
  return {p.opponent, static_cast<std::uint16_t>(p.mover | (1u << m)),
          static_cast<std::uint8_t>(p.plies + 1)};
}

// Only the side that just moved can have made a line.
Outcome TicTacToe::outcome(const Position& p) {
  if (has_line(p.opponent)) return Outcome::kLost;
  if ((p.mover | p.opponent) == kFull) return Outcome::kDrawn;
  return Outcome::kOngoing;
}

TicTacToe::Weights TicTacToe::term_values(const Position& p, const Weights&) {
  Weights values{};
  for (std::uint16_t line : kLines) {
    const int mine = std::popcount<unsigned>(p.mover & line);
    const int theirs = std::popcount<unsigned>(p.opponent & line);
    if (theirs == 0 && mine > 0) ++values[mine - 1];
    if (mine == 0 && theirs > 0) --values[theirs - 1];
  }
  return values;
}

Score TicTacToe::evaluate(const Position& p, const Weights& weights) {
  return weighted_total(term_values(p, weights), weights);
}

std::uint64_t TicTacToe::hash(const Position& p) {
  return mix_hash(p.mover | static_cast<std::uint64_t>(p.opponent) << 9);
}

// Completing a line, then blocking one, then the centre, corners, edges.
int TicTacToe::move_hint(const Position& p, Move m) {
  const std::uint16_t bit = 1u << m;
  if (has_line(p.mover | bit)) return 100;
  if (has_line(p.opponent | bit)) return 50;
  static constexpr std::array<int, 9> kSquare = {2, 1, 2, 1, 3, 1, 2, 1, 2};
  return kSquare[m];
}

std::string TicTacToe::move_to_text(const Position&, Move m) {
  return square_name(m);
}

Parsed<Move> TicTacToe::move_from_text(const Position& p, std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3') {
    std::string message = "'";  // appended, not added: g++ 12 warns falsely on "'" + string
    return ParseError{message.append(text).append("' is not a square (a1..c3)")};
  }
  const Move m = static_cast<Move>((text[1] - '1') * 3 + (text[0] - 'a'));
  if (outcome(p) != Outcome::kOngoing) return ParseError{"the game is over"};
  if ((p.mover | p.opponent) & (1u << m))
    return ParseError{"square " + std::string(text) + " is taken"};
  return m;
}

std::string TicTacToe::to_text(const Position& p) {
  const std::uint16_t x = x_to_move(p) ? p.mover : p.opponent;
  const std::uint16_t o = x_to_move(p) ? p.opponent : p.mover;
  std::string text;
  for (int rank = 2; rank >= 0; --rank) {
    for (int file = 0; file < 3; ++file) {
      const int bit = 1 << (rank * 3 + file);
      text += (x & bit) ? 'x' : (o & bit) ? 'o' : '.';
    }
    if (rank > 0) text += '/';
  }
  return text;
}

Parsed<TicTacToe::Position> TicTacToe::from_text(std::string_view text) {
  if (text.size() != 11 || text[3] != '/' || text[7] != '/')
    return ParseError{
        "a tic-tac-toe position is three ranks of 'x', 'o' or '.' joined by '/', "
        "like x.o/.x./..o"};
  std::uint16_t x = 0, o = 0;
  for (int rank = 2, i = 0; rank >= 0; --rank, ++i) {
    for (int file = 0; file < 3; ++file) {
      const char c = text[i * 4 + file];
      const std::uint16_t bit = 1u << (rank * 3 + file);
      if (c == 'x')
        x |= bit;
      else if (c == 'o')
        o |= bit;
      else if (c != '.')
        return ParseError{std::string("unexpected '") + c + "' in the position"};
    }
  }
  const int xs = std::popcount<unsigned>(x), os = std::popcount<unsigned>(o);
  if (xs != os && xs != os + 1)
    return ParseError{
        "impossible position: x moves first, so x has as many marks as o or one more"};
  const bool x_moved_last = xs > os;
  if (has_line(x) && has_line(o)) return ParseError{"impossible position: both sides have a line"};
  if ((has_line(x) && !x_moved_last) || (has_line(o) && x_moved_last))
    return ParseError{"impossible position: play went on after a line was made"};
  const bool x_moves = !x_moved_last;
  return Position{x_moves ? x : o, x_moves ? o : x, static_cast<std::uint8_t>(xs + os)};
}

std::string TicTacToe::diagram(const Position& p) {
  const std::string text = to_text(p);
  std::string out;
  for (int rank = 3, i = 0; rank >= 1; --rank, ++i) {
    out += std::to_string(rank) + " ";
    for (int file = 0; file < 3; ++file) {
      out += ' ';
      out += text[i * 4 + file];
    }
    out += '\n';
  }
  out += "   a b c\n";
  return out;
}

// --- How the game shows itself to the app ---

// Square = rank * 3 + file, with rank 0 at the bottom, as a cell's row and column.
Piece TicTacToe::piece_at(const Position& p, Cell c) {
  const std::uint16_t bit = static_cast<std::uint16_t>(1u << (c.row * 3 + c.col));
  const std::uint16_t x = x_to_move(p) ? p.mover : p.opponent;
  if (x & bit) return Piece::kFirstSide;
  return ((p.mover | p.opponent) & bit) ? Piece::kSecondSide : Piece::kNone;
}

MoveCells TicTacToe::move_cells(const Position&, Move m) {
  return MoveCells::placing({m % 3, m / 3});
}

std::string TicTacToe::end_in_words(const Position& p) {
  return line_or_full_board_end(outcome(p), kSides[1 - side_to_move(p)], "three in a row");
}

}  // namespace arcade
