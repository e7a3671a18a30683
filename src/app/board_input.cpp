#include "app/board_input.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace arcade::app {
namespace {

// The steady pace: a step this often while the person steers.
constexpr float kSteadyStepSeconds = 0.3f;

// An arrow's direction on the board (rows up); {0, 0} for Enter, the stop.
std::optional<Cell> direction_of(Key k) {
  switch (k) {
    case Key::kLeft:
      return Cell{-1, 0};
    case Key::kRight:
      return Cell{1, 0};
    case Key::kUp:
      return Cell{0, 1};
    case Key::kDown:
      return Cell{0, -1};
    case Key::kEnter:
      return Cell{0, 0};
    case Key::kEscape:
      break;
  }
  return std::nullopt;
}

}  // namespace

BoardInput::BoardInput(AppContext& ctx, const LabPanel& lab)
    : ctx_(ctx), game_(ctx.game), lab_(lab) {}

// The keyboard's cursor: arrows move it over the board (along the columns
// where pieces drop), Enter plays there as a click would, Escape hides it.
void BoardInput::board_key(Key k) {
  // The lab's tree covers the board: a key must not play a move unseen.
  if (lab_.open()) return;
  if (steps_of(game_.position()) && direction_of(k)) return steer(*direction_of(k));
  const BoardLayout& board = game_.position().board();
  const Grid grid = game_.position().grid();
  if (k == Key::kEscape) {
    ctx_.ui.cursor.reset();
    ctx_.ui.selected.reset();
    return;
  }
  if (!ctx_.ui.cursor) {
    // The first key shows the cursor in the middle of the board.
    ctx_.ui.cursor =
        Cell{grid.cols / 2,
             board.placement == Placement::kDroppedInColumn ? grid.rows - 1 : grid.rows / 2};
    if (k != Key::kEnter) return;
  }
  // A forced pass needs no cell: Enter passes at once.
  if (k == Key::kEnter && person_pass(game_)) return play_pass();
  Cell& c = *ctx_.ui.cursor;
  switch (k) {
    case Key::kLeft:
      c.col = std::max(0, c.col - 1);
      break;
    case Key::kRight:
      c.col = std::min(grid.cols - 1, c.col + 1);
      break;
    case Key::kUp:
      c.row = std::min(grid.rows - 1, c.row + 1);
      break;
    case Key::kDown:
      c.row = std::max(0, c.row - 1);
      break;
    case Key::kEnter:
      play_cursor();
      break;
    case Key::kEscape:
      break;
  }
}

bool BoardInput::step_letter(char k) {
  static constexpr std::pair<char, Key> kLetters[] = {
      {'w', Key::kUp}, {'a', Key::kLeft}, {'s', Key::kDown}, {'d', Key::kRight}};
  if (lab_.open() || !steps_of(game_.position())) return false;
  for (const auto& [letter, key] : kLetters)
    if (letter == k) {
      board_key(key);
      return true;
    }
  return false;
}

void BoardInput::steer(Cell direction) {
  ctx_.ui.cursor.reset();
  wanted_step_ = direction;
  if (!ctx_.prefs.steady) return follow_steps();
  // The first key starts the steady pace; a stop stands still each step.
  if (!steady_heading_) steady_heading_ = Cell{0, 0};
  if (ctx_.seconds - stepped_at_ >= kSteadyStepSeconds) follow_steps();
}

bool BoardInput::play_step(Cell direction) {
  const std::optional<Steps> steps = steps_of(game_.position());
  if (!steps) return false;
  const std::optional<Move> move =
      direction == Cell{0, 0} ? steps->stay : step_toward(*steps, direction);
  if (!move) return false;
  game_.play(*move);
  ctx_.ui.selected.reset();
  stepped_at_ = ctx_.seconds;
  return true;
}

