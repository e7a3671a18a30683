#include "app/app.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

#include "app/engine_link/engine_info.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

constexpr float kAnimationSeconds = 0.3f;
// A step to the cell beside (a game of steps: a round of Pac-Man is his
// step and each ghost's) slides quicker, so that a round feels snappy.
constexpr float kStepSeconds = 0.1f;
// A sowing reaches a cell this often: a seed at a time, as a hand sows.
constexpr float kSowingSecondsACell = 0.14f;
// A piece the game's end took (Pac-Man caught) shrinks away in this long.
constexpr float kTakenSeconds = 0.9f;
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

bool unit_step(const MoveAnimation& a) {
  return std::abs(a.to.col - a.from.col) + std::abs(a.to.row - a.from.row) == 1;
}

}  // namespace

App::App(EngineClient& engine, Storage storage, EngineFactory make_engine,
         PlatformServices platform)
    : game_(engine),
      storage_(std::move(storage)),
      make_engine_(std::move(make_engine)),
      platform_(std::move(platform)),
      analysis_(game_, make_engine_, platform_.processors),
      lab_(game_, weights_, boards_, make_engine_) {
  for (const std::string& name : game_names()) games_.push_back(make_game_view(name));
  prefs_.reduce_motion = platform_.prefers_reduced_motion;
  if (std::optional<std::string> told = storage_.restore(game_, prefs_)) say(*told, true);
  game_.set_ai_pace(prefs_.ai_pace_ms);
  game_.set_pondering(prefs_.think_on_your_time);
  moves_seen_ = game_.moves().size();
  win_progress_ = end_shown_ = game_.game_over() ? 1.0f : 0.0f;
}

std::optional<std::string> App::init_graphics(const std::string& glsl_header) {
  return renderer_.init(glsl_header);
}

void App::play_itself() {
  game_.new_game(game_.game());
  game_.set_side(0, {true, 1});
  game_.set_side(1, {true, 1});
  moves_seen_ = 0;
}

void App::key(char k) {
  switch (k) {
    case 'n':
      if (!game_.moves().empty() && !game_.game_over())
        say("A new game. Undo brings the last one back.");
      game_.new_game(game_.game(), game_.start_position());
      end_dismissed_ = false;
      break;
    case 'u':
      game_.undo();
      break;
    case 'r':
      game_.redo();
      break;
    case 'h':
      game_.request_hint();
      break;
    case 's':
      game_.swap_sides();
      break;
    case 'p':
      game_.set_paused(!game_.paused());
      break;
    case 'm':
      game_.move_now();
      break;
    case 'a':
      analysis_.set_open(!analysis_.open());
      break;
    case 'l':
      lab_.set_open(!lab_.open());
      break;
    default:
      return;
  }
  ui_.selected.reset();
}

// The game's engine and every other that failed (the analysis', the lab's,
// the helpers'): they fail together, as they load the same files.
void App::retry_engines() {
  game_.retry_engine();
  analysis_.retry_engines();
  lab_.retry_engine();
  for (const std::unique_ptr<EngineClient>& engine : ponder_helpers_) engine->retry();
}

void App::draw_board(const BoardScene& scene, float left, float top, float w, float h, int fb_width,
                     int fb_height, float seconds) {
  // ImGui lays out in points, GL draws in pixels, from the bottom up.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float sx = fb_width / std::max(1.0f, display.x);
  const float sy = fb_height / std::max(1.0f, display.y);
  const PixelRect rect{static_cast<int>(left * sx), static_cast<int>(fb_height - (top + h) * sy),
                       static_cast<int>(w * sx), static_cast<int>(h * sy)};
  renderer_.draw_cached(scene, rect, seconds);
}

void App::add_ponder_helpers() {
  add_helpers(make_engine_, platform_.processors, ponder_helpers_);
  if (!ponder_helpers_.empty()) game_.set_ponder_helpers(clients_of(ponder_helpers_));
}

