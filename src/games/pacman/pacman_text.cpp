// Pac-Man's position strings (the format is in pacman.h) and diagram.

#include <cstdint>
#include <string>
#include <vector>

#include "games/pacman/pacman.h"

namespace arcade {

namespace {

constexpr char kDirectionLetters[] = "NESW";

// The points a game can have at a position, from the moves played to reach
// it: each Pac-Man move at most a food and every ghost eaten on his cell
// (-1 + 10 + 200 a ghost), each ghost's move at most that ghost eaten (+200),
// the win +500 once; at least -1 a Pac-Man move and -500 once, when caught.
// A move raises the bounds by what it can gain or lose, so a move from any
// position read leads to one that reads too.
struct ScoreRange {
  std::int64_t low = 0, high = 0;
};

ScoreRange reachable_scores(const PacMan::Position& p) {
  const std::int64_t pacman_moves = p.rounds + (p.agent != 0 ? 1 : 0);
  const std::int64_t ghost_moves =
      std::int64_t{p.rounds} * p.ghost_count + (p.agent != 0 ? p.agent - 1 : 0);
  const std::int64_t pacman_gain =
      PacMan::kMovePoints + PacMan::kFoodPoints + p.ghost_count * PacMan::kGhostPoints;
  ScoreRange range;
  range.high = pacman_moves * pacman_gain + ghost_moves * PacMan::kGhostPoints +
               (PacMan::won(p) ? PacMan::kWinPoints : 0);
  range.low = pacman_moves * PacMan::kMovePoints + (p.caught_by != 0 ? PacMan::kCaughtPoints : 0);
  return range;
}

// The widest a position's score field is read before reachable_scores
// checks it: all the rounds with the most ghosts.
constexpr int kMaxScore =
    PacMan::kMaxRounds *
        (PacMan::kMovePoints + PacMan::kFoodPoints + PacMan::kMaxGhosts * PacMan::kGhostPoints) +
    PacMan::kMaxRounds * PacMan::kMaxGhosts * PacMan::kGhostPoints + PacMan::kWinPoints;

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = text.find(separator, begin);
    parts.push_back(text.substr(begin, end == std::string_view::npos ? end : end - begin));
    if (end == std::string_view::npos) return parts;
    begin = end + 1;
  }
}

// 'text' (built by appending: g++ 12 warns falsely, -Wrestrict, on "'" + string).
std::string quoted(std::string_view text) {
  std::string q(1, '\'');
  q.append(text);
  q += '\'';
  return q;
}

std::string cell_text(int index) {
  return std::to_string(PacMan::col_of(index)) + "." + std::to_string(PacMan::row_of(index));
}

char floor_char(const PacMan::Position& p, int i) {
  if (p.walls.test(i)) return '%';
  if (p.food.test(i)) return '.';
  if (p.capsules.test(i)) return 'o';
  return '_';
}

// The rows: the floor, Pac-Man, and the ghosts when `ghosts` (a bare maze).
struct Rows {
  PacMan::Position position;
  std::vector<int> ghost_cells;  // in reading order
  int pacmen = 0;
};

