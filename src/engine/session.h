#pragma once
// A GameSession is one game in progress behind a text interface: its current
// position, its transposition table, and the search over it. The protocol,
// the command-line tool and the app talk to any game through it, so none of
// them knows a game; GameSessionFor<G> adapts any `Game` to it.
//
// Every call that takes text validates all of it first: on an error nothing
// changes and the message says what was wrong.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/perft.h"
#include "engine/search.h"

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
};

using ReportCallback = std::function<void(const SearchReport&)>;

class GameSession {
 public:
  virtual ~GameSession() = default;

  virtual std::string_view game_name() const = 0;
  // `position` is "startpos" or a position string; `moves` are played after it.
  // Returns an error message, and then changes nothing.
  virtual std::optional<std::string> set_position(std::string_view position,
                                                  const std::vector<std::string>& moves) = 0;
  virtual std::string position_text() const = 0;
  virtual std::string diagram() const = 0;
  virtual std::vector<std::string> legal_moves() const = 0;
  virtual Outcome outcome() const = 0;
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
  virtual void set_table_megabytes(std::size_t megabytes) = 0;
  virtual void clear_table() = 0;
  // Whether an opening book the game has is used (UCI's OwnBook option);
  // off, the game's own search or solver answers every position.
  virtual void set_own_book(bool on) { (void)on; }
};

template <Game G>
class GameSessionFor : public GameSession {
 public:
  using Position = typename G::Position;

  GameSessionFor() : position_(G::start()) {}

  std::string_view game_name() const override { return G::kName; }

  std::optional<std::string> set_position(std::string_view position,
                                          const std::vector<std::string>& moves) override {
    Position next = G::start();
    if (position != "startpos") {
      Parsed<Position> parsed = G::from_text(position);
      if (!parsed) return parsed.error();
      next = *parsed;
    }
    for (const std::string& text : moves) {
      Parsed<Move> move = G::move_from_text(next, text);
      if (!move) return "illegal move " + text + ": " + move.error();
      next = G::play(next, *move);
    }
    position_ = next;
    return std::nullopt;
  }

  std::string position_text() const override { return G::to_text(position_); }
  std::string diagram() const override { return G::diagram(position_); }
  Outcome outcome() const override { return G::outcome(position_); }
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
    Searcher<G> searcher(table_);
    const SearchInfo info =
        searcher.search(position_, limits, options, stop, [&](const SearchInfo& i) {
          if (on_iteration) on_iteration(report(i));
        });
    return report(info);
  }

  void set_table_megabytes(std::size_t megabytes) override { table_.resize(megabytes); }
  void clear_table() override { table_.clear(); }

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
    return r;
  }

  Position position_;
  TranspositionTable table_;
};

}  // namespace arcade
