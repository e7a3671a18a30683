#include "app/engine_link/engine_link.h"

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
  client_->send(game_command(game));
  told_game_ = game;
  const std::unique_ptr<GameView> view = make_game_view(game);
  in_points_ = view && view->multi_agent();
}

void EngineLink::set_options(const EngineOptions& options) {
  for (const std::string& line : option_commands(options)) client_->send(line);
}

void EngineLink::set_weights(const EngineWeights& weights) {
  for (const std::string& line : weight_commands(weights)) client_->send(line);
}

void EngineLink::set_position(const EnginePosition& position) {
  client_->send(position_command(position));
}

std::uint64_t EngineLink::go(const GoLimits& limits) {
  return client_->send(go_command(limits));
}

void EngineLink::ponderhit() {
  client_->send(std::string(kPonderhitCommand));
}

std::uint64_t EngineLink::solve() {
  return client_->send(std::string(kSolveCommand));
}

std::uint64_t EngineLink::tree(const TreeParams& params) {
  return client_->send(tree_command(params));
}

std::vector<LinkReply> EngineLink::poll() {
  std::vector<LinkReply> replies;
  for (const EngineReply& reply : client_->poll()) {
    replies.push_back({reply.request, parse_reply(reply.line)});
    if (in_points_) to_points(replies.back().reply);
  }
  return replies;
}

}  // namespace arcade::app
