#include "games/connect4/connect4.h"

#include <algorithm>
#include <array>
#include <bit>
#include <initializer_list>
#include <vector>

#include "engine/hash.h"

namespace arcade {
namespace {

using Bits = std::uint64_t;
constexpr int kStride = Connect4::kHeight + 1;  // bits per column, sentinel included

constexpr Bits cell(int column, int row) {
  return 1ull << (column * kStride + row);
}

// Every line of four cells on the board (69 of them), for the evaluation.
constexpr int kWindowCount = 69;
constexpr std::array<Bits, kWindowCount> make_windows() {
  std::array<Bits, kWindowCount> windows{};
  constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  int n = 0;
  for (const auto& d : kDirections)
    for (int c = 0; c < Connect4::kWidth; ++c)
      for (int r = 0; r < Connect4::kHeight; ++r) {
        const int end_c = c + 3 * d[0], end_r = r + 3 * d[1];
        if (end_c >= Connect4::kWidth || end_r < 0 || end_r >= Connect4::kHeight) continue;
        Bits w = 0;
        for (int i = 0; i < 4; ++i) w |= cell(c + i * d[0], r + i * d[1]);
        windows[n++] = w;
      }
  return windows;
}
constexpr std::array<Bits, kWindowCount> kWindows = make_windows();

// Rows 1, 3, 5 counted from 1 at the bottom (0, 2, 4 here) favour the first
// player's threats, the others the second player's: in a filled-up endgame
// the first player gets the odd squares of each column.
constexpr Bits kOddRows = Connect4::kBottomRow * 0b010101;
constexpr Bits kEvenRows = Connect4::kBottomRow * 0b101010;

constexpr Bits good_rows(bool first_player) {
  return first_player ? kOddRows : kEvenRows;
}

int popcount(Bits b) {
  return std::popcount(b);
}

// The side's discs in `columns` minus the opponent's.
int column_difference(Bits mine, Bits theirs, std::initializer_list<int> columns) {
  Bits cells = 0;
  for (int c : columns) cells |= Connect4::column_mask(c);
  return popcount(mine & cells) - popcount(theirs & cells);
}

// Lines of four by what they hold: only one side's discs and empty cells.
void count_lines(Bits mine, Bits theirs, Connect4::Weights& values) {
  // Counted in locals, stored once: increments through `values` went to
  // memory on every window (20% of the whole bench in WebAssembly).
  int two = 0, three = 0, four = 0, their_two = 0, their_three = 0;
  for (Bits w : kWindows) {
    const int a = popcount(mine & w), b = popcount(theirs & w);
    if (b == 0) {
      two += a == 2;
      three += a == 3;
      four += a == 4;
    } else if (a == 0) {
      their_two += b == 2;
      their_three += b == 3;
    }
  }
  values[Connect4::kOpenTwo] = two;
  values[Connect4::kOpenThree] = three;
  values[Connect4::kFour] = four;
  values[Connect4::kTheirOpenTwo] = their_two;
  values[Connect4::kTheirOpenThree] = their_three;
}

// --- Reading position strings ---

std::string column_name(int column) {
  return std::string(1, static_cast<char>('1' + column));
}

Parsed<Connect4::Position> from_moves(std::string_view text) {
  Connect4::Position p = Connect4::start();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::string where = "move " + std::to_string(i + 1) + " ('" + text[i] + "')";
    if (text[i] < '1' || text[i] > '7') return ParseError{where + " is not a column from 1 to 7"};
    const Move column = static_cast<Move>(text[i] - '1');
    if (Connect4::has_four(Connect4::opponent(p)))
      return ParseError{where + " continues a game already won by a four"};
    if (p.mask & Connect4::top_cell(column))
      return ParseError{where + ": column " + column_name(column) + " is already full"};
    p = Connect4::play(p, column);
  }
  return p;
}

struct Board {
  Bits x = 0, o = 0;
};

Parsed<Board> read_rows(std::string_view text) {
  constexpr std::size_t kLength = Connect4::kHeight * (Connect4::kWidth + 1) - 1;
  if (text.size() != kLength)
    return ParseError{
        "a connect4 position is six rows of seven 'x', 'o' or '.' joined by '/' "
        "(top row first), or the columns played, like 4453"};
  Board board;
  for (int row = Connect4::kHeight - 1, i = 0; row >= 0; --row, ++i) {
    const std::size_t at = static_cast<std::size_t>(i) * (Connect4::kWidth + 1);
    if (row > 0 && text[at + Connect4::kWidth] != '/')
      return ParseError{"expected '/' after row " + std::to_string(i + 1) + " of the position"};
    for (int c = 0; c < Connect4::kWidth; ++c) {
      const char ch = text[at + c];
      if (ch == 'x')
        board.x |= cell(c, row);
      else if (ch == 'o')
        board.o |= cell(c, row);
      else if (ch != '.')
        return ParseError{std::string("unexpected '") + ch + "' in the position"};
    }
  }
  return board;
}

std::optional<std::string> floating_disc(Bits all) {
  for (int c = 0; c < Connect4::kWidth; ++c) {
    const Bits column = all & Connect4::column_mask(c);
    // A column without holes is a run of ones from its bottom cell.
    if (column & ((column + Connect4::bottom_cell(c)) & Connect4::column_mask(c)))
      return "impossible position: a disc floats above an empty cell in column " + column_name(c);
  }
  return std::nullopt;
}

// Whether the discs can have been dropped in turn, x first, with no four
// before the last disc: take discs off the tops of the columns, the last
// mover's first, until the board is empty. Once no four is left, none can
// appear, as the boards only lose discs. Failed column-height combinations
// (3 bits a column) are remembered, so each is tried at most once.
class TurnOrderCheck {
 public:
  explicit TurnOrderCheck(const Board& b) : board_(b), dead_(1u << (3 * Connect4::kWidth)) {}

