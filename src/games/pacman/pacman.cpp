#include "games/pacman/pacman.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdlib>

#include "engine/hash.h"

namespace arcade {

namespace {

constexpr int kDirections = 4;
constexpr int kDeltaCol[kDirections] = {0, 1, 0, -1};  // N E S W
constexpr int kDeltaRow[kDirections] = {-1, 0, 1, 0};  // rows from the top
constexpr const char* kMoveNames[] = {"N", "E", "S", "W", "Stop"};
constexpr const char* kLongNames[] = {"north", "east", "south", "west", "stop"};

// 'text' (built by appending: g++ 12 warns falsely, -Wrestrict, on "'" + string).
std::string quoted(std::string_view text) {
  std::string q(1, '\'');
  q.append(text);
  q += '\'';
  return q;
}

int reverse(int direction) {
  return (direction + 2) % kDirections;
}

int manhattan(int a, int b) {
  return std::abs(PacMan::col_of(a) - PacMan::col_of(b)) +
         std::abs(PacMan::row_of(a) - PacMan::row_of(b));
}

PacMan::Ghost& mover(PacMan::Position& p) {
  return p.ghosts[p.agent - 1];
}

// Berkeley's collide: a scared ghost is eaten and goes home; an unscared one
// catches Pac-Man, unless his move has just won.
void collide(PacMan::Position& p, int ghost) {
  PacMan::Ghost& g = p.ghosts[ghost];
  if (g.cell != p.pacman) return;
  if (g.scared > 0) {
    p.score += PacMan::kGhostPoints;
    g.cell = g.home;
    g.direction = PacMan::kNoDirection;
    g.scared = 0;
  } else if (!PacMan::won(p) && p.caught_by == 0) {
    p.score += PacMan::kCaughtPoints;
    p.caught_by = static_cast<std::uint8_t>(ghost + 1);
  }
}

bool finished(const PacMan::Position& p) {
  return p.caught_by != 0 || PacMan::won(p) || p.rounds >= PacMan::kMaxRounds;
}

}  // namespace

bool PacMan::Cells::any() const {
  for (std::uint64_t w : words)
    if (w) return true;
  return false;
}

int PacMan::Cells::count() const {
  int n = 0;
  for (std::uint64_t w : words) n += std::popcount(w);
  return n;
}

int PacMan::step(const Position& p, int index, int direction) {
  const int col = col_of(index) + kDeltaCol[direction];
  const int row = row_of(index) + kDeltaRow[direction];
  if (col < 0 || col >= p.cols || row < 0 || row >= p.rows) return -1;
  return index_of(col, row);
}

void PacMan::generate_moves(const Position& p, MoveList<kMaxMoves>& moves) {
  if (finished(p)) return;
  if (p.agent == 0) {
    for (int d = 0; d < kDirections; ++d)
      if (open(p, step(p, p.pacman, d))) moves.push(static_cast<Move>(d));
    moves.push(kStop);
    return;
  }
  const Ghost& g = p.ghosts[p.agent - 1];
  int open_ways = 0;
  for (int d = 0; d < kDirections; ++d) open_ways += open(p, step(p, g.cell, d));
  for (int d = 0; d < kDirections; ++d) {
    if (!open(p, step(p, g.cell, d))) continue;
    // Never back the way it came, unless that is its only way.
    if (open_ways > 1 && g.direction != kNoDirection && d == reverse(g.direction)) continue;
    moves.push(static_cast<Move>(d));
  }
}

PacMan::Position PacMan::play(const Position& p, Move m) {
  Position q = p;
  if (q.agent == 0) {
    // Step 1. Pac-Man moves and eats what is there (Berkeley's consume).
    if (m != kStop) q.pacman = static_cast<std::uint16_t>(step(q, q.pacman, m));
    q.score += kMovePoints;
    if (q.food.test(q.pacman)) {
      q.food.reset(q.pacman);
      q.score += kFoodPoints;
      if (!q.food.any()) q.score += kWinPoints;
    }
    if (q.capsules.test(q.pacman)) {
      q.capsules.reset(q.pacman);
      for (int i = 0; i < q.ghost_count; ++i) q.ghosts[i].scared = kScaredMoves;
    }
    // Step 2. Any ghost may be on his cell.
    for (int i = 0; i < q.ghost_count; ++i) collide(q, i);
  } else {
    // A ghost moves, its fear drops by one (decrementTimer), then it meets
    // Pac-Man if it is on his cell.
    Ghost& g = mover(q);
    g.cell = static_cast<std::uint16_t>(step(q, g.cell, m));
    g.direction = static_cast<std::int8_t>(m);
    if (g.scared > 0) --g.scared;
    collide(q, q.agent - 1);
  }
  q.agent = static_cast<std::uint8_t>((q.agent + 1) % agent_count(q));
  if (q.agent == 0) ++q.rounds;
  return q;
}

Outcome PacMan::outcome(const Position& p) {
  Outcome for_pacman = Outcome::kOngoing;
  if (p.caught_by != 0)
    for_pacman = Outcome::kLost;
  else if (won(p))
    for_pacman = Outcome::kWon;
  else if (p.rounds >= kMaxRounds)
    return Outcome::kDrawn;
  if (for_pacman == Outcome::kOngoing || p.agent == 0) return for_pacman;
  return for_pacman == Outcome::kWon ? Outcome::kLost : Outcome::kWon;
}

std::array<std::int16_t, PacMan::kMaxCols * PacMan::kMaxRows> PacMan::distances_from_pacman(
    const Position& p) {
  std::array<std::int16_t, kMaxCols * kMaxRows> distance;
  distance.fill(-1);
  std::array<std::uint16_t, kMaxCols * kMaxRows> queue;
  int head = 0, tail = 0;
  distance[p.pacman] = 0;
  queue[tail++] = p.pacman;
  while (head < tail) {
    const int cell = queue[head++];
    for (int d = 0; d < kDirections; ++d) {
      const int next = step(p, cell, d);
      if (!open(p, next) || distance[next] >= 0) continue;
      distance[next] = static_cast<std::int16_t>(distance[cell] + 1);
      queue[tail++] = static_cast<std::uint16_t>(next);
    }
  }
  return distance;
}

namespace {

struct Reach {
  int nearest_food = 0;
  int ghost_distance = PacMan::kGhostDistanceCap;
};

// A breadth-first search from Pac-Man that stops once it has found the
// nearest food and the nearest unscared ghost (or passed the cap).
Reach reach_of(const PacMan::Position& p) {
  std::array<std::int16_t, PacMan::kMaxCols * PacMan::kMaxRows> distance;
  distance.fill(-1);
  std::array<std::uint16_t, PacMan::kMaxCols * PacMan::kMaxRows> queue;
  PacMan::Cells hunters;
  for (int i = 0; i < p.ghost_count; ++i)
    if (p.ghosts[i].scared == 0) hunters.set(p.ghosts[i].cell);
  Reach reach;
  bool food_found = false, ghost_found = false;
  int head = 0, tail = 0;
  distance[p.pacman] = 0;
  queue[tail++] = p.pacman;
  while (head < tail && !(food_found && ghost_found)) {
    const int cell = queue[head++];
    const int d0 = distance[cell];
    if (!food_found && p.food.test(cell)) reach.nearest_food = d0, food_found = true;
    if (!ghost_found && hunters.test(cell)) reach.ghost_distance = d0, ghost_found = true;
    if (d0 >= PacMan::kGhostDistanceCap) ghost_found = true;
    for (int d = 0; d < kDirections; ++d) {
      const int next = PacMan::step(p, cell, d);
      if (!PacMan::open(p, next) || distance[next] >= 0) continue;
      distance[next] = static_cast<std::int16_t>(d0 + 1);
      queue[tail++] = static_cast<std::uint16_t>(next);
    }
  }
  if (!food_found) reach.nearest_food = p.cols + p.rows;  // none within reach
  reach.ghost_distance = std::min(reach.ghost_distance, PacMan::kGhostDistanceCap);
  return reach;
}

// The terms for Pac-Man.
PacMan::Weights pacman_terms(const PacMan::Position& p, const PacMan::Weights& weights) {
  PacMan::Weights values{};
  values[PacMan::kScore] = p.score;
  if (finished(p)) return values;
  // Only the distances need a search of the maze: skipped when unweighted
  // (the "score" preset of the pessimism demo).
  if (weights[PacMan::kNearestFood] != 0 || weights[PacMan::kGhostDistance] != 0) {
    const Reach reach = reach_of(p);
    values[PacMan::kNearestFood] = reach.nearest_food;
    values[PacMan::kGhostDistance] = reach.ghost_distance;
  }
  values[PacMan::kFoodLeft] = p.food.count();
  for (int i = 0; i < p.ghost_count; ++i) values[PacMan::kScaredTime] += p.ghosts[i].scared;
  return values;
}

}  // namespace

PacMan::Weights PacMan::term_values(const Position& p, const Weights& weights) {
  Weights values = pacman_terms(p, weights);
  if (p.agent != 0)
    for (Score& v : values) v = -v;
  return values;
}

Score PacMan::evaluate(const Position& p, const Weights& weights) {
  return weighted_total(term_values(p, weights), weights);
}

Score PacMan::points(const Position& p, const Weights& weights) {
  if (finished(p)) return p.score;
  return weighted_total(pacman_terms(p, weights), weights);
}

std::uint64_t PacMan::hash(const Position& p) {
  std::uint64_t h = mix_hash(p.food.words[0]);
  for (std::size_t i = 1; i < p.food.words.size(); ++i) h = mix_hash(h ^ p.food.words[i]);
  for (std::uint64_t w : p.capsules.words) h = mix_hash(h ^ w);
  std::uint64_t walls = 0;
  for (std::uint64_t w : p.walls.words) walls = walls * 31 + w;
  h = mix_hash(h ^ walls ^ (std::uint64_t{p.cols} << 56) ^ (std::uint64_t{p.rows} << 48));
  for (int i = 0; i < p.ghost_count; ++i) {
    const Ghost& g = p.ghosts[i];
    h = mix_hash(h ^ g.cell ^ (std::uint64_t{g.home} << 16) ^
                 (std::uint64_t(g.direction + 1) << 32) ^ (std::uint64_t{g.scared} << 40));
  }
  const std::uint64_t rest = std::uint64_t(std::uint32_t(p.score)) ^
                             (std::uint64_t{p.pacman} << 32) ^ (std::uint64_t{p.agent} << 48) ^
                             (std::uint64_t{p.caught_by} << 52) ^ (std::uint64_t{p.rounds} << 55);
  return mix_hash(h ^ rest ^ p.ghost_count);
}

int PacMan::move_hint(const Position& p, Move m) {
  if (p.agent == 0) {
    if (m == kStop) return -10;
    const int to = step(p, p.pacman, m);
    return 10 * p.food.test(to) + 20 * p.capsules.test(to);
  }
  const Ghost& g = p.ghosts[p.agent - 1];
  const int distance = manhattan(step(p, g.cell, m), p.pacman);
  return g.scared > 0 ? distance : -distance;
}

std::string PacMan::move_to_text(const Position&, Move m) {
  return kMoveNames[m];
}

Parsed<Move> PacMan::move_from_text(const Position& p, std::string_view text) {
  std::string lower;
  for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  Move m = kNoMove;
  for (Move i = 0; i <= kStop; ++i) {
    std::string shorter = kMoveNames[i];
    for (char& c : shorter) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == shorter || lower == kLongNames[i]) m = i;
  }
  if (m == kNoMove) return ParseError{quoted(text) + " is no move: N, E, S, W or Stop"};
  if (finished(p)) return ParseError{"the game is over"};
  MoveList<kMaxMoves> moves;
  generate_moves(p, moves);
  if (moves.contains(m)) return m;
  if (m == kStop) return ParseError{agent_name(p.agent) + " cannot stop: a ghost always moves"};
  const Ghost* g = p.agent == 0 ? nullptr : &p.ghosts[p.agent - 1];
  const int from = g ? g->cell : p.pacman;
  if (!open(p, step(p, from, m)))
    return ParseError{agent_name(p.agent) + " cannot move " + kLongNames[m] + ": a wall"};
  return ParseError{agent_name(p.agent) + " cannot turn back " + kLongNames[m] +
                    ": a ghost reverses only when it must"};
}

