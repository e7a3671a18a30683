// The exact endgame solver against a plain minimax written here (every move,
// no pruning, no table) on random late positions, and against the published
// scores of the FFO endgame test positions.
#include "games/reversi/endgame.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace arcade::reversi {
namespace {

// Every square by hand: the discs a move turns, by walking each direction.
Bitboard walk_flips(Bitboard player, Bitboard opponent, int square) {
  if ((player | opponent) >> square & 1) return 0;
  Bitboard all = 0;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      Bitboard run = 0;
      int r = square / 8 + dr, c = square % 8 + dc;
      for (; (dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8; r += dr, c += dc) {
        if (!(opponent >> (r * 8 + c) & 1)) break;
        run |= Bitboard{1} << (r * 8 + c);
      }
      if ((dr || dc) && r >= 0 && r < 8 && c >= 0 && c < 8 && (player >> (r * 8 + c) & 1))
        all |= run;
    }
  }
  return all;
}

// Plain negamax to the end of the game: disc difference, empties to the winner.
int minimax(Bitboard player, Bitboard opponent, bool passed = false) {
  int best = -1000;
  for (int s = 0; s < 64; ++s) {
    const Bitboard turned = walk_flips(player, opponent, s);
    if (!turned) continue;
    best = std::max(best, -minimax(opponent & ~turned, player | turned | Bitboard{1} << s));
  }
  if (best != -1000) return best;
  if (!passed) return -minimax(opponent, player, true);
  // The game is over (the first pass found no move either).
  const int mine = std::popcount(player), theirs = std::popcount(opponent);
  const int empty = 64 - mine - theirs;
  return mine > theirs ? mine - theirs + empty : mine < theirs ? mine - theirs - empty : 0;
}

// A position after random play from the start, `empties` squares left (or
// fewer when a game ends early, which is kept: finished positions are cases
// too). The side to move is whoever's turn it is then.
std::pair<Bitboard, Bitboard> random_position(std::mt19937_64& rng, int empties) {
  Bitboard player = square_bit(35) | square_bit(28), opponent = square_bit(27) | square_bit(36);
  while (64 - count(player | opponent) > empties) {
    std::vector<int> moves;
    for (int s = 0; s < 64; ++s)
      if (walk_flips(player, opponent, s)) moves.push_back(s);
    if (moves.empty()) {
      bool other = false;
      for (int s = 0; s < 64; ++s) other = other || walk_flips(opponent, player, s);
      if (!other) break;
      std::swap(player, opponent);
      continue;
    }
    const int s = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
    const Bitboard turned = walk_flips(player, opponent, s);
    const Bitboard next_player = opponent & ~turned;
    opponent = player | turned | square_bit(s);
    player = next_player;
  }
  return {player, opponent};
}

TEST(ReversiEndgame, EqualsPlainMinimaxOnRandomPositionsOfUpTo10Empties) {
  std::mt19937_64 rng(2024);
  EndgameSolver solver(16);
  int passes = 0;
  for (int i = 0; i < 100; ++i) {
    const int empties = 1 + i % 10;
    const auto [player, opponent] = random_position(rng, empties);
    const int expected = minimax(player, opponent);
    ASSERT_EQ(solver.solve(player, opponent), expected) << "case " << i;
    // A window around the value: the result is exact inside, a bound outside.
    ASSERT_EQ(solver.solve(player, opponent, expected - 1, expected + 1), expected);
    ASSERT_LE(solver.solve(player, opponent, expected, expected + 1), expected);
    ASSERT_GE(solver.solve(player, opponent, expected - 1, expected), expected);
    passes += legal_moves(player, opponent) == 0;
    for (const auto& m : solver.solve_moves(player, opponent)) {
      const Bitboard turned = walk_flips(player, opponent, m.square);
      ASSERT_EQ(m.score, -minimax(opponent & ~turned, player | turned | square_bit(m.square)))
          << "case " << i << " square " << m.square;
    }
  }
  EXPECT_GT(passes, 0) << "no position with a pass was tried";
}

