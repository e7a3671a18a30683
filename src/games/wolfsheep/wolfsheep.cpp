#include "games/wolfsheep/wolfsheep.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstdlib>
#include <vector>

#include "engine/hash.h"

namespace arcade {
namespace {

using Position = WolfSheep::Position;

constexpr std::uint64_t kFileA = 0x0101010101010101ull;
constexpr std::uint64_t kFileH = kFileA << 7;
constexpr std::uint64_t kDark = 0xAA55AA55AA55AA55ull;  // a1, c1, ..., b2, d2, ...
constexpr int kTopRank = 7;                             // rank 8, the wolves' home row

constexpr std::uint64_t bit(int square) {
  return std::uint64_t{1} << square;
}

// One diagonal step towards rank 8 / rank 1 from every square of `b`; the
// masks drop steps that would wrap around the board's edge.
constexpr std::uint64_t steps_up(std::uint64_t b) {
  return ((b << 7) & ~kFileH) | ((b << 9) & ~kFileA);
}
constexpr std::uint64_t steps_down(std::uint64_t b) {
  return ((b >> 7) & ~kFileA) | ((b >> 9) & ~kFileH);
}

// The squares on ranks above `rank` (0-based).
constexpr std::uint64_t ranks_above(int rank) {
  return rank >= kTopRank ? 0 : ~std::uint64_t{0} << ((rank + 1) * 8);
}

std::uint64_t sheep_targets(const Position& p) {
  const std::uint64_t sheep = bit(p.sheep);
  return (steps_up(sheep) | steps_down(sheep)) & ~p.wolves;
}

std::string square_name(int square) {
  return {static_cast<char>('a' + WolfSheep::file_of(square)),
          static_cast<char>('1' + WolfSheep::rank_of(square))};
}

std::optional<int> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return std::nullopt;
  return (text[1] - '1') * 8 + (text[0] - 'a');
}

template <class F>
void for_each_square(std::uint64_t set, F&& f) {
  for (; set; set &= set - 1) f(std::countr_zero(set));
}

// With the wolves frozen where they stand: the sheep's shortest way to a
// square level with the foremost wolf or beyond it (where it would have won),
// or, if they wall it in, how many squares its pen holds. At the start the
// wolves fill rank 8, so the whole board is the pen; it shrinks as their
// line comes down.
struct SheepRoom {
  int distance = -1;  // -1: no way through
  int pen_size = 0;
};

SheepRoom sheep_room(const Position& p) {
  const int top_wolf_rank = WolfSheep::rank_of(63 - std::countl_zero(p.wolves | 1));
  const std::uint64_t beyond = ~std::uint64_t{0} << (top_wolf_rank * 8);
  const std::uint64_t open = kDark & ~p.wolves;
  std::uint64_t seen = bit(p.sheep), frontier = seen;
  for (int distance = 0; frontier; ++distance) {
    if (frontier & beyond) return {distance, 0};
    frontier = (steps_up(frontier) | steps_down(frontier)) & open & ~seen;
    seen |= frontier;
  }
  return {-1, std::popcount(seen)};
}

// Pairs of file-neighbouring wolves that leave a hole between them: a wall
// needs them side by side on one rank or diagonally adjacent.
int line_gaps(std::uint64_t wolves) {
  std::array<int, WolfSheep::kWolfCount> squares{};  // ordered by file
  int n = 0;
  for (int file = 0; file < 8; ++file)
    for_each_square(wolves & (kFileA << file), [&](int sq) {
      if (n < WolfSheep::kWolfCount) squares[n++] = sq;
    });
  int gaps = 0;
  for (int i = 0; i + 1 < n; ++i) {
    const int files = WolfSheep::file_of(squares[i + 1]) - WolfSheep::file_of(squares[i]);
    const int ranks = std::abs(WolfSheep::rank_of(squares[i + 1]) - WolfSheep::rank_of(squares[i]));
    const bool tight = (files == 2 && ranks == 0) || (files == 1 && ranks == 1);
    if (!tight) ++gaps;
  }
  return gaps;
}

// Whether some assignment of the wolves to the home squares b8 d8 f8 h8 lets
// each reach its square going forward: a wolf n ranks down has drifted at
// most n files.
bool wolves_came_from_home(std::uint64_t wolves) {
  if (std::popcount(wolves) != WolfSheep::kWolfCount) return false;
  std::array<int, WolfSheep::kWolfCount> squares{};
  int n = 0;
  for_each_square(wolves, [&](int sq) { squares[n++] = sq; });
  std::array<int, WolfSheep::kWolfCount> homes = {1, 3, 5, 7};
  do {
    bool fits = true;
    for (int i = 0; i < n && fits; ++i)
      fits = std::abs(WolfSheep::file_of(squares[i]) - homes[i]) <=
             kTopRank - WolfSheep::rank_of(squares[i]);
    if (fits) return true;
  } while (std::next_permutation(homes.begin(), homes.end()));
  return false;
}

// Whether one move by the side that moved last leads here from a position
// where the game was still going.
bool has_unfinished_predecessor(const Position& p) {
  const std::uint64_t empty = kDark & ~p.wolves & ~bit(p.sheep);
  bool found = false;
  if (p.sheep_to_move) {
    for_each_square(p.wolves, [&](int wolf) {
      for_each_square(steps_up(bit(wolf)) & empty, [&](int before) {
        const Position earlier{p.wolves ^ bit(wolf) ^ bit(before), p.sheep, false};
        found = found || !WolfSheep::sheep_has_won(earlier);
      });
    });
  } else {
    for_each_square(sheep_targets(p) & empty, [&](int before) {
      const Position earlier{p.wolves, static_cast<std::uint8_t>(before), true};
      found = found || !WolfSheep::sheep_has_won(earlier);
    });
  }
  return found;
}

}  // namespace

