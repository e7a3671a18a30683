#pragma once
// What every part of the app's screen shares: the game, the board's UI
// state, the preferences, the fonts, touch or not, the notice, the time,
// the platform's services, the frame's later changes and where the frame
// drew the controls a test clicks. App owns one, and every part it owns
// holds a reference to it, so it outlives them all.
//
// The frame's rule: the controls read the game by reference while they are
// drawn (its start position over a drop-down's loop, say), so what a
// control changes waits in later() until every control is drawn
// (run_later); a change made in between would free what the rest of the
// frame reads, and GameController::ReadOnly stops the app if one is tried.
// A change captures the part's `this` (the parts outlive the frame) and
// values, never references into the frame.

#include <imgui.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/board/board_scene.h"
#include "app/game/game_controller.h"
#include "app/game/sounds.h"
#include "app/notice.h"
#include "app/preferences.h"
#include "app/screen_layout.h"
#include "app/theme.h"
#include "app/widgets.h"

namespace arcade::app {

// What the app asks of the platform besides storage; any may be empty.
struct PlatformServices {
  std::function<void(const std::string&)> copy_text;         // to the clipboard
  std::function<std::string(const std::string&)> share_url;  // a fragment to a whole link
  std::function<void(Sound)> play_sound;
  bool prefers_reduced_motion = false;  // the system's setting, the default
  int processors = 1;                   // the machine's, for the pondering and analysis engines
};

struct AppContext {
  AppContext(EngineClient& engine, PlatformServices services)
      : game(engine), platform(std::move(services)) {}
  AppContext(const AppContext&) = delete;
  AppContext& operator=(const AppContext&) = delete;

  // What a control changes, once the frame that drew it is built.
  void later(std::function<void()> change) { changes.push_back(std::move(change)); }
  void run_later() {
    // A change may post another (a command that opens a panel): each runs once.
    for (std::size_t i = 0; i < changes.size(); ++i) {
      const std::function<void()> change = std::move(changes[i]);
      change();
    }
    changes.clear();
  }
  // Where the last frame drew a control a test clicks (the state's widgets):
  // the last item's rectangle.
  void note_widget(const std::string& name) {
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    widgets[name] = {min.x, min.y, max.x - min.x, max.y - min.y};
  }
  void say(std::string text, bool error = false) { notice.say(std::move(text), error, seconds); }
  // A button as wide as `width` (0: fits its label); `primary` in the accent
  // colour; its shortcut in a tooltip where there is a keyboard.
  bool button(const char* label, float width = 0, bool primary = false,
              const char* shortcut = nullptr) const {
    return ui_button(label, width, primary, shortcut, touch);
  }
  float motion() const { return prefs.reduce_motion ? 0.0f : 1.0f; }  // 0 with reduced motion

  GameController game;
  PlatformServices platform;
  BoardUi ui;
  Preferences prefs;
  Fonts fonts;
  bool touch = false;
  Notice notice;
  float seconds = 0;                           // the time of the last update
  std::map<std::string, Rect> widgets;         // the controls a test clicks, by name
  std::vector<std::function<void()>> changes;  // the frame's changes, in order
};

// What the screen's parts ask of the app as a whole: changes that reach
// past any one part (a new game resets the board's animation, the end card
// and the UI's state; a retry reaches every engine). App is the one.
class AppActions {
 public:
  // A key of App::key: n new game, u undo, r redo, h hint, s swap sides, p
  // pause, m move now, a analysis, l the lab.
  virtual void key(char k) = 0;
  // App::command's line (the end card's Rematch, the share field's Open).
  virtual std::string command(const std::string& line) = 0;
  // Starts every engine that failed again (the heading's Retry).
  virtual void retry_engines() = 0;
  // Another game of the games' tabs, its game in progress kept.
  virtual void choose_game(const std::string& name) = 0;
  // A new game, its board reset; an error message, and then nothing changes.
  virtual std::optional<std::string> start_new_game(const std::string& game,
                                                    const std::string& start) = 0;
  // A new game of this game from a pasted start (App::start_from_text).
  virtual std::optional<std::string> start_from_text(const std::string& text) = 0;
  // Tells every engine when the heuristic's weights (or the game) changed.
  virtual void apply_weights() = 0;

 protected:
  ~AppActions() = default;
};

}  // namespace arcade::app
