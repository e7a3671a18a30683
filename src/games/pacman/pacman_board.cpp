// Pac-Man's mazes and how a position shows on the board.

#include <algorithm>
#include <cstdlib>

#include "games/pacman/pacman.h"

namespace arcade {

namespace {

// The mazes shipped, rows from the top joined by '/'. docs/pacman.md draws
// them.
struct Maze {
  std::string_view name;
  std::string_view rows;
};

constexpr Maze kMazes[] = {
    // Two ghosts at the ends of the middle row, Pac-Man between them, a
    // capsule in every corner.
    {"corridors",
     "%%%%%%%%%%%%%%%%%%%%/"
     "%o.....%....%.....o%/"
     "%.%%%%.%.%%.%.%%%%.%/"
     "%..G......P......G.%/"
     "%.%%%%.%.%%.%.%%%%.%/"
     "%o.....%....%.....o%/"
     "%%%%%%%%%%%%%%%%%%%%"},
    // One ghost round a block.
    {"tiny",
     "%%%%%%%/"
     "%P...o%/"
     "%.%%%.%/"
     "%....G%/"
     "%%%%%%%"},
    // Pac-Man in a corridor between ghost 2 and the only way to the food,
    // which ghost 1 stands in: it goes up to the food or down to him, one
    // chance in two. Minimax's pessimism, shown (docs/pacman.md).
    {"trapped",
     "%%%%%%%%%/"
     "%.....__%/"
     "%G%%%%%%%/"
     "%___P_G%%/"
     "%%%%%%%%%"},
    // Two ghosts in the bottom corners, capsules at the top.
    {"two ghosts",
     "%%%%%%%%%%%/"
     "%o...%...o%/"
     "%.%%.%.%%.%/"
     "%....P....%/"
     "%.%%.%.%%.%/"
     "%G.......G%/"
     "%%%%%%%%%%%"},
};

PacMan::Position maze(std::string_view rows) {
  return *PacMan::from_text(rows);
}

bool on(const PacMan::Position& p, int agent, int index) {
  return agent == 0 ? p.pacman == index : p.ghosts[agent - 1].cell == index;
}

Piece ghost_piece(const PacMan::Position& p, int ghost) {
  if (p.ghosts[ghost].scared > 0) return PacMan::kScaredGhost;
  constexpr Piece kColours[] = {Piece::kSecondSide, PacMan::kSecondGhost, PacMan::kThirdGhost,
                                Piece::kSecondSide};
  return kColours[ghost];
}

Piece agent_piece(const PacMan::Position& p, int agent) {
  return agent == 0 ? Piece::kFirstSide : ghost_piece(p, agent - 1);
}

}  // namespace

PacMan::Position PacMan::start() {
  static const Position corridors = maze(kMazes[0].rows);
  return corridors;
}

std::vector<StartVariant<PacMan::Position>> PacMan::start_variants() {
  std::vector<StartVariant<Position>> variants;
  for (const Maze& m : kMazes) variants.push_back({m.name, maze(m.rows)});
  return variants;
}

Piece PacMan::piece_at(const Position& p, Cell c) {
  const int i = index_of(p, c);
  // The catch shows: the ghost that caught Pac-Man on top of him, whoever
  // moved last (he walked into it, or it onto him).
  if (p.caught_by != 0 && p.pacman == i) return ghost_piece(p, p.caught_by - 1);
  const int last_mover = (p.agent + agent_count(p) - 1) % agent_count(p);
  if (on(p, last_mover, i)) return agent_piece(p, last_mover);
  if (p.pacman == i) return Piece::kFirstSide;
  for (int g = 0; g < p.ghost_count; ++g)
    if (p.ghosts[g].cell == i) return ghost_piece(p, g);
  if (p.walls.test(i)) return kWall;
  if (p.food.test(i)) return kFood;
  if (p.capsules.test(i)) return kCapsule;
  return Piece::kNone;
}

MoveCells PacMan::move_cells(const Position& p, Move m) {
  const Position after = play(p, m);
  const int from = p.agent == 0 ? p.pacman : p.ghosts[p.agent - 1].cell;
  const int to = m == kStop ? from : step(p, from, m);
  std::vector<Cell> also;
  for (int r = 0; r < p.rows; ++r)
    for (int c = 0; c < p.cols; ++c) {
      const int i = index_of(c, r);
      if (i == from || i == to) continue;
      const Cell cell = cell_of(p, i);
      if (piece_at(p, cell) != piece_at(after, cell)) also.push_back(cell);
    }
  if (m != kStop) return MoveCells::moving(cell_of(p, from), cell_of(p, to), std::move(also));
  // Stop leaves Pac-Man where he is: it changes no cell but by a collision.
  const Cell here = cell_of(p, from);
  if (piece_at(p, here) == piece_at(after, here) && also.empty()) return MoveCells::pass();
  return MoveCells::placing(here, std::move(also));
}

std::optional<TakenPiece> PacMan::taken_at_end(const Position& p) {
  if (p.caught_by == 0) return std::nullopt;
  return TakenPiece{cell_of(p, p.pacman), Piece::kFirstSide};
}

std::string PacMan::end_in_words(const Position& p) {
  if (p.caught_by != 0)
    return "The ghosts win: ghost " + std::to_string(p.caught_by) + " caught Pac-Man, " +
           points_in_words(p.score) + ".";
  if (won(p)) return "Pac-Man wins: every food eaten, " + points_in_words(p.score) + ".";
  if (p.rounds >= kMaxRounds)
    return "Draw: " + std::to_string(kMaxRounds) + " rounds played, " + points_in_words(p.score) +
           ".";
  return "";
}

}  // namespace arcade
