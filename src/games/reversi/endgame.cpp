#include "games/reversi/endgame.h"

#include <algorithm>
#include <array>

namespace arcade::reversi {
namespace {

constexpr int kInfinity = 127;
constexpr std::uint8_t kNoMove = 255;

// ---- Stable discs -------------------------------------------------------

// The discs of an 8-square edge that no sequence of moves can turn, for the
// edge's two colours given as 8-bit rows (`mine`, `theirs`). Any empty square
// of an edge may be taken by either side at any time (from a move inside the
// board), and then the lines it closes along the edge turn: a disc is stable
// when it keeps its colour after every such placement, recursively.
class EdgeStability {
 public:
  EdgeStability() {
    done_.fill(false);
    for (int mine = 0; mine < 256; ++mine)
      for (int theirs = 0; theirs < 256; ++theirs)
        if (!(mine & theirs)) compute(mine, theirs);
  }
  std::uint8_t operator()(unsigned mine, unsigned theirs) const {
    return stable_[mine << 8 | theirs];
  }

 private:
  // Both colours' stable discs of the edge.
  std::uint8_t compute(int mine, int theirs) {
    const int index = mine << 8 | theirs;
    if (done_[index]) return both_[index];
    int stable = mine | theirs;
    for (int x = 0; x < 8; ++x) {
      if ((stable | ~(mine | theirs)) == 0) break;
      if ((mine | theirs) >> x & 1) continue;
      int turned = edge_flips(mine, theirs, x);
      stable &= compute(mine | turned | 1 << x, theirs & ~turned) & ~turned;
      turned = edge_flips(theirs, mine, x);
      stable &= compute(mine & ~turned, theirs | turned | 1 << x) & ~turned;
    }
    done_[index] = true;
    both_[index] = static_cast<std::uint8_t>(stable);
    stable_[index] = static_cast<std::uint8_t>(stable & mine);
    return both_[index];
  }
  static int edge_flips(int own, int other, int x) {
    int turned = 0;
    for (int step : {-1, 1}) {
      int run = 0, at = x + step;
      while (at >= 0 && at < 8 && (other >> at & 1)) run |= 1 << at, at += step;
      if (at >= 0 && at < 8 && (own >> at & 1)) turned |= run;
    }
    return turned;
  }
  std::array<std::uint8_t, 65536> stable_{};
  std::array<std::uint8_t, 65536> both_{};
  std::array<bool, 65536> done_{};
};

const EdgeStability& edge_stability() {
  static const EdgeStability table;
  return table;
}

// Column a as an 8-bit row (a1 in bit 0) and back.
unsigned column_a_row(Bitboard b) {
  return ((b & kColumnA) * 0x0102040810204080ULL) >> 56;
}
constexpr std::array<Bitboard, 256> make_row_to_column_a() {
  std::array<Bitboard, 256> table{};
  for (int row = 0; row < 256; ++row)
    for (int i = 0; i < 8; ++i)
      if (row >> i & 1) table[row] |= Bitboard{1} << (8 * i);
  return table;
}
constexpr std::array<Bitboard, 256> kRowToColumnA = make_row_to_column_a();

// The stable discs of `player` on the four edges.
Bitboard edge_stable(Bitboard player, Bitboard opponent) {
  const EdgeStability& edge = edge_stability();
  Bitboard stable = edge(player & 0xFF, opponent & 0xFF);
  stable |= Bitboard{edge(player >> 56, opponent >> 56)} << 56;
  stable |= kRowToColumnA[edge(column_a_row(player), column_a_row(opponent))];
  stable |= kRowToColumnA[edge(column_a_row(player >> 7), column_a_row(opponent >> 7))] << 7;
  return stable;
}

struct Diagonals {
  std::array<Bitboard, 15> down{};  // a1-h8 direction (step 9)
  std::array<Bitboard, 15> up{};    // h1-a8 direction (step 7)
};
constexpr Diagonals make_diagonals() {
  Diagonals d;
  for (int s = 0; s < 64; ++s) {
    const int r = s / 8, c = s % 8;
    d.down[r - c + 7] |= Bitboard{1} << s;
    d.up[r + c] |= Bitboard{1} << s;
  }
  return d;
}
constexpr Diagonals kDiagonals = make_diagonals();

// Squares whose line along each axis is full (no move can ever be made on it).
struct FullLines {
  Bitboard horizontal, vertical, down, up;
};
FullLines full_lines(Bitboard occupied) {
  FullLines full{0, 0, 0, 0};
  for (int r = 0; r < 8; ++r)
    if ((occupied >> (8 * r) & 0xFF) == 0xFF) full.horizontal |= Bitboard{0xFF} << (8 * r);
  Bitboard columns = occupied & occupied >> 32;
  columns &= columns >> 16;
  columns &= columns >> 8;
  full.vertical = (columns & 0xFF) * kColumnA;
  for (int i = 0; i < 15; ++i) {
    if ((occupied & kDiagonals.down[i]) == kDiagonals.down[i]) full.down |= kDiagonals.down[i];
    if ((occupied & kDiagonals.up[i]) == kDiagonals.up[i]) full.up |= kDiagonals.up[i];
  }
  return full;
}

constexpr Bitboard kBorder = 0xFF818181818181FFULL;
constexpr Bitboard kRows1And8 = 0xFF000000000000FFULL;
constexpr Bitboard kColumnsAH = kColumnA | kColumnH;

// ---- Squares ------------------------------------------------------------

// The order in which the shallow search tries empties, from the best squares
// (corners, then the squares two from a corner) to the worst (next to an
// empty corner); lower first.
constexpr std::array<int, 64> kSquareRank = {
    0, 6, 1, 2, 2, 1, 6, 0,  //
    6, 7, 4, 4, 4, 4, 7, 6,  //
    1, 4, 3, 3, 3, 3, 4, 1,  //
    2, 4, 3, 3, 3, 3, 4, 2,  //
    2, 4, 3, 3, 3, 3, 4, 2,  //
    1, 4, 3, 3, 3, 3, 4, 1,  //
    6, 7, 4, 4, 4, 4, 7, 6,  //
    0, 6, 1, 2, 2, 1, 6, 0,  //
};

constexpr std::array<int, 64> make_square_order() {
  std::array<int, 64> order{};
  int n = 0;
  for (int rank = 0; rank < 8; ++rank)
    for (int s = 0; s < 64; ++s)
      if (kSquareRank[s] == rank) order[n++] = s;
  return order;
}
constexpr std::array<int, 64> kSquareOrder = make_square_order();

// The squares diagonally next to these corners (X squares): a disc there
// usually gives the corner away.
constexpr Bitboard x_squares_of(Bitboard corners) {
  constexpr Bitboard kXSquares = 0x0042000000004200ULL;
  return kXSquares & (((corners & kNotColumnH) << 9) | ((corners & kNotColumnA) << 7) |
                      ((corners & kNotColumnA) >> 9) | ((corners & kNotColumnH) >> 7));
}

// At this many empties and more the moves are also ordered one ply deeper:
// by the moves (corners twice) the opponent's best reply leaves us. Few
// nodes are this high, and their order decides most of the tree: lines 5
// and 8 of data/reversi_random_20_24.obf (22 and 23 empties) took 250M nodes
// instead of 400M, FFO #21-35 84M instead of 70M (12 and 14 empties: more).
constexpr int kLookaheadEmpties = 16;

// Our moves (corners count twice) after the opponent's reply that leaves the
// fewest; `opponent` is to move, `replies` its moves.
int fewest_after_reply(Bitboard opponent, Bitboard us, Bitboard replies) {
  int fewest = 64;
  for (; replies; replies &= replies - 1) {
    const int reply = std::countr_zero(replies);
    const Bitboard turned = flips(opponent, us, reply);
    const Bitboard ours = legal_moves(us & ~turned, opponent | turned | square_bit(reply));
    fewest = std::min(fewest, count(ours) + count(ours & kCorners));
  }
  return fewest;
}

// At this many empties and more a move whose position the table refutes cuts
// before any search (enhanced transposition cut-off). Each probe is likely a
// cache miss: from 10 empties the first 4 lines of
// data/reversi_random_20_24.obf took 63.8M nodes but more time than from 14
// (65.7M nodes).
constexpr int kEtcEmpties = 14;

// The quadrant of a square as one bit of the parity word.
constexpr unsigned quadrant_bit(int square) {
  return 1u << ((square >> 5 & 1) << 1 | (square >> 2 & 1));
}

}  // namespace

int final_score(Bitboard player, Bitboard opponent) {
  const int mine = count(player), theirs = count(opponent);
  if (mine > theirs) return 64 - 2 * theirs;
  if (mine < theirs) return 2 * mine - 64;
  return 0;
}

Bitboard stable_discs(Bitboard player, Bitboard opponent) {
  const Bitboard occupied = player | opponent;
  const FullLines full = full_lines(occupied);
  // A disc cannot turn along an axis when its line there is full, or when a
  // neighbour along the axis is the board's edge or a stable disc of its
  // colour (a run that turns would have to turn that neighbour too).
  Bitboard stable = edge_stable(player, opponent) |
                    (player & full.horizontal & full.vertical & full.down & full.up);
  if (!stable) return 0;
  for (;;) {
    const Bitboard horizontal = full.horizontal | kColumnsAH | ((stable << 1) & kNotColumnA) |
                                ((stable >> 1) & kNotColumnH);
    const Bitboard vertical = full.vertical | kRows1And8 | (stable << 8) | (stable >> 8);
    const Bitboard down =
        full.down | kBorder | ((stable << 9) & kNotColumnA) | ((stable >> 9) & kNotColumnH);
    const Bitboard up =
        full.up | kBorder | ((stable << 7) & kNotColumnH) | ((stable >> 7) & kNotColumnA);
    const Bitboard grown = stable | (player & horizontal & vertical & down & up);
    if (grown == stable) return stable;
    stable = grown;
  }
}

// ---- Solver -------------------------------------------------------------

struct EndgameSolver::Candidate {
  Bitboard flipped;
  int square;
  int key;
};

EndgameSolver::EndgameSolver(int table_bits)
    : table_(std::size_t{1} << table_bits), table_shift_(64 - table_bits) {
  edge_stability();  // built once, before any timing
}

void EndgameSolver::clear_table() {
  std::fill(table_.begin(), table_.end(), Entry{});
}

bool EndgameSolver::should_stop() {
  if (stopped_) return true;
  if (nodes_ < next_stop_check_) return false;
  next_stop_check_ = nodes_ + 4096;
  stopped_ = stop_ && stop_->load(std::memory_order_relaxed);
  return stopped_;
}

void EndgameSolver::set_empties(Bitboard empty) {
  int last = 64;
  parity_ = 0;
  for (int square : kSquareOrder) {
    if (!(empty >> square & 1)) continue;
    next_[last] = square;
    prev_[square] = last;
    last = square;
    parity_ ^= quadrant_bit(square);
  }
  next_[last] = 64;
  prev_[64] = last;
}

void EndgameSolver::remove_empty(int square) {
  next_[prev_[square]] = next_[square];
  prev_[next_[square]] = prev_[square];
  parity_ ^= quadrant_bit(square);
}

void EndgameSolver::restore_empty(int square) {
  next_[prev_[square]] = square;
  prev_[next_[square]] = square;
  parity_ ^= quadrant_bit(square);
}

const EndgameSolver::Entry* EndgameSolver::probe(Bitboard player, Bitboard opponent) const {
  const std::size_t index =
      ((player * 0x9E3779B97F4A7C15ULL) ^ (opponent * 0xC2B2AE3D27D4EB4FULL)) >> table_shift_;
  const Entry& e = table_[index];
  return e.player == player && e.opponent == opponent ? &e : nullptr;
}

void EndgameSolver::store(Bitboard player, Bitboard opponent, int empties, int alpha, int beta,
                          int score, int move) {
  const std::size_t index =
      ((player * 0x9E3779B97F4A7C15ULL) ^ (opponent * 0xC2B2AE3D27D4EB4FULL)) >> table_shift_;
  Entry& e = table_[index];
  if (e.player != player || e.opponent != opponent) {
    if (e.empties > empties + 1) return;  // keep the bigger tree's result
    e = Entry{player, opponent, -64, 64, kNoMove, static_cast<std::uint8_t>(empties)};
  }
  if (score > alpha) e.lower = static_cast<std::int8_t>(std::max<int>(e.lower, score));
  if (score < beta) e.upper = static_cast<std::int8_t>(std::min<int>(e.upper, score));
  if (move >= 0) e.move = static_cast<std::uint8_t>(move);
}

int EndgameSolver::solve(Bitboard player, Bitboard opponent, int alpha, int beta) {
  stopped_ = false;
  next_stop_check_ = 0;
  best_square_ = -1;
  const Bitboard empty = ~(player | opponent);
  set_empties(empty);
  // Null windows only (MTD(f), from a guess of a draw): each search tells
  // whether the score reaches a value, and the table keeps what the earlier
  // ones learnt. On FFO #21-35 this took 70M nodes where one principal
  // variation search over the whole window took 117M. (Steps that grow while
  // the tests fail on the same side took more: 75M nodes instead of 66M on
  // the first 4 lines of data/reversi_random_20_24.obf.)
  int lower = alpha, upper = beta, best = -1;
  int score = std::clamp(0, alpha + 1, beta);
  while (lower < upper) {
    const int test = std::max(score, lower + 1);
    score = search_root(player, opponent, test - 1, test, count(empty));
    if (stopped_) return 0;
    if (score < test) {
      upper = score;
    } else {
      lower = score;
      best = best_square_;
    }
  }
  // Every test failed low down to the exact score: one more finds its move.
  if (best < 0 && score > alpha && score < beta && legal_moves(player, opponent)) {
    search_root(player, opponent, score - 1, score + 1, count(empty));
    best = best_square_;
  }
  best_square_ = best;
  return score;
}

std::vector<EndgameSolver::MoveScore> EndgameSolver::solve_moves(Bitboard player,
                                                                 Bitboard opponent) {
  std::vector<MoveScore> scores;
  for (Bitboard moves = legal_moves(player, opponent); moves; moves &= moves - 1) {
    const int square = std::countr_zero(moves);
    const Bitboard turned = flips(player, opponent, square);
    const int score = -solve(opponent & ~turned, player | turned | square_bit(square));
    if (stopped_) return {};
    scores.push_back({square, score});
  }
  std::stable_sort(scores.begin(), scores.end(),
                   [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
  best_square_ = scores.empty() ? -1 : scores.front().square;
  return scores;
}

int EndgameSolver::search_root(Bitboard player, Bitboard opponent, int alpha, int beta,
                               int empties) {
  ++nodes_;
  const Bitboard moves = legal_moves(player, opponent);
  if (!moves) {
    if (!legal_moves(opponent, player)) return final_score(player, opponent);
    return -search_any(opponent, player, -beta, -alpha, empties);
  }
  const Entry* e = probe(player, opponent);
  int best_move = -1;
  const int score =
      search_moves(player, opponent, alpha, beta, empties, moves, e ? e->move : kNoMove, best_move);
  if (stopped_) return 0;
  best_square_ = best_move;
  store(player, opponent, empties, alpha, beta, score, best_move);
  return score;
}

// Any node below the root: the search that fits its number of empties.
int EndgameSolver::search_any(Bitboard player, Bitboard opponent, int alpha, int beta,
                              int empties) {
  if (empties >= kSortEmpties) return search_deep(player, opponent, alpha, beta, empties);
  if (empties > 4) return search_shallow(player, opponent, alpha, beta, empties, false);
  const int x1 = next_[64], x2 = next_[x1], x3 = next_[x2];
  switch (empties) {
    case 4:
      return solve_4(player, opponent, alpha, beta);
    case 3:
      return solve_3(player, opponent, alpha, beta, x1, x2, x3);
    case 2:
      return solve_2(player, opponent, alpha, beta, x1, x2);
    case 1:
      return solve_1(player, opponent, x1);
    default:
      ++nodes_;
      return final_score(player, opponent);
  }
}

// Nodes of kSortEmpties empties and more.
int EndgameSolver::search_deep(Bitboard player, Bitboard opponent, int alpha, int beta,
                               int empties) {
  // Step 1. Count the node, watch the stop flag.
  ++nodes_;
  if (should_stop()) return 0;
  // Step 2. A pass, or the end of the game.
  const Bitboard moves = legal_moves(player, opponent);
  if (!moves) {
    if (!legal_moves(opponent, player)) return final_score(player, opponent);
    return -search_deep(opponent, player, -beta, -alpha, empties);
  }
  // Step 3. Stability: the opponent keeps its stable discs, which bounds the
  // score from above. It can only cut when the opponent has discs enough.
  if (alpha >= 64 - 2 * count(opponent)) {
    const int upper = 64 - 2 * count(stable_discs(opponent, player));
    if (upper <= alpha) return upper;
  }
  // Step 4. The table: a bound may decide the node or narrow its window.
  int hint = kNoMove;
  if (const Entry* e = probe(player, opponent)) {
    if (e->lower >= beta) return e->lower;
    if (e->upper <= alpha) return e->upper;
    if (e->lower == e->upper) return e->lower;
    alpha = std::max<int>(alpha, e->lower);
    beta = std::min<int>(beta, e->upper);
    hint = e->move;
  }
  // Step 5. The moves, then the table learns the result.
  int best_move = -1;
  const int score = search_moves(player, opponent, alpha, beta, empties, moves, hint, best_move);
  if (stopped_) return 0;
  store(player, opponent, empties, alpha, beta, score, best_move);
  return score;
}

// The moves of a deep node, fastest first, by principal variation search.
// Returns the fail-soft score and the best move in `best_move`.
int EndgameSolver::search_moves(Bitboard player, Bitboard opponent, int alpha, int beta,
                                int empties, Bitboard moves, int hint, int& best_move) {
  // Step 1. Each move with its key: the table's move first, then the moves
  // that leave the opponent the fewest replies (corners count twice) and
  // the fewest squares next to our discs; taking a corner, not giving one
  // (X squares) and odd regions break near-ties.
  std::array<Candidate, 40> list;
  int n = 0;
  const Bitboard corner_givers = x_squares_of(kCorners & ~(player | opponent));
  for (; moves; moves &= moves - 1) {
    const int square = std::countr_zero(moves);
    const Bitboard turned = flips(player, opponent, square);
    const Bitboard next_player = opponent & ~turned;
    const Bitboard next_opponent = player | turned | square_bit(square);
    const Bitboard replies = legal_moves(next_player, next_opponent);
    int key = -16 * (count(replies) + count(replies & kCorners));
    key -= count(potential_moves(next_player, next_opponent));
    if (square_bit(square) & kCorners) key += 8;
    if (square_bit(square) & corner_givers) key -= 16;
    if (parity_ & quadrant_bit(square)) key += 4;
    if (empties >= kLookaheadEmpties)
      key += 16 * fewest_after_reply(next_player, next_opponent, replies);
    if (square == hint) key = 1 << 20;
    // Enhanced transposition cut-off: a child the table already refutes.
    if (empties >= kEtcEmpties) {
      const Entry* child = probe(next_player, next_opponent);
      if (child && -child->upper >= beta) {
        best_move = square;
        return -child->upper;
      }
    }
    list[n++] = {turned, square, key};
  }
  // Step 2. Try them best key first (a selection sort stops early at a cut).
  int best = -kInfinity;
  for (int i = 0; i < n; ++i) {
    int top = i;
    for (int j = i + 1; j < n; ++j)
      if (list[j].key > list[top].key) top = j;
    std::swap(list[i], list[top]);
    const Candidate& c = list[i];
    const Bitboard next_player = opponent & ~c.flipped;
    const Bitboard next_opponent = player | c.flipped | square_bit(c.square);
    remove_empty(c.square);
    int score;
    if (i == 0 || beta - alpha == 1) {
      score = -search_any(next_player, next_opponent, -beta, -alpha, empties - 1);
    } else {
      score = -search_any(next_player, next_opponent, -alpha - 1, -alpha, empties - 1);
      if (score > alpha && score < beta)
        score = -search_any(next_player, next_opponent, -beta, -score, empties - 1);
    }
    restore_empty(c.square);
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      best_move = c.square;
      if (score >= beta) break;
      alpha = std::max(alpha, score);
    }
  }
  return best;
}

// Nodes of 5 to kSortEmpties - 1 empties: the list of empties, odd regions
// first, no table.
int EndgameSolver::search_shallow(Bitboard player, Bitboard opponent, int alpha, int beta,
                                  int empties, bool passed) {
  ++nodes_;
  int best = -kInfinity;
  for (unsigned odd : {parity_, ~parity_}) {
    for (int x = next_[64]; x != 64; x = next_[x]) {
      if (!(odd & quadrant_bit(x)) || !touches(opponent, x)) continue;
      const Bitboard turned = flips(player, opponent, x);
      if (!turned) continue;
      const Bitboard next_player = opponent & ~turned;
      const Bitboard next_opponent = player | turned | square_bit(x);
      remove_empty(x);
      const int score = empties == 5 ? -solve_4(next_player, next_opponent, -beta, -alpha)
                                     : -search_shallow(next_player, next_opponent, -beta, -alpha,
                                                       empties - 1, false);
      restore_empty(x);
      if (score > best) {
        best = score;
        if (score >= beta) return best;
        alpha = std::max(alpha, score);
      }
    }
  }
  if (best != -kInfinity) return best;
  if (passed) return final_score(player, opponent);
  return -search_shallow(opponent, player, -beta, -alpha, empties, true);
}

// The last four empties: parity order (squares alone in their quadrant
// first), then the three-empty solver.
int EndgameSolver::solve_4(Bitboard player, Bitboard opponent, int alpha, int beta) {
  ++nodes_;
  int x[4];
  int n = 0;
  for (int s = next_[64]; s != 64; s = next_[s])
    if (parity_ & quadrant_bit(s)) x[n++] = s;
  for (int s = next_[64]; s != 64; s = next_[s])
    if (!(parity_ & quadrant_bit(s))) x[n++] = s;
  int best = -kInfinity;
  for (int i = 0; i < 4; ++i) {
    if (!touches(opponent, x[i])) continue;
    const Bitboard turned = flips(player, opponent, x[i]);
    if (!turned) continue;
    int rest[3], r = 0;
    for (int j = 0; j < 4; ++j)
      if (j != i) rest[r++] = x[j];
    const int score = -solve_3(opponent & ~turned, player | turned | square_bit(x[i]), -beta,
                               -alpha, rest[0], rest[1], rest[2]);
    if (score > best) {
      best = score;
      if (score >= beta) return best;
      alpha = std::max(alpha, score);
    }
  }
  if (best != -kInfinity) return best;
  if (!legal_moves(opponent, player)) return final_score(player, opponent);
  return -solve_4(opponent, player, -beta, -alpha);
}

int EndgameSolver::solve_3(Bitboard player, Bitboard opponent, int alpha, int beta, int x1, int x2,
                           int x3) {
  ++nodes_;
  const int x[3] = {x1, x2, x3};
  int best = -kInfinity;
  for (int i = 0; i < 3; ++i) {
    if (!touches(opponent, x[i])) continue;
    const Bitboard turned = flips(player, opponent, x[i]);
    if (!turned) continue;
    const int a = x[i == 0 ? 1 : 0], b = x[i == 2 ? 1 : 2];
    const int score =
        -solve_2(opponent & ~turned, player | turned | square_bit(x[i]), -beta, -alpha, a, b);
    if (score > best) {
      best = score;
      if (score >= beta) return best;
      alpha = std::max(alpha, score);
    }
  }
  if (best != -kInfinity) return best;
  const Bitboard squares = square_bit(x1) | square_bit(x2) | square_bit(x3);
  if (!(legal_moves(opponent, player) & squares)) return final_score(player, opponent);
  return -solve_3(opponent, player, -beta, -alpha, x1, x2, x3);
}

int EndgameSolver::solve_2(Bitboard player, Bitboard opponent, int alpha, int beta, int x1,
                           int x2) {
  ++nodes_;
  int best = -kInfinity;
  if (const Bitboard turned = touches(opponent, x1) ? flips(player, opponent, x1) : 0) {
    best = -solve_1(opponent & ~turned, player | turned | square_bit(x1), x2);
    if (best >= beta) return best;
  }
  if (const Bitboard turned = touches(opponent, x2) ? flips(player, opponent, x2) : 0) {
    const int score = -solve_1(opponent & ~turned, player | turned | square_bit(x2), x1);
    return std::max(best, score);
  }
  if (best != -kInfinity) return best;
  if (!flips(opponent, player, x1) && !flips(opponent, player, x2))
    return final_score(player, opponent);
  return -solve_2(opponent, player, -beta, -alpha, x1, x2);
}

// One empty square left: the score is known without a search, and without
// the flipped discs themselves, only their number.
int EndgameSolver::solve_1(Bitboard player, Bitboard opponent, int x) {
  ++nodes_;
  if (const int turned = count_last_flips(player, x)) return 2 * (count(player) + turned + 1) - 64;
  if (const int turned = count_last_flips(opponent, x))
    return 64 - 2 * (count(opponent) + turned + 1);
  return final_score(player, opponent);
}

}  // namespace arcade::reversi