void BoardInput::follow_steps() {
  if (game_.game_over()) {
    wanted_step_ = steady_heading_ = std::nullopt;
    return;
  }
  if (game_.side(game_.side_to_move()).ai || game_.viewing() || lab_.open()) return;
  // A hint asked for is a lesson: a step a key until it is played, so that
  // the mover does not run past the move it shows.
  const bool lesson = game_.hint_pending() || game_.hint().has_value();
  if (!ctx_.prefs.steady || !steady_heading_ || lesson) {
    if (lesson) steady_heading_.reset();
    // A step a key: the one asked for, once the person is to move.
    if (wanted_step_) play_step(*wanted_step_);
    wanted_step_.reset();
    return;
  }
  if (ctx_.seconds - stepped_at_ < kSteadyStepSeconds) return;
  // A turn asked for waits until the way opens; until then the mover keeps
  // its heading, and stops where a wall blocks it.
  if (wanted_step_ && (*wanted_step_ == Cell{0, 0} || play_step(*wanted_step_))) {
    steady_heading_ = wanted_step_;
    wanted_step_.reset();
    if (*steady_heading_ != Cell{0, 0}) return;
  }
  if (!play_step(*steady_heading_)) play_step({0, 0});
}

void BoardInput::swipe(ImVec2 from, ImVec2 to) {
  const float dx = to.x - from.x, dy = to.y - from.y;
  if (std::abs(dx) >= std::abs(dy))
    steer({dx > 0 ? 1 : -1, 0});
  else
    steer({0, dy > 0 ? -1 : 1});  // points grow downwards, rows upwards
}

void BoardInput::tap(Cell cell) {
  const ClickResult r = click(game_, ctx_.ui, cell);
  if (!r.move) return;
  const MoveCells cells = game_.position().move_cells(*r.move);
  if (!cells.moves_a_piece()) return steer({0, 0});
  steer({cells.to->col - cells.from->col, cells.to->row - cells.from->row});
}

void BoardInput::play_pass() {
  if (const std::optional<Move> pass = person_pass(game_)) {
    game_.play(*pass);
    ctx_.ui.selected.reset();
  }
}

void BoardInput::play_cursor() {
  if (person_pass(game_)) return play_pass();  // Enter with no cell to choose
  const ClickResult r = click(game_, ctx_.ui, *ctx_.ui.cursor);
  if (r.move) {
    game_.play(*r.move);
    ctx_.ui.selected.reset();
  } else if (r.select) {
    ctx_.ui.selected = r.select;
  }
}

// The pointer over the board, drawn at (left, top) with cells `cell`
// points wide: hover, a click's move or pick, a game of steps' swipe or tap.
void BoardInput::pointer(float left, float top, float cell, Grid grid, bool banner) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 mouse = io.MousePos;
  ctx_.ui.hovered.reset();
  if (!io.WantCaptureMouse && !banner && mouse.x >= left && mouse.x < left + cell * grid.cols &&
      mouse.y >= top && mouse.y < top + cell * grid.rows) {
    const Cell c{static_cast<int>((mouse.x - left) / cell),
                 grid.rows - 1 - static_cast<int>((mouse.y - top) / cell)};
    // A touch screen has no pointer to follow between taps.
    if (!ctx_.touch) ctx_.ui.hovered = c;
    if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) ctx_.ui.cursor.reset();
    if (steps_of(game_.position())) {
      // A game of steps: a swipe steps its way, a tap (on release) where it is.
      if (ImGui::IsMouseClicked(0)) pressed_at_ = mouse;
    } else if (ImGui::IsMouseClicked(0)) {
      const ClickResult result = click(game_, ctx_.ui, c);
      if (result.move) {
        ctx_.later([this, move = *result.move] {
          game_.play(move);
          ctx_.ui.selected.reset();
        });
      } else {
        ctx_.ui.selected = result.select;
      }
    }
  }
  if (pressed_at_ && ImGui::IsMouseReleased(0)) {
    const ImVec2 from = *pressed_at_;
    pressed_at_.reset();
    if (std::hypot(mouse.x - from.x, mouse.y - from.y) >= std::max(12.0f, cell * 0.4f))
      ctx_.later([this, from, mouse] { swipe(from, mouse); });
    else if (!banner)
      ctx_.later([this, tapped = Cell{static_cast<int>((from.x - left) / cell),
                                      grid.rows - 1 - static_cast<int>((from.y - top) / cell)}] {
        tap(tapped);
      });
  }
}

}  // namespace arcade::app
