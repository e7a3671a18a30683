#pragma once
// A GameSession is one game in progress behind a text interface: its current
// position, its transposition table, and the search over it. The protocol,
// the command-line tool and the app talk to any game through it, so none of
// them knows a game; GameSessionFor<G> adapts any `Game` to it.
//
// Every call that takes text validates all of it first: on an error nothing
// changes and the message says what was wrong.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/agent_match.h"
#include "engine/agents.h"
#include "engine/evaluation.h"
#include "engine/game.h"
#include "engine/perft.h"
#include "engine/search.h"
#include "engine/search_tree.h"

namespace arcade {

// A search's findings, with moves written in the game's notation.
struct SearchReport {
  int depth = 0;
  Score score = 0;
  bool proven = false;
  SearchStats stats;
  std::int64_t time_ms = 0;
  std::uint64_t nps = 0;
  std::vector<std::string> pv;
  struct RootScore {
    std::string move;
    Score score;
    bool proven;
  };
  std::vector<RootScore> root_scores;
  std::string best;  // empty when the game is over
  bool stopped = false;
  // Scores are hundredths of the game's points (engine/agents.h), not the
  // engine's scores.
  bool in_points = false;
  int tied = 0;       // best was chosen at random among this many (SearchInfo::tied)
  bool slip = false;  // best is a weaker level's slip (SearchInfo::slip)
};

using ReportCallback = std::function<void(const SearchReport&)>;

// A term of the game's heuristic and its weight (engine/evaluation.h).
struct WeightedTerm {
  std::string name;
  std::string counts;  // what its value counts
  Score default_weight = 0;
  Score weight = 0;
};

// The heuristic at the current position, term by term.
struct EvaluationReport {
  struct Term {
    std::string name;
    Score value = 0;  // for the side to move
    Score weight = 0;
    std::int64_t contribution = 0;  // weight * value, exact (term_contribution)
  };
  std::vector<Term> terms;
  // What the search uses at its depth limit: the sum of the contributions,
  // clamped to the heuristic range.
  Score total = 0;
};

class GameSession {
 public:
  virtual ~GameSession() = default;

  virtual std::string_view game_name() const = 0;
  // `position` is "startpos" or a position string; `moves` are played after it.
  // Returns an error message, and then changes nothing.
  virtual std::optional<std::string> set_position(std::string_view position,
                                                  const std::vector<std::string>& moves) = 0;
  // The message set_position would give, or nothing if it would accept
  // them; changes nothing (the protocol refuses a bad line when it reads it).
  virtual std::optional<std::string> check_position(
      std::string_view position, const std::vector<std::string>& moves) const = 0;
  virtual std::string position_text() const = 0;
  virtual std::string diagram() const = 0;
  virtual std::vector<std::string> legal_moves() const = 0;
  virtual Outcome outcome() const = 0;
  // Whether playing `move`, legal here, leaves the same side to move (an
  // extra turn, engine/game.h's HasExtraTurns); false in a game whose turns
  // alternate, and for text that is no legal move.
  virtual bool move_keeps_turn(std::string_view move) const {
    (void)move;
    return false;
  }
  // Positions `depth` plies ahead; nothing if `stop` was set before the end.
  virtual std::optional<std::uint64_t> perft(int depth, const std::atomic<bool>& stop) const = 0;

  // Searches the current position; on_iteration sees each finished iteration.
  virtual SearchReport search(const SearchLimits& limits, const SearchOptions& options,
                              const std::atomic<bool>& stop,
                              const ReportCallback& on_iteration) = 0;
  // Exact value of the current position in the game's own convention, when
  // the game has a dedicated solver; else an explanation.
  virtual Parsed<std::string> solve(const std::atomic<bool>& stop) {
    (void)stop;
    return ParseError{"no exact solver for " + std::string(game_name())};
  }
  // Whether solve has a solver to run (a game that has one overrides both).
  virtual bool has_solver() const { return false; }
  virtual void set_table_megabytes(std::size_t megabytes) = 0;
  // Threads that may share the work of the game's exact solver (UCI's
  // Threads option; 1: the calling thread alone). A game without a parallel
  // solver ignores it.
  virtual void set_threads(int threads) { (void)threads; }
  virtual void clear_table() = 0;
  // Whether an opening book the game has is used (UCI's OwnBook option);
  // off, the game's own search or solver answers every position.
  virtual void set_own_book(bool on) { (void)on; }

  // A search of the current position with every node recorded (the lab's
  // tree; see engine/search_tree.h: with deepening, the last iteration's). `stop` ends it, and then
  // the report holds the nodes searched so far, marked stopped (TreeReport). The game's table is
  // neither read nor changed.
  virtual TreeReport tree(const TreeRequest& request, const std::atomic<bool>& stop) = 0;

