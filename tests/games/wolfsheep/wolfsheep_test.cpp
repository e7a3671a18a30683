// Wolf and Sheep: the rules against a reference written on a plain 8x8 array,
// the position string, and the complete solution against independent
// searches (the engine's own search without the table, and a memoised
// brute force over every position reachable from each start).

#include "games/wolfsheep/wolfsheep.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <iostream>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/perft.h"
#include "games/registry.h"
#include "games/wolfsheep/wolfsheep_solution.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

using W = WolfSheep;
using P = W::Position;

P parse(const char* text) {
  const Parsed<P> p = W::from_text(text);
  EXPECT_TRUE(p.ok()) << text << ": " << p.error();
  return p.ok() ? *p : W::start();
}

P random_start(std::mt19937_64& rng) {
  return W::start_with_sheep_on(2 * static_cast<int>(rng() % 4));
}

// --- An independent reference, on a plain 8x8 array ----------------------

// board[rank][file], rank 0 = rank 1; '.' empty, 'w' wolf, 's' sheep.
struct Board {
  std::array<std::array<char, 8>, 8> cell{};
  bool sheep_to_move = true;
};

Board to_board(const P& p) {
  Board b;
  for (int sq = 0; sq < 64; ++sq)
    b.cell[sq / 8][sq % 8] = (p.wolves >> sq) & 1 ? 'w' : sq == p.sheep ? 's' : '.';
  b.sheep_to_move = p.sheep_to_move;
  return b;
}

std::pair<int, int> find_sheep(const Board& b) {
  for (int r = 0; r < 8; ++r)
    for (int f = 0; f < 8; ++f)
      if (b.cell[r][f] == 's') return {r, f};
  return {-1, -1};
}

// The sheep has won: it is on the top rank, or no wolf is on a higher rank.
bool reference_sheep_won(const Board& b) {
  const int sheep_rank = find_sheep(b).first;
  for (int r = sheep_rank + 1; r < 8; ++r)
    for (int f = 0; f < 8; ++f)
      if (b.cell[r][f] == 'w') return false;
  return true;  // also when sheep_rank is 7: no rank above it
}

// Moves as (from, to) squares, rank * 8 + file.
std::vector<std::pair<int, int>> reference_moves(const Board& b) {
  std::vector<std::pair<int, int>> moves;
  if (reference_sheep_won(b)) return moves;
  for (int r = 0; r < 8; ++r) {
    for (int f = 0; f < 8; ++f) {
      const char piece = b.cell[r][f];
      if (piece != (b.sheep_to_move ? 's' : 'w')) continue;
      for (int dr : {-1, 1}) {
        if (piece == 'w' && dr == 1) continue;  // wolves only go down the board
        for (int df : {-1, 1}) {
          const int r2 = r + dr, f2 = f + df;
          if (r2 >= 0 && r2 < 8 && f2 >= 0 && f2 < 8 && b.cell[r2][f2] == '.')
            moves.emplace_back(r * 8 + f, r2 * 8 + f2);
        }
      }
    }
  }
  return moves;
}

Board reference_play(Board b, std::pair<int, int> move) {
  std::swap(b.cell[move.first / 8][move.first % 8], b.cell[move.second / 8][move.second % 8]);
  b.sheep_to_move = !b.sheep_to_move;
  return b;
}

std::uint64_t reference_perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  std::uint64_t count = 0;
  for (auto m : reference_moves(b)) count += reference_perft(reference_play(b, m), depth - 1);
  return count;
}

// The exact value for the side to move: (wins, plies to the end), the winner
// hurrying and the loser delaying. Plain negamax memoised on the board.
class ReferenceSolver {
 public:
  std::pair<bool, int> value(const Board& b) {
    const std::uint64_t key = key_of(b);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::pair<bool, int> result;
    const auto moves = reference_moves(b);
    if (reference_sheep_won(b))
      result = {b.sheep_to_move, 0};
    else if (moves.empty())
      result = {false, 0};
    else
      result = best_of(b, moves);
    memo_.emplace(key, result);
    return result;
  }
  std::size_t positions() const { return memo_.size(); }
  const std::unordered_map<std::uint64_t, std::pair<bool, int>>& memo() const { return memo_; }

