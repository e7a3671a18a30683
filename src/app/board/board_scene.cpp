#include "app/board/board_scene.h"

#include <cstdlib>
#include <memory>
#include <utility>

namespace arcade::app {
namespace {

// The winner's lines of `length` or more in a row: each marked, and the one
// through `last` (the last move's cell) returned, or else the first found.
// A line runs from its first cell, in the order the cells are read (rows from
// the bottom, columns from the left), to its last.
std::optional<std::array<Cell, 2>> mark_winning_lines(BoardScene& s, Piece winner, int length,
                                                      std::optional<Cell> last) {
  const Cell directions[] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  const Grid grid{s.cols, s.rows};
  const auto owned = [&](Cell c) { return grid.contains(c) && s.piece(c) == winner; };
  std::optional<std::array<Cell, 2>> shown;
  bool through_last = false;
  for (int row = 0; row < s.rows; ++row) {
    for (int col = 0; col < s.cols; ++col) {
      for (Cell d : directions) {
        const Cell first{col, row};
        // Only from where a line starts, to its end.
        if (!owned(first) || owned({col - d.col, row - d.row})) continue;
        int n = 1;
        bool has_last = last && *last == first;
        for (Cell c{col + d.col, row + d.row}; owned(c); c = {c.col + d.col, c.row + d.row}, ++n)
          has_last = has_last || (last && *last == c);
        if (n < length) continue;
        for (int i = 0; i < n; ++i) s.mark({col + d.col * i, row + d.row * i}) |= kWinningLine;
        if (!shown || (has_last && !through_last)) {
          shown = {first, Cell{col + d.col * (n - 1), row + d.row * (n - 1)}};
          through_last = has_last;
        }
      }
    }
  }
  return shown;
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
    if (!cells.moves_a_piece() || (only && !(*only == *cells.from))) return std::nullopt;
    only = cells.from;
  }
  return only;
}

void mark_legal_targets(const GameController& g, const BoardUi& ui, BoardScene& s) {
  const std::optional<Cell> selected = selection(g, ui);
  for (Move move : g.legal_moves()) {
    const MoveCells cells = g.position().move_cells(move);
    if (cells.moves_a_piece() && !(selected && *selected == *cells.from))
      s.mark(*cells.from) |= kLegalTarget;  // a piece that can move
    else if (cells.to)
      s.mark(*cells.to) |= kLegalTarget;
  }
  if (selected) s.mark(*selected) |= kSelected;
}

// A ghost of the piece `move` puts on its target, if that cell is empty.
void ghost_of(const GameView& position, Move move, BoardScene& s) {
  const MoveCells cells = position.move_cells(move);
  if (cells.is_pass() || s.piece(*cells.to) != Piece::kNone) return;
  const std::unique_ptr<GameView> after = position.clone();
  after->play(move);
  s.ghost(*cells.to) = after->piece_at(*cells.to);
}

// What a click on `cell` would play, shown before it is made: a ghost of the
// piece where the move puts it, and for a dropped piece its column lit.
void preview(const GameController& g, const BoardUi& ui, Cell cell, BoardScene& s) {
  const std::optional<Move> move = click(g, ui, cell).move;
  if (!move) return;
  const MoveCells cells = g.position().move_cells(*move);
  ghost_of(g.position(), *move, s);
  if (!cells.moves_a_piece() && cells.to &&
      g.position().board().placement == Placement::kDroppedInColumn)
    for (int row = 0; row < s.rows; ++row) s.mark({cells.to->col, row}) |= kLitColumn;
}

// Whether a click on `cell` names the move with these cells: its target, or
// for a dropped piece any cell of its column; a piece's move only once the
// piece is picked up. No cell names a pass.
bool click_names(const BoardLayout& board, const MoveCells& cells, std::optional<Cell> selected,
                 Cell cell) {
  if (cells.is_pass()) return false;
  if (cells.moves_a_piece()) return selected && *selected == *cells.from && *cells.to == cell;
  if (board.placement == Placement::kDroppedInColumn) return cells.to->col == cell.col;
  return *cells.to == cell;
}

}  // namespace

BoardScene position_scene(const GameView& position) {
  const BoardLayout& board = position.board();
  const Grid grid = position.grid();  // a maze's own size
  BoardScene s;
  s.look = board.look;
  s.column_cursor = board.placement == Placement::kDroppedInColumn;
  s.cols = grid.cols;
  s.rows = grid.rows;
  s.pieces.assign(static_cast<std::size_t>(s.cols * s.rows), Piece::kNone);
  s.marks.assign(s.pieces.size(), 0);
  s.ghosts.assign(s.pieces.size(), Piece::kNone);
  s.turned.assign(s.pieces.size(), 0);
  s.counts.assign(s.pieces.size(), -1);
  for (int row = 0; row < s.rows; ++row)
    for (int col = 0; col < s.cols; ++col) {
      s.piece({col, row}) = position.piece_at({col, row});
      s.counts[s.index({col, row})] = position.count_at({col, row}).value_or(-1);
    }
  return s;
}

