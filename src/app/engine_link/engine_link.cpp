#include "app/engine_link/engine_link.h"

namespace arcade::app {

void EngineLink::set_game(const std::string& game) {
  if (game == told_game_) return;
  client_->send(game_command(game));
  told_game_ = game;
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
  for (const EngineReply& reply : client_->poll())
    replies.push_back({reply.request, parse_reply(reply.line)});
  return replies;
}

}  // namespace arcade::app
