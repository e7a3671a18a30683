#pragma once
// The app's typed link to one engine: set the game, options, weights and
// position; go with limits, ponder and ponderhit; stop; solve; tree; match;
// and typed replies (engine_types.h). The game's AI turns and pondering, the
// analysis and the lab (its trees and its pessimism view) all speak through
// it, in the engine's typed commands and events over an EngineClient
// (engine_client.h: natively the engine on a thread, called directly; on the
// web a worker, reached through the protocol's codec), whose rules for
// requests, `stop` and pondering it keeps.
//
// Why a link and not the client itself: the three users each wrote the same
// "game, level, weights, position, go" lines by hand and read the same
// replies, each with its own idea of when the engine had to be told the
// game again. Here that is one rule: `game` is sent only when it changes,
// because a new `game` starts a fresh session and empties the engine's
// table, which a player's next move wants to keep.

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "app/engine_link/engine_client.h"
#include "app/engine_link/engine_types.h"

namespace arcade::app {

// A reply and the number of the request it answers (go, solve, tree).
struct LinkReply {
  std::uint64_t request = 0;
  EngineReplyData reply;
};

class EngineLink {
 public:
  // The client must outlive the link.
  explicit EngineLink(EngineClient& client) : client_(&client) {}

  // Tells the engine the game, unless it was the last one told.
  void set_game(const std::string& game);
  void set_options(const EngineOptions& options);
  // Weights of another game than the one last told are sent as the
  // defaults (EngineWeights::game).
  void set_weights(const EngineWeights& weights);
  void set_position(const EnginePosition& position);
  // Starts a search; its replies carry the number returned.
  std::uint64_t go(const GoLimits& limits);
  // The ponder running becomes a normal search (engine/protocol.h).
  void ponderhit();
  // Ends every long command sent so far; each still answers once.
  void stop() { client_->stop(); }
  std::uint64_t solve();
  std::uint64_t tree(const TreeParams& params);
  // Whole games of a game of agents (engine/agent_match.h): MatchResult.
  std::uint64_t match(const MatchCommand& match);

  // The replies received since the last call, oldest first. Never blocks.
  // An error in reply to a line that set up a long command (the lines since
  // the one before it, the command's own line, a ponderhit for it) names
  // that command's request (EngineError::sets_up).
  std::vector<LinkReply> poll();
  bool ready() const { return client_->ready(); }
  bool failed() const { return client_->failed(); }
  void retry() { client_->retry(); }

 private:
  // Sends a command that sets up the next long command.
  std::uint64_t send(const EngineCommand& command);
  // Sends a long command, which the commands since the last one set up.
  std::uint64_t send_long(const EngineCommand& command);
  void note_setup(std::uint64_t first, std::uint64_t last, std::uint64_t request);
  // The long command set up by the lines `first` to `last` (requests).
  struct Setup {
    std::uint64_t first = 0, last = 0, request = 0;
  };

  EngineClient* client_;
  std::deque<Setup> setups_;       // the latest few
  std::uint64_t setup_first_ = 0;  // the first line since the last long command
  std::uint64_t last_long_ = 0;    // the last long command sent
  std::string told_game_;
  // The game told values positions in its own points (engine/agents.h):
  // its `cp` scores are points (EngineScore::in_points).
  bool in_points_ = false;
};

}  // namespace arcade::app