std::string PacMan::agent_name(int agent) {
  return agent == 0 ? "Pac-Man" : "ghost " + std::to_string(agent);
}

void PacMan::wander_probabilities(const Position& p, const MoveList<kMaxMoves>& moves,
                                  std::array<double, kMaxMoves>& probabilities) {
  const std::size_t n = moves.size();
  if (p.agent == 0 || n == 0) {
    for (std::size_t i = 0; i < n; ++i) probabilities[i] = 1.0 / static_cast<double>(n);
    return;
  }
  const Ghost& g = p.ghosts[p.agent - 1];
  // The chaser takes the moves nearest to Pac-Man; a scared ghost flees, so
  // its best moves are the farthest ones.
  std::array<int, kMaxMoves> score{};
  for (std::size_t i = 0; i < n; ++i) {
    const int distance = manhattan(step(p, g.cell, moves[i]), p.pacman);
    score[i] = g.scared > 0 ? distance : -distance;
  }
  const int best = *std::max_element(score.begin(), score.begin() + n);
  const double best_count = static_cast<double>(std::count(score.begin(), score.begin() + n, best));
  for (std::size_t i = 0; i < n; ++i)
    probabilities[i] = (1 - kChaseProbability) / static_cast<double>(n) +
                       (score[i] == best ? kChaseProbability / best_count : 0.0);
}

std::string PacMan::level_words(int level) {
  switch (level) {
    case 1:
      return "ghosts wander at random; the AI Pac-Man looks 1 round ahead with minimax, "
             "taking every ghost at its worst";
    case 2:
      return "ghosts wander at random; the AI Pac-Man looks 2 rounds ahead with expectimax, "
             "weighing the ghosts' moves as they play";
    case 3:
      return "ghosts chase you (mostly towards Pac-Man, 4 moves in 5); the AI Pac-Man looks 2 "
             "rounds ahead with expectimax, weighing the ghosts' moves as they play";
    case 4:
      return "ghosts chase you (mostly towards Pac-Man, 4 moves in 5); the AI Pac-Man looks 3 "
             "rounds ahead with expectimax, weighing the ghosts' moves as they play";
    default:
      return "ghosts hunt you, each searching 4 rounds for your worst case; the AI Pac-Man "
             "looks 4 rounds ahead with alpha-beta";
  }
}

}  // namespace arcade
