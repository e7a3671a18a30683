#include "app/analysis.h"

#include <algorithm>

#include "engine/level.h"
#include "engine/parsed.h"
#include "engine/worker_pool.h"

namespace arcade::app {
namespace {

// The position on the board is searched twice: first to a fixed depth, which
// gives figures at once (and exact ones where the game is small or solved),
// then with the time a player waits for a considered answer, which lets a
// game's solver in (Connect Four's answers only once it has proven a score).
// Earlier positions, scored for the graph, get a glance each.
constexpr const char* kQuickSearch = "go depth 10 movetime 500";
constexpr const char* kFullSearch = "go movetime 3000";
constexpr const char* kHistorySearch = "go movetime 300";

// The score of a position whose game is over, for its side to move.
EngineScore final_score(Outcome outcome) {
  switch (outcome) {
    case Outcome::kWon:
      return {EngineScore::Kind::kWin, 0};
    case Outcome::kLost:
      return {EngineScore::Kind::kLoss, 0};
    default:
      return {EngineScore::Kind::kDraw, 0};
  }
}

}  // namespace

Analysis::Analysis(EngineClient& engine) : engine_(engine) {}

void Analysis::stop() {
  if (request_) engine_.stop();
  request_ = 0;
  running_.reset();
  partial_.reset();
}

void Analysis::update(const GameController& game) {
  for (const EngineReply& reply : engine_.poll()) handle(reply);
  sync_history(game);
  const std::optional<Target> target = next_target(game);
  const bool same = running_ && target && running_->position == target->position &&
                    running_->game == target->game;
  if (request_ && !same) stop();
  if (!request_ && target && engine_.ready()) start(*target);
}

// Keeps the scores of the positions the game still goes through: those up to
// where its line now differs from the line they were found for.
void Analysis::sync_history(const GameController& game) {
  const std::string game_key = game.game() + " " + game.start_position();
  const std::vector<std::string> moves = game.moves();
  if (game_key == history_game_ && moves == history_moves_) return;
  std::size_t same = 0;  // moves both lines share
  if (game_key == history_game_) {
    while (same < moves.size() && same < history_moves_.size() &&
           moves[same] == history_moves_[same])
      ++same;
  } else {
    history_.clear();
  }
  history_.resize(std::min(history_.size(), same + 1));
  history_.resize(moves.size() + 1);
  history_game_ = game_key;
  history_moves_ = moves;
  current_.reset();  // the board shows another position
  current_searches_ = 0;
  if (game.game_over()) {
    const EngineScore mover = final_score(game.position().outcome());
    history_.back() = game.side_to_move() == 0 ? mover : mover.flipped();
    current_ = AnalysisResult{0, mover, 0, 0, {}, {}, true};
  }
}

std::optional<Analysis::Target> Analysis::next_target(const GameController& game) const {
  if (game.ai_thinking()) return std::nullopt;  // its own search is shown meanwhile
  const std::size_t plies = game.line().size();
  if (!game.game_over() && current_searches_ < 2)
    return Target{game.game(), game.position_command(plies), plies, game.side_to_move(),
                  true,        current_searches_ == 0};
  for (std::size_t ply = plies; ply-- > 0;) {
    if (history_[ply]) continue;
    return Target{game.game(), game.position_command(ply), ply,
                  (game.start().side_to_move() + static_cast<int>(ply)) % 2, false};
  }
  return std::nullopt;
}

void Analysis::start(const Target& target) {
  if (engine_game_ != target.game) engine_.send("game " + target.game);
  engine_game_ = target.game;
  engine_.send("setoption name Level value " + std::to_string(kLevelCount));
  engine_.send("setoption name RootScores value true");
  // The column scores split over the machine's threads (the web worker's
  // protocol keeps 1: it has no threads).
  engine_.send("setoption name Threads value " + std::to_string(hardware_threads()));
  for (const std::string& option : options_) engine_.send(option);
  engine_.send(target.position);
  request_ = engine_.send(!target.current ? kHistorySearch
                          : target.quick  ? kQuickSearch
                                          : kFullSearch);
  running_ = target;
  partial_.reset();
  shows_partial_ = false;
}

void Analysis::handle(const EngineReply& reply) {
  if (reply.request != request_ || !request_) return;
  const std::vector<std::string> w = split_words(reply.line);
  if (w.empty()) return;
  if (w[0] == "bestmove") {
    if (running_ && running_->current) ++current_searches_;
    if (current_ && current_searches_ == 2) current_->done = true;
    request_ = 0;
    running_.reset();
    return;
  }
  if (const std::optional<MoveInfoLine> move = read_move_info(w)) {
    if (!partial_ || move->depth != partial_->depth) return;
    partial_->moves.push_back({kNoMove, move->move, move->score});
    std::stable_sort(
        partial_->moves.begin(), partial_->moves.end(),
        [](const MoveScore& a, const MoveScore& b) { return a.score.better_than(b.score); });
    if (shows_partial_) current_ = partial_;
    return;
  }
  const std::optional<SearchInfoLine> info = read_search_info(w);
  if (!info || !info->score) return;
  partial_ = AnalysisResult{info->depth, *info->score, info->nodes, info->nps, info->pv, {}, false};
  record(*partial_);
}

// A result replaces the one shown unless it knows less: the second search on
// the position starts again from depth 1 where no solver answers.
void Analysis::record(const AnalysisResult& result) {
  if (!running_) return;
  if (running_->current) {
    const bool exact = result.score.kind != EngineScore::Kind::kHeuristic;
    if (!shows_partial_ && current_ && !exact && result.depth < current_->depth) return;
    // A solver that proved the position but had no time left for each move
    // leaves the moves' scores of the search before it.
    std::vector<MoveScore> moves =
        result.moves.empty() && current_ && !shows_partial_ ? current_->moves : result.moves;
    current_ = result;
    current_->moves = std::move(moves);
    shows_partial_ = true;
  }
  if (running_->ply < history_.size())
    history_[running_->ply] = running_->side_to_move == 0 ? result.score : result.score.flipped();
}

}  // namespace arcade::app
