#include "app/game/pondering.h"

#include <utility>
#include <variant>

namespace arcade::app {
namespace {
// The levels that ponder (Expert, Perfect), and how long each of the
// person's replies is pondered before the next one's turn. The engine's
// tables keep what each turn found, so the replies are pondered round after
// round while the person thinks: half a second covers Connect Four's seven
// replies in under four seconds.
constexpr int kPonderLevel = 4;
constexpr double kPonderTurnSeconds = 0.5;

// The person's replies after which the AI is to move. A reply that keeps
// the person's turn (a game's extra turn) is no position the AI would
// search: pondering it would be time lost.
std::vector<Move> replies_passing_the_turn(const GameView& position) {
  std::vector<Move> replies;
  for (Move m : position.legal_moves()) {
    std::unique_ptr<GameView> after = position.clone();
    after->play(m);
    if (after->side_to_move() != position.side_to_move()) replies.push_back(m);
  }
  return replies;
}
}  // namespace

Pondering::Pondering(std::vector<EngineLink>& engines)
    : engines_(&engines), ponderers_(engines.size()) {}

bool Pondering::ponders_at(int level) {
  return level >= kPonderLevel;
}

void Pondering::set_on(bool on) {
  on_ = on;
  if (!on) end();
}

bool Pondering::running() const {
  return std::any_of(ponderers_.begin(), ponderers_.end(),
                     [](const Ponderer& p) { return p.request != 0; });
}

void Pondering::resize() {
  ponderers_.resize(engines_->size());
}

// Each ponder is sent as the AI's own search of that position would be
// (level, weights, movetime); the position of the next turn ends the one
// before (its best move is dropped: no request waits for it).
void Pondering::update(const SearchSetup& setup, int level, const GameView& position,
                       const EnginePosition& base, double now) {
  if (!on_) return end();
  if (base != base_) {
    base_ = base;
    replies_ = replies_passing_the_turn(position);
    for (Ponderer& p : ponderers_) {
      p.turn = 0;
      p.finished.clear();
    }
  }
  const Turn turn{setup, level, position, base, replies_, now};
  for (std::size_t i = 0; i < ponderers_.size(); ++i) update(i, turn);
}

// Engine i's share of the replies (i, i + k, ... of k engines), in turn,
// kPonderTurnSeconds each, round after round; a turn ends early when its
// ponder finishes, and a reply pondered to the end gets no more turns.
void Pondering::update(std::size_t i, const Turn& turn) {
  Ponderer& p = ponderers_[i];
  EngineLink& engine = (*engines_)[i];
  if (i >= turn.replies.size() || !engine.ready()) return;
  const bool finished = p.request && p.has_finished(p.position);
  if (p.turn > 0 && !finished && turn.now < p.started + kPonderTurnSeconds) return;
  const std::optional<EnginePosition> position = next_position(i, turn);
  p.started = turn.now;
  if (!position) return;                             // all of its share is done
  if (p.request && *position == p.position) return;  // its only reply left
  p.level = turn.level;
  send_search_setup(engine, turn.setup, p.level, *position);
  p.request = engine.go({.movetime_ms = ai_move_time(p.level), .ponder = true});
  p.thinking = {};
  p.position = *position;
}

std::optional<EnginePosition> Pondering::next_position(std::size_t i, const Turn& turn) {
  Ponderer& p = ponderers_[i];
  const std::size_t k = ponderers_.size();
  const std::size_t share = (turn.replies.size() - i + k - 1) / k;
  for (std::size_t tried = 0; tried < share; ++tried) {
    EnginePosition after = turn.base;
    after.moves.push_back(turn.position.move_to_text(turn.replies[i + k * (p.turn++ % share)]));
    if (!p.has_finished(after)) return after;
  }
  return std::nullopt;
}

void Pondering::end() {
  stop_all_but(ponderers_.size());
  base_.reset();
  for (Ponderer& p : ponderers_) p.finished.clear();
}

void Pondering::stop_all_but(std::size_t kept) {
  // A ponder is the only request in flight on its engine then (any other
  // request on the main engine ends it when sent).
  for (std::size_t i = 0; i < ponderers_.size(); ++i) {
    if (i == kept || !ponderers_[i].request) continue;
    (*engines_)[i].stop();
    ponderers_[i].request = 0;
  }
}

void Pondering::handle(const LinkReply& reply, std::size_t from) {
  Ponderer& p = ponderers_[from];
  if (!p.request || reply.request != p.request) return;
  if (std::holds_alternative<PonderFinished>(reply.reply)) p.finished.push_back(p.position);
  if (const auto* info = std::get_if<SearchInfoLine>(&reply.reply)) p.thinking = *info;
}

std::optional<PonderHit> Pondering::take_hit(const EnginePosition& position, int level) {
  for (std::size_t i = 0; i < ponderers_.size(); ++i) {
    Ponderer& p = ponderers_[i];
    if (!p.request || p.position != position || p.level != level) continue;
    stop_all_but(i);
    (*engines_)[i].ponderhit();
    return PonderHit{i, std::exchange(p.request, 0), p.thinking};
  }
  return std::nullopt;
}

std::size_t Pondering::hand_over(const EnginePosition& position) {
  std::size_t e = 0;
  while (e < ponderers_.size() && !ponderers_[e].has_finished(position)) ++e;
  if (e == ponderers_.size()) e = 0;
  release(e);
  stop_all_but(e);
  return e;
}

}  // namespace arcade::app
