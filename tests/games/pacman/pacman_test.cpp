// Pac-Man: the Berkeley rules on small hand-made mazes, the rules against a
// reference simulation written here on a grid of characters, the position
// string, the chaser's probabilities, and minimax's pessimism in the
// "trapped" maze measured with plain recursive searches written here.

#include "games/pacman/pacman.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "engine/protocol.h"
#include "games/engine_sessions.h"
#include "games/registry.h"
#include "test_util.h"

namespace arcade::testing {
namespace {

using P = PacMan::Position;
constexpr Move N = PacMan::kNorth, E = PacMan::kEast, S = PacMan::kSouth, W = PacMan::kWest,
               Stop = PacMan::kStop;

P parse(const std::string& text) {
  const Parsed<P> p = PacMan::from_text(text);
  EXPECT_TRUE(p.ok()) << text << ": " << p.error();
  return p.ok() ? *p : PacMan::start();
}

std::vector<Move> moves_of(const P& p) {
  MoveList<PacMan::kMaxMoves> list;
  PacMan::generate_moves(p, list);
  return {list.begin(), list.end()};
}

P play_all(P p, std::initializer_list<Move> moves) {
  for (Move m : moves) {
    EXPECT_NE(std::find(moves_of(p).begin(), moves_of(p).end(), m), moves_of(p).end())
        << "illegal " << PacMan::move_to_text(p, m) << " in " << PacMan::to_text(p);
    p = PacMan::play(p, m);
  }
  return p;
}

int cell(int col, int row) {
  return PacMan::index_of(col, row);
}

// --- The rules on hand-made mazes --------------------------------------------

TEST(PacManRules, AGhostHasNoDirectionAtTheStartNeverStopsAndNeverReversesUnlessForced) {
  // Ghost 1 in a corridor, Pac-Man far off behind walls.
  P p = parse("%%%%%%%/%__G__%/%%%%%.%/%P___.%/%%%%%%%");
  p = PacMan::play(p, Stop);
  EXPECT_EQ(moves_of(p), (std::vector<Move>{E, W})) << "no direction yet: both ways";
  EXPECT_FALSE(PacMan::move_from_text(p, "stop").ok());
  p = PacMan::play(p, E);  // ghost 1 east to (4,1)
  EXPECT_EQ(p.ghosts[0].direction, E);
  p = PacMan::play(p, Stop);
  EXPECT_EQ(moves_of(p), (std::vector<Move>{E})) << "not back west";
  const Parsed<Move> back = PacMan::move_from_text(p, "W");
  ASSERT_FALSE(back.ok());
  EXPECT_NE(back.error().find("turn back"), std::string::npos) << back.error();
  p = PacMan::play(PacMan::play(p, E), Stop);  // (5,1): the corner, open south and west
  EXPECT_EQ(moves_of(p), (std::vector<Move>{S}));
  // A dead end: the only way is back.
  P q = parse("%%%%%/%G__%/%%%.%/%P..%/%%%%%");
  q = play_all(q, {Stop, E, Stop, E, Stop});
  EXPECT_EQ(q.ghosts[0].cell, cell(3, 1));
  EXPECT_EQ(moves_of(q), (std::vector<Move>{S})) << "the corner: not back west";
  q = play_all(q, {S, Stop});  // (3,2), came south: north is the reverse
  EXPECT_EQ(moves_of(q), (std::vector<Move>{S}));
  P dead = parse("%%%%%/%_G_%/%%%_%/%P_.%/%%%%%");
  dead = play_all(dead, {Stop, W, Stop});  // (1,1): a dead end
  EXPECT_EQ(moves_of(dead), (std::vector<Move>{E})) << "reversing, as it must";
}

TEST(PacManRules, PacManMovesIntoNoWallAndMayStop) {
  const P p = parse("%%%%/%P.%/%_G%/%%%%");
  EXPECT_EQ(moves_of(p), (std::vector<Move>{E, S, Stop}));
  EXPECT_FALSE(PacMan::move_from_text(p, "north").ok());
  EXPECT_EQ(*PacMan::move_from_text(p, "EAST"), E);
  EXPECT_EQ(*PacMan::move_from_text(p, "s"), S);
  EXPECT_EQ(*PacMan::move_from_text(p, "Stop"), Stop);
}

TEST(PacManRules, ScoreMinusOneAMoveTenAFoodAndTheLastFoodWinsAtOnce) {
  P p = parse("%%%%%%%/%P.._G%/%%%%%%%");
  p = PacMan::play(p, Stop);
  EXPECT_EQ(p.score, -1);
  p = PacMan::play(p, W);  // the ghost steps west to (4,1)
  p = PacMan::play(p, E);  // food
  EXPECT_EQ(p.score, -1 - 1 + 10);
  EXPECT_EQ(PacMan::outcome(p), Outcome::kOngoing);
  p = PacMan::play(p, W);  // the ghost onto the last food, beside him
  // He steps onto the ghost and eats the food under it: Berkeley eats first,
  // and a won game is not lost (checkDeath).
  p = PacMan::play(p, E);
  EXPECT_EQ(p.caught_by, 0);
  EXPECT_EQ(p.score, -1 - 1 + 10 - 1 + 10 + 500);
  EXPECT_EQ(PacMan::outcome(p), Outcome::kLost) << "a ghost to move, Pac-Man has won";
  EXPECT_EQ(PacMan::end_in_words(p), "Pac-Man wins: every food eaten, 517 points.");

  P q = parse("%%%%%%%/%P.%_G%/%%%%%%%");
  q = PacMan::play(q, E);
  EXPECT_EQ(q.score, -1 + 10 + 500);
  EXPECT_EQ(PacMan::outcome(q), Outcome::kLost);
  EXPECT_TRUE(moves_of(q).empty()) << "at once: no ghost moves";
  EXPECT_EQ(PacMan::end_in_words(q), "Pac-Man wins: every food eaten, 509 points.");
  EXPECT_EQ(PacMan::points(q, default_weights<PacMan>()), 509);
}

TEST(PacManRules, AGhostCatchesPacManAfterHisMoveOrAfterItsOwn) {
  // After a ghost's move: it steps onto him.
  P p = parse("%%%%%%/%P_G.%/%%%%%%");
  p = play_all(p, {E, W});
  EXPECT_EQ(p.caught_by, 1);
  EXPECT_EQ(p.score, -1 - 500);
  EXPECT_EQ(PacMan::outcome(p), Outcome::kLost) << "Pac-Man to move, lost";
  EXPECT_EQ(PacMan::end_in_words(p), "The ghosts win: ghost 1 caught Pac-Man, -501 points.");
  EXPECT_EQ(PacMan::tally(p), "-501 points");
  EXPECT_EQ(PacMan::points(p, default_weights<PacMan>()), -501);
  // After his move: he walks into ghost 1.
  P q = parse("%%%%%%%/%P_._%%/%%%%%%%:0:0:0:2.1.3.1.W.0:4.1.4.1.-.0");
  q = PacMan::play(q, E);
  EXPECT_EQ(q.caught_by, 1);
  EXPECT_EQ(q.score, -1 - 500);
  EXPECT_EQ(PacMan::agent_to_move(q), 1);
  EXPECT_EQ(PacMan::outcome(q), Outcome::kWon) << "the ghosts to move, and won";
  EXPECT_TRUE(moves_of(q).empty());
  // The catch shows on the board (issue 33): the catching ghost on Pac-Man's
  // cell, after his move into it as after its move onto him.
  EXPECT_EQ(PacMan::piece_at(q, PacMan::cell_of(q, q.pacman)), Piece::kSecondSide);
  EXPECT_EQ(PacMan::piece_at(p, PacMan::cell_of(p, p.pacman)), Piece::kSecondSide);
}

TEST(PacManRules, ACapsuleScaresEveryGhostForFortyOfItsOwnMoves) {
  // Two ghosts on a loop of their own; Pac-Man eats the capsule beside him.
  P p = parse("%%%%%%%%/%Po%G__%/%.%%_%_%/%%%%__G%/%%%%%%%%");
  p = PacMan::play(p, E);
  EXPECT_EQ(p.score, -1) << "a capsule is worth no points";
  EXPECT_EQ(p.ghosts[0].scared, 40);
  EXPECT_EQ(p.ghosts[1].scared, 40);
  p = PacMan::play(p, moves_of(p).front());  // ghost 1 moves: its timer drops
  EXPECT_EQ(p.ghosts[0].scared, 39);
  EXPECT_EQ(p.ghosts[1].scared, 40) << "ghost 2 has not moved";
  p = PacMan::play(p, moves_of(p).front());
  EXPECT_EQ(p.ghosts[1].scared, 39);
  p = PacMan::play(p, Stop);
  EXPECT_EQ(p.ghosts[0].scared, 39) << "Pac-Man's moves leave the timers";
  for (int i = 0; i < 38; ++i) {
    p = PacMan::play(p, moves_of(p).front());
    p = PacMan::play(p, moves_of(p).front());
    p = PacMan::play(p, Stop);
  }
  EXPECT_EQ(p.ghosts[0].scared, 1);
  p = PacMan::play(p, moves_of(p).front());
  EXPECT_EQ(p.ghosts[0].scared, 0) << "40 of its own moves";
  EXPECT_EQ(PacMan::piece_at(p, PacMan::cell_of(p, p.ghosts[0].cell)), Piece::kSecondSide);
}

TEST(PacManRules, AScaredGhostCaughtIsWorthTwoHundredAndGoesHome) {
  P p = parse("%%%%%%%/%Po_G.%/%%%%%%%");
  p = play_all(p, {E, W});  // the capsule; ghost 1, scared, steps to (3,1)
  EXPECT_EQ(p.ghosts[0].cell, cell(3, 1));
  p = PacMan::play(p, E);  // onto the scared ghost
  EXPECT_EQ(p.score, -1 - 1 + 200);
  EXPECT_EQ(p.ghosts[0].cell, cell(4, 1)) << "home";
  EXPECT_EQ(p.ghosts[0].direction, PacMan::kNoDirection);
  EXPECT_EQ(p.ghosts[0].scared, 0);
  EXPECT_EQ(PacMan::outcome(p), Outcome::kOngoing);
  // A scared ghost that steps onto him is eaten too.
  P q = parse("%%%%%%%/%Po_G.%/%%%%%%%");
  q = play_all(q, {E, W, Stop, W});  // it steps onto him
  EXPECT_EQ(q.score, -1 - 1 + 200);
  EXPECT_EQ(q.ghosts[0].cell, cell(4, 1));
  EXPECT_EQ(PacMan::move_cells(PacMan::play(q, Stop), W).also.size(), 0u);
}

TEST(PacManRules, AGameStillGoingAfterTheRoundLimitIsADrawWithItsScore) {
  // Nobody meets, the food is out of reach.
  P p = parse("%%%%%%%%/%P%.%_G%/%%%%%%%%");
  for (int r = 0; r < PacMan::kMaxRounds; ++r) {
    ASSERT_EQ(PacMan::outcome(p), Outcome::kOngoing) << r;
    p = PacMan::play(p, Stop);
    p = PacMan::play(p, moves_of(p).front());
  }
  EXPECT_EQ(p.rounds, PacMan::kMaxRounds);
  EXPECT_EQ(PacMan::outcome(p), Outcome::kDrawn);
  EXPECT_TRUE(moves_of(p).empty());
  EXPECT_EQ(p.score, -PacMan::kMaxRounds);
  EXPECT_EQ(PacMan::end_in_words(p), "Draw: 500 rounds played, -500 points.");
  EXPECT_EQ(PacMan::points(p, default_weights<PacMan>()), -500);
}

// --- Against a reference simulation on a grid of characters ------------------

// Berkeley's rules again, written plainly: rows of characters for the floor,
// (row, col) pairs for the agents.
struct Reference {
  struct Ghost {
    int row, col, home_row, home_col, direction = -1, scared = 0;
  };
  std::vector<std::string> floor;  // '%', '.', 'o', ' '
  int row = 0, col = 0;
  std::vector<Ghost> ghosts;
  int score = 0, agent = 0;
  bool win = false, lose = false;

