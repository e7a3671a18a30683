#pragma once
// The analysis panel drawn with Dear ImGui: the evaluation as a bar and in
// words, the search's figures and line, the evaluation graph over the game
// (a click jumps there), and over the board every legal move's score and the
// principal variation as numbered ghost pieces.

#include <cstddef>
#include <optional>

#include "app/analysis/analysis.h"
#include "app/game/game_controller.h"

namespace arcade::app {

// Where the board lies on screen, in ImGui's points.
struct BoardPlacement {
  float left = 0, top = 0, cell = 0;
  int rows = 0;
};

// The panel's contents in the current ImGui window. Returns the ply to show
// when the graph was clicked.
std::optional<std::size_t> analysis_panel(const Analysis& analysis, const GameController& game);

// Every move's score (of the selected piece's moves, if one is; see
// board_labels), or the principal variation as numbered ghost pieces, drawn
// over the board.
void analysis_over_board(const Analysis& analysis, const GameController& game,
                         std::optional<Cell> selected, const BoardPlacement& board, bool line);
// The plies of the principal variation shown over the board.
inline constexpr std::size_t kLinePlies = 9;
// The line analysis_over_board numbers when asked for it, or nothing: its
// pieces go on the board as ghosts (show_line) before the numbers.
const std::vector<std::string>* line_over_board(const Analysis& analysis,
                                                const GameController& game);

}  // namespace arcade::app