Parsed<Rows> read_rows(std::string_view text) {
  const std::vector<std::string_view> rows = split(text, '/');
  if (rows.size() > PacMan::kMaxRows)
    return ParseError{"a maze of " + std::to_string(rows.size()) + " rows: at most " +
                      std::to_string(PacMan::kMaxRows)};
  Rows out;
  PacMan::Position& p = out.position;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string_view row = rows[r];
    const std::string row_name = "row " + std::to_string(r + 1);
    if (row.empty()) return ParseError{row_name + " is empty"};
    if (row.size() > PacMan::kMaxCols)
      return ParseError{row_name + " has " + std::to_string(row.size()) + " cells: at most " +
                        std::to_string(PacMan::kMaxCols)};
    if (r > 0 && row.size() != rows[0].size())
      return ParseError{"ragged rows: " + row_name + " has " + std::to_string(row.size()) +
                        " cells, row 1 has " + std::to_string(rows[0].size())};
    for (std::size_t c = 0; c < row.size(); ++c) {
      const int i = PacMan::index_of(static_cast<int>(c), static_cast<int>(r));
      switch (row[c]) {
        case '%':
          p.walls.set(i);
          break;
        case '.':
          p.food.set(i);
          break;
        case 'o':
          p.capsules.set(i);
          break;
        case 'P':
          p.pacman = static_cast<std::uint16_t>(i), ++out.pacmen;
          break;
        case 'G':
          out.ghost_cells.push_back(i);
          break;
        case '_':
        case ' ':
          break;
        default:
          return ParseError{quoted(row.substr(c, 1)) + " in " + row_name +
                            ": a maze has % . o P G and _ (or space)"};
      }
    }
  }
  p.cols = static_cast<std::uint8_t>(rows[0].size());
  p.rows = static_cast<std::uint8_t>(rows.size());
  if (out.pacmen == 0) return ParseError{"no Pac-Man ('P') in the maze"};
  if (out.pacmen > 1) return ParseError{"two Pac-Men in the maze: one 'P' only"};
  return out;
}

// One ghost's field: col.row.homecol.homerow.dir.scared, '!' if it caught
// Pac-Man.
Parsed<PacMan::Ghost> read_ghost(const PacMan::Position& p, std::string_view text, int number,
                                 bool& caught) {
  const std::string name = "ghost " + std::to_string(number);
  caught = !text.empty() && text.back() == '!';
  if (caught) text.remove_suffix(1);
  const std::vector<std::string_view> f = split(text, '.');
  if (f.size() != 6)
    return ParseError{name + ": '" + std::string(text) +
                      "' is not col.row.homecol.homerow.direction.scared"};
  const auto col = parse_number(f[0], 0, p.cols - 1), row = parse_number(f[1], 0, p.rows - 1);
  const auto home_col = parse_number(f[2], 0, p.cols - 1),
             home_row = parse_number(f[3], 0, p.rows - 1);
  if (!col || !row || !home_col || !home_row) return ParseError{name + ": a cell off the maze"};
  PacMan::Ghost g;
  g.cell = static_cast<std::uint16_t>(PacMan::index_of(int(*col), int(*row)));
  g.home = static_cast<std::uint16_t>(PacMan::index_of(int(*home_col), int(*home_row)));
  const std::string_view dir = f[4];
  const std::size_t d = std::string_view(kDirectionLetters).find(dir);
  if (dir == "-")
    g.direction = PacMan::kNoDirection;
  else if (dir.size() == 1 && d != std::string_view::npos)
    g.direction = static_cast<std::int8_t>(d);
  else
    return ParseError{name + ": direction '" + std::string(dir) + "' is not N, E, S, W or -"};
  const auto scared = parse_number(f[5], 0, PacMan::kScaredMoves);
  if (!scared)
    return ParseError{name + ": scared for '" + std::string(f[5]) + "' moves, not 0 to " +
                      std::to_string(PacMan::kScaredMoves)};
  g.scared = static_cast<std::uint8_t>(*scared);
  return g;
}

bool has_way_out(const PacMan::Position& p, int cell) {
  for (int d = 0; d < 4; ++d)
    if (PacMan::open(p, PacMan::step(p, cell, d))) return true;
  return false;
}