  // The position back from a key, to look every solved one up elsewhere.
  static P position_of(std::uint64_t key) {
    P p;
    p.sheep = static_cast<std::uint8_t>(key & 63);
    p.sheep_to_move = (key >> 6) & 1;
    for (int i = 0; i < 4; ++i) p.wolves |= std::uint64_t{1} << ((key >> (7 + 6 * i)) & 63);
    return p;
  }

 private:
  std::pair<bool, int> best_of(const Board& b, const std::vector<std::pair<int, int>>& moves) {
    bool can_win = false;
    int fastest_win = 1000, slowest_loss = -1;
    for (auto m : moves) {
      const auto [opponent_wins, plies] = value(reference_play(b, m));
      if (!opponent_wins) {
        can_win = true;
        fastest_win = std::min(fastest_win, plies + 1);
      } else {
        slowest_loss = std::max(slowest_loss, plies + 1);
      }
    }
    return can_win ? std::pair{true, fastest_win} : std::pair{false, slowest_loss};
  }

  // Sheep square (6 bits), side (1 bit), then the wolves' squares, 6 bits each.
  static std::uint64_t key_of(const Board& b) {
    std::uint64_t key = static_cast<std::uint64_t>(b.sheep_to_move) << 6;
    int shift = 7;
    for (int sq = 0; sq < 64; ++sq) {
      const char piece = b.cell[sq / 8][sq % 8];
      if (piece == 's') key |= static_cast<std::uint64_t>(sq);
      if (piece != 'w') continue;
      key |= static_cast<std::uint64_t>(sq) << shift;
      shift += 6;
    }
    return key;
  }

  std::unordered_map<std::uint64_t, std::pair<bool, int>> memo_;
};

Score reference_score(std::pair<bool, int> v) {
  return v.first ? win_in(v.second) : loss_in(v.second);
}

// A finished game: the sheep has just reached h8 (b8 still at home).
constexpr const char* kSheepOnTop = "1w5s/4w3/7w/2w5/8/8/8/8 w";

// --- Move generation ------------------------------------------------------

// From the start with the sheep on e1: the sheep has d2 and f2 (2). Each wolf
// has two forward steps except h8, which only has g7: 7 wolf replies, so 14
// at depth 2. The sheep then has all four diagonal steps from d2 (c1 e1 c3
// e3) or from f2 (e1 g1 e3 g3), as the wolves are far away: 14 * 4 = 56.
TEST(WolfSheepPerft, FromTheStartByHand) {
  EXPECT_EQ(perft<W>(W::start(), 1), 2u);
  EXPECT_EQ(perft<W>(W::start(), 2), 14u);
  EXPECT_EQ(perft<W>(W::start(), 3), 56u);
  // From a1 the sheep has only b2 (1); 7 wolf replies; then a1 a3 c1 c3.
  const P a1 = W::start_with_sheep_on(0);
  EXPECT_EQ(perft<W>(a1, 1), 1u);
  EXPECT_EQ(perft<W>(a1, 2), 7u);
  EXPECT_EQ(perft<W>(a1, 3), 28u);
}

TEST(WolfSheepPerft, MatchesTheReferenceFromEveryStart) {
  for (int file : {0, 2, 4, 6}) {
    const P start = W::start_with_sheep_on(file);
    for (int depth = 1; depth <= 6; ++depth)
      EXPECT_EQ(perft<W>(start, depth), reference_perft(to_board(start), depth))
          << "file " << file << " depth " << depth;
  }
}

TEST(WolfSheepPerft, MatchesTheReferenceOnRandomPositions) {
  std::mt19937_64 rng(11);
  for (int game = 0; game < 60; ++game) {
    for (const P& p : random_playout<W>(random_start(rng), rng)) {
      const Board b = to_board(p);
      MoveList<W::kMaxMoves> moves;
      W::generate_moves(p, moves);
      std::set<std::pair<int, int>> fast, slow;
      for (Move m : moves) fast.insert({W::move_from(m), W::move_to(m)});
      for (auto m : reference_moves(b)) slow.insert(m);
      ASSERT_EQ(fast, slow) << W::to_text(p);
      EXPECT_EQ(W::sheep_has_won(p), reference_sheep_won(b)) << W::to_text(p);
      EXPECT_EQ(perft<W>(p, 4), reference_perft(b, 4)) << W::to_text(p);
    }
  }
}

