#pragma once
// The game in progress as the player sees it: which game, the moves played
// and undone, who plays each side (a person or the AI at a level), and the
// engine requests in flight. It knows no SDL, GL or browser, so it is tested
// natively; the UI draws from it and feeds it clicks and buttons.
//
// The engine is asked for a move whenever the side to move is the AI (and AI
// against AI is not paused). Anything that changes the position (a move,
// undo, redo, new game, swapping sides) abandons the running search first:
// its replies carry its request number and are dropped, so a stale answer
// never lands on the board.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/engine_client.h"
#include "engine/session.h"

namespace arcade::app {

struct SideSettings {
  bool ai = false;
  int level = 3;  // 1..kLevelCount (engine/level.h)
};

// What the AI said in its latest `info` line.
struct Thinking {
  int depth = 0;
  std::string score;  // in words: "wins in 4", "even", "+3", "draw"
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  std::vector<std::string> pv;
};

class GameController {
 public:
  explicit GameController(EngineClient& engine);

  // --- Commands from the UI. Each returns an error message, or nothing. ---
  std::optional<std::string> new_game(const std::string& game,
                                      const std::string& start = "startpos");
  std::optional<std::string> play(const std::string& move);  // a person's move
  void undo();  // takes back to the last position where a person is to move
  void redo();
  void swap_sides();
  void set_side(int side, SideSettings settings);
  void set_paused(bool paused);
  void request_hint();
  void move_now();  // the AI plays its best move so far

  // Call once a frame: reads the engine's replies and starts AI moves.
  void update();

  // --- State for the UI. ---
  const std::string& game() const { return game_; }
  const std::string& start_position() const { return start_; }
  const std::vector<std::string>& moves() const { return moves_; }
  bool can_undo() const { return !moves_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  const GameSession& position() const { return *session_; }
  std::vector<std::string> legal_moves() const { return session_->legal_moves(); }
  int side_to_move() const;  // 0: the side that moves first from the start position
  const SideSettings& side(int s) const { return sides_[s]; }
  bool paused() const { return paused_; }
  bool ai_thinking() const { return search_request_ != 0; }
  bool hint_pending() const { return hint_request_ != 0; }
  const std::string& hint() const { return hint_; }  // the suggested move, once known
  const Thinking& thinking() const { return thinking_; }
  bool game_over() const { return session_->outcome() != Outcome::kOngoing; }
  // 0 or 1 for the winner, -1 for a draw or a game in progress.
  int winner() const;
  // The last message of a failed engine request (an `error` line), if any.
  const std::string& engine_error() const { return engine_error_; }

  // --- Saving: the whole game and settings as text, and back. ---
  std::string save() const;
  // Restores a saved game; on an error (corrupt, foreign, illegal) nothing changes.
  std::optional<std::string> load(const std::string& saved);

 private:
  std::optional<std::string> apply(const std::string& start, const std::vector<std::string>& moves);
  void abandon_searches();
  void start_search(bool hint);
  void handle(const EngineReply& reply);
  std::string position_command() const;

  EngineClient& engine_;
  std::string game_;
  std::string start_ = "startpos";
  std::unique_ptr<GameSession> session_;
  std::vector<std::string> moves_;
  std::vector<std::string> redo_;
  std::array<SideSettings, 2> sides_{SideSettings{false, 3}, SideSettings{true, 3}};
  bool paused_ = false;
  std::uint64_t search_request_ = 0;
  std::uint64_t hint_request_ = 0;
  std::string hint_;
  Thinking thinking_;
  std::string engine_error_;
  std::string engine_game_;  // the game the engine was last told
};

// "wins in 3" / "loses in 5" (moves of the side, not plies), "draw", "even",
// "+3" / "-12" (tenths of a heuristic unit): a protocol score in words.
std::string score_in_words(const std::string& protocol_score);

}  // namespace arcade::app