TEST(ReversiEndgame, StableDiscsNeverTurnInRandomPlayouts) {
  std::mt19937_64 rng(99);
  int beyond_corners = 0;
  for (int game = 0; game < 300; ++game) {
    auto [player, opponent] = random_position(rng, 4 + game % 30);
    const Bitboard stable_player = stable_discs(player, opponent);
    const Bitboard stable_opponent = stable_discs(opponent, player);
    ASSERT_EQ(stable_player & ~player, Bitboard{0});
    beyond_corners += count((stable_player | stable_opponent) & ~kCorners);
    // Play on at random to the end; the stable discs keep their colour.
    Bitboard a = player, b = opponent;  // a: the first position's player
    bool a_to_move = true;
    for (int guard = 0; guard < 130; ++guard) {
      Bitboard& mover = a_to_move ? a : b;
      Bitboard& other = a_to_move ? b : a;
      const Bitboard moves = legal_moves(mover, other);
      if (!moves && !legal_moves(other, mover)) break;
      if (moves) {
        int pick = std::uniform_int_distribution<int>(0, count(moves) - 1)(rng);
        Bitboard m = moves;
        while (pick--) m &= m - 1;
        const int s = std::countr_zero(m);
        const Bitboard turned = walk_flips(mover, other, s);
        mover |= turned | square_bit(s);
        other &= ~turned;
      }
      a_to_move = !a_to_move;
      ASSERT_EQ(a & stable_player, stable_player) << "game " << game;
      ASSERT_EQ(b & stable_opponent, stable_opponent) << "game " << game;
    }
  }
  EXPECT_GT(beyond_corners, 100) << "the playouts hardly tried stable discs";
}

struct FfoCase {
  Bitboard player = 0, opponent = 0;
  std::vector<std::pair<int, int>> scores;  // square, exact score
};

// A line of ../shared/data/reversi/fforum-1-19.obf (format in its README).
FfoCase parse_obf(const std::string& line) {
  FfoCase c;
  Bitboard black = 0, white = 0;
  for (int s = 0; s < 64; ++s) {
    if (line[s] == 'X') black |= square_bit(s);
    if (line[s] == 'O') white |= square_bit(s);
  }
  const bool black_to_move = line.at(65) == 'X';
  c.player = black_to_move ? black : white;
  c.opponent = black_to_move ? white : black;
  std::istringstream rest(line.substr(67));
  for (std::string field; std::getline(rest, field, ';');) {
    const auto colon = field.find(':');
    if (colon == std::string::npos) continue;
    const auto start = field.find_first_not_of(' ');
    const int square = (field[start + 1] - '1') * 8 + (field[start] - 'A');
    c.scores.emplace_back(square, std::stoi(field.substr(colon + 1)));
  }
  return c;
}

std::vector<FfoCase> ffo_cases() {
  std::ifstream file(ARCADE_DATA_DIR "/reversi/fforum-1-19.obf");
  std::vector<FfoCase> cases;
  for (std::string line; std::getline(file, line);)
    if (line.size() > 66) cases.push_back(parse_obf(line));
  return cases;
}

// The quick ones (14 empties); `arcade bench reversi` runs the whole file.
TEST(ReversiEndgame, FfoPositionsWithPublishedScores) {
  const std::vector<FfoCase> cases = ffo_cases();
  ASSERT_EQ(cases.size(), 19u);
  EndgameSolver solver(18);
  int tried = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const FfoCase& c = cases[i];
    if (64 - count(c.player | c.opponent) > 14) continue;
    ++tried;
    EXPECT_EQ(solver.solve(c.player, c.opponent), c.scores.front().second) << "#" << i + 1;
    std::vector<std::pair<int, int>> got;
    for (const auto& m : solver.solve_moves(c.player, c.opponent))
      got.emplace_back(m.square, m.score);
    auto expected = c.scores;
    std::sort(expected.begin(), expected.end());
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected) << "#" << i + 1;
  }
  EXPECT_GE(tried, 5);
}

TEST(ReversiEndgame, StopFlagUnwinds) {
  const std::atomic<bool> stop{true};
  EndgameSolver solver(10);
  solver.set_stop(&stop);
  const FfoCase c = ffo_cases().at(0);
  solver.solve(c.player, c.opponent);
  EXPECT_TRUE(solver.stopped());
  EXPECT_TRUE(solver.solve_moves(c.player, c.opponent).empty());
}

}  // namespace
}  // namespace arcade::reversi