bool App::update(float seconds) {
  dt_ = std::clamp(seconds - last_seconds_, 0.0f, 0.1f);
  last_seconds_ = seconds_ = seconds;
  apply_weights();
  const bool game_heard = game_.update(seconds);
  if (game_.pondering() && ponder_helpers_.empty()) add_ponder_helpers();
  const bool analysis_heard = analysis_.update();
  lab_.update(dt_);
  follow_steps();
  follow_moves(dt_);
  follow_end(dt_);
  // A search shows something new only when its engine replies (or as it
  // starts and ends), so no frame is drawn in between: in the browser
  // each frame costs the main thread and the GPU process processor time,
  // which a search in the worker needs more.
  const bool searching = game_.ai_thinking() || game_.hint_pending() || analysis_.searching();
  // A lab run brings lines; animations move. A finished one still needs its
  // last frame, hence was_busy_.
  const bool busy = lab_.busy() || (ui_.animation && ui_.animation->progress < 1.0f) ||
                    (ui_.sowing && ui_.sowing->progress < 1.0f) ||
                    (game_.game_over() && (win_progress_ < 1.0f || end_shown_ < 1.0f));
  // The game changed since the last frame (an engine's move, a script's
  // command): its state as saved tells.
  std::string now = game_.save();
  // An engine failing (or started again) says so at once.
  const bool failed = ai_failed(game_);
  const bool changed = busy || was_busy_ || game_heard || analysis_heard ||
                       searching != was_searching_ || failed != was_failed_ || now != last_state_ ||
                       commanded_;
  was_failed_ = failed;
  last_state_ = std::move(now);
  was_busy_ = busy;
  was_searching_ = searching;
  commanded_ = false;
  return changed;
}

void App::apply_weights() {
  std::optional<EngineWeights> weights = weights_.changed();
  if (!weights) return;
  game_.set_engine_weights(*weights);
  analysis_.set_weights(*weights);
}

bool App::wants_redraw() const {
  // A fading notice, and a hint's pulse for its first seconds.
  return notice_.fading(seconds_) || (game_.hint().has_value() && seconds_ - hint_seen_ < 2.0f) ||
         (heading_.has_value() && !game_.game_over());  // the steady pace's next step
}

float App::motion() const {
  return prefs_.reduce_motion ? 0.0f : 1.0f;
}

void App::follow_moves(float dt) {
  const std::size_t count = game_.line().size();
  if (count != moves_seen_) {
    // A new move (not an undo) slides or drops into place.
    ui_.animation.reset();
    if (count < moves_seen_ || count == 0) wanted_step_ = heading_ = std::nullopt;
    ui_.sowing.reset();
    if (count == moves_seen_ + 1 && motion() > 0) {
      if (auto sown = last_move_counts(game_)) {
        ui_.sowing = std::move(*sown);
        ui_.sowing->progress = 0.0f;
      } else if (auto path = last_move_path(game_)) {
        ui_.animation = *path;
        ui_.animation->progress = 0.0f;
      }
    }
    if (count == moves_seen_ + 1 && prefs_.sound && platform_.play_sound)
      platform_.play_sound(Sound::kMove);
    moves_seen_ = count;
    ui_.selected.reset();
  }
  if (ui_.sowing && ui_.sowing->progress < 1.0f) {
    const float seconds = kSowingSecondsACell * static_cast<float>(ui_.sowing->order.size());
    ui_.sowing->progress = std::min(1.0f, ui_.sowing->progress + dt / seconds);
  }
  if (ui_.animation && ui_.animation->progress < 1.0f) {
    const float seconds = unit_step(*ui_.animation) ? kStepSeconds : kAnimationSeconds;
    ui_.animation->progress = std::min(1.0f, ui_.animation->progress + dt / seconds);
  }
  if (game_.hint() && hint_text_ != game_.hint()->text) {
    hint_text_ = game_.hint()->text;
    hint_seen_ = seconds_;
  }
}