bool store_column(const BoardScene& s, int col) {
  return s.look.surface.kind == SurfaceKind::kPits && (col == 0 || col == s.cols - 1);
}

std::array<float, 2> count_centre(const BoardScene& s, Cell c) {
  const float col = static_cast<float>(c.col) + 0.5f;
  return {col, store_column(s, c.col) ? 0.5f * static_cast<float>(s.rows)
                                      : static_cast<float>(c.row) + 0.5f};
}

void mark_last_move(BoardScene& s, const MoveCells& cells) {
  if (cells.to) s.mark(*cells.to) |= kLastMove;
  if (cells.from) s.mark(*cells.from) |= kLastMove;
  for (Cell c : cells.also) s.turn(c) = 1;
}

std::optional<BoardScene> scene_after_line(const GameView& start,
                                           const std::vector<std::string>& line) {
  std::unique_ptr<GameView> position = start.clone();
  MoveCells last;
  for (const std::string& text : line) {
    const Parsed<Move> move = position->move_from_text(text);
    if (!move) return std::nullopt;
    last = position->move_cells(*move);
    position->play(*move);
  }
  BoardScene s = position_scene(*position);
  mark_last_move(s, last);
  return s;
}

BoardScene make_scene(const GameController& g, const BoardUi& ui) {
  BoardScene s = position_scene(g.position());
  const Grid grid{s.cols, s.rows};
  std::optional<Cell> last;
  if (!g.line().empty()) {
    // Where the piece went and came from; a pass marks no cell (the move
    // list says it in words).
    const MoveCells cells = g.line().back().cells;
    last = cells.to;
    mark_last_move(s, cells);
  }
  if (g.hint() && person_to_move(g)) {
    const MoveCells cells = g.hint()->cells;
    if (cells.from) s.mark(*cells.from) |= kHint;
    if (cells.to) s.mark(*cells.to) |= kHint;
    // The mover's own piece where the move puts it (a ring would read as
    // Tic-tac-toe's O whoever is to move).
    ghost_of(g.position(), g.hint()->move, s);
  }
  if (person_to_move(g)) mark_legal_targets(g, ui, s);
  // One preview at a time, the input used last: moving the pointer over the
  // board drops the cursor (BoardInput::pointer), so a cursor is the newer.
  if (ui.hovered && grid.contains(*ui.hovered) && !(ui.cursor && grid.contains(*ui.cursor))) {
    s.mark(*ui.hovered) |= kHovered;
    preview(g, ui, *ui.hovered, s);
  }
  if (ui.cursor && grid.contains(*ui.cursor)) {
    s.mark(*ui.cursor) |= kCursor;
    preview(g, ui, *ui.cursor, s);
  }
  const int winning_line = g.position().board().winning_line;
  if (g.winner() >= 0 && winning_line > 0) {
    const Piece winner = g.winner() == 0 ? Piece::kFirstSide : Piece::kSecondSide;
    s.win_line = mark_winning_lines(s, winner, winning_line, last);
  }

  if (ui.sowing && ui.sowing->progress < 1.0f) {
    // The cells reached so far show the move's result, the others what they
    // held before it: the seeds go round one cell at a time.
    const CountsInMotion& m = *ui.sowing;
    const auto reached = static_cast<std::size_t>(m.progress * static_cast<float>(m.order.size()));
    for (std::size_t i = reached + 1; i < m.order.size(); ++i) {
      const Cell c = m.order[i];
      if (!s.contains(c) || s.index(c) >= m.counts_before.size()) continue;
      s.piece(c) = m.pieces_before[s.index(c)];
      s.counts[s.index(c)] = m.counts_before[s.index(c)];
    }
  }
  if (ui.animation && ui.animation->progress < 1.0f) {
    const MoveAnimation& a = *ui.animation;
    // Ease out, as a piece that slows into place.
    const float t = 1.0f - (1.0f - a.progress) * (1.0f - a.progress);
    s.anim_piece = s.piece(a.to);
    s.piece(a.to) = Piece::kNone;
    s.anim_col = a.from.col + (a.to.col - a.from.col) * t;
    s.anim_row = a.from.row + (a.to.row - a.from.row) * t;
  } else if (const std::optional<TakenPiece> taken = g.position().taken_at_end();
             taken && ui.taken < 1.0f) {
    s.anim_piece = taken->piece;
    s.anim_col = static_cast<float>(taken->cell.col);
    s.anim_row = static_cast<float>(taken->cell.row);
    s.anim_scale = 1.0f - ui.taken;
  }
  return s;
}

void show_line(BoardScene& s, const GameView& position, const std::vector<std::string>& line,
               std::size_t plies) {
  std::unique_ptr<GameView> walk = position.clone();
  for (std::size_t i = 0; i < line.size() && i < plies; ++i) {
    const Parsed<Move> move = walk->move_from_text(line[i]);
    if (!move) return;
    ghost_of(*walk, *move, s);
    walk->play(*move);
  }
}