// Why ghost i cannot stand where it does, or "".
std::string misplaced_ghost(const PacMan::Position& p, int i) {
  const PacMan::Ghost& g = p.ghosts[i];
  const std::string name = PacMan::agent_name(i + 1);
  if (p.walls.test(g.cell)) return name + " is in a wall";
  if (p.walls.test(g.home)) return name + "'s start is in a wall";
  if (!has_way_out(p, g.cell) || !has_way_out(p, g.home)) return name + " is walled in";
  if (g.direction == PacMan::kNoDirection && g.cell != g.home)
    return name + " has no direction but is away from its start";
  if (g.direction != PacMan::kNoDirection &&
      !PacMan::open(p, PacMan::step(p, g.cell, (g.direction + 2) % 4)))
    return name + " moved " + std::string(1, kDirectionLetters[g.direction]) + " out of a wall";
  if (g.cell == p.pacman && g.scared > 0) return name + " is scared on Pac-Man's cell, uneaten";
  return "";
}

// Checks of a position in play: who caught Pac-Man, the round limit.
std::string impossibility(const PacMan::Position& p) {
  for (int i = 0; i < p.ghost_count; ++i)
    if (std::string why = misplaced_ghost(p, i); !why.empty()) return why;
  if (p.caught_by != 0) {
    const PacMan::Ghost& g = p.ghosts[p.caught_by - 1];
    if (g.cell != p.pacman || g.scared > 0 || PacMan::won(p))
      return "ghost " + std::to_string(p.caught_by) +
             " is marked as Pac-Man's catcher, but is not an unscared ghost on his cell "
             "in a game he has not won";
  }
  for (int i = 0; i < p.ghost_count; ++i) {
    const PacMan::Ghost& g = p.ghosts[i];
    // Only an eaten ghost sent home under Pac-Man shares his cell uncaught.
    if (p.caught_by == 0 && !PacMan::won(p) && g.cell == p.pacman &&
        (g.cell != g.home || g.direction != PacMan::kNoDirection))
      return PacMan::agent_name(i + 1) + " is on Pac-Man's cell but has not caught him";
  }
  const ScoreRange range = reachable_scores(p);
  if (p.score < range.low || p.score > range.high)
    return "score " + std::to_string(p.score) + " after " + std::to_string(p.rounds) +
           " rounds: " + (p.score > range.high ? "more" : "less") + " than a game with " +
           std::to_string(p.ghost_count) + (p.ghost_count == 1 ? " ghost" : " ghosts") +
           " can reach (" + std::to_string(range.low) + " to " + std::to_string(range.high) +
           " points)";
  if (p.rounds == PacMan::kMaxRounds && p.agent != 0)
    return "the game ends after " + std::to_string(PacMan::kMaxRounds) +
           " rounds, before any ghost moves";
  return "";
}

Parsed<PacMan::Position> read_bare_maze(Rows rows) {
  PacMan::Position& p = rows.position;
  if (rows.ghost_cells.empty()) return ParseError{"no ghost ('G') in the maze"};
  if (rows.ghost_cells.size() > PacMan::kMaxGhosts)
    return ParseError{std::to_string(rows.ghost_cells.size()) + " ghosts: at most " +
                      std::to_string(PacMan::kMaxGhosts)};
  if (!p.food.any()) return ParseError{"no food ('.') in the maze: nothing to eat"};
  p.ghost_count = static_cast<std::uint8_t>(rows.ghost_cells.size());
  for (int i = 0; i < p.ghost_count; ++i) {
    p.ghosts[i].cell = p.ghosts[i].home = static_cast<std::uint16_t>(rows.ghost_cells[i]);
    p.ghosts[i].direction = PacMan::kNoDirection;
    if (std::string why = misplaced_ghost(p, i); !why.empty()) return ParseError{why};
  }
  return p;
}

