#include "app/board_scene.h"

namespace arcade::app {
namespace {

void mark_winning_lines(BoardScene& s, int length) {
  const Cell directions[] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  const Grid grid{s.cols, s.rows};
  for (int row = 0; row < s.rows; ++row) {
    for (int col = 0; col < s.cols; ++col) {
      const Piece p = s.piece({col, row});
      if (p == Piece::kNone) continue;
      for (Cell d : directions) {
        int n = 1;
        while (n < length) {
          const Cell c{col + d.col * n, row + d.row * n};
          if (!grid.contains(c) || s.piece(c) != p) break;
          ++n;
        }
        if (n < length) continue;
        for (int i = 0; i < length; ++i) s.mark({col + d.col * i, row + d.row * i}) |= kWinningLine;
      }
    }
  }
}

bool person_to_move(const GameController& g) {
  return !g.game_over() && !g.side(g.side_to_move()).ai;
}

// The piece picked up, or the only piece that can move (the sheep, say).
std::optional<Cell> selection(const GameController& g, const BoardUi& ui) {
  if (ui.selected) return ui.selected;
  std::optional<Cell> only;
  for (Move move : g.legal_moves()) {
    const MoveCells cells = g.position().move_cells(move);
    if (!cells.moves_a_piece() || (only && !(*only == cells.from))) return std::nullopt;
    only = cells.from;
  }
  return only;
}

void mark_legal_targets(const GameController& g, const BoardUi& ui, BoardScene& s) {
  const std::optional<Cell> selected = selection(g, ui);
  for (Move move : g.legal_moves()) {
    const MoveCells cells = g.position().move_cells(move);
    if (cells.moves_a_piece() && !(selected && *selected == cells.from))
      s.mark(cells.from) |= kLegalTarget;  // a piece that can move
    else
      s.mark(cells.to) |= kLegalTarget;
  }
  if (selected) s.mark(*selected) |= kSelected;
}

// Whether a click on `cell` names the move with these cells: its target, or
// for a dropped piece any cell of its column; a piece's move only once the
// piece is picked up.
bool click_names(const BoardLayout& board, const MoveCells& cells, std::optional<Cell> selected,
                 Cell cell) {
  if (cells.moves_a_piece()) return selected && *selected == cells.from && cells.to == cell;
  if (board.placement == Placement::kDroppedInColumn) return cells.to.col == cell.col;
  return cells.to == cell;
}

}  // namespace

BoardScene position_scene(const GameView& position) {
  const BoardLayout& board = position.board();
  BoardScene s;
  s.style = board.style;
  s.cols = board.grid.cols;
  s.rows = board.grid.rows;
  s.pieces.assign(static_cast<std::size_t>(s.cols * s.rows), Piece::kNone);
  s.marks.assign(s.pieces.size(), 0);
  for (int row = 0; row < s.rows; ++row)
    for (int col = 0; col < s.cols; ++col) s.piece({col, row}) = position.piece_at({col, row});
  return s;
}

BoardScene make_scene(const GameController& g, const BoardUi& ui) {
  BoardScene s = position_scene(g.position());
  if (auto last = last_move_path(g)) s.mark(last->to) |= kLastMove;
  if (g.hint() && person_to_move(g)) {
    const MoveCells cells = g.hint()->cells;
    s.mark(cells.from) |= kHint;
    s.mark(cells.to) |= kHint;
  }
  if (person_to_move(g)) mark_legal_targets(g, ui, s);
  if (ui.hovered && Grid{s.cols, s.rows}.contains(*ui.hovered)) s.mark(*ui.hovered) |= kHovered;
  const int winning_line = g.position().board().winning_line;
  if (g.winner() >= 0 && winning_line > 0) mark_winning_lines(s, winning_line);

  if (ui.animation && ui.animation->progress < 1.0f) {
    const MoveAnimation& a = *ui.animation;
    // Ease out, as a piece that slows into place.
    const float t = 1.0f - (1.0f - a.progress) * (1.0f - a.progress);
    s.anim_piece = s.piece(a.to);
    s.piece(a.to) = Piece::kNone;
    s.anim_col = a.from.col + (a.to.col - a.from.col) * t;
    s.anim_row = a.from.row + (a.to.row - a.from.row) * t;
  }
  return s;
}

std::optional<MoveAnimation> last_move_path(const GameController& g) {
  if (g.line().empty()) return std::nullopt;
  const MoveCells cells = g.line().back().cells;
  const BoardLayout& board = g.position().board();
  // A dropped piece falls from the top of its column.
  if (!cells.moves_a_piece() && board.placement == Placement::kDroppedInColumn)
    return MoveAnimation{{cells.to.col, board.grid.rows - 1}, cells.to, 1.0f};
  return MoveAnimation{cells.from, cells.to, 1.0f};
}

ClickResult click(const GameController& g, const BoardUi& ui, Cell cell) {
  ClickResult result;
  if (!person_to_move(g)) return result;
  const std::optional<Cell> selected = selection(g, ui);
  for (Move move : g.legal_moves()) {
    const MoveCells cells = g.position().move_cells(move);
    if (click_names(g.position().board(), cells, selected, cell)) {
      result.move = move;
      return result;
    }
    if (cells.moves_a_piece() && cells.from == cell) result.select = cell;
  }
  return result;
}

}  // namespace arcade::app