  bool possible() {
    std::array<int, Connect4::kWidth> heights{};
    int total = 0;
    for (int c = 0; c < Connect4::kWidth; ++c) {
      heights[c] = popcount((board_.x | board_.o) & Connect4::column_mask(c));
      total += heights[c];
    }
    return peel(heights, total, /*first=*/true);
  }

 private:
  bool peel(std::array<int, Connect4::kWidth>& heights, int total, bool first) {
    if (total == 0) return true;
    std::uint32_t code = 0;
    for (int h : heights) code = code * 8 + static_cast<std::uint32_t>(h);
    if (dead_[code]) return false;
    const Bits last_mover = total % 2 == 1 ? board_.x : board_.o;
    for (int c = 0; c < Connect4::kWidth; ++c) {
      if (heights[c] == 0 || !(last_mover & cell(c, heights[c] - 1))) continue;
      // The last disc must be the one that made the four, if there is one.
      if (first && Connect4::has_four(last_mover & ~cell(c, heights[c] - 1))) continue;
      --heights[c];
      const bool ok = peel(heights, total - 1, false);
      ++heights[c];
      if (ok) return true;
    }
    dead_[code] = true;
    return false;
  }

  Board board_;
  std::vector<bool> dead_;
};

Parsed<Connect4::Position> from_board(std::string_view text) {
  Parsed<Board> board = read_rows(text);
  if (!board) return ParseError{board.error()};
  const Bits x = board->x, o = board->o;
  if (auto problem = floating_disc(x | o)) return ParseError{*problem};
  const int xs = popcount(x), os = popcount(o);
  if (xs != os && xs != os + 1)
    return ParseError{
        "impossible position: x moves first, so x has as many discs as o or one more"};
  const bool x_four = Connect4::has_four(x), o_four = Connect4::has_four(o);
  if (x_four && o_four) return ParseError{"impossible position: both sides have four in a row"};
  if ((x_four && xs == os) || (o_four && xs > os))
    return ParseError{std::string("impossible position: play went on after ") +
                      (x_four ? "x" : "o") + " made four in a row"};
  if (!TurnOrderCheck(*board).possible())
    return ParseError{"impossible position: these discs cannot have been dropped in turn"};
  const bool x_moves = xs == os;
  return Connect4::Position{x_moves ? x : o, x | o, static_cast<std::uint8_t>(xs + os)};
}

}  // namespace

void Connect4::generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
  if (outcome(p) != Outcome::kOngoing) return;
  for (int c = 0; c < kWidth; ++c)
    if (!(p.mask & top_cell(c))) moves.push(static_cast<Move>(c));
}

// Only the side that just moved can have completed a four.
Outcome Connect4::outcome(const Position& p) {
  if (has_four(opponent(p))) return Outcome::kLost;
  if (p.plies == kCells) return Outcome::kDrawn;
  return Outcome::kOngoing;
}