TEST(WolfSheepRules, OutcomeFromTheSideToMovesView) {
  // The sheep stepped from g7 onto h8: the wolves, to move, have lost.
  EXPECT_EQ(W::outcome(parse(kSheepOnTop)), Outcome::kLost);
  // The sheep stepped up to e5, level with the foremost wolves: it has won.
  EXPECT_EQ(W::outcome(parse("8/8/8/w1w1s1w1/7w/8/8/8 w")), Outcome::kLost);
  // The wolf on b4 stepped down level with the sheep: the sheep, to move, has won.
  EXPECT_EQ(W::outcome(parse("8/8/8/8/1w1s1w1w/w7/8/8 s")), Outcome::kWon);
  // A wolf on b2 pens the sheep in the a1 corner: the sheep has lost.
  const P penned = parse("3w1w1w/8/8/8/8/8/1w6/s7 s");
  EXPECT_EQ(W::outcome(penned), Outcome::kLost);
  EXPECT_EQ(perft<W>(penned, 1), 0u);
  EXPECT_EQ(W::outcome(W::start()), Outcome::kOngoing);
}

// --- Text ----------------------------------------------------------------

TEST(WolfSheepText, StartsAndRoundTrips) {
  EXPECT_EQ(W::to_text(W::start()), "1w1w1w1w/8/8/8/8/8/8/4s3 s");
  EXPECT_EQ(W::to_text(W::start_with_sheep_on(0)), "1w1w1w1w/8/8/8/8/8/8/s7 s");
  EXPECT_EQ(W::to_text(W::start_with_sheep_on(2)), "1w1w1w1w/8/8/8/8/8/8/2s5 s");
  EXPECT_EQ(W::to_text(W::start_with_sheep_on(6)), "1w1w1w1w/8/8/8/8/8/8/6s1 s");
  std::mt19937_64 rng(12);
  for (int game = 0; game < 200; ++game) {
    for (const P& p : random_playout<W>(random_start(rng), rng)) {
      const std::string text = W::to_text(p);
      const Parsed<P> back = W::from_text(text);
      ASSERT_TRUE(back.ok()) << text << ": " << back.error();
      EXPECT_EQ(*back, p) << text;
      EXPECT_EQ(W::to_text(*back), text);
    }
  }
}

TEST(WolfSheepText, RejectsEachMalformedKind) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"1w1w1w1w/8/8/8/8/8/8/4s3", "missing the side"},
      {"1w1w1w1w/8/8/8/8/8/8/4s3 x", "side to move must be"},
      {"1w1w1w1w/8/8/8/8/8/8/4s3 ", "side to move must be"},
      {"1w1w1w1w/8/8/8/8/8/8/4s3 s w", "side to move must be"},
      {"1w1w1w1w/8/8/8/8/8/4s3 s", "8 ranks"},
      {"1w1w1w1w/8/8/8/8/8/8/8/4s3 s", "8 ranks"},
      {"1w1w1w1w/8/8/8/8/8/8/4s4 s", "more than 8 squares"},
      {"1w1w1w1w/8/8/8/8/8/8/4s2 s", "7 squares, not 8"},
      {"1w1w1w1w/8/8/8/8/8/8/4x3 s", "unexpected 'x'"},
      {"1w1w1w1w/8/8/8/8/8/8/0e4s3 s", "unexpected '0'"},
      {"1w1w1w1w/8/8/8/8/8/8/13s3 s", "one digit"},
      {"w1w1w1w1/8/8/8/8/8/8/4s3 s", "light square a8"},
      {"1w1w1w1w/8/8/8/8/8/8/3s4 s", "light square d1"},
      {"1w1w1w2/8/8/8/8/8/8/4s3 s", "4 wolves, not 3"},
      {"1w1w1w1w/8/8/8/8/w7/8/4s3 s", "4 wolves, not 5"},
      {"1w1w1w1w/8/8/8/8/8/8/8 s", "one sheep, not 0"},
      {"1w1w1w1w/8/8/8/8/8/8/s3s3 s", "one sheep, not 2"},
      // A wolf on a7 can only have come from b8, where a wolf still stands.
      {"1w1w1w2/w7/8/8/8/8/8/4s3 w", "b8 d8 f8 h8"},
      // At the start the sheep is to move, not the wolves.
      {"1w1w1w1w/8/8/8/8/8/8/4s3 w", "side to move does not fit"},
      // The sheep cannot be on e5 before anyone has moved.
      {"1w1w1w1w/8/8/4s3/8/8/8/8 s", "cannot reach rank 5"},
      // The sheep reached rank 8 and the game ended; the wolves cannot have moved since.
      {"1w5s/8/3w3w/2w5/8/8/8/8 s", "no wolf can have made the last move"},
      // The sheep on a1 is walled in by b2: it cannot have just moved there.
      {"5w1w/8/8/8/8/2w5/1w6/s7 w", "the sheep cannot have made the last move"},
  };
  for (const auto& [text, why] : cases) {
    const Parsed<P> p = W::from_text(text);
    ASSERT_FALSE(p.ok()) << "accepted " << text;
    EXPECT_NE(p.error().find(why), std::string::npos) << text << " -> " << p.error();
  }
}