Parsed<PacMan::Position> read_position_in_play(Rows rows,
                                               const std::vector<std::string_view>& fields) {
  PacMan::Position& p = rows.position;
  if (!rows.ghost_cells.empty())
    return ParseError{"a 'G' in the rows of a position in play: its ghosts follow the rows"};
  if (fields.size() < 5)
    return ParseError{"a position in play is ROWS:SCORE:ROUNDS:AGENT:GHOST[:GHOST...]"};
  if (fields.size() > 4 + PacMan::kMaxGhosts)
    return ParseError{std::to_string(fields.size() - 4) + " ghosts: at most " +
                      std::to_string(PacMan::kMaxGhosts)};
  const auto score = parse_signed(fields[1], -kMaxScore, kMaxScore);
  if (!score)
    return ParseError{"score '" + std::string(fields[1]) + "': a number of points from " +
                      std::to_string(-kMaxScore) + " to " + std::to_string(kMaxScore)};
  const auto rounds = parse_number(fields[2], 0, PacMan::kMaxRounds);
  if (!rounds)
    return ParseError{"rounds '" + std::string(fields[2]) + "': a number from 0 to " +
                      std::to_string(PacMan::kMaxRounds)};
  p.ghost_count = static_cast<std::uint8_t>(fields.size() - 4);
  const auto agent = parse_number(fields[3], 0, p.ghost_count);
  if (!agent)
    return ParseError{"agent to move '" + std::string(fields[3]) + "': 0 (Pac-Man) to " +
                      std::to_string(p.ghost_count)};
  p.score = static_cast<std::int32_t>(*score);
  p.rounds = static_cast<std::uint16_t>(*rounds);
  p.agent = static_cast<std::uint8_t>(*agent);
  for (int i = 0; i < p.ghost_count; ++i) {
    bool caught = false;
    Parsed<PacMan::Ghost> g = read_ghost(p, fields[4 + i], i + 1, caught);
    if (!g) return ParseError{g.error()};
    p.ghosts[i] = *g;
    if (caught && p.caught_by != 0) return ParseError{"two ghosts marked '!': one caught Pac-Man"};
    if (caught) p.caught_by = static_cast<std::uint8_t>(i + 1);
  }
  if (std::string why = impossibility(p); !why.empty()) return ParseError{why};
  return p;
}

}  // namespace

Parsed<PacMan::Position> PacMan::from_text(std::string_view text) {
  if (text.empty()) return ParseError{"an empty maze"};
  const std::vector<std::string_view> fields = split(text, ':');
  Parsed<Rows> rows = read_rows(fields[0]);
  if (!rows) return ParseError{rows.error()};
  if (fields.size() == 1) return read_bare_maze(*rows);
  return read_position_in_play(*rows, fields);
}

std::string PacMan::to_text(const Position& p) {
  std::string text;
  for (int r = 0; r < p.rows; ++r) {
    if (r > 0) text += '/';
    for (int c = 0; c < p.cols; ++c) {
      const int i = index_of(c, r);
      text += i == p.pacman ? 'P' : floor_char(p, i);
    }
  }
  text += ':' + std::to_string(p.score) + ':' + std::to_string(p.rounds) + ':' +
          std::to_string(p.agent);
  for (int i = 0; i < p.ghost_count; ++i) {
    const Ghost& g = p.ghosts[i];
    text += ':' + cell_text(g.cell) + '.' + cell_text(g.home) + '.' +
            (g.direction == kNoDirection ? '-' : kDirectionLetters[g.direction]) + '.' +
            std::to_string(g.scared) + (p.caught_by == i + 1 ? "!" : "");
  }
  return text;
}

std::string PacMan::diagram(const Position& p) {
  std::string text;
  for (int r = 0; r < p.rows; ++r) {
    for (int c = 0; c < p.cols; ++c) {
      const int i = index_of(c, r);
      char ch = floor_char(p, i);
      if (ch == '_') ch = ' ';
      if (i == p.pacman) ch = 'P';
      for (int g = p.ghost_count - 1; g >= 0; --g)
        if (p.ghosts[g].cell == i) ch = p.ghosts[g].scared > 0 ? 'g' : 'G';
      text += ch;
    }
    text += '\n';
  }
  text += "score " + std::to_string(p.score) + ", round " + std::to_string(p.rounds + 1) + ", " +
          agent_name(p.agent) + " to move\n";
  return text;
}

}  // namespace arcade