WolfSheep::Position WolfSheep::start_with_sheep_on(int file) {
  assert(file >= 0 && file <= 6 && file % 2 == 0);
  return {bit(57) | bit(59) | bit(61) | bit(63), static_cast<std::uint8_t>(file), true};
}

bool WolfSheep::sheep_has_won(const Position& p) {
  return (p.wolves & ranks_above(rank_of(p.sheep))) == 0;
}

int WolfSheep::wolves_advance(const Position& p) {
  int advance = 0;
  for_each_square(p.wolves, [&](int sq) { advance += kTopRank - rank_of(sq); });
  return advance;
}

void WolfSheep::generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
  if (sheep_has_won(p)) return;
  if (p.sheep_to_move) {
    for_each_square(sheep_targets(p), [&](int to) { moves.push(make_move(p.sheep, to)); });
    return;
  }
  const std::uint64_t empty = ~p.wolves & ~bit(p.sheep);
  for_each_square(p.wolves, [&](int from) {
    for_each_square(steps_down(bit(from)) & empty,
                    [&](int to) { moves.push(make_move(from, to)); });
  });
}

WolfSheep::Position WolfSheep::play(const Position& p, Move m) {
  Position next = p;
  if (p.sheep_to_move)
    next.sheep = static_cast<std::uint8_t>(move_to(m));
  else
    next.wolves ^= bit(move_from(m)) | bit(move_to(m));
  next.sheep_to_move = !p.sheep_to_move;
  return next;
}

Outcome WolfSheep::outcome(const Position& p) {
  if (sheep_has_won(p)) return p.sheep_to_move ? Outcome::kWon : Outcome::kLost;
  MoveList<kMaxMoves> moves;
  generate_moves(p, moves);
  return moves.empty() ? Outcome::kLost : Outcome::kOngoing;
}

// From the sheep's side: a short way through the wolves is good for it, a
// small pen is bad; room to move and holes in the wolves' line help it.
WolfSheep::Weights WolfSheep::term_values(const Position& p, const Weights&) {
  Weights values{};
  const SheepRoom room = sheep_room(p);
  const bool way_out = room.distance >= 0;
  values[kWayOut] = way_out ? 1 : 0;
  values[kWayLength] = way_out ? room.distance : 0;
  values[kPenned] = way_out ? 0 : 1;
  values[kPenSize] = way_out ? 0 : room.pen_size;
  values[kSheepMoves] = std::popcount(sheep_targets(p));
  values[kLineGaps] = line_gaps(p.wolves);
  if (!p.sheep_to_move)
    for (Score& v : values) v = -v;
  return values;
}

Score WolfSheep::evaluate(const Position& p, const Weights& weights) {
  return weighted_total(term_values(p, weights), weights);
}

// Dark squares are numbered 0..31 by square / 2, so the position packs into
// 32 + 5 + 1 bits, which mix_hash spreads.
std::uint64_t WolfSheep::hash(const Position& p) {
  std::uint64_t code = 0;
  for_each_square(p.wolves, [&](int sq) { code |= std::uint64_t{1} << (sq / 2); });
  code |= static_cast<std::uint64_t>(p.sheep / 2) << 32;
  code |= static_cast<std::uint64_t>(p.sheep_to_move) << 37;
  return mix_hash(code);
}

// The sheep heads up the board; the wolves move their hindmost first, which
// keeps their line closed.
int WolfSheep::move_hint(const Position& p, Move m) {
  const int from = move_from(m), to = move_to(m);
  if (p.sheep_to_move) return rank_of(to) > rank_of(from) ? 10 : 0;
  return rank_of(from);
}

std::string WolfSheep::move_to_text(const Position&, Move m) {
  return square_name(move_from(m)) + square_name(move_to(m));
}

