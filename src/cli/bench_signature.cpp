#include "cli/bench_signature.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <ostream>

#include "engine/clock.h"
#include "engine/protocol.h"
#include "games/registry.h"

namespace arcade::cli {
namespace {

// Stockfish's bench uses 16 MB too. The size is part of the signature: a
// different size maps positions to other slots and changes the node count.
constexpr std::size_t kTableMegabytes = 16;

// Besides its start, each game gets kWalks positions: walk k (from 1) plays
// k * walk_step plies, so the bench sees the opening and some of the middle
// game.
constexpr int kWalks = 4;

// The game's bench depth and walk step (registry.cpp), measured so that the
// whole bench runs in a second or two natively.
ToolSettings settings_of(const std::string& game) {
  return tool_settings(game).value_or(ToolSettings{});
}

// A 64-bit linear congruential generator (Knuth's MMIX constants): the same
// sequence on every platform, unlike the standard distributions, whose output
// the C++ standard leaves to each library.
class WalkRandom {
 public:
  explicit WalkRandom(int walk) : state_(0x9E3779B97F4A7C15ULL * static_cast<unsigned>(walk)) {}
  std::size_t below(std::size_t n) {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>((state_ >> 33) % n);
  }

 private:
  std::uint64_t state_;
};

// The first move from `first` on (cyclically) after which the game goes on: a
// bench position where the game is over would search nothing.
std::optional<std::string> next_ongoing_move(GameSession& scratch, std::vector<std::string> moves,
                                             const std::vector<std::string>& legal,
                                             std::size_t first) {
  moves.emplace_back();
  for (std::size_t i = 0; i < legal.size(); ++i) {
    moves.back() = legal[(first + i) % legal.size()];
    if (!scratch.set_position("startpos", moves) && scratch.outcome() == Outcome::kOngoing)
      return moves.back();
  }
  return std::nullopt;
}

// Walk `walk` of a game: up to `plies` moves, each picked by WalkRandom among
// legal_moves(). Stops early where every move would end the game.
std::vector<std::string> walk_moves(GameSession& scratch, int walk, int plies) {
  WalkRandom random(walk);
  std::vector<std::string> moves;
  for (int ply = 0; ply < plies; ++ply) {
    if (scratch.set_position("startpos", moves)) break;
    const std::vector<std::string> legal = scratch.legal_moves();
    if (legal.empty()) break;
    const std::optional<std::string> next =
        next_ongoing_move(scratch, moves, legal, random.below(legal.size()));
    if (!next) break;
    moves.push_back(*next);
  }
  return moves;
}

std::string position_name(const BenchPosition& p) {
  std::string name = p.game + " startpos";
  if (!p.moves.empty()) name += " moves";
  for (const std::string& m : p.moves) name += " " + m;
  return name;
}

}  // namespace

int bench_depth(const std::string& game) {
  return settings_of(game).bench_depth;
}

std::vector<BenchPosition> bench_positions() {
  std::vector<BenchPosition> positions;
  for (const std::string& game : game_names()) {
    const std::unique_ptr<GameSession> scratch = make_session(game);
    if (!scratch) continue;
    const ToolSettings settings = settings_of(game);
    positions.push_back({game, {}, settings.bench_depth});
    for (int walk = 1; walk <= kWalks; ++walk) {
      BenchPosition p{game, walk_moves(*scratch, walk, walk * settings.bench_walk_step),
                      settings.bench_depth};
      // A short game can make two walks end alike; search each position once.
      const bool seen = std::any_of(positions.begin(), positions.end(), [&](const auto& q) {
        return q.game == p.game && q.moves == p.moves;
      });
      if (!seen) positions.push_back(std::move(p));
    }
  }
  return positions;
}

int run_bench_signature(std::ostream& out, std::ostream& err) {
  using Clock = std::chrono::steady_clock;
  const std::vector<BenchPosition> positions = bench_positions();
  // Every option spelled out, so that a change of the defaults does not
  // silently change the signature. No randomness: the count must reproduce.
  SearchOptions options;
  options.algorithm = Algorithm::kAlphaBeta;
  options.use_table = true;
  options.use_ordering = true;
  options.use_oracle = false;  // the search itself is what is measured
  options.iterative = true;
  options.random_ties = false;
  options.root_scores = false;
  const std::atomic<bool> never_stop{false};
  // The two-player games' nodes are the signature; a game of more than two
  // agents (its own search, engine/agent_search.h) is counted apart, so that
  // the signature of the two-player search stays what it was.
  std::uint64_t nodes = 0, agent_nodes = 0;
  Clock::duration elapsed{}, agent_elapsed{};

  for (std::size_t i = 0; i < positions.size(); ++i) {
    const BenchPosition& p = positions[i];
    // A fresh session is a fresh table: no position benefits from the last.
    const std::unique_ptr<GameSession> session = make_session(p.game);
    if (!session) {
      err << "error bench: unknown game '" << p.game << "'\n";
      return 1;
    }
    if (auto error = session->set_position("startpos", p.moves)) {
      err << "error bench: " << position_name(p) << ": " << *error << "\n";
      return 1;
    }
    session->set_table_megabytes(kTableMegabytes);
    const Clock::time_point start = Clock::now();
    const SearchReport report = session->search({p.depth, 0, 0}, options, never_stop, {});
    const bool agents = !session->opponent_models().empty();
    (agents ? agent_elapsed : elapsed) += Clock::now() - start;
    (agents ? agent_nodes : nodes) += report.stats.nodes;
    out << "position " << i + 1 << "/" << positions.size() << " " << position_name(p) << " depth "
        << p.depth << ": nodes " << report.stats.nodes << " score "
        << score_text(report.score, report.proven, report.in_points) << " best " << report.best
        << std::endl;
  }

  const std::int64_t time_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count();
  const std::uint64_t nps = nodes_per_second(nodes, time_ms);
  out << "\n===========================\n"
      << "Total time (ms) : " << time_ms << "\n"
      << "Nodes searched  : " << nodes << "\n"
      << "Nodes/second    : " << nps << std::endl;
  if (agent_nodes > 0) {
    const std::int64_t agent_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(agent_elapsed).count();
    out << "Agent search    : " << agent_nodes << " nodes, "
        << nodes_per_second(agent_nodes, agent_ms) << " nodes/second (games of more than two "
        << "agents, not in the total above)" << std::endl;
  }
  return 0;
}

}  // namespace arcade::cli
