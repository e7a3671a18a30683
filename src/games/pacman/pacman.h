#pragma once
// Pac-Man in a maze, with the rules of the Berkeley Pac-Man AI projects: the
// game the minimax tutorials end on, with more minds than two (Pac-Man, then
// each ghost in turn: engine/agents.h) and ghosts that may wander at random.
//
// Rules (docs/pacman.md says them for players):
// - One round: Pac-Man moves, then each ghost in order. Pac-Man moves North,
//   East, South, West or Stops, into no wall. A ghost moves N, E, S or W into
//   no wall, never stops, and never reverses its last direction unless that
//   is its only move; at the start, and back home after being eaten, it has
//   no direction.
// - Score: -1 for each Pac-Man move (Stop too), +10 a food; the last food
//   wins at once, +500. After Pac-Man's move every ghost on his cell, and
//   after a ghost's move that ghost if it is on his cell, collides: an
//   unscared ghost catches him, -500, and the game is lost (unless that move
//   ate the last food: the win stands, as Berkeley's checkDeath says); a
//   scared ghost is eaten, +200, and goes back to its start with no
//   direction and no fear. Pac-Man eats before the check, so stepping onto
//   a ghost that stands on the last food wins. Berkeley takes -500 for each
//   unscared ghost on his cell; here a catch counts once, as the issue says.
// - A capsule scares every ghost for 40 of its own moves: each ghost's timer
//   drops by one when it moves (Berkeley's decrementTimer), before the
//   check: a ghost whose last move of fear lands on Pac-Man catches him.
// - Scared ghosts move at full speed, one cell a move. Berkeley's move half a
//   cell, but half a cell is no position on a grid, and skipping every other
//   turn would give a ghost a "wait" move it otherwise never has (and
//   expectimax a chance node with one child); the rule keeps every ghost move
//   a step.
// - A game still going after kMaxRounds rounds ends as a draw with the score
//   it has: neither side reached its goal, so neither gets the +500 or the
//   -500, and the points stay exactly those Berkeley's rules counted so far.
//
// The maze is at most 32 x 16 cells, kept as bit sets (one bit a cell,
// bit = row * 32 + col, row 0 at the top as the text reads), so a position is
// a value of about 220 bytes, copied per search node with no allocation:
//
//   bit    0   1   2 ...  31     <- row 0, the maze's top row
//   bit   32  33  34 ...  63     <- row 1
//   ...
//   bit  480 481 482 ... 511     <- row 15
//
// A move is 0 N, 1 E, 2 S, 3 W, 4 Stop (Pac-Man only), written "N" "E" "S"
// "W" "Stop" (read in any case, and as "north" .. "west" too).
//
// Position string: one token. A bare maze is its rows from the top joined
// by '/': '%' a wall, '.' food, 'o' a capsule, 'P' Pac-Man, 'G' a ghost (in
// reading order: ghost 1, 2, ...), '_' or ' ' an empty cell; it reads as a
// new game on that maze. A position in play is written
//   ROWS:SCORE:ROUNDS:AGENT:GHOST[:GHOST...]
// where ROWS is the floor (walls, food, capsules, '_') with Pac-Man's 'P'
// (his cell is always empty of food) and no ghost; SCORE the points so far;
// ROUNDS the rounds played; AGENT the agent to move (0 Pac-Man, k ghost k);
// and each GHOST is `col.row.homecol.homerow.dir.scared` (cells counted from
// 0 at the top left; dir N E S W or '-' for none; scared the moves of fear
// left; a trailing '!' marks the ghost that caught Pac-Man). The food under
// a ghost stays in ROWS.
// Example, after Pac-Man stopped and the ghost stepped west onto the food:
// "%%%%%%/%P_._%/%%%%%%:-1:1:0:3.1.4.1.W.0".

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/agents.h"
#include "engine/game.h"
#include "games/game_description.h"