TEST(WolfSheepText, MovesInEveryAcceptedSpelling) {
  const P start = W::start();
  for (const char* text : {"e1d2", "e1-d2", "d2"}) {
    const Parsed<Move> m = W::move_from_text(start, text);
    ASSERT_TRUE(m.ok()) << text << ": " << m.error();
    EXPECT_EQ(*m, W::make_move(4, 11));
  }
  EXPECT_EQ(W::move_to_text(start, W::make_move(4, 11)), "e1d2");
  const P wolves = W::play(start, W::make_move(4, 11));
  EXPECT_TRUE(W::move_from_text(wolves, "h8g7").ok());
  EXPECT_TRUE(W::move_from_text(wolves, "a7").ok());  // only b8 goes there
}

TEST(WolfSheepText, RejectsBadMoves) {
  const P start = W::start();
  const P wolves = W::play(start, W::make_move(4, 11));
  const std::vector<std::tuple<P, const char*, const char*>> cases = {
      {start, "e1e2", "not legal"},
      {start, "e1d3", "not legal"},
      {start, "d2d3", "the sheep is to move and it is on e1"},
      {start, "e1", "no legal move goes to e1"},
      {start, "e1d2x", "not a move"},
      {start, "i1d2", "not a move"},
      {start, "e1:d2", "not a move"},
      {wolves, "c7", "more than one wolf"},
      {wolves, "a8b7", "no wolf on a8"},
      {wolves, "b8c9", "not a move"},
      {wolves, "b8a9", "not a move"},
      {wolves, "h8i7", "not a move"},
      {wolves, "d8e9", "not a move"},
      {wolves, "b8b6", "not legal"},
      {parse(kSheepOnTop), "b8a7", "the game is over"},
  };
  for (const auto& [p, text, why] : cases) {
    const Parsed<Move> m = W::move_from_text(p, text);
    ASSERT_FALSE(m.ok()) << "accepted " << text;
    EXPECT_NE(m.error().find(why), std::string::npos) << text << " -> " << m.error();
  }
}

TEST(WolfSheepText, DiagramShowsBoardAndSide) {
  const std::string d = W::diagram(W::start());
  EXPECT_NE(d.find("8    w   w   w   w\n"), std::string::npos) << d;
  EXPECT_NE(d.find("1  .   .   s   .  \n"), std::string::npos) << d;
  EXPECT_NE(d.find("   a b c d e f g h\n"), std::string::npos) << d;
  EXPECT_NE(d.find("sheep to move"), std::string::npos) << d;
}

