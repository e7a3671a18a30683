#pragma once
// The game in progress as the player sees it: which game, the moves played
// and undone, who plays each side (a person or the AI at a level), and the
// engine requests in flight. It knows no SDL, GL or browser, so it is tested
// natively; the UI draws from it and feeds it clicks and buttons.
//
// It holds the game through GameView (games/game_view.h): typed positions and
// moves, whatever the game. Text is only for the engine's protocol, saved
// games and the move list: a move's notation is written once, when it is
// played, and read once, when it comes from the engine or a saved game.
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
#include "app/engine_info.h"
#include "games/game_view.h"

namespace arcade::app {

struct SideSettings {
  bool ai = false;
  int level = 3;  // 1..kLevelCount (engine/level.h)
};

// What the AI said in its latest `info` line (depth 0: none yet).
using Thinking = SearchInfoLine;

// The AI's latest move and what its search said last: a search often ends
// within a frame, and then this is all a player could read of it.
struct AiMove {
  int side = 0;
  std::string move;
  Thinking thinking;
};

// A move of the game in progress, with what the UI shows of it.
struct PlayedMove {
  Move move = kNoMove;
  std::string text;  // in the game's notation
  MoveCells cells;   // in the position it was played in
};

class GameController {
 public:
  explicit GameController(EngineClient& engine);

  // --- Commands from the UI. Each returns an error message, or nothing. ---
  // `start` is "startpos" or a position string of the game.
  std::optional<std::string> new_game(const std::string& game,
                                      const std::string& start = "startpos");
  std::optional<std::string> play(Move move);                // a person's move
  std::optional<std::string> play(const std::string& move);  // the same, in notation
  void undo();  // takes back to the last position where a person is to move
  void redo();
  // Shows the position after `plies` moves of the line and its redo moves
  // (the game's whole known line): the moves after it wait to be redone.
  // Where the AI is to move there, it is paused, so that stepping through a
  // game never makes it play.
  void go_to(std::size_t plies);
  void swap_sides();
  void set_side(int side, SideSettings settings);
  void set_paused(bool paused);
  void request_hint();
  void move_now();  // the AI plays its best move so far

  // Call once a frame: reads the engine's replies and starts AI moves.
  void update();

  // --- State for the UI. ---
  const std::string& game() const { return game_; }
  const std::string& start_position() const { return start_text_; }
  const GameView& start() const { return *start_; }
  const GameView& position() const { return *position_; }  // now
  const std::vector<PlayedMove>& line() const { return line_; }
  std::vector<std::string> moves() const;  // the line in notation
  bool can_undo() const { return !line_.empty(); }
  bool can_redo() const { return !redo_.empty(); }
  // The moves undone, the next one first.
  std::vector<std::string> redo_moves() const;
  std::vector<Move> legal_moves() const { return position_->legal_moves(); }
  int side_to_move() const { return position_->side_to_move(); }  // 0 moves first
  const SideSettings& side(int s) const { return sides_[s]; }
  bool paused() const { return paused_; }
  bool ai_thinking() const { return search_request_ != 0; }
  bool hint_pending() const { return hint_request_ != 0; }
  // The suggested move, once known.
  const std::optional<PlayedMove>& hint() const { return hint_; }
  const Thinking& thinking() const { return thinking_; }
  // The last move if the AI played it (nothing after undo, redo or a new game).
  const std::optional<AiMove>& last_ai_move() const { return last_ai_move_; }
  bool game_over() const { return position_->outcome() != Outcome::kOngoing; }
  // 0 or 1 for the winner, -1 for a draw or a game in progress.
  int winner() const;
  // The last message of a failed engine request (an `error` line), if any.
  const std::string& engine_error() const { return engine_error_; }

  // Option lines sent before every search (the heuristic's weights), so
  // that the AI plays with them.
  void set_engine_options(std::vector<std::string> lines) { engine_options_ = std::move(lines); }

  // The protocol's `position` command for the position on the board, or
  // for the one after the line's first `plies` moves.
  std::string position_command() const { return position_command(line_.size()); }
  std::string position_command(std::size_t plies) const;

  // --- Saving: the whole game and settings as text, and back. ---
  std::string save() const;
  // Restores a saved game; on an error (corrupt, foreign, illegal) nothing changes.
  std::optional<std::string> load(const std::string& saved);

 private:
  // The side to move after `plies` moves of the line: turns alternate.
  int side_after(std::size_t plies) const;
  // Replays `line` from the start: its moves are legal, they were read or
  // played in their positions.
  void set_line(std::vector<PlayedMove> line);
  void play_unchecked(Move move);
  void abandon_searches();
  void start_search(bool hint);
  void handle(const EngineReply& reply);
  void take_engine_move(const std::string& text);

  EngineClient& engine_;
  std::string game_;
  std::string start_text_ = "startpos";
  std::unique_ptr<GameView> start_;
  std::unique_ptr<GameView> position_;
  std::vector<PlayedMove> line_;
  std::vector<PlayedMove> redo_;  // the next move to redo last
  std::array<SideSettings, 2> sides_{SideSettings{false, 3}, SideSettings{true, 3}};
  bool paused_ = false;
  std::uint64_t search_request_ = 0;
  std::uint64_t hint_request_ = 0;
  std::optional<PlayedMove> hint_;
  Thinking thinking_;
  std::optional<AiMove> last_ai_move_;
  std::string engine_error_;
  std::string engine_game_;  // the game the engine was last told
  std::vector<std::string> engine_options_;
};

}  // namespace arcade::app