  static constexpr int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};

  explicit Reference(const std::string& maze) {
    std::string row_text;
    for (char ch : maze + "/") {
      if (ch != '/') {
        row_text += ch;
        continue;
      }
      for (int c = 0; c < static_cast<int>(row_text.size()); ++c) {
        const int r = static_cast<int>(floor.size());
        if (row_text[c] == 'P') row = r, col = c, row_text[c] = ' ';
        if (row_text[c] == 'G') ghosts.push_back({r, c, r, c}), row_text[c] = ' ';
        if (row_text[c] == '_') row_text[c] = ' ';
      }
      floor.push_back(row_text);
      row_text.clear();
    }
  }
  bool wall(int r, int c) const { return floor[r][c] == '%'; }
  std::vector<Move> legal() const {
    std::vector<Move> out;
    if (win || lose) return out;
    if (agent == 0) {
      for (Move d = 0; d < 4; ++d)
        if (!wall(row + dr[d], col + dc[d])) out.push_back(d);
      out.push_back(4);
      return out;
    }
    const Ghost& g = ghosts[agent - 1];
    for (Move d = 0; d < 4; ++d)
      if (!wall(g.row + dr[d], g.col + dc[d])) out.push_back(d);
    if (out.size() > 1 && g.direction >= 0)
      out.erase(std::remove(out.begin(), out.end(), (g.direction + 2) % 4), out.end());
    return out;
  }
  void collide(Ghost& g) {
    if (g.row != row || g.col != col) return;
    if (g.scared > 0) {
      score += 200;
      g.row = g.home_row, g.col = g.home_col, g.direction = -1, g.scared = 0;
    } else if (!win && !lose) {
      score -= 500;
      lose = true;
    }
  }
  void play(Move m) {
    if (agent == 0) {
      if (m < 4) row += dr[m], col += dc[m];
      score -= 1;
      char& here = floor[row][col];
      if (here == '.') {
        here = ' ';
        score += 10;
        bool any = false;
        for (const std::string& r : floor) any |= r.find('.') != std::string::npos;
        if (!any) score += 500, win = true;
      } else if (here == 'o') {
        here = ' ';
        for (Ghost& g : ghosts) g.scared = 40;
      }
      for (Ghost& g : ghosts) collide(g);
    } else {
      Ghost& g = ghosts[agent - 1];
      g.row += dr[m], g.col += dc[m], g.direction = m;
      g.scared = std::max(0, g.scared - 1);
      collide(g);
    }
    agent = (agent + 1) % static_cast<int>(ghosts.size() + 1);
  }
};

void expect_same(const Reference& ref, const P& p, const std::string& where) {
  ASSERT_EQ(p.pacman, cell(ref.col, ref.row)) << where;
  ASSERT_EQ(p.score, ref.score) << where;
  ASSERT_EQ(PacMan::agent_to_move(p), ref.agent) << where;
  for (std::size_t i = 0; i < ref.ghosts.size(); ++i) {
    const Reference::Ghost& g = ref.ghosts[i];
    ASSERT_EQ(p.ghosts[i].cell, cell(g.col, g.row)) << where;
    ASSERT_EQ(p.ghosts[i].direction, g.direction) << where;
    ASSERT_EQ(p.ghosts[i].scared, g.scared) << where;
  }
  const bool over = PacMan::outcome(p) != Outcome::kOngoing;
  ASSERT_EQ(over, ref.win || ref.lose) << where;
  ASSERT_EQ(PacMan::won(p) && p.caught_by == 0, ref.win) << where;
  ASSERT_EQ(p.caught_by != 0, ref.lose) << where;
  ASSERT_EQ(moves_of(p), ref.legal()) << where;
}

const char* const kReferenceMazes[] = {
    "%%%%%%%/%P..o.%/%.%%%.%/%....G%/%%%%%%%",
    "%%%%%%%%%/%o.....G%/%.%%.%%.%/%...P...%/%.%%.%%.%/%G.....o%/%%%%%%%%%",
    "%%%%%%/%PG..%/%o%%.%/%..G.%/%%%%%%",
};

TEST(PacManRules, RandomGamesFollowTheReferenceSimulation) {
  std::mt19937_64 rng(25);
  int moves = 0;
  for (int game = 0; game < 600; ++game) {
    const std::string maze = kReferenceMazes[game % 3];
    Reference ref(maze);
    P p = parse(maze);
    for (int ply = 0; ply < 400 && !(ref.win || ref.lose); ++ply) {
      const std::vector<Move> legal = ref.legal();
      const Move m = legal[rng() % legal.size()];
      ref.play(m);
      p = PacMan::play(p, m);
      ++moves;
      expect_same(ref, p, maze + " game " + std::to_string(game) + " ply " + std::to_string(ply));
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_GT(moves, 10000);
}

// --- Position strings --------------------------------------------------------

TEST(PacManText, PositionsOfRandomGamesFromEveryMazeRoundTrip) {
  std::mt19937_64 rng(26);
  int checked = 0;
  for (const auto& variant : PacMan::start_variants())
    for (int game = 0; game < 50; ++game)
      for (const P& p : random_playout<PacMan>(variant.position, rng)) {
        const std::string text = PacMan::to_text(p);
        ASSERT_EQ(text.find(' '), std::string::npos) << "one token: " << text;
        const Parsed<P> back = PacMan::from_text(text);
        ASSERT_TRUE(back.ok()) << text << ": " << back.error();
        ASSERT_EQ(*back, p) << text;
        ++checked;
      }
  EXPECT_GT(checked, 1000);
}

TEST(PacManText, ABareMazeIsANewGameAndAPositionInPlayHoldsEverything) {
  const P p = parse("%%%%%%/%P_.G%/%%%%%%");
  EXPECT_EQ(p.cols, 6);
  EXPECT_EQ(p.rows, 3);
  EXPECT_EQ(p.ghost_count, 1);
  EXPECT_EQ(p.score, 0);
  EXPECT_EQ(PacMan::to_text(p), "%%%%%%/%P_._%/%%%%%%:0:0:0:4.1.4.1.-.0");
  EXPECT_EQ(parse("%%%%%%/%P .G%/%%%%%%"), p) << "a space is an empty cell too";
  // The ghost goes west onto the food: it stays under the ghost.
  const P q = PacMan::play(PacMan::play(p, Stop), W);
  EXPECT_EQ(PacMan::to_text(q), "%%%%%%/%P_._%/%%%%%%:-1:1:0:3.1.4.1.W.0");
  EXPECT_EQ(PacMan::piece_at(q, {3, 1}), Piece::kSecondSide);
  EXPECT_EQ(parse("%%%%%%/%P_._%/%%%%%%:-1:1:0:3.1.4.1.W.0"), q);
}

TEST(PacManText, BadStringsAreRejectedWithTheirReason) {
  const std::pair<const char*, const char*> bad[] = {
      {"", "empty"},
      {"%%%%/%P.G%/%%%", "ragged"},
      {"%%%%%/%_.G%/%%%%%", "no Pac-Man"},
      {"%%%%%%/%PP.G%/%%%%%%", "two Pac-Men"},
      {"%%%%%%%%%/%P.GGGGG%/%%%%%%%%%", "at most 4"},
      {"%%%%%/%P._%/%%%%%", "no ghost"},
      {"%%%%%/%P_G%/%%%%%", "no food"},
      {"%%%%%/%P.x%/%%%%%", "'x'"},
      {"%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%/%P.G%", "at most 32"},
      {"%%%/%P.G/%%%/%%%/%%%/%%%/%%%/%%%/%%%/%%%/%%%/%%%/%%%/%%%/%%%/%%%/%%%", "rows"},
      {"%%%%%/%P.%%/%%%G%/%%%%%", "walled in"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:0:0.0.4.1.-.0", "in a wall"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:0:3.1.4.1.-.0", "no direction"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:0:4.1.4.1.W.41", "scared"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:0:4.1.4.1.X.0", "direction"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:2:4.1.4.1.-.0", "agent"},
      {"%%%%%%/%P_._%/%%%%%%:0:501:0:4.1.4.1.-.0", "rounds"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:0:4.1.4.1.-.0!", "catcher"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:0:1.1.4.1.W.0", "not caught"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:0:1.1.4.1.W.5", "scared on Pac-Man"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:0:4.1.4.1.W.0", "out of a wall"},
      {"%%%%%%/%P_.G%/%%%%%%:0:0:0:4.1.4.1.-.0", "'G'"},
      {"%%%%%%/%P_._%/%%%%%%:0:0:0", "ROWS:SCORE"},
      {"%%%%%%/%P_._%/%%%%%%:x:0:0:4.1.4.1.-.0", "score"},
      {"%%%%%%/%P_._%/%%%%%%:5000:1:0:4.1.4.1.-.0", "more than a game with 1 ghost can reach"},
  };
  for (const auto& [text, reason] : bad) {
    const Parsed<P> p = PacMan::from_text(text);
    ASSERT_FALSE(p.ok()) << "accepted " << text;
    EXPECT_NE(p.error().find(reason), std::string::npos) << text << ": " << p.error();
  }
}

// The points a game can have, worked out a round at a time: Pac-Man's move
// at most -1 + 10 (a food) + 200 for each ghost eaten on his cell, each
// ghost's move +200 (that ghost eaten), so 9 + 400 a ghost a round (the
// +500 of a win comes once, with no move after it); at least -1 a round,
// and -500 once when caught. With one ghost, after 200 rounds: -200 to
// 200 * 409 = 81,800.
TEST(PacManText, AScoreNoGameCanReachIsRefused) {
  const std::string rows = "%%%%%%/%P_._%/%%%%%%:";
  const std::string rest = ":200:0:3.1.4.1.W.0";
  // The fuzz case: evaluated at -9999 in the release build, as it overflowed.
  const Parsed<P> refused = PacMan::from_text(rows + "300000" + rest);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(),
            "score 300000 after 200 rounds: more than a game with 1 ghost can reach (-200 to "
            "81800 points)");
  EXPECT_TRUE(PacMan::from_text(rows + "81800" + rest).ok());
  EXPECT_FALSE(PacMan::from_text(rows + "81801" + rest).ok());
  EXPECT_TRUE(PacMan::from_text(rows + "-200" + rest).ok());
  const Parsed<P> too_low = PacMan::from_text(rows + "-201" + rest);
  ASSERT_FALSE(too_low.ok());
  EXPECT_NE(too_low.error().find("less than a game with 1 ghost can reach (-200 to 81800"),
            std::string::npos)
      << too_low.error();
}

// From positions at either bound (worked out as above), every position a
// game reaches reads back as itself: each move raises the bound by at
// least what it can score, so no game is ever refused by it.
TEST(PacManText, EveryPositionPlayedFromTheBoundsReadsBack) {
  const P maze = parse("%%%%%%%%/%Po.o.G%/%.%%%%.%/%..G...%/%%%%%%%%");
  std::mt19937_64 rng(32);
  for (int game = 0; game < 200; ++game) {
    P p = maze;
    p.rounds = static_cast<std::uint16_t>(rng() % 450);
    const int high = p.rounds * (9 + 400 * p.ghost_count), low = -p.rounds;
    p.score = game % 2 ? high : low;
    ASSERT_TRUE(PacMan::from_text(PacMan::to_text(p)).ok()) << PacMan::to_text(p);
    P beyond = p;
    beyond.score += game % 2 ? 1 : -1;
    EXPECT_FALSE(PacMan::from_text(PacMan::to_text(beyond)).ok()) << PacMan::to_text(beyond);
    while (PacMan::outcome(p) == Outcome::kOngoing) {
      const std::vector<Move> moves = moves_of(p);
      p = PacMan::play(p, moves[rng() % moves.size()]);
      const Parsed<P> back = PacMan::from_text(PacMan::to_text(p));
      ASSERT_TRUE(back.ok()) << PacMan::to_text(p) << ": " << back.error();
      ASSERT_EQ(*back, p) << PacMan::to_text(p);
    }
  }
}

// --- The board ---------------------------------------------------------------

TEST(PacManBoard, ACapsuleChangesEveryGhostsCellAndAnEatenGhostItsHome) {
  P p = parse("%%%%%%%/%Po_G.%/%%%%%%%");
  const MoveCells capsule = PacMan::move_cells(p, E);
  EXPECT_EQ(capsule.from, (Cell{1, 1}));
  EXPECT_EQ(capsule.to, (Cell{2, 1}));
  EXPECT_EQ(capsule.also, (std::vector<Cell>{{4, 1}})) << "the ghost turns blue";
  p = play_all(p, {E, W});
  const MoveCells eat = PacMan::move_cells(p, E);
  EXPECT_EQ(eat.also, (std::vector<Cell>{{4, 1}})) << "the eaten ghost appears at home";
  EXPECT_TRUE(PacMan::move_cells(p, Stop).is_pass());
  EXPECT_EQ(PacMan::grid(p).cols, 7);
  EXPECT_EQ(PacMan::piece_at(p, {0, 0}), PacMan::kWall);
  EXPECT_EQ(PacMan::piece_at(p, {5, 1}), PacMan::kFood);
  EXPECT_EQ(PacMan::piece_at(p, {3, 1}), PacMan::kScaredGhost);
  EXPECT_EQ(PacMan::piece_at(p, {2, 1}), Piece::kFirstSide);
}

// --- The heuristic -------------------------------------------------------------

TEST(PacManTerms, CountedOnASmallMaze) {
  // Pac-Man at (1,1); food at (3,1) two steps east and (1,3) two steps south
  // round no wall; the ghost at (5,3): 6 steps by the maze.
  const P p = parse("%%%%%%%/%P_.__%/%_%%%_%/%.___G%/%%%%%%%");
  const auto weights = default_weights<PacMan>();
  const PacMan::Weights values = PacMan::term_values(p, weights);
  EXPECT_EQ(values, (PacMan::Weights{0, 2, 2, PacMan::kGhostDistanceCap, 0}));
  const P ghost_turn = PacMan::play(p, E);  // (2,1): food 1 step away, 1 point lost
  const PacMan::Weights theirs = PacMan::term_values(ghost_turn, weights);
  EXPECT_EQ(theirs, (PacMan::Weights{1, -1, -2, -PacMan::kGhostDistanceCap, 0}));
  EXPECT_EQ(PacMan::evaluate(ghost_turn, weights), -PacMan::points(ghost_turn, weights));
  const auto score_only = *find_weight_preset<PacMan>("score");
  EXPECT_EQ(PacMan::points(ghost_turn, score_only), -1);
}

// A score of a quarter of a million points is legal after 400 rounds with
// four ghosts (up to 400 * (9 + 4 * 400) = 643,600), and times the largest
// weight, 10,000, it is 2,500,000,000: beyond a 32-bit int, where it wrapped
// to a loss. Each term exactly, the total clamped to the heuristic's range.
TEST(PacManTerms, ABigButLegalScoreIsWeightedExactly) {
  const P p = parse(
      "%%%%%%%%%%/%P.______%/%%%%%%%%%%:250000:400:0:5.1.5.1.-.0:6.1.6.1.-.0:7.1.7.1.-.0:"
      "8.1.8.1.-.0");
  PacMan::Weights weights = default_weights<PacMan>();
  weights[PacMan::kScore] = kMaxWeight;
  const PacMan::Weights values = PacMan::term_values(p, weights);
  EXPECT_EQ(values, (PacMan::Weights{250000, 1, 1, PacMan::kGhostDistanceCap, 0}));
  EXPECT_EQ(term_contribution(values[PacMan::kScore], kMaxWeight), 2'500'000'000);
  EXPECT_EQ(PacMan::evaluate(p, weights), kMaxHeuristic - 1);
  EXPECT_EQ(PacMan::points(p, weights), kMaxHeuristic - 1);
  const P ghost_turn = PacMan::play(p, Stop);
  EXPECT_EQ(PacMan::evaluate(ghost_turn, weights), -(kMaxHeuristic - 1));
  EXPECT_EQ(PacMan::points(ghost_turn, weights), kMaxHeuristic - 1);
}

// The same through the protocol: the fuzz case's position refused with its
// reason and the position kept; the legal one's terms exact.
TEST(PacManTerms, TheProtocolsEvalIsExactOrThePositionRefused) {
  std::vector<std::string> replies;
  Protocol protocol(
      make_engine_session, game_names(),
      [&replies](const std::string& line) { replies.push_back(line); }, false);
  const auto send = [&](const std::string& line) {
    replies.clear();
    protocol.handle(line);
    return replies;
  };
  send("game pacman");
  send("setoption name Score value 10000");
  const std::vector<std::string> before = send("eval");
  EXPECT_EQ(send("position %%%%%%/%P_._%/%%%%%%:300000:200:0:3.1.4.1.W.0"),
            std::vector<std::string>{"error score 300000 after 200 rounds: more than a game with "
                                     "1 ghost can reach (-200 to 81800 points)"});
  EXPECT_EQ(send("eval"), before) << "the position is the one before";
  send(
      "position %%%%%%%%%%/%P.______%/%%%%%%%%%%:250000:400:0:5.1.5.1.-.0:6.1.6.1.-.0:"
      "7.1.7.1.-.0:8.1.8.1.-.0");
  const std::vector<std::string> eval = send("eval");
  ASSERT_EQ(eval.size(), PacMan::kTerms.size() + 1);
  EXPECT_EQ(eval[0], "eval term Score value 250000 weight 10000 contribution 2500000000");
  EXPECT_EQ(eval.back(), "eval total 9999");
}

// --- The chaser ----------------------------------------------------------------

TEST(PacManChaser, ProbabilitiesSumToOneAndFavourTheChase) {
  // Ghost 1 at (3,2), a crossing; Pac-Man at (1,1), up and to the west.
  P p = parse("%%%%%%%/%P_.__%/%__G__%/%_____%/%%%%%%%");
  p = PacMan::play(p, Stop);
  MoveList<PacMan::kMaxMoves> moves;
  PacMan::generate_moves(p, moves);
  ASSERT_EQ(std::vector<Move>(moves.begin(), moves.end()), (std::vector<Move>{N, E, S, W}));
  std::array<double, PacMan::kMaxMoves> prob{};
  PacMan::wander_probabilities(p, moves, prob);
  // N and W both bring it within 2 of him: 0.8 shared, 0.2 spread over 4.
  EXPECT_NEAR(prob[0], 0.4 + 0.05, 1e-12);
  EXPECT_NEAR(prob[1], 0.05, 1e-12);
  EXPECT_NEAR(prob[2], 0.05, 1e-12);
  EXPECT_NEAR(prob[3], 0.4 + 0.05, 1e-12);
  // Scared, it flees: E and S take it farthest.
  P scared = p;
  scared.ghosts[0].scared = 10;
  PacMan::wander_probabilities(scared, moves, prob);
  EXPECT_NEAR(prob[0], 0.05, 1e-12);
  EXPECT_NEAR(prob[1], 0.45, 1e-12);
  EXPECT_NEAR(prob[2], 0.45, 1e-12);
  // Over random positions they always sum to 1.
  std::mt19937_64 rng(27);
  for (int game = 0; game < 50; ++game)
    for (const P& q : random_playout<PacMan>(PacMan::start(), rng)) {
      if (PacMan::outcome(q) != Outcome::kOngoing || q.agent == 0) continue;
      MoveList<PacMan::kMaxMoves> list;
      PacMan::generate_moves(q, list);
      PacMan::wander_probabilities(q, list, prob);
      double sum = 0;
      for (std::size_t i = 0; i < list.size(); ++i) sum += prob[i];
      ASSERT_NEAR(sum, 1.0, 1e-12) << PacMan::to_text(q);
    }
}

// --- Minimax's pessimism, measured with plain recursion -------------------------

// Pac-Man's value of p searched `rounds` rounds deep by plain recursion (no
// pruning): ghosts as MIN (minimax) or as uniform chance (expectimax), the
// score at the leaves.
double brute_value(const P& p, int plies, bool expectimax) {
  if (plies == 0 || PacMan::outcome(p) != Outcome::kOngoing) return p.score;
  const std::vector<Move> moves = moves_of(p);
  std::vector<double> values;
  for (Move m : moves) values.push_back(brute_value(PacMan::play(p, m), plies - 1, expectimax));
  if (p.agent == 0) return *std::max_element(values.begin(), values.end());
  if (!expectimax) return *std::min_element(values.begin(), values.end());
  double sum = 0;
  for (double v : values) sum += v;
  return sum / static_cast<double>(values.size());
}

// Pac-Man's move: the first best in move order.
Move brute_move(const P& p, int rounds, bool expectimax) {
  Move best = kNoMove;
  double best_value = -1e18;
  for (Move m : moves_of(p)) {
    const double v =
        brute_value(PacMan::play(p, m), rounds * PacMan::agent_count(p) - 1, expectimax);
    if (v > best_value + 1e-9) best = m, best_value = v;
  }
  return best;
}

// Games against uniformly random ghosts; returns the wins.
int wins_against_random_ghosts(const P& start, int games, bool expectimax, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int wins = 0;
  for (int g = 0; g < games; ++g) {
    P p = start;
    while (PacMan::outcome(p) == Outcome::kOngoing) {
      if (p.agent == 0) {
        p = PacMan::play(p, brute_move(p, 3, expectimax));
      } else {
        const std::vector<Move> moves = moves_of(p);
        p = PacMan::play(p, moves[rng() % moves.size()]);
      }
    }
    wins += PacMan::won(p) && p.caught_by == 0;
  }
  return wins;
}

TEST(PacManPessimism, InTheTrappedMazeMinimaxLosesAndExpectimaxWinsAboutHalf) {
  P trapped;
  for (const auto& variant : PacMan::start_variants())
    if (variant.name == "trapped") trapped = variant.position;
  ASSERT_EQ(trapped.ghost_count, 2);
  constexpr int kGames = 100;
  const int minimax_wins = wins_against_random_ghosts(trapped, kGames, false, 28);
  const int expectimax_wins = wins_against_random_ghosts(trapped, kGames, true, 29);
  std::cout << "trapped, depth 3, score: minimax " << minimax_wins << "/" << kGames
            << " wins, expectimax " << expectimax_wins << "/" << kGames << "\n";
  EXPECT_LE(minimax_wins, 5);
  EXPECT_GE(expectimax_wins, 30);
  EXPECT_LE(expectimax_wins, 70);
}

}  // namespace
}  // namespace arcade::testing

namespace arcade::testing {
namespace {

// The own-maze box says which characters a maze takes before the person
// gets it wrong (issue 33): every character the help names reads as what it
// says, each in a maze of its own, and a character it does not name is
// refused.
TEST(PacManMazeHelp, TheHelpNamesExactlyTheCharactersAMazeTakes) {
  const std::string_view help = PacMan::kStartTextHelp;
  // "% a wall, . food, ..." : each entry a character (or "a space") and its
  // meaning.
  std::vector<char> named;
  std::size_t at = 0;
  while (at < help.size()) {
    const std::size_t end = std::min(help.find(", ", at), help.size());
    const std::string_view entry = help.substr(at, end - at);
    if (entry.starts_with("a space or _")) {
      named.push_back(' ');
      named.push_back('_');
    } else {
      named.push_back(entry[0]);
    }
    at = end + 2;
  }
  EXPECT_EQ(std::string(named.begin(), named.end()), "%.oPG _");
  for (char c : named) {
    // A row of six between walls, Pac-Man and a ghost in it, `c` beside him
    // (Pac-Man's own letter stands for himself).
    const std::string row = c == 'P' ? "%P..G%" : std::string("%P") + c + ".G%";
    const std::string rows = "%%%%%%/" + row + "/%%%%%%";
    const Parsed<PacMan::Position> p = PacMan::from_text(rows);
    EXPECT_TRUE(p.ok()) << "'" << c << "' in " << rows << ": " << (p.ok() ? "" : p.error());
  }
  // Any other character in a row is refused ('/' parts rows, ':' and '!'
  // a position string's fields).
  for (char c = 33; c < 127; ++c) {
    if (std::find(named.begin(), named.end(), c) != named.end() || c == '/' || c == ':' || c == '!')
      continue;
    const std::string rows = std::string("%%%%%%/%P") + c + ".G%/%%%%%%";
    EXPECT_FALSE(PacMan::from_text(rows).ok()) << "'" << c << "' is none of them: " << rows;
  }
}

}  // namespace
}  // namespace arcade::testing