TEST(WolfSheepText, SessionKeepsItsPositionOnBadInput) {
  auto session = make_session("wolfsheep");
  ASSERT_NE(session, nullptr);
  ASSERT_FALSE(session->set_position("startpos", {"e1d2", "b8a7"}).has_value());
  const std::string before = session->position_text();
  EXPECT_TRUE(session->set_position("1w1w1w1w/8/8/8/8/8/8/4s3 w", {}).has_value());
  EXPECT_TRUE(session->set_position("startpos", {"e1d2", "d2d3"}).has_value());
  EXPECT_EQ(session->position_text(), before);
  EXPECT_EQ(before, "3w1w1w/w7/8/8/8/8/3s4/8 s");
}

// --- The heuristic and ordering --------------------------------------------

TEST(WolfSheepEvaluate, StaysInRangeAndFavoursTheFreeSheep) {
  std::mt19937_64 rng(13);
  for (int game = 0; game < 100; ++game)
    for (const P& p : random_playout<W>(random_start(rng), rng))
      EXPECT_LE(std::abs(W::evaluate(p, default_weights<W>())), kMaxHeuristic) << W::to_text(p);
  // Past the wall (way through) versus penned in the corner, sheep to move.
  EXPECT_GT(W::evaluate(parse("1w1w1w2/8/8/8/8/8/5s2/6w1 s"), default_weights<W>()),
            W::evaluate(parse("3w1w1w/8/8/8/8/8/1w6/s7 s"), default_weights<W>()));
  // The sheep prefers going up.
  EXPECT_GT(W::move_hint(W::start(), W::make_move(4, 11)), 0);
}

// --- The solution ----------------------------------------------------------

const WolfSheepSolution& solution() {
  return WolfSheepSolution::instance();
}

TEST(WolfSheepSolution, BuildsEveryPlacementQuickly) {
  // 35960 wolf sets times 28 free squares for the sheep, times two sides.
  EXPECT_EQ(solution().positions_solved(), 35960u * 28u * 2u);
  std::cout << "[ wolfsheep ] solution built in " << solution().build_microseconds() / 1000.0
            << " ms\n";
  RecordProperty("build_microseconds", static_cast<int>(solution().build_microseconds()));
}

// Every position reachable from the four starts, solved by the memoised
// reference: the table agrees on each of them (winner and plies). The
// published result, that the wolves win with best play, holds from each start.
TEST(WolfSheepSolution, AgreesWithBruteForceOnEveryReachablePosition) {
  ReferenceSolver reference;
  for (int file : {0, 2, 4, 6}) {
    const P start = W::start_with_sheep_on(file);
    const auto start_value = reference.value(to_board(start));
    EXPECT_FALSE(start_value.first) << "the wolves should win from sheep file " << file;
    EXPECT_EQ(W::probe(start), reference_score(start_value)) << "file " << file;
    std::cout << "[ wolfsheep ] sheep from " << static_cast<char>('a' + file) << "1: wolves win in "
              << start_value.second << " plies\n";
  }
  std::cout << "[ wolfsheep ] " << reference.positions() << " reachable positions checked\n";
  for (const auto& [key, v] : reference.memo()) {
    const P p = ReferenceSolver::position_of(key);
    ASSERT_EQ(W::probe(p), reference_score(v)) << W::to_text(p);
    // The position checks are only necessary conditions: none rejects a real position.
    ASSERT_FALSE(W::impossibility(p).has_value()) << W::to_text(p) << ": " << *W::impossibility(p);
  }
}