Parsed<Move> WolfSheep::move_from_text(const Position& p, std::string_view text) {
  std::string quoted(1, '\'');  // (not "'" + text: GCC 12 warns falsely, -Wrestrict)
  quoted.append(text).push_back('\'');
  // "e1d2", "e1-d2", or the destination alone: "d2".
  std::string_view from_text, to_text = text;
  if (text.size() == 4 || (text.size() == 5 && text[2] == '-')) {
    from_text = text.substr(0, 2);
    to_text = text.substr(text.size() - 2);
  }
  const std::optional<int> to = parse_square(to_text);
  const std::optional<int> from = parse_square(from_text);
  if (!to || (!from_text.empty() && !from))
    return ParseError{quoted + " is not a move: write the from and to squares, like e1d2"};
  if (outcome(p) != Outcome::kOngoing) return ParseError{"the game is over"};

  MoveList<kMaxMoves> moves;
  generate_moves(p, moves);
  if (!from) {
    std::vector<Move> going_there;
    for (Move m : moves)
      if (move_to(m) == *to) going_there.push_back(m);
    if (going_there.size() == 1) return going_there.front();
    if (going_there.empty()) return ParseError{"no legal move goes to " + std::string(text)};
    return ParseError{"more than one wolf can go to " + std::string(text) +
                      ": write the move with its from square, like " +
                      move_to_text(p, going_there.front())};
  }
  const Move m = make_move(*from, *to);
  if (moves.contains(m)) return m;
  if (p.sheep_to_move && *from != p.sheep)
    return ParseError{"the sheep is to move and it is on " + square_name(p.sheep) + ", not " +
                      square_name(*from)};
  if (!p.sheep_to_move && !(p.wolves & bit(*from)))
    return ParseError{"the wolves are to move and there is no wolf on " + square_name(*from)};
  return ParseError{quoted + " is not legal: " +
                    (p.sheep_to_move ? "the sheep steps one square diagonally either way"
                                     : "a wolf steps one square diagonally towards rank 1") +
                    ", onto an empty square"};
}

std::string WolfSheep::to_text(const Position& p) {
  std::string text;
  for (int rank = kTopRank; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const int sq = rank * 8 + file;
      const char piece = (p.wolves & bit(sq)) ? 'w' : sq == p.sheep ? 's' : 0;
      if (!piece) {
        ++empty;
        continue;
      }
      if (empty) text += static_cast<char>('0' + empty);
      text += piece;
      empty = 0;
    }
    if (empty) text += static_cast<char>('0' + empty);
    if (rank > 0) text += '/';
  }
  text += p.sheep_to_move ? " s" : " w";
  return text;
}

namespace {

// Reads one rank of the board part into `wolves` and `sheep`; counts pieces
// so the caller can check them once.
std::optional<std::string> read_rank(std::string_view text, int rank, std::uint64_t& wolves,
                                     int& wolf_count, int& sheep_count, int& sheep) {
  const std::string name = "rank " + std::to_string(rank + 1);
  int file = 0;
  bool after_digit = false;
  for (char c : text) {
    if (file >= 8) return name + " has more than 8 squares";
    if (c >= '1' && c <= '8') {
      if (after_digit) return name + ": write a run of empty squares as one digit";
      file += c - '0';
      if (file > 8) return name + " has more than 8 squares";
      after_digit = true;
      continue;
    }
    after_digit = false;
    if (c != 'w' && c != 's')
      return name + ": unexpected '" + std::string(1, c) + "' (use 'w', 's' and digits 1-8)";
    const int sq = rank * 8 + file++;
    if (!WolfSheep::is_dark(sq))
      return std::string(c == 'w' ? "a wolf" : "the sheep") + " on the light square " +
             square_name(sq) + ": pieces stand on dark squares only (a1 is dark)";
    if (c == 'w')
      wolves |= bit(sq), ++wolf_count;
    else
      sheep = sq, ++sheep_count;
  }
  if (file != 8) return name + " has " + std::to_string(file) + " squares, not 8";
  return std::nullopt;
}

}  // namespace

