#include "app/engine_link/engine_link.h"

#include <algorithm>
#include <memory>

#include "games/registry.h"

namespace arcade::app {
namespace {

// A search's scores in a game valued in points: its `cp` values are points.
void to_points(EngineReplyData& reply) {
  if (auto* info = std::get_if<SearchInfoLine>(&reply)) {
    if (info->score) info->score = info->score->in_points();
  } else if (auto* move = std::get_if<MoveInfoLine>(&reply)) {
    move->score = move->score.in_points();
  }
}

}  // namespace

void EngineLink::set_game(const std::string& game) {
  if (game == told_game_) return;
  send(game_command(game));
  told_game_ = game;
  const std::unique_ptr<GameView> view = make_game_view(game);
  in_points_ = view && view->multi_agent();
}

void EngineLink::set_options(const EngineOptions& options) {
  for (const EngineCommand& command : option_commands(options)) send(command);
}

void EngineLink::set_weights(const EngineWeights& weights) {
  // Weights of another game than the one told (a frame's posted change of
  // game ran before the panel's weights followed it): that game's defaults
  // instead, never its terms' names, which this engine would refuse.
  const bool others = !weights.game.empty() && weights.game != told_game_;
  for (const EngineCommand& command : weight_commands(others ? EngineWeights{} : weights))
    send(command);
}

void EngineLink::set_position(const EnginePosition& position) {
  send(position_command(position));
}

std::uint64_t EngineLink::go(const GoLimits& limits) {
  return send_long(go_command(limits));
}

void EngineLink::ponderhit() {
  const std::uint64_t request = client_->ponderhit();
  note_setup(request, request, last_long_);  // the ponder it turns into a search
}

std::uint64_t EngineLink::solve() {
  return send_long(SolveCommand{});
}

std::uint64_t EngineLink::match(const MatchCommand& match) {
  return send_long(match);
}

std::uint64_t EngineLink::tree(const TreeParams& params) {
  if (!params.opponents.empty()) set_options({.opponents = params.opponents});
  return send_long(tree_command(params));
}

std::uint64_t EngineLink::send(const EngineCommand& command) {
  const std::uint64_t request = client_->submit(command);
  if (setup_first_ == 0) setup_first_ = request;
  return request;
}

std::uint64_t EngineLink::send_long(const EngineCommand& command) {
  const std::uint64_t request = client_->submit(command);
  note_setup(setup_first_ != 0 ? setup_first_ : request, request, request);
  setup_first_ = 0;
  last_long_ = request;
  return request;
}

void EngineLink::note_setup(std::uint64_t first, std::uint64_t last, std::uint64_t request) {
  // Errors come back within a few requests of their line: the latest do.
  constexpr std::size_t kKept = 16;
  setups_.push_back({first, last, request});
  if (setups_.size() > kKept) setups_.pop_front();
}

std::vector<LinkReply> EngineLink::poll() {
  std::vector<LinkReply> replies;
  for (const EngineEventReply& reply : client_->poll_events()) {
    replies.push_back({reply.request, reply_of(reply.event)});
    if (in_points_) to_points(replies.back().reply);
    auto* error = std::get_if<EngineError>(&replies.back().reply);
    if (error && !error->malformed) {
      const auto setup = std::find_if(setups_.begin(), setups_.end(), [&](const Setup& s) {
        return s.first <= reply.request && reply.request <= s.last;
      });
      if (setup != setups_.end()) error->sets_up = setup->request;
    }
  }
  return replies;
}

}  // namespace arcade::app