std::optional<MoveAnimation> last_move_path(const GameController& g) {
  if (g.line().empty()) return std::nullopt;
  const MoveCells cells = g.line().back().cells;
  if (cells.is_pass()) return std::nullopt;  // nothing moves
  const BoardLayout& board = g.position().board();
  const Cell to = *cells.to;
  // A dropped piece falls from the top of its column.
  if (!cells.moves_a_piece() && board.placement == Placement::kDroppedInColumn)
    return MoveAnimation{{to.col, g.position().grid().rows - 1}, to, 1.0f};
  return MoveAnimation{cells.from.value_or(to), to, 1.0f};
}

std::optional<CountsInMotion> last_move_counts(const GameController& g) {
  if (g.line().empty()) return std::nullopt;
  const MoveCells& cells = g.line().back().cells;
  if (!cells.to) return std::nullopt;
  // The position before it, replayed from the start (once a move).
  std::unique_ptr<GameView> before = g.position().clone();
  if (before->set_position(g.start_position())) return std::nullopt;
  for (std::size_t i = 0; i + 1 < g.line().size(); ++i) before->play(g.line()[i].move);
  if (!before->count_at(*cells.to)) return std::nullopt;
  const BoardScene was = position_scene(*before);
  CountsInMotion m{{*cells.to}, was.pieces, was.counts, 1.0f};
  m.order.insert(m.order.end(), cells.also.begin(), cells.also.end());
  return m;
}

std::vector<EdgeLabel> edge_labels(const BoardLayout& layout, Grid grid, float left, float top,
                                   float cell, float margin) {
  BoardLayout board = layout;
  board.grid = grid;  // rows named from the top count from this grid's
  std::vector<EdgeLabel> labels;
  const float bottom = top + cell * static_cast<float>(board.grid.rows);
  for (int col = 0; col < board.grid.cols; ++col) {
    std::string name = board.column_name(col);
    const float x = left + cell * (static_cast<float>(col) + 0.5f);
    if (!name.empty()) labels.push_back({std::move(name), x, bottom + margin / 2});
  }
  for (int row = 0; row < board.grid.rows; ++row) {
    std::string name = board.row_name(row);
    const float y = bottom - cell * (static_cast<float>(row) + 0.5f);  // rows from the bottom
    if (!name.empty()) labels.push_back({std::move(name), left - margin / 2, y});
  }
  return labels;
}

std::optional<Steps> steps_of(const GameView& position) {
  Steps steps;
  bool any = false;
  for (Move move : position.legal_moves()) {
    const MoveCells cells = position.move_cells(move);
    if (!cells.moves_a_piece()) {
      steps.stay = move;
      continue;
    }
    const Cell d{cells.to->col - cells.from->col, cells.to->row - cells.from->row};
    if (std::abs(d.col) + std::abs(d.row) != 1 || (any && !(steps.mover == *cells.from)))
      return std::nullopt;
    steps.mover = *cells.from;
    steps.steps.emplace_back(d, move);
    any = true;
  }
  if (!any) return std::nullopt;
  return steps;
}

std::optional<Move> step_toward(const Steps& steps, Cell direction) {
  for (const auto& [d, move] : steps.steps)
    if (d == direction) return move;
  return std::nullopt;
}

std::optional<Move> only_pass(const GameView& position) {
  const std::vector<Move> moves = position.legal_moves();
  if (moves.size() != 1 || !position.move_cells(moves.front()).is_pass()) return std::nullopt;
  return moves.front();
}

std::string pass_in_words(const GameView& position) {
  const SideDescription& side = position.side(position.side_to_move());
  return std::string(side.subject) +
         (side.plural ? " have no move and pass." : " has no move and passes.");
}

std::optional<Move> person_pass(const GameController& g) {
  if (!person_to_move(g)) return std::nullopt;
  return only_pass(g.position());
}

ClickResult click(const GameController& g, const BoardUi& ui, Cell cell) {
  ClickResult result;
  if (!person_to_move(g)) return result;
  // A game of steps: the mover stays put when clicked (Pac-Man's Stop), a
  // cell beside it is that step (no piece to pick up first).
  if (const std::optional<Steps> steps = steps_of(g.position())) {
    result.move =
        steps->mover == cell
            ? steps->stay
            : step_toward(*steps, {cell.col - steps->mover.col, cell.row - steps->mover.row});
    return result;
  }
  const std::optional<Cell> selected = selection(g, ui);
  for (Move move : g.legal_moves()) {
    const MoveCells cells = g.position().move_cells(move);
    if (click_names(g.position().board(), cells, selected, cell)) {
      result.move = move;
      return result;
    }
    if (cells.moves_a_piece() && *cells.from == cell) result.select = cell;
  }
  return result;
}

}  // namespace arcade::app
