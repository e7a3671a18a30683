#pragma once
// Saved games: the games in progress and each game's sides as text, and
// back. "minimax-arcade-save 4": the lines of version 1 (the game on the
// board, its start, moves, redo moves, pause and sides), then a line
// "kept <link fragment with redo>" for each game kept in progress (as
// version 2), then "sides <game> ai|human LEVEL ai|human LEVEL [paused]"
// for each other game whose sides were chosen (version 3: each its own),
// then "end <the number of lines before it>" (version 4), by which a reader
// tells a whole save from one cut short. The count is of the lines as
// written, unknown ones included: a reader passes over unknown lines,
// counted or added since, and calls a save damaged only for lines missing
// or known lines added. A start is written in its one text form
// (start_text_of, game_record.h), which no trimming of a line changes.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "app/game/game_record.h"

namespace arcade::app {

// The cap on a saved game's size as it is read, in bytes (its games' moves
// are capped as a link's, kMaxGameMoves).
inline constexpr std::size_t kMaxSaveBytes = std::size_t{1} << 20;

// What GameController::load made of a saved game besides its answer.
struct SaveNotes {
  // Written by a later version of Minimax Arcade (refused): keep the text.
  bool newer = false;
  // What a restored save left out, each a sentence a player reads.
  std::vector<std::string> dropped;
};

// What a save holds: the game on the board with its sides and pause, the
// games kept in progress and the other games' sides, by name.
struct SavedGames {
  GameState board;
  GameSides board_sides;
  std::map<std::string, GameState> kept;
  std::map<std::string, GameSides> other_sides;
};

std::string write_save(const GameState& board, const GameSides& board_sides,
                       const std::map<std::string, GameState>& kept,
                       const std::map<std::string, GameSides>& other_sides);
// Reads a save (version 1 to 4), keeping what is valid (GameController::load
// says what); `notes` gets what was left out. The board's game's sides are
// in board_sides and, as read, in other_sides too.
Parsed<SavedGames> read_save(const std::string& saved, SaveNotes& notes);

}  // namespace arcade::app