// The end of a game: the winning line draws itself once the last piece has
// landed, then the banner fades in (at once with reduced motion).
void App::follow_end(float dt) {
  if (!game_.game_over()) {
    win_progress_ = end_shown_ = 0;
    end_dismissed_ = false;
    ui_.taken = 0;
    return;
  }
  const bool landed = (!ui_.animation || ui_.animation->progress >= 1.0f) &&
                      (!ui_.sowing || ui_.sowing->progress >= 1.0f);
  if (!landed) return;
  const bool sound = prefs_.sound && platform_.play_sound;
  const float step = motion() > 0 ? dt : 1.0f;
  // A piece the end took (Pac-Man caught) goes first, with its own sound,
  // which is then the end's.
  const bool taken = game_.position().taken_at_end().has_value();
  if (taken && ui_.taken < 1.0f) {
    if (ui_.taken == 0 && sound) platform_.play_sound(Sound::kTaken);
    ui_.taken = std::min(1.0f, ui_.taken + step / kTakenSeconds);
    return;
  }
  if (win_progress_ == 0 && end_shown_ == 0 && sound && !taken) {
    const int winner = game_.winner();
    const bool person_won = winner >= 0 && !game_.result_sides()[winner].ai;
    platform_.play_sound(winner < 0 ? Sound::kDraw : person_won ? Sound::kWin : Sound::kLoss);
  }
  if (win_progress_ < 1.0f) {
    win_progress_ = std::min(1.0f, win_progress_ + step / 0.35f);
    return;
  }
  end_shown_ = std::min(1.0f, end_shown_ + step / 0.25f);
}

std::optional<std::string> App::start_new_game(const std::string& game, const std::string& start) {
  if (auto problem = game_.new_game(game, start)) return problem;
  ui_ = {};
  moves_seen_ = 0;
  end_dismissed_ = false;
  return std::nullopt;
}

namespace {

// Rows as a position string writes them: joined by '/', a space '_'
// (Windows' line ends and blank lines dropped).
std::string rows_of(const std::string& text) {
  std::string joined, row;
  const auto end_row = [&] {
    if (row.find_first_not_of('_') != std::string::npos)
      joined += (joined.empty() ? "" : "/") + row;
    row.clear();
  };
  for (char c : text) {
    if (c == '\n' || c == '/')
      end_row();
    else if (c != '\r')
      row += c == ' ' || c == '\t' ? '_' : c;
  }
  end_row();
  return joined;
}

}  // namespace

std::optional<std::string> App::start_from_text(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "Nothing to start from: paste a position or a maze.";
  const std::string trimmed = text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
  if (trimmed.find('\n') == std::string::npos && !start_new_game(game_.game(), trimmed))
    return std::nullopt;
  const std::optional<std::string> problem = start_new_game(game_.game(), rows_of(text));
  if (problem)
    return "That is no start of " + std::string(game_.position().title()) + ": " + *problem;
  return std::nullopt;
}

void App::choose_game(const std::string& name) {
  if (name == game_.game()) return;
  game_.switch_game(name);
  ui_ = {};
  moves_seen_ = game_.line().size();
  win_progress_ = end_shown_ = game_.game_over() ? 1.0f : 0.0f;
  end_dismissed_ = false;
}

void App::copy_link() {
  const std::string fragment = game_.share_fragment();
  const std::string url = platform_.share_url ? platform_.share_url(fragment) : "#" + fragment;
  if (platform_.copy_text) platform_.copy_text(url);
  say("Link copied: " + url);
}

const char* App::paste_text(const char* clipboard) {
  if (clipboard == nullptr) return "";
  if (const std::optional<std::string> problem = text_too_long(clipboard)) {
    say("Cannot paste that: " + *problem, true);
    return "";
  }
  return clipboard;
}

void App::open_pasted() {
  if (command("open " + pasted_) == "ok") {
    say("Opened.");
    pasted_.clear();
  }
}