  // The heuristic's terms with their weights, which the session's searches
  // use. set_weight and use_weight_preset return an error message, and then
  // change nothing, for an unknown term or preset or a weight beyond
  // +-kMaxWeight. Presets: "default" and the game's own.
  virtual std::vector<WeightedTerm> weights() const = 0;
  virtual std::optional<std::string> set_weight(std::string_view term, Score weight) = 0;
  virtual std::vector<std::string> weight_presets() const = 0;
  virtual std::optional<std::string> use_weight_preset(std::string_view name) = 0;
  virtual EvaluationReport evaluation() const = 0;

  // Games of more than two minds (engine/agents.h, AgentSessionFor in
  // engine/agent_session.h); a two-player game keeps these defaults.
  // Whether an agent may move at random (the Algorithm expectimax).
  virtual bool has_chance() const { return false; }
  // The words the Opponents option takes (how the agents of the other team
  // play when the engine moves them): none in a two-player game.
  virtual std::vector<std::string> opponent_models() const { return {}; }
  // One of opponent_models(); an error message, changing nothing, otherwise.
  virtual std::optional<std::string> set_opponents(std::string_view model) {
    return "option Opponents: '" + std::string(model) + "' is not an opponent model of " +
           std::string(game_name());
  }
  // Level 1 to kLevelCount as the game means it (G::kAgentLevels), or
  // nothing where the shared levels (engine/level.h) apply.
  virtual std::optional<AgentLevel> agent_level(int level) const {
    (void)level;
    return std::nullopt;
  }
  // Whole games from the current position (engine/agent_match.h), with the
  // session's weights; an error in a game without agents of chance.
  virtual Parsed<AgentMatchResult> match(const AgentMatchRequest& request,
                                         const std::atomic<bool>& stop) {
    (void)request;
    (void)stop;
    return ParseError{"match needs a game of more than two agents, and " +
                      std::string(game_name()) + " has two"};
  }
};

// `position maze ROWS`: a new game on a maze, ROWS its rows from the top
// joined by `/`, a space written `_`. The games of more than two agents are
// the ones played in mazes (Pac-Man): their position string reads a bare
// maze as a new game on it, so ROWS go to G::from_text as they are.
inline constexpr std::string_view kMazePrefix = "maze ";

template <Game G>
class GameSessionFor : public GameSession {
 public:
  using Position = typename G::Position;

  GameSessionFor() : position_(G::start()) {}

  std::string_view game_name() const override { return G::kName; }

  std::optional<std::string> set_position(std::string_view position,
                                          const std::vector<std::string>& moves) override {
    Parsed<Position> next = read_position(position, moves);
    if (!next) return next.error();
    position_ = *next;
    return std::nullopt;
  }

  std::optional<std::string> check_position(std::string_view position,
                                            const std::vector<std::string>& moves) const override {
    Parsed<Position> next = read_position(position, moves);
    if (!next) return next.error();
    return std::nullopt;
  }

  std::string position_text() const override { return G::to_text(position_); }
  std::string diagram() const override { return G::diagram(position_); }
  Outcome outcome() const override { return G::outcome(position_); }
  bool move_keeps_turn(std::string_view move) const override {
    if constexpr (HasExtraTurns<G>) {
      const Parsed<Move> m = G::move_from_text(position_, move);
      return m && keeps_turn<G>(position_, G::play(position_, *m));
    } else {
      (void)move;
      return false;
    }
  }
  std::optional<std::uint64_t> perft(int depth, const std::atomic<bool>& stop) const override {
    const std::uint64_t count = arcade::perft<G>(position_, depth, &stop);
    if (stop.load()) return std::nullopt;
    return count;
  }

  std::vector<std::string> legal_moves() const override {
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(position_, moves);
    std::vector<std::string> texts;
    for (Move m : moves) texts.push_back(G::move_to_text(position_, m));
    return texts;
  }

  SearchReport search(const SearchLimits& limits, const SearchOptions& options,
                      const std::atomic<bool>& stop, const ReportCallback& on_iteration) override {
    Searcher<G> searcher(table_, weights_);
    const SearchInfo info =
        searcher.search(position_, limits, options, stop, [&](const SearchInfo& i) {
          if (on_iteration) on_iteration(report(i));
        });
    return report(info);
  }

  void set_table_megabytes(std::size_t megabytes) override { table_.resize(megabytes); }
  void clear_table() override { table_.clear(); }