namespace arcade {

// The pieces' glyphs (board_look.h primitives), in cell units.
namespace pacman {

constexpr Rgb kFloor = 0x0A0A1E;
constexpr Glyph wall_glyph() {
  return shape_glyph({{Primitive::kBox, {0, 0, 0.46f, 0.46f, 0.14f}},
                      {Primitive::kBox, {0, 0, 0.3f, 0.3f, 0.08f}, 0.45f}});
}
// A disc with a wedge of a mouth facing east and an eye.
constexpr Glyph pacman_glyph() {
  return shape_glyph({{Primitive::kCircle, {0, 0, 0.42f}},
                      {Primitive::kSegment, {0.1f, 0, 0.46f, 0.17f, 0.07f}, 0, kFloor},
                      {Primitive::kSegment, {0.1f, 0, 0.46f, -0.17f, 0.07f}, 0, kFloor},
                      {Primitive::kSegment, {0.16f, 0, 0.46f, 0, 0.12f}, 0, kFloor},
                      {Primitive::kCircle, {0.02f, 0.22f, 0.05f}, 0, 0x101010}});
}
// A dome over a skirt of three feet, with eyes looking east.
constexpr Glyph ghost_glyph() {
  return shape_glyph({{Primitive::kCircle, {0, 0.06f, 0.36f}},
                      {Primitive::kBox, {0, -0.14f, 0.36f, 0.22f, 0.02f}},
                      {Primitive::kCircle, {0.25f, -0.34f, 0.11f}, 1, 0, true},
                      {Primitive::kCircle, {0, -0.34f, 0.11f}},
                      {Primitive::kCircle, {0.14f, 0.1f, 0.11f}, 0, 0xF6F6F6, true},
                      {Primitive::kCircle, {0.18f, 0.08f, 0.055f}, 0, 0x1C2A90, true}});
}
// The same ghost in blue, with pale eyes and a wavy mouth.
constexpr Glyph scared_ghost_glyph() {
  return shape_glyph({{Primitive::kCircle, {0, 0.06f, 0.36f}},
                      {Primitive::kBox, {0, -0.14f, 0.36f, 0.22f, 0.02f}},
                      {Primitive::kCircle, {0.25f, -0.34f, 0.11f}, 1, 0, true},
                      {Primitive::kCircle, {0, -0.34f, 0.11f}},
                      {Primitive::kCircle, {0.13f, 0.12f, 0.06f}, 0, 0xFFD0C0, true},
                      {Primitive::kSegment, {0.2f, -0.1f, 0.07f, -0.04f, 0.03f}, 0, 0xFFD0C0, true},
                      {Primitive::kSegment, {0.07f, -0.04f, 0, -0.1f, 0.03f}, 0, 0xFFD0C0, true}});
}
}  // namespace pacman

struct PacMan {
  static constexpr int kMaxCols = 32;
  static constexpr int kMaxRows = 16;
  static constexpr int kMaxGhosts = 4;
  static constexpr int kScaredMoves = 40;
  static constexpr int kMaxRounds = 500;
  static constexpr int kFoodPoints = 10;
  static constexpr int kWinPoints = 500;
  static constexpr int kCaughtPoints = -500;
  static constexpr int kGhostPoints = 200;
  static constexpr int kMovePoints = -1;