Parsed<WolfSheep::Position> WolfSheep::from_text(std::string_view text) {
  const std::string_view example = "1w1w1w1w/8/8/8/8/8/8/4s3 s";
  const std::size_t space = text.find(' ');
  if (space == std::string_view::npos)
    return ParseError{"missing the side to move: write the board, a space, then 's' or 'w', like " +
                      std::string(example)};
  const std::string_view side = text.substr(space + 1);
  if (side != "s" && side != "w")
    return ParseError{"the side to move must be 's' (sheep) or 'w' (wolves), not '" +
                      std::string(side) + "'"};
  const std::string_view board = text.substr(0, space);
  if (std::count(board.begin(), board.end(), '/') != 7)
    return ParseError{"the board needs 8 ranks joined by '/', like " + std::string(example)};

  Position p;
  p.sheep_to_move = side == "s";
  int wolf_count = 0, sheep_count = 0, sheep = 0;
  std::size_t begin = 0;
  for (int rank = kTopRank; rank >= 0; --rank) {
    const std::size_t end = rank > 0 ? board.find('/', begin) : board.size();
    if (auto problem = read_rank(board.substr(begin, end - begin), rank, p.wolves, wolf_count,
                                 sheep_count, sheep))
      return ParseError{*problem};
    begin = end + 1;
  }
  if (wolf_count != kWolfCount)
    return ParseError{"there must be 4 wolves, not " + std::to_string(wolf_count)};
  if (sheep_count != 1)
    return ParseError{"there must be one sheep, not " + std::to_string(sheep_count)};
  p.sheep = static_cast<std::uint8_t>(sheep);
  if (auto problem = impossibility(p)) return ParseError{"impossible position: " + *problem};
  return p;
}

// Every game starts with the wolves at home and the sheep on rank 1, to move;
// then the sheep has moved as often as the wolves (once more with the wolves
// to move), and each move changes its rank by one. So a position is only
// possible if the wolves fit their home squares, the sheep's rank has the
// parity of its number of moves and is no larger, and the last move came from
// a position where the game was still on. A finished game is a legal position
// (the sheep on rank 8 with the wolves to move, say); the sheep on rank 8
// with the sheep to move is not, as the game ended a move before.
std::optional<std::string> WolfSheep::impossibility(const Position& p) {
  if (!wolves_came_from_home(p.wolves))
    return "the wolves cannot all have come from b8 d8 f8 h8 (they only move forward)";
  const int sheep_moves = wolves_advance(p) + (p.sheep_to_move ? 0 : 1);
  const int sheep_rank = rank_of(p.sheep);
  if (sheep_rank % 2 != sheep_moves % 2)
    return "the side to move does not fit: with the wolves " + std::to_string(wolves_advance(p)) +
           " steps from home and the sheep on rank " + std::to_string(sheep_rank + 1) + ", " +
           (p.sheep_to_move ? "the wolves are" : "the sheep is") + " to move";
  if (sheep_rank > sheep_moves)
    return "the sheep cannot reach rank " + std::to_string(sheep_rank + 1) + " in " +
           std::to_string(sheep_moves) + " moves";
  if (sheep_moves > 0 && !has_unfinished_predecessor(p))
    return std::string(p.sheep_to_move ? "no wolf" : "the sheep cannot have") +
           (p.sheep_to_move ? " can have made the last move" : " made the last move") +
           " from a position where the game was still on";
  return std::nullopt;
}

std::string WolfSheep::diagram(const Position& p) {
  std::string out;
  for (int rank = kTopRank; rank >= 0; --rank) {
    out += std::to_string(rank + 1) + " ";
    for (int file = 0; file < 8; ++file) {
      const int sq = rank * 8 + file;
      out += ' ';
      out += (p.wolves & bit(sq)) ? 'w' : sq == p.sheep ? 's' : is_dark(sq) ? '.' : ' ';
    }
    out += '\n';
  }
  out += "   a b c d e f g h\n";
  const Outcome o = outcome(p);
  if (sheep_has_won(p))
    out += "the sheep has won\n";
  else if (o != Outcome::kOngoing)
    out += p.sheep_to_move ? "the wolves have won\n" : "the sheep has won\n";
  else
    out += p.sheep_to_move ? "sheep to move\n" : "wolves to move\n";
  return out;
}

// --- How the game shows itself to the app ---

std::vector<StartVariant<WolfSheep::Position>> WolfSheep::start_variants() {
  return {{"a1", start_with_sheep_on(0)},
          {"c1", start_with_sheep_on(2)},
          {"e1", start_with_sheep_on(4)},
          {"g1", start_with_sheep_on(6)}};
}

// Square = rank * 8 + file, with rank 0 for rank 1, as a cell's row and column.
Piece WolfSheep::piece_at(const Position& p, Cell c) {
  const int square = c.row * 8 + c.col;
  if (square == p.sheep) return Piece::kFirstSide;
  return (p.wolves & bit(square)) ? Piece::kSecondSide : Piece::kNone;
}

MoveCells WolfSheep::move_cells(const Position&, Move m) {
  return MoveCells::moving({file_of(move_from(m)), rank_of(move_from(m))},
                          {file_of(move_to(m)), rank_of(move_to(m))});
}

std::string WolfSheep::end_in_words(const Position& p) {
  if (sheep_has_won(p)) return side_wins(kSides[0]) + ": it got past the wolves.";
  if (outcome(p) == Outcome::kOngoing) return "";
  // The side to move has no move and loses.
  return p.sheep_to_move ? side_wins(kSides[1]) + ": the sheep is trapped."
                         : side_wins(kSides[0]) + ": the wolves cannot move.";
}

}  // namespace arcade