Connect4::Weights Connect4::term_values(const Position& p, const Weights& weights) {
  Weights values{};
  const Bits mine = p.mover, theirs = opponent(p);
  const Bits my_threats = winning_cells(mine, p.mask);
  const Bits their_threats = winning_cells(theirs, p.mask);
  const Bits now = playable(p);
  // A win or loss one move away, not yet proven: nothing else matters.
  if (weights[kWinNow] != 0 && (my_threats & now)) {
    values[kWinNow] = 1;
    return values;
  }
  const Bits must_block = their_threats & now;
  if (weights[kDoubleThreat] != 0 && (must_block & (must_block - 1))) {
    values[kDoubleThreat] = 1;
    return values;
  }
  const bool x = x_to_move(p);
  values[kThreats] = popcount(my_threats) - popcount(their_threats);
  values[kParityThreats] =
      popcount(my_threats & good_rows(x)) - popcount(their_threats & good_rows(!x));
  values[kColumn4] = column_difference(mine, theirs, {3});
  values[kColumns35] = column_difference(mine, theirs, {2, 4});
  values[kColumns26] = column_difference(mine, theirs, {1, 5});
  count_lines(mine, theirs, values);
  return values;
}

Score Connect4::evaluate(const Position& p, const Weights& weights) {
  return weighted_total(term_values(p, weights), weights);
}

std::uint64_t Connect4::hash(const Position& p) {
  return mix_hash(key(p));
}

// A win, then a block, then (unless it hands the opponent a win on top)
// central moves that make threats.
int Connect4::move_hint(const Position& p, Move m) {
  const Bits move = move_cell(p, m);
  if (move & winning_cells(p.mover, p.mask)) return 1000;
  const Bits their_threats = winning_cells(opponent(p), p.mask);
  if (move & their_threats) return 500;
  if ((move << 1) & their_threats) return -500;
  const int centre = 3 - std::abs(static_cast<int>(m) - 3);
  return 10 * popcount(winning_cells(p.mover | move, p.mask | move)) + centre;
}

std::string Connect4::move_to_text(const Position&, Move m) {
  return column_name(m);
}

Parsed<Move> Connect4::move_from_text(const Position& p, std::string_view text) {
  if (text.size() != 1 || text[0] < '1' || text[0] > '7')
    return ParseError{std::string("'").append(text).append("' is not a column (1..7)")};
  if (outcome(p) != Outcome::kOngoing) return ParseError{"the game is over"};
  const Move m = static_cast<Move>(text[0] - '1');
  if (p.mask & top_cell(m)) return ParseError{"column " + std::string(text) + " is full"};
  return m;
}

std::string Connect4::to_text(const Position& p) {
  const Bits x = x_to_move(p) ? p.mover : opponent(p);
  std::string text;
  for (int row = kHeight - 1; row >= 0; --row) {
    for (int c = 0; c < kWidth; ++c) {
      const Bits b = cell(c, row);
      text += !(p.mask & b) ? '.' : (x & b) ? 'x' : 'o';
    }
    if (row > 0) text += '/';
  }
  return text;
}

Parsed<Connect4::Position> Connect4::from_text(std::string_view text) {
  if (text.empty()) return ParseError{"empty connect4 position"};
  if (std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return from_moves(text);
  return from_board(text);
}

std::string Connect4::diagram(const Position& p) {
  const std::string text = to_text(p);
  std::string out;
  for (int i = 0; i < kHeight; ++i) {
    out += '|';
    for (int c = 0; c < kWidth; ++c) {
      out += ' ';
      out += text[static_cast<std::size_t>(i) * (kWidth + 1) + c];
    }
    out += " |\n";
  }
  out += "  1 2 3 4 5 6 7\n";
  return out;
}

// --- How the game shows itself to the app ---

Piece Connect4::piece_at(const Position& p, Cell c) {
  const Bits b = cell(c.col, c.row);
  if (!(p.mask & b)) return Piece::kNone;
  const Bits x = x_to_move(p) ? p.mover : opponent(p);
  return (x & b) ? Piece::kFirstSide : Piece::kSecondSide;
}

// The disc lands on the lowest empty cell of its column.
MoveCells Connect4::move_cells(const Position& p, Move m) {
  return MoveCells::placing({m, popcount(p.mask & column_mask(m))});
}

std::string Connect4::end_in_words(const Position& p) {
  return line_or_full_board_end(outcome(p), kSides[1 - side_to_move(p)], "four in a row");
}

}  // namespace arcade
