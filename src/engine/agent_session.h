#pragma once
// A GameSession for a game of more than two minds (engine/agents.h): what
// GameSessionFor is to a two-player game, with the agent search
// (agent_search.h) in place of negamax. The Opponents option says how the
// other team (the ghosts) plays, and so what agent 0 assumes of it: one
// model for both, so that the AI plays against the ghosts in play. At agent
// 0's turn `go` and `tree` search as the Algorithm option says (minimax and
// alphabeta take the other team as MIN; expectimax as chance nodes of the
// Opponents model, uniform for random, the game's own for its model, or
// MIN for adversarial). At another agent's turn `go` plays as the Opponents
// option says: adversarial, a MIN search for the agent to move; random or
// the game's own model, a draw from the Seed option's generator, reported
// as a search of depth 0. Reports are in hundredths of
// points (in_points); `info` scores from the side to move's team, as in
// every game.

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/agent_match.h"
#include "engine/agent_search.h"
#include "engine/agent_tree.h"
#include "engine/agents.h"
#include "engine/session.h"

namespace arcade {

template <MultiAgentGame G>
class AgentSessionFor : public GameSessionFor<G> {
 public:
  using Position = typename G::Position;

  bool has_chance() const override { return true; }

  std::vector<std::string> opponent_models() const override {
    return opponents_words(G::kWanderModel);
  }

  std::optional<std::string> set_opponents(std::string_view model) override {
    for (Opponents o : {Opponents::kAdversarial, Opponents::kRandom, Opponents::kWandering})
      if (opponents_word(o, G::kWanderModel) == model) {
        opponents_ = o;
        return std::nullopt;
      }
    return GameSession::set_opponents(model);
  }
  Opponents opponents() const { return opponents_; }

  std::optional<AgentLevel> agent_level(int level) const override {
    if (level < 1 || level > kLevelCount) return std::nullopt;
    return std::array<AgentLevel, kLevelCount>(G::kAgentLevels)[level - 1];
  }

  SearchReport search(const SearchLimits& limits, const SearchOptions& options,
                      const std::atomic<bool>& stop, const ReportCallback& on_iteration) override {
    const Position& p = this->position_;
    const int agent = G::agent_to_move(p);
    if (G::outcome(p) == Outcome::kOngoing && agent != 0 && opponents_ != Opponents::kAdversarial)
      return draw(options.seed, on_iteration);
    AgentSearchOptions agent_options{options.algorithm, opponents_,          options.use_ordering,
                                     options.iterative, options.root_scores, options.random_ties,
                                     options.seed};
    // A ghost's own search is adversarial: MIN for it and its team.
    if (agent != 0 && options.algorithm == Algorithm::kExpectimax)
      agent_options.algorithm = Algorithm::kAlphaBeta;
    const Score sign = agent == 0 ? 1 : -1;
    AgentSearcher<G> searcher(this->weights_);
    const SearchInfo info =
        searcher.search(p, limits, agent_options, stop, [&](const SearchInfo& i) {
          if (on_iteration) on_iteration(points_report(i, sign));
        });
    return points_report(info, sign);
  }

  // A tree of the current position, values from the root's side; no table.
  TreeReport tree(const TreeRequest& request, const std::atomic<bool>& stop) override {
    AgentTreeRecorder<G> recorder(request.limit, request.progress);
    AgentSearcher<G, AgentTreeRecorder<G>> searcher(this->weights_, recorder);
    const AgentSearchOptions options{request.algorithm, opponents_, request.ordering,
                                     request.deepening, false};
    const SearchInfo info = searcher.search(this->position_, {request.depth, 0, 0}, options, stop);
    return recorder.finish(this->position_, info);
  }

  // Whole games from the current position, to their end (agent_match.h).
  Parsed<AgentMatchResult> match(const AgentMatchRequest& request,
                                 const std::atomic<bool>& stop) override {
    if (G::outcome(this->position_) != Outcome::kOngoing)
      return ParseError{"match: the game is over; set a position in play"};
    return AgentMatch<G>(request, this->weights_).play(this->position_, stop);
  }

 private:
  // The search's report (agent 0's points) from the side to move's team.
  SearchReport points_report(SearchInfo info, Score sign) const {
    info.score *= sign;
    for (RootMoveScore& r : info.root_scores) r.score *= sign;
    SearchReport report = this->report(info);
    report.in_points = true;
    return report;
  }

  // A wandering agent's move: drawn by its probabilities with a generator
  // seeded by `seed` (SplitMix64: the same draw on every platform, which the
  // standard distributions do not promise).
  SearchReport draw(std::uint64_t seed, const ReportCallback& on_iteration) const {
    const Position& p = this->position_;
    MoveList<G::kMaxMoves> moves;
    G::generate_moves(p, moves);
    std::array<double, G::kMaxMoves> probabilities{};
    if (opponents_ == Opponents::kWandering)
      G::wander_probabilities(p, moves, probabilities);
    else
      std::fill_n(probabilities.begin(), moves.size(), 1.0 / static_cast<double>(moves.size()));
    std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    const double u = static_cast<double>(z >> 11) * 0x1.0p-53;
    std::size_t pick = moves.size() - 1;
    double sum = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      sum += probabilities[i];
      if (u < sum) {
        pick = i;
        break;
      }
    }
    SearchReport report;
    report.best = G::move_to_text(p, moves[pick]);
    report.pv = {report.best};
    report.score = -G::points(p, this->weights_) * kCentipoints;
    report.in_points = true;
    if (on_iteration) on_iteration(report);
    return report;
  }

  Opponents opponents_ =
      std::array<AgentLevel, kLevelCount>(G::kAgentLevels)[kLevelCount - 1].opponents;
};

}  // namespace arcade