  TreeReport tree(const TreeRequest& request, const std::atomic<bool>& stop) override {
    // A table of its own, empty: the same request gives the same tree, and
    // the game's searches are not changed by it. With deepening the earlier
    // iterations fill it for the last one.
    TranspositionTable table(request.table ? kTreeTableMegabytes : 0);
    TreeRecorder<G> recorder(request.limit, request.progress);
    Searcher<G, TreeRecorder<G>> searcher(table, weights_, recorder);
    SearchOptions options;
    options.algorithm = request.algorithm;
    options.use_table = request.table;
    options.use_ordering = request.ordering;
    options.iterative = request.deepening;
    options.random_ties = false;
    const SearchInfo info = searcher.search(position_, {request.depth, 0, 0}, options, stop);
    return recorder.finish(position_, info);
  }

  std::vector<WeightedTerm> weights() const override {
    std::vector<WeightedTerm> terms;
    for (std::size_t i = 0; i < G::kTerms.size(); ++i)
      terms.push_back({std::string(G::kTerms[i].name), std::string(G::kTerms[i].counts),
                       G::kTerms[i].default_weight, weights_[i]});
    return terms;
  }

  std::optional<std::string> set_weight(std::string_view term, Score weight) override {
    if (std::abs(weight) > kMaxWeight)
      return "a weight is from " + std::to_string(-kMaxWeight) + " to " +
             std::to_string(kMaxWeight);
    for (std::size_t i = 0; i < G::kTerms.size(); ++i) {
      if (G::kTerms[i].name != term) continue;
      weights_[i] = weight;
      return std::nullopt;
    }
    return "no term '" + std::string(term) + "' in " + std::string(G::kName);
  }

  std::vector<std::string> weight_presets() const override {
    std::vector<std::string> names;
    for (std::string_view name : weight_preset_names<G>()) names.emplace_back(name);
    return names;
  }

  std::optional<std::string> use_weight_preset(std::string_view name) override {
    const std::optional<Weights> preset = find_weight_preset<G>(name);
    if (!preset) {
      std::string known;
      for (std::string_view preset_name : weight_preset_names<G>())
        known.append(known.empty() ? "" : ", ").append(preset_name);
      return "no weights '" + std::string(name) + "' in " + std::string(G::kName) + " (" + known +
             ")";
    }
    weights_ = *preset;
    return std::nullopt;
  }

  EvaluationReport evaluation() const override {
    EvaluationReport report;
    const Weights values = G::term_values(position_, weights_);
    for (std::size_t i = 0; i < G::kTerms.size(); ++i)
      report.terms.push_back({std::string(G::kTerms[i].name), values[i], weights_[i],
                              term_contribution(values[i], weights_[i])});
    report.total = G::evaluate(position_, weights_);
    return report;
  }

  const Position& position() const { return position_; }
  TranspositionTable& table() { return table_; }

 protected:
  SearchReport report(const SearchInfo& info) const {
    SearchReport r{info.depth, info.score, info.proven, info.stats, info.time_ms,
                   info.nps,   {},         {},          {},         info.stopped};
    Position p = position_;
    for (Move m : info.pv) {
      r.pv.push_back(G::move_to_text(p, m));
      p = G::play(p, m);
    }
    for (const RootMoveScore& rs : info.root_scores)
      r.root_scores.push_back({G::move_to_text(position_, rs.move), rs.score, rs.proven});
    if (info.best != kNoMove) r.best = G::move_to_text(position_, info.best);
    r.tied = info.tied;
    r.slip = info.slip;
    return r;
  }

  // "startpos" or a position string, with `moves` played after it.
  static Parsed<Position> read_position(std::string_view position,
                                        const std::vector<std::string>& moves) {
    Position next = G::start();
    if (position.starts_with(kMazePrefix)) {
      if constexpr (!MultiAgentGame<G>) return ParseError{std::string(G::kName) + " has no mazes"};
      // ROWS after the word and its blanks: a space in ROWS is written '_'.
      const std::size_t rows = position.find_first_not_of(" \t", kMazePrefix.size());
      Parsed<Position> maze = G::from_text(position.substr(std::min(rows, position.size())));
      if (!maze) return ParseError{"bad maze: " + maze.error()};
      next = *maze;
    } else if (position != "startpos") {
      Parsed<Position> parsed = G::from_text(position);
      if (!parsed) return ParseError{parsed.error()};
      next = *parsed;
    }
    for (const std::string& text : moves) {
      Parsed<Move> move = G::move_from_text(next, text);
      if (!move) return ParseError{"illegal move " + text + ": " + move.error()};
      next = G::play(next, *move);
    }
    return next;
  }

  using Weights = typename G::Weights;
  // A tree's table: a few times the largest trees a UI draws.
  static constexpr std::size_t kTreeTableMegabytes = 4;

  Position position_;
  TranspositionTable table_;
  Weights weights_ = default_weights<G>();
};

}  // namespace arcade