  // One bit a cell of the 32 x 16 grid (see the diagram above).
  struct Cells {
    std::array<std::uint64_t, kMaxCols * kMaxRows / 64> words{};
    bool test(int i) const { return (words[i >> 6] >> (i & 63)) & 1; }
    void set(int i) { words[i >> 6] |= std::uint64_t{1} << (i & 63); }
    void reset(int i) { words[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
    bool any() const;
    int count() const;
    friend bool operator==(const Cells&, const Cells&) = default;
  };

  static constexpr std::int8_t kNoDirection = -1;
  struct Ghost {
    std::uint16_t cell = 0;
    std::uint16_t home = 0;                // its start, where it goes once eaten
    std::int8_t direction = kNoDirection;  // its last move, N E S W (0-3), or none
    std::uint8_t scared = 0;               // its own moves of fear left
    friend bool operator==(const Ghost&, const Ghost&) = default;
  };

  struct Position {
    Cells walls, food, capsules;
    std::array<Ghost, kMaxGhosts> ghosts{};  // those past ghost_count stay zero
    std::int32_t score = 0;                  // points so far
    std::uint16_t pacman = 0;                // his cell
    std::uint16_t rounds = 0;                // rounds played
    std::uint8_t cols = 0, rows = 0;
    std::uint8_t ghost_count = 0;
    std::uint8_t agent = 0;      // to move: 0 Pac-Man, k ghost k
    std::uint8_t caught_by = 0;  // the ghost that caught Pac-Man, or 0
    friend bool operator==(const Position&, const Position&) = default;
  };

  enum Direction : Move { kNorth = 0, kEast = 1, kSouth = 2, kWest = 3, kStop = 4 };

  static constexpr std::string_view kName = "pacman";
  static constexpr std::size_t kMaxMoves = 5;
  static constexpr std::size_t kMoveSpace = 5;
  static constexpr int kMaxAgents = 1 + kMaxGhosts;
  static constexpr int kMaxGamePlies = kMaxRounds * kMaxAgents;

  // The 20 x 7 two-ghost maze ("corridors").
  static Position start();
  static void generate_moves(const Position& p, MoveList<kMaxMoves>& moves);
  static Position play(const Position& p, Move m);
  // For the side to move (side_to_move): won, lost, or drawn at the round
  // limit.
  static Outcome outcome(const Position& p);

  // The heuristic's terms, for Pac-Man and negated when a ghost is to move.
  // Distances are steps through the maze (a breadth-first search from
  // Pac-Man); GhostDistance is that to the nearest unscared ghost, capped at
  // kGhostDistanceCap (farther is as safe); ScaredTime the fear left, summed
  // over the ghosts. A finished game's Score is its final score and every
  // other term 0.
  enum Term { kScore, kNearestFood, kFoodLeft, kGhostDistance, kScaredTime, kTermCount };
  static constexpr int kGhostDistanceCap = 4;
  static constexpr std::array<EvalTerm, kTermCount> kTerms = {{
      {"Score", 1, "points so far"},
      {"NearestFood", -2, "steps to the nearest food"},
      {"FoodLeft", -4, "food left"},
      {"GhostDistance", 15, "steps to the nearest unscared ghost, up to 4"},
      {"ScaredTime", 1, "the ghosts' moves of fear left, summed"},
  }};
  using Weights = std::array<Score, kTermCount>;
  // "score": the score alone, the plain evaluation of the tutorials (and of
  // the pessimism demo).
  static constexpr std::array<WeightPreset<kTermCount>, 1> kWeightPresets = {{
      {"score", {1, 0, 0, 0, 0}},
  }};
  static Weights term_values(const Position& p, const Weights& weights);
  static Score evaluate(const Position& p, const Weights& weights);
  static std::uint64_t hash(const Position& p);
  // Pac-Man: food and capsules first, Stop last; a ghost: towards Pac-Man
  // (away when scared).
  static int move_hint(const Position& p, Move m);

  static std::string move_to_text(const Position& p, Move m);
  static Parsed<Move> move_from_text(const Position& p, std::string_view text);
  static std::string to_text(const Position& p);
  static Parsed<Position> from_text(std::string_view text);
  static std::string diagram(const Position& p);

  // --- More minds than two (engine/agents.h) ---

  static int agent_count(const Position& p) { return 1 + p.ghost_count; }
  static int agent_to_move(const Position& p) { return p.agent; }
  static std::string agent_name(int agent);
  // Pac-Man's points: the final score of a finished game, else
  // weighted_total of the terms for Pac-Man (so the score itself with the
  // "score" preset).
  static Score points(const Position& p, const Weights& weights);
  // Berkeley's DirectionalGhost: 0.8 shared among the moves that bring the
  // ghost nearest to Pac-Man (Manhattan distance after the move), 0.2 spread
  // over all its legal moves; a scared ghost flees, the 0.8 going to the
  // moves that take it farthest.
  static constexpr std::string_view kWanderModel = "chaser";
  static constexpr double kChaseProbability = 0.8;
  static void wander_probabilities(const Position& p, const MoveList<kMaxMoves>& moves,
                                   std::array<double, kMaxMoves>& probabilities);
  // Levels 1-5: how the ghosts play against a person, and how an AI
  // Pac-Man searches (level_words says each in words).
  static constexpr std::array<AgentLevel, kLevelCount> kAgentLevels = {{
      {Algorithm::kMinimax, 1, Opponents::kRandom},
      {Algorithm::kExpectimax, 2, Opponents::kRandom},
      {Algorithm::kExpectimax, 2, Opponents::kWandering},
      {Algorithm::kExpectimax, 3, Opponents::kWandering},
      {Algorithm::kAlphaBeta, 4, Opponents::kAdversarial},
  }};
  static std::string level_words(int level);

  // --- How the game shows itself to the app (games/game_description.h) ---

  static constexpr std::string_view kTitle = "Pac-Man";
  static constexpr std::array<SideDescription, 2> kSides = {
      {{"Pac-Man", "Pac-Man", false}, {"Ghosts", "The ghosts", true}}};
  // Piece values beyond the two sides' (1 Pac-Man, 2 ghost 1).
  static constexpr Piece kWall = further_piece(0);
  static constexpr Piece kFood = further_piece(1);
  static constexpr Piece kCapsule = further_piece(2);
  static constexpr Piece kScaredGhost = further_piece(3);
  static constexpr Piece kSecondGhost = further_piece(4);
  static constexpr Piece kThirdGhost = further_piece(5);
  // Walls as blue rounded boxes filling their cells on a dark floor, small
  // food dots, larger capsules, a yellow Pac-Man, red, pink and cyan ghosts
  // with eyes, blue scared ones.
  static constexpr BoardLook kLook = {
      {SurfaceKind::kGridLines, {pacman::kFloor, pacman::kFloor}},
      {PieceLook{pacman::pacman_glyph(), 0xFFE01A, "Pac-Man"},
       PieceLook{pacman::ghost_glyph(), 0xF03030, "ghost"},
       PieceLook{pacman::wall_glyph(), 0x2A48E0, "wall"},
       PieceLook{shape_glyph({{Primitive::kCircle, {0, 0, 0.08f}}}), 0xFFC8A0, "food"},
       PieceLook{shape_glyph({{Primitive::kCircle, {0, 0, 0.21f}}}), 0xF4F4F4, "capsule"},
       PieceLook{pacman::scared_ghost_glyph(), 0x2838E8, "scared ghost"},
       PieceLook{pacman::ghost_glyph(), 0xFFA8D8, "ghost"},
       PieceLook{pacman::ghost_glyph(), 0x20D8E0, "ghost"}}};
  // The grid of start(); each position has its own (grid()).
  static constexpr BoardLayout kBoardLayout = {kLook, {20, 7}, Placement::kOnCell, 0, {}};
  static constexpr std::string_view kStartLabel = "Maze";
  // What a maze of one's own is written with (pacman_text.cpp reads it).
  static constexpr std::string_view kStartTextHelp =
      "% a wall, . food, o a capsule, P Pac-Man, G a ghost, a space or _ an empty cell";
  static std::vector<StartVariant<Position>> start_variants();
  static int side_to_move(const Position& p) { return p.agent == 0 ? 0 : 1; }
  static Grid grid(const Position& p) { return {p.cols, p.rows}; }
  // A cell holding several pieces shows the agent that moved onto it last,
  // else Pac-Man, else its first ghost (ghosts 1 and 4 look alike), else
  // the floor.
  static Piece piece_at(const Position& p, Cell c);
  // The mover's step (none for Stop, unless something else changes), and
  // in `also` the other cells it changes: every ghost a capsule scares, an
  // eaten ghost's home, a cell a ghost left for home.
  static MoveCells move_cells(const Position& p, Move m);
  static std::string end_in_words(const Position& p);
  // Caught: Pac-Man, where the ghost caught him.
  static std::optional<TakenPiece> taken_at_end(const Position& p);
  // The points so far, which the maze does not show: "23 points".
  static std::string tally(const Position& p) { return points_in_words(p.score); }
  static std::string points_in_words(int points) {
    return std::to_string(points) + (points == 1 || points == -1 ? " point" : " points");
  }

  // --- Helpers ---

  static constexpr int index_of(int col, int row) { return row * kMaxCols + col; }
  static constexpr int col_of(int index) { return index % kMaxCols; }
  static constexpr int row_of(int index) { return index / kMaxCols; }
  static Cell cell_of(const Position& p, int index) {
    return {col_of(index), p.rows - 1 - row_of(index)};
  }
  static int index_of(const Position& p, Cell c) { return index_of(c.col, p.rows - 1 - c.row); }
  // The cell one step from `index` in direction d, or -1 off the grid.
  static int step(const Position& p, int index, int direction);
  static bool open(const Position& p, int index) { return index >= 0 && !p.walls.test(index); }
  static bool won(const Position& p) { return !p.food.any(); }
  // Steps through the maze from Pac-Man to every cell (-1: out of reach).
  static std::array<std::int16_t, kMaxCols * kMaxRows> distances_from_pacman(const Position& p);
};

static_assert(Game<PacMan>);
static_assert(GameDescription<PacMan>);
static_assert(MultiAgentGame<PacMan>);

}  // namespace arcade