// The keyboard's cursor: arrows move it over the board (along the columns
// where pieces drop), Enter plays there as a click would, Escape hides it.
void App::board_key(Key k) {
  // The lab's tree covers the board: a key must not play a move unseen.
  if (lab_.open()) return;
  if (steps_of(game_.position()) && direction_of(k)) return steer(*direction_of(k));
  const BoardLayout& board = game_.position().board();
  const Grid grid = game_.position().grid();
  if (k == Key::kEscape) {
    ui_.cursor.reset();
    ui_.selected.reset();
    return;
  }
  if (!ui_.cursor) {
    // The first key shows the cursor in the middle of the board.
    ui_.cursor =
        Cell{grid.cols / 2,
             board.placement == Placement::kDroppedInColumn ? grid.rows - 1 : grid.rows / 2};
    if (k != Key::kEnter) return;
  }
  // A forced pass needs no cell: Enter passes at once.
  if (k == Key::kEnter && person_pass(game_)) return play_pass();
  Cell& c = *ui_.cursor;
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

bool App::step_letter(char k) {
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

void App::steer(Cell direction) {
  ui_.cursor.reset();
  wanted_step_ = direction;
  if (!prefs_.steady) return follow_steps();
  // The first key starts the steady pace; a stop stands still each step.
  if (!heading_) heading_ = Cell{0, 0};
  if (seconds_ - stepped_at_ >= kSteadyStepSeconds) follow_steps();
}

bool App::play_step(Cell direction) {
  const std::optional<Steps> steps = steps_of(game_.position());
  if (!steps) return false;
  const std::optional<Move> move =
      direction == Cell{0, 0} ? steps->stay : step_toward(*steps, direction);
  if (!move) return false;
  game_.play(*move);
  ui_.selected.reset();
  stepped_at_ = seconds_;
  return true;
}

void App::follow_steps() {
  if (game_.game_over()) {
    wanted_step_ = heading_ = std::nullopt;
    return;
  }
  if (game_.side(game_.side_to_move()).ai || game_.viewing() || lab_.open()) return;
  // A hint asked for is a lesson: a step a key until it is played, so that
  // the mover does not run past the move it shows.
  const bool lesson = game_.hint_pending() || game_.hint().has_value();
  if (!prefs_.steady || !heading_ || lesson) {
    if (lesson) heading_.reset();
    // A step a key: the one asked for, once the person is to move.
    if (wanted_step_) play_step(*wanted_step_);
    wanted_step_.reset();
    return;
  }
  if (seconds_ - stepped_at_ < kSteadyStepSeconds) return;
  // A turn asked for waits until the way opens; until then the mover keeps
  // its heading, and stops where a wall blocks it.
  if (wanted_step_ && (*wanted_step_ == Cell{0, 0} || play_step(*wanted_step_))) {
    heading_ = wanted_step_;
    wanted_step_.reset();
    if (*heading_ != Cell{0, 0}) return;
  }
  if (!play_step(*heading_)) play_step({0, 0});
}

void App::swipe(ImVec2 from, ImVec2 to) {
  const float dx = to.x - from.x, dy = to.y - from.y;
  if (std::abs(dx) >= std::abs(dy))
    steer({dx > 0 ? 1 : -1, 0});
  else
    steer({0, dy > 0 ? -1 : 1});  // points grow downwards, rows upwards
}

void App::tap(Cell cell) {
  const ClickResult r = click(game_, ui_, cell);
  if (!r.move) return;
  const MoveCells cells = game_.position().move_cells(*r.move);
  if (!cells.moves_a_piece()) return steer({0, 0});
  steer({cells.to->col - cells.from->col, cells.to->row - cells.from->row});
}

void App::play_pass() {
  if (const std::optional<Move> pass = person_pass(game_)) {
    game_.play(*pass);
    ui_.selected.reset();
  }
}

void App::play_cursor() {
  if (person_pass(game_)) return play_pass();  // Enter with no cell to choose
  const ClickResult r = click(game_, ui_, *ui_.cursor);
  if (r.move) {
    game_.play(*r.move);
    ui_.selected.reset();
  } else if (r.select) {
    ui_.selected = r.select;
  }
}

}  // namespace arcade::app
