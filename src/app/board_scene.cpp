#include "app/board_scene.h"

#include <algorithm>
#include <cctype>

namespace arcade::app {
namespace {

// Rows of a position string from the top down, and what is in each square.
// Tic-tac-toe "x.o/.x./..o", Connect Four "......./...", Wolf and Sheep
// "1w1w1w1w/8/.../4s3 s" (digits count empty squares; the side to move last).
std::vector<std::string> board_rows(const std::string& text) {
  std::vector<std::string> rows(1);
  for (char c : text.substr(0, text.find(' '))) {
    if (c == '/')
      rows.emplace_back();
    else if (std::isdigit(static_cast<unsigned char>(c)))
      rows.back().append(c - '0', '.');
    else
      rows.back() += c;
  }
  return rows;
}

std::uint8_t piece_code(char c) {
  switch (c) {
    case 'x':
    case 's':
      return 1;  // the side that moves first
    case 'o':
    case 'w':
      return 2;
    default:
      return 0;
  }
}

Cell square_of(const std::string& name) {
  return {name[0] - 'a', name[1] - '1'};
}

bool is_connect4(const GameController& g) {
  return g.game() == "connect4";
}
bool is_wolfsheep(const GameController& g) {
  return g.game() == "wolfsheep";
}

// Connect Four: the cell a disc dropped in `column` (0-based) lands on.
std::optional<Cell> landing_cell(BoardScene& s, int column) {
  for (int row = 0; row < s.rows; ++row)
    if (s.piece({column, row}) == 0) return Cell{column, row};
  return std::nullopt;
}

// Connect Four: the topmost disc of a column, where its last disc went.
Cell top_disc(BoardScene& s, int column) {
  int row = s.rows - 1;
  while (row > 0 && s.piece({column, row}) == 0) --row;
  return {column, row};
}

// The cells a move names: Tic-tac-toe "b2", Connect Four "4", Wolf and Sheep
// "e1d2" (the destination last).
std::vector<Cell> cells_of_move(BoardScene& s, const std::string& move) {
  if (s.style == BoardStyle::kConnectFour) {
    const int column = move[0] - '1';
    if (auto cell = landing_cell(s, column)) return {*cell};
    return {};
  }
  if (move.size() == 4) return {square_of(move.substr(0, 2)), square_of(move.substr(2))};
  return {square_of(move)};
}

void mark_winning_lines(BoardScene& s, int length) {
  const Cell directions[] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (int row = 0; row < s.rows; ++row) {
    for (int col = 0; col < s.cols; ++col) {
      const std::uint8_t p = s.piece({col, row});
      if (p == 0) continue;
      for (Cell d : directions) {
        int n = 1;
        while (n < length) {
          const Cell c{col + d.col * n, row + d.row * n};
          if (c.col < 0 || c.col >= s.cols || c.row < 0 || c.row >= s.rows || s.piece(c) != p)
            break;
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

// Wolf and Sheep: the piece picked up, or the only piece that can move.
std::optional<Cell> selection(const GameController& g, const BoardUi& ui, BoardScene& s) {
  if (ui.selected) return ui.selected;
  std::optional<Cell> only;
  for (const std::string& move : g.legal_moves()) {
    const std::vector<Cell> cells = cells_of_move(s, move);
    if (cells.size() != 2 || (only && !(*only == cells[0]))) return std::nullopt;
    only = cells[0];
  }
  return only;
}

void mark_legal_targets(const GameController& g, const BoardUi& ui, BoardScene& s) {
  const std::optional<Cell> selected = selection(g, ui, s);
  for (const std::string& move : g.legal_moves()) {
    const std::vector<Cell> cells = cells_of_move(s, move);
    if (cells.empty()) continue;
    if (cells.size() == 2 && !(selected && *selected == cells[0])) {
      s.mark(cells[0]) |= kLegalTarget;  // a piece that can move
      continue;
    }
    s.mark(cells.back()) |= kLegalTarget;
  }
  if (selected) s.mark(*selected) |= kSelected;
}

// The grid and its pieces, without marks.
BoardScene pieces_scene(const GameController& g) {
  BoardScene s;
  const Cell size = grid_size(g.game());
  s.cols = size.col;
  s.rows = size.row;
  s.style = is_connect4(g)    ? BoardStyle::kConnectFour
            : is_wolfsheep(g) ? BoardStyle::kCheckered
                              : BoardStyle::kTicTacToe;
  s.pieces.assign(s.cols * s.rows, 0);
  s.marks.assign(s.cols * s.rows, 0);
  const std::vector<std::string> rows = board_rows(g.position().position_text());
  for (int i = 0; i < s.rows && i < static_cast<int>(rows.size()); ++i)
    for (int col = 0; col < s.cols && col < static_cast<int>(rows[i].size()); ++col)
      s.piece({col, s.rows - 1 - i}) = piece_code(rows[i][col]);
  return s;
}

}  // namespace

Cell grid_size(const std::string& game) {
  if (game == "connect4") return {7, 6};
  if (game == "wolfsheep") return {8, 8};
  return {3, 3};
}

BoardScene make_scene(const GameController& g, const BoardUi& ui) {
  BoardScene s = pieces_scene(g);
  if (auto last = last_move_path(g)) s.mark(last->to) |= kLastMove;
  if (!g.hint().empty() && person_to_move(g))
    for (Cell c : cells_of_move(s, g.hint())) s.mark(c) |= kHint;
  if (person_to_move(g)) mark_legal_targets(g, ui, s);
  if (ui.hovered && ui.hovered->col < s.cols && ui.hovered->row < s.rows)
    s.mark(*ui.hovered) |= kHovered;
  if (g.winner() >= 0 && !is_wolfsheep(g)) mark_winning_lines(s, is_connect4(g) ? 4 : 3);

  if (ui.animation && ui.animation->progress < 1.0f) {
    const MoveAnimation& a = *ui.animation;
    // Ease out, as a piece that slows into place.
    const float t = 1.0f - (1.0f - a.progress) * (1.0f - a.progress);
    s.anim_piece = s.piece(a.to);
    s.piece(a.to) = 0;
    s.anim_col = a.from.col + (a.to.col - a.from.col) * t;
    s.anim_row = a.from.row + (a.to.row - a.from.row) * t;
  }
  return s;
}

std::optional<MoveAnimation> last_move_path(const GameController& g) {
  if (g.moves().empty()) return std::nullopt;
  const std::string& move = g.moves().back();
  if (is_connect4(g)) {
    BoardScene s = pieces_scene(g);
    const Cell to = top_disc(s, move[0] - '1');
    return MoveAnimation{{to.col, s.rows - 1}, to, 1.0f};  // dropped from the top
  }
  if (move.size() == 4)
    return MoveAnimation{square_of(move.substr(0, 2)), square_of(move.substr(2)), 1.0f};
  if (move.size() == 2) return MoveAnimation{square_of(move), square_of(move), 1.0f};
  return std::nullopt;
}

ClickResult click(const GameController& g, const BoardUi& ui, Cell cell) {
  ClickResult result;
  if (!person_to_move(g)) return result;
  BoardScene s = pieces_scene(g);
  const std::optional<Cell> selected = selection(g, ui, s);
  for (const std::string& move : g.legal_moves()) {
    const std::vector<Cell> cells = cells_of_move(s, move);
    if (cells.empty()) continue;
    const bool hit = s.style == BoardStyle::kConnectFour ? cells[0].col == cell.col
                     : cells.size() == 2 ? selected && *selected == cells[0] && cells[1] == cell
                                         : cells[0] == cell;
    if (hit) {
      result.move = move;
      return result;
    }
    if (cells.size() == 2 && cells[0] == cell) result.select = cell;
  }
  return result;
}

}  // namespace arcade::app
