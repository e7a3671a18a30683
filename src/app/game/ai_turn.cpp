#include "app/game/ai_turn.h"

#include <algorithm>
#include <variant>

#include "engine/level.h"

namespace arcade::app {
namespace {
// A search's time budget: enough for the deep levels, short enough to play
// (the strongest level's is kPerfectMoveTimeMs, engine/level.h).
constexpr int kMoveTimeMs = 1500;
}  // namespace

int ai_move_time(int level) {
  return level == kLevelCount ? kPerfectMoveTimeMs : kMoveTimeMs;
}

void send_search_setup(EngineLink& engine, const SearchSetup& setup, int level,
                       const EnginePosition& position) {
  engine.set_game(setup.game);
  engine.set_options({.level = level, .opponents = setup.opponents});
  if (setup.weights) engine.set_weights(*setup.weights);
  engine.set_position(position);
}

void AiTurn::begin() {
  thinking_ = {};
  choice_.reset();
}

void AiTurn::start(const SearchSetup& setup, int level, const EnginePosition& position,
                   std::size_t engine) {
  begin();
  refused_.reset();  // asked again
  search_engine_ = engine;
  searched_ = position;
  EngineLink& searcher = (*engines_)[engine];
  send_search_setup(searcher, setup, level, position);
  search_request_ = searcher.go({.movetime_ms = ai_move_time(level)});
}

// The ponder's search goes on as the AI's, its movetime from now; it
// answers at once if it is done, with its move alone: what it said before
// is the AI's figures.
void AiTurn::take_over(const PonderHit& hit, const EnginePosition& position) {
  begin();
  refused_.reset();
  thinking_ = hit.thinking;
  search_request_ = hit.request;
  search_engine_ = hit.engine;
  searched_ = position;
  const std::pair<std::size_t, std::uint64_t> mine{hit.engine, hit.request};
  if (std::find(refused_requests_.begin(), refused_requests_.end(), mine) !=
      refused_requests_.end())
    refuse(hit.engine, hit.request);
}

void AiTurn::start_hint(const SearchSetup& setup, const EnginePosition& position) {
  begin();
  search_engine_ = 0;
  EngineLink& main = (*engines_)[0];
  send_search_setup(main, setup, kLevelCount, position);
  hint_request_ = main.go({.movetime_ms = ai_move_time(kLevelCount)});
}

void AiTurn::abandon() {
  EngineLink& main = (*engines_)[0];
  if (hint_request_ || (search_request_ && search_engine_ == 0)) main.stop();
  if (search_request_ && search_engine_ != 0) (*engines_)[search_engine_].stop();
  search_request_ = hint_request_ = 0;
  begin();
}

void AiTurn::leave_helpers() {
  if (search_engine_ != 0) abandon();  // a helper that goes may be searching
  search_engine_ = 0;
}

std::optional<std::string> AiTurn::handle(const LinkReply& reply, std::size_t from,
                                          const GameView& position) {
  if (const auto* error = std::get_if<EngineError>(&reply.reply)) {
    if (error->malformed) return std::nullopt;
    error_ = error->message;
    if (error->sets_up) refuse(from, error->sets_up);
    return std::nullopt;
  }
  const bool for_search =
      search_request_ && reply.request == search_request_ && from == search_engine_;
  const bool for_hint = hint_request_ && reply.request == hint_request_ && from == 0;
  if (!for_search && !for_hint) return std::nullopt;  // a reply to an abandoned request
  if (const auto* info = std::get_if<SearchInfoLine>(&reply.reply)) thinking_ = *info;
  if (const auto* choice = std::get_if<MoveChoice>(&reply.reply)) choice_ = *choice;
  const auto* best = std::get_if<BestMove>(&reply.reply);
  if (!best) return std::nullopt;
  if (for_hint) {
    hint_request_ = 0;
    if (const Parsed<Move> hint = position.move_from_text(best->move))
      hint_ = PlayedMove{*hint, position.move_to_text(*hint), position.move_cells(*hint),
                         position.move_words(*hint)};
    return std::nullopt;
  }
  search_request_ = 0;
  if (best->move.empty()) return std::nullopt;
  return best->move;
}

void AiTurn::refuse(std::size_t from, std::uint64_t request) {
  constexpr std::size_t kKept = 8;  // ponders in flight at most a few
  refused_requests_.emplace_back(from, request);
  if (refused_requests_.size() > kKept) refused_requests_.pop_front();
  const bool search = search_request_ == request && search_engine_ == from;
  const bool hint = hint_request_ == request && from == 0;
  if (!search && !hint) return;
  // Its answer, if it comes, is to another position: stopped and dropped.
  (*engines_)[from].stop();
  if (search) {
    search_request_ = 0;
    refused_ = searched_;
  }
  if (hint) hint_request_ = 0;
  begin();
}

void AiTurn::played(int side, const std::string& engine_text, const std::string& board_text,
                    double now) {
  // The engine names the move in its own text; the board's may differ.
  std::optional<MoveChoice> choice;
  if (choice_ && choice_->move == engine_text) {
    choice = choice_;
    choice->move = board_text;
  }
  last_move_ = AiMove{side, board_text, thinking_, choice};
  moved_at_ = now;
}

void AiTurn::forget_moves() {
  refused_.reset();  // a new game or undo: the person goes on, the AI asks again
  last_move_.reset();
  hint_.reset();
  moved_at_.reset();
}

bool AiTurn::pace_allows(double now, bool ai_against_ai) const {
  return !ai_against_ai || !moved_at_ || now >= *moved_at_ + pace_ms_ / 1000.0;
}

}  // namespace arcade::app
