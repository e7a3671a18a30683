// GameController (game_controller.h): its engines, when the AI searches and
// when they ponder on the person's time, and the position as they are told
// it. The moves, undo and redo are game_controller.cpp's.

#include <algorithm>
#include <utility>

#include "app/game/game_controller.h"
#include "engine/clock.h"

namespace arcade::app {

void GameController::request_hint() {
  check_writable("request_hint");
  ++person_actions_;
  if (game_over() || ai_.hint_pending() || sides_[side_to_move()].ai) return;
  ai_.forget_hint();
  start_search(/*hint=*/true);
}

void GameController::move_now() {
  check_writable("move_now");
  ++person_actions_;
  if (ai_.searching()) return ai_.stop_search();  // its best move still arrives and is played
  if (!game_over() && sides_[side_to_move()].ai && !ai_.hint_pending() && engines_[0].ready())
    start_search(/*hint=*/false);
}

bool GameController::update() {
  return update(seconds_since(SteadyClock::time_point{}));
}

bool GameController::update(double now_seconds) {
  check_writable("update");
  now_ = now_seconds;
  const bool replied = read_replies();
  if (ai_may_search(now_seconds)) start_search(/*hint=*/false);
  update_ponder();
  return replied;
}

bool GameController::read_replies() {
  bool replied = false;
  for (std::size_t i = 0; i < engines_.size(); ++i) {
    for (const LinkReply& reply : engines_[i].poll()) {
      pondering_.handle(reply, i);
      if (std::optional<std::string> move = ai_.handle(reply, i, position()))
        take_engine_move(*move);
      replied = true;
    }
  }
  return replied;
}

bool GameController::ai_may_search(double now) const {
  if (game_over() || paused_ || !sides_[side_to_move()].ai || waiting_for_redo()) return false;
  if (!ai_.idle() || !engines_[0].ready()) return false;
  // A position the engine refused is not asked again (ai_turn.h).
  return ai_.pace_allows(now, sides_[0].ai && sides_[1].ai) && !ai_refused();
}

void GameController::abandon_searches(bool keep_ponder) {
  ai_.abandon();
  if (!keep_ponder) pondering_.end();
}

void GameController::start_search(bool hint) {
  const EnginePosition here = engine_position();
  if (hint) {
    pondering_.release(0);  // the hint's position ends the main engine's ponder
    return ai_.start_hint(search_setup(), here);
  }
  const int level = sides_[side_to_move()].level;
  // The person played a reply being pondered: that search becomes the AI's.
  if (std::optional<PonderHit> hit = pondering_.take_hit(here, level))
    return ai_.take_over(*hit, here);
  ai_.start(search_setup(), level, here, pondering_.hand_over(here));
}

std::optional<std::string> GameController::opponents_in_play() const {
  const std::vector<std::string> models = position().opponent_models();
  if (models.empty()) return std::nullopt;
  // The models come adversarial first (GameView::opponent_models).
  return sides_[1].ai ? position().opponents_at_level(sides_[1].level) : models.front();
}

void GameController::take_engine_move(const std::string& text) {
  const Parsed<Move> move = position().move_from_text(text);
  if (!move) return ai_.note_error("the engine's move: " + move.error());
  const int mover = side_to_move();
  play_unchecked(*move);
  ai_.played(mover, text, board_.line.back().text, now_);
}

void GameController::set_engine_weights(EngineWeights weights) {
  check_writable("set_engine_weights");
  // A ponder searched with the old ones: its answer is no longer the AI's.
  if (weights != engine_weights_) pondering_.end();
  engine_weights_ = std::move(weights);
}

bool GameController::may_ponder() const {
  if (game_over() || paused_ || !ai_.idle() || !engines_[0].ready()) return false;
  const SideSettings& person = sides_[side_to_move()];
  const SideSettings& ai = sides_[1 - side_to_move()];
  return !person.ai && ai.ai && Pondering::ponders_at(ai.level);
}

void GameController::update_ponder() {
  if (!may_ponder()) return pondering_.end();
  pondering_.update(search_setup(), sides_[1 - side_to_move()].level, position(), engine_position(),
                    now_);
}

void GameController::set_ponder_helpers(const std::vector<EngineClient*>& helpers) {
  check_writable("set_ponder_helpers");
  pondering_.end();
  ai_.leave_helpers();
  engines_.erase(engines_.begin() + 1, engines_.end());
  for (EngineClient* helper : helpers) engines_.emplace_back(*helper);
  pondering_.resize();
}

EnginePosition GameController::engine_position(std::size_t plies) const {
  std::vector<std::string> played = moves();
  played.resize(std::min(plies, played.size()));
  return {board_.start_text, std::move(played)};
}

EnginePosition GameController::engine_position_after(Move reply) const {
  EnginePosition after = engine_position();
  after.moves.push_back(position().move_to_text(reply));
  return after;
}

}  // namespace arcade::app