TEST(WolfSheepSolution, AgreesWithTheSearchNearTheEnd) {
  std::mt19937_64 rng(14);
  SearchOptions options;  // alpha-beta, table, ordering, iterative, no oracle
  int checked = 0;
  for (int game = 0; game < 400 && checked < 150; ++game) {
    for (const P& p : random_playout<W>(random_start(rng), rng)) {
      const Score exact = *W::probe(p);
      if (plies_to_end(exact) > 15 || W::outcome(p) != Outcome::kOngoing || rng() % 4) continue;
      const SearchInfo info = search_once<W>(p, options, 0, 4);
      ASSERT_TRUE(info.proven) << W::to_text(p);
      ASSERT_EQ(info.score, exact) << W::to_text(p);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 150);
}

// The engine's full search without the table from each start: the published
// result (the wolves win with best play) and the same number of plies.
TEST(WolfSheepSolution, AgreesWithAFullSearchFromEachStart) {
  for (int file : {0, 2, 4, 6}) {
    const P start = W::start_with_sheep_on(file);
    const SearchInfo info = search_once<W>(start, {}, 0, 16);
    ASSERT_TRUE(info.proven) << "file " << file;
    EXPECT_TRUE(is_loss(info.score)) << "the sheep, to move, loses from file " << file;
    EXPECT_EQ(info.score, *W::probe(start)) << "file " << file;
  }
}

TEST(WolfSheepSolution, SolveNamesTheWinnerAndABestMove) {
  auto session = make_session("wolfsheep");
  std::atomic<bool> stop{false};
  const Parsed<std::string> start = session->solve(stop);
  ASSERT_TRUE(start.ok());
  const int plies = plies_to_end(*W::probe(W::start()));
  EXPECT_EQ(*start, "wolves win in " + std::to_string(plies) + " plies, best move " +
                        W::move_to_text(W::start(), solution().best_move(W::start())));
  ASSERT_FALSE(session->set_position(kSheepOnTop, {}).has_value());
  EXPECT_EQ(*session->solve(stop), "the sheep has won");
  // On g7 with h8 free (its wolf went down to h2): the sheep wins in one ply.
  ASSERT_FALSE(session->set_position("1w1w1w2/6s1/8/8/8/8/7w/8 s", {}).has_value());
  EXPECT_EQ(*session->solve(stop), "sheep wins in 1 ply, best move g7h8");
}

// Following the best move realises the value: the game ends in exactly the
// plies it says, with the winner it says.
TEST(WolfSheepSolution, BestMovesPlayOutTheValue) {
  for (int file : {0, 2, 4, 6}) {
    P p = W::start_with_sheep_on(file);
    const int plies = plies_to_end(*W::probe(p));
    for (int i = 0; i < plies; ++i) p = W::play(p, solution().best_move(p));
    // The wolves win only by leaving the sheep, to move, without a move.
    EXPECT_TRUE(p.sheep_to_move) << W::to_text(p);
    EXPECT_EQ(W::outcome(p), Outcome::kLost) << W::to_text(p);
  }
}

// --- Perfect play against random play ---------------------------------------

Move perfect_move(const P& p) {
  SearchOptions options;
  options.use_oracle = true;
  return search_once<W>(p, options).best;
}

TEST(WolfSheepPerfect, WolvesNeverLoseToARandomSheep) {
  std::mt19937_64 rng(15);
  for (int game = 0; game < 100; ++game) {
    P p = random_start(rng);
    while (W::outcome(p) == Outcome::kOngoing) {
      MoveList<W::kMaxMoves> moves;
      W::generate_moves(p, moves);
      p = W::play(p, p.sheep_to_move ? moves[rng() % moves.size()] : perfect_move(p));
    }
    // Over with the sheep to move means it is stuck; with the wolves to move, they lost.
    EXPECT_TRUE(p.sheep_to_move && W::outcome(p) == Outcome::kLost) << W::to_text(p);
  }
}

TEST(WolfSheepPerfect, TheSheepConvertsEveryWinRandomWolvesGiveIt) {
  std::mt19937_64 rng(16);
  int given = 0;
  for (int game = 0; game < 100; ++game) {
    P p = random_start(rng);
    bool sheep_was_winning = false;
    while (W::outcome(p) == Outcome::kOngoing) {
      sheep_was_winning = sheep_was_winning || (p.sheep_to_move && is_win(*W::probe(p)));
      MoveList<W::kMaxMoves> moves;
      W::generate_moves(p, moves);
      p = W::play(p, p.sheep_to_move ? perfect_move(p) : moves[rng() % moves.size()]);
    }
    const bool sheep_won = W::sheep_has_won(p) || !p.sheep_to_move;
    if (sheep_was_winning) {
      ++given;
      EXPECT_TRUE(sheep_won) << W::to_text(p);
    }
  }
  EXPECT_GT(given, 50);  // random wolves open their line almost every game
}

}  // namespace
}  // namespace arcade::testing
