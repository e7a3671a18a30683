#include "app/app.h"

#include <imgui.h>

#include <algorithm>
#include <utility>

#include "app/engine_link/engine_info.h"
#include "app/game_in_words.h"
#include "app/ui_audit.h"

namespace arcade::app {
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

App::App(EngineClient& engine, Storage storage, EngineFactory make_engine,
         PlatformServices platform)
    : ctx_(engine, std::move(platform)),
      storage_(std::move(storage)),
      make_engine_(std::move(make_engine)),
      analysis_(ctx_.game, make_engine_, ctx_.platform.processors),
      lab_(ctx_.game, weights_, boards_, make_engine_) {
  ctx_.prefs.reduce_motion = ctx_.platform.prefers_reduced_motion;
  if (std::optional<std::string> told = storage_.restore(ctx_.game, ctx_.prefs))
    ctx_.say(*told, true);
  ctx_.game.set_ai_pace(ctx_.prefs.ai_pace_ms);
  ctx_.game.set_pondering(ctx_.prefs.think_on_your_time);
  board_area_.seen(ctx_.game.moves().size());
  end_card_.settle();
}

std::optional<std::string> App::init_graphics(const std::string& glsl_header) {
  return renderer_.init(glsl_header);
}

void App::play_itself() {
  ctx_.game.new_game(ctx_.game.game());
  ctx_.game.set_side(0, {true, 1});
  ctx_.game.set_side(1, {true, 1});
  board_area_.seen(0);
}

void App::key(char k) {
  switch (k) {
    case 'n':
      if (!ctx_.game.moves().empty() && !ctx_.game.game_over())
        ctx_.say("A new game. Undo brings the last one back.");
      ctx_.game.new_game(ctx_.game.game(), ctx_.game.start_position());
      end_card_.undismiss();
      break;
    case 'u':
      ctx_.game.undo();
      break;
    case 'r':
      ctx_.game.redo();
      break;
    case 'h':
      ctx_.game.request_hint();
      break;
    case 's':
      ctx_.game.swap_sides();
      break;
    case 'p':
      ctx_.game.set_paused(!ctx_.game.paused());
      break;
    case 'm':
      ctx_.game.move_now();
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
  ctx_.ui.selected.reset();
}

// The game's engine and every other that failed (the analysis', the lab's,
// the helpers'): they fail together, as they load the same files.
void App::retry_engines() {
  ctx_.game.retry_engine();
  analysis_.retry_engines();
  lab_.retry_engine();
  for (const std::unique_ptr<EngineClient>& engine : ponder_helpers_) engine->retry();
}

void App::add_ponder_helpers() {
  add_helpers(make_engine_, ctx_.platform.processors, ponder_helpers_);
  if (!ponder_helpers_.empty()) ctx_.game.set_ponder_helpers(clients_of(ponder_helpers_));
}

bool App::update(float seconds) {
  const float dt = std::clamp(seconds - ctx_.seconds, 0.0f, 0.1f);
  ctx_.seconds = seconds;
  apply_weights();
  const bool game_heard = ctx_.game.update(seconds);
  if (ctx_.game.pondering() && ponder_helpers_.empty()) add_ponder_helpers();
  const bool analysis_heard = analysis_.update();
  lab_.update(dt);
  input_.follow_steps();
  board_area_.update(dt);
  end_card_.update(dt);
  // A search shows something new only when its engine replies (or as it
  // starts and ends), so no frame is drawn in between: in the browser
  // each frame costs the main thread and the GPU process processor time,
  // which a search in the worker needs more.
  const bool searching =
      ctx_.game.ai_thinking() || ctx_.game.hint_pending() || analysis_.searching();
  // A lab run brings lines; animations move. A finished one still needs its
  // last frame, hence was_busy_.
  const bool busy = lab_.busy() || board_area_.animating() || end_card_.moving();
  // The game changed since the last frame (an engine's move, a script's
  // command): its state as saved tells.
  std::string now = ctx_.game.save();
  // An engine failing (or started again) says so at once.
  const bool failed = ai_failed(ctx_.game);
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
  ctx_.game.set_engine_weights(*weights);
  analysis_.set_weights(*weights);
}

bool App::wants_redraw() const {
  // A fading notice, and a hint's pulse for its first seconds.
  return ctx_.notice.fading(ctx_.seconds) || board_area_.hint_pulsing() ||
         (input_.steering() && !ctx_.game.game_over());  // the steady pace's next step
}

void App::frame(int fb_width, int fb_height, float seconds) {
  {
    // The controls read the game by reference while they are drawn; what
    // they change waits until all of them are (AppContext::later).
    const GameController::ReadOnly reading = ctx_.game.read_only();
    boards_.new_frame(seconds);
    audit_new_frame(ctx_.touch);
    ctx_.widgets.clear();
    const ScreenLayout l =
        screen_layout(ImGui::GetIO().DisplaySize, ctx_.game.position().grid(), lab_.open());
    board_area_.draw(l.board_area, fb_width, fb_height, seconds);
    top_bar_.draw(l.top_bar);
    if (l.phone) side_panel_.quick_actions(l.actions);
    side_panel_.draw(l.panel, l.phone);
    // Over the panel too: on a phone a short board puts the card under the
    // row of actions.
    if (!lab_.open() && end_card_.up())
      end_card_.draw(board_area_.rect(), l.phone ? l.actions.y + l.actions.h : 0.0f);
    ctx_.notice.draw(l.board_area.x, l.board_area.y, l.board_area.w, l.board_area.h, ctx_.seconds);
  }
  ctx_.run_later();
  storage_.write(ctx_.game, ctx_.prefs);
}

std::optional<std::string> App::start_new_game(const std::string& game, const std::string& start) {
  if (auto problem = ctx_.game.new_game(game, start)) return problem;
  ctx_.ui = {};
  board_area_.seen(0);
  end_card_.undismiss();
  return std::nullopt;
}

std::optional<std::string> App::start_from_text(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "Nothing to start from: paste a position or a maze.";
  const std::string trimmed = text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
  if (trimmed.find('\n') == std::string::npos && !start_new_game(ctx_.game.game(), trimmed))
    return std::nullopt;
  const std::optional<std::string> problem = start_new_game(ctx_.game.game(), rows_of(text));
  if (problem)
    return "That is no start of " + std::string(ctx_.game.position().title()) + ": " + *problem;
  return std::nullopt;
}

void App::choose_game(const std::string& name) {
  if (name == ctx_.game.game()) return;
  ctx_.game.switch_game(name);
  ctx_.ui = {};
  board_area_.seen(ctx_.game.line().size());
  end_card_.settle();
}

const char* App::paste_text(const char* clipboard) {
  if (clipboard == nullptr) return "";
  if (const std::optional<std::string> problem = text_too_long(clipboard)) {
    ctx_.say("Cannot paste that: " + *problem, true);
    return "";
  }
  return clipboard;
}

}  // namespace arcade::app
