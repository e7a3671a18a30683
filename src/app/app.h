#pragma once
// The Minimax Arcade app, one frame at a time: the controls (Dear ImGui), the
// board (BoardRenderer) and the game (GameController). It knows ImGui and GL
// but no platform: main.cpp owns the window, the loop and the storage, and
// passes key presses and the saved state in.

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/analysis/analysis_panel.h"
#include "app/board/board_renderer.h"
#include "app/board/board_scene.h"
#include "app/board/imgui_boards.h"
#include "app/engine_factory.h"
#include "app/game/game_controller.h"
#include "app/game/sounds.h"
#include "app/game_in_words.h"
#include "app/game_storage.h"
#include "app/heuristic_weights.h"
#include "app/lab/lab_panel.h"
#include "app/notice.h"
#include "app/preferences.h"
#include "app/theme.h"
#include "app/widgets.h"

namespace arcade::app {

// Keys that move the board's cursor and play at it.
enum class Key { kLeft, kRight, kUp, kDown, kEnter, kEscape };

// What the app asks of the platform besides storage; any may be empty.
struct PlatformServices {
  std::function<void(const std::string&)> copy_text;         // to the clipboard
  std::function<std::string(const std::string&)> share_url;  // a fragment to a whole link
  std::function<void(Sound)> play_sound;
  bool prefers_reduced_motion = false;  // the system's setting, the default
  int processors = 1;                   // the machine's, for the pondering and analysis engines
};

class App {
 public:
  App(EngineClient& engine, Storage storage, EngineFactory make_engine = nullptr,
      PlatformServices platform = {});

  // Compiles the board shaders; an error message on failure.
  std::optional<std::string> init_graphics(const std::string& glsl_header);
  // Reads the engines' replies and moves animations on, before a frame;
  // whether the screen changes by itself now (an animation, an engine's
  // reply, a search starting or ending): then the next frame must be drawn.
  // Input also asks for frames.
  bool update(float seconds);
  // Whether a frame must be drawn although nothing arrived (a timed notice).
  bool wants_redraw() const;
  // Builds the UI and draws the board, inside an ImGui frame. The framebuffer
  // is `fb_width` x `fb_height` pixels; ImGui's display size is in points.
  void frame(int fb_width, int fb_height, float seconds);
  // A key pressed outside any text field: n new game, u undo, r redo, h hint,
  // s swap sides, p pause, m move now, a analysis on or off, l the lab.
  void key(char k);
  // The arrows choose a cell (a column where pieces drop), Enter plays it;
  // in a game of steps (board_scene.h's Steps) they play the step that way,
  // Enter (and Space) the stop.
  void board_key(Key k);
  // W A S D in a game of steps, as the arrows: whether `k` was taken so.
  bool step_letter(char k);
  void set_fonts(const Fonts& fonts) { fonts_ = fonts; }
  void set_touch(bool touch) { touch_ = touch; }
  // Two fingers on the screen: `factor` the change of their distance since
  // the last call, about their middle (points); active false when one lifts.
  // Zooms the lab's tree.
  void pinch(bool active, float factor, float x, float y) { lab_.pinch(active, factor, x, y); }

  const GameController& game() const { return game_; }
  // The AI plays both sides of a new game of the game on the board (the
  // registry's first, or the saved one) at the first level: a quick game
  // for the smoke test. A `game NAME` command after it picks another game,
  // and the AI keeps both sides.
  void play_itself();

  // For scripts and end-to-end tests, the controls as text commands:
  //   game NAME [START] (a new game, the sides as set) |
  //   side 0|1 person|ai [LEVEL] | new | undo | redo |
  //   hint | swap | pause | resume | movenow | analysis on|off | goto PLY |
  //   lab on|off | lab run [depth N] [algorithm minimax|alphabeta]
  //   [ordering on|off] [table on|off] [deepening on|off] [limit K] |
  //   lab stop | lab step start|back|next|end|N | lab play on|off | lab fold N |
  //   lab select N | lab fit | lab zoom POINTS|in|out | lab pan DX DY (a frame) |
  //   weights PRESET | weight TERM VALUE (the heuristic's, every engine's) |
  //   play MOVE (a person's move) | switch GAME (keeps the game left) |
  //   link FRAGMENT (a shared link) | open TEXT (pasted moves, a position or
  //   a link) | rematch | dismiss (the end's banner) |
  //   key left|right|up|down|enter|escape | pref sound|motion on|off |
  //   pref pace MS
  //   crash [abort] (test-only: traps, or std::abort, to test the page's crash message)
  // Returns "ok" or "error <what was wrong>".
  std::string command(const std::string& line);
  // The state in lines of "key value": the saved game (see
  // GameController::save) and status, thinking, over, winner, hint, pass
  // (why the person to move must pass, as the heading says, else empty);
  // games, grid, board, legal (the registered games, the board's pieces,
  // each legal move and the cells a click names: app_commands.cpp); the
  // status line's text; the AI's thinking depth; the analysis panel's
  // findings (analysis, analysis_engines, analysis_depth, analysis_score,
  // analysis_moves, analysis_line, analysis_labels: move:label[:piece] of
  // each label over the board);
  // the lab's (lab, lab_state, lab_nodes, lab_searched, lab_value,
  // lab_step, lab_sentence, lab_counts, lab_bars, lab_drawn, lab_boards,
  // lab_stale, lab_camera, lab_area, lab_extent, lab_current_at,
  // lab_selected_at, lab_selected); the heuristic at the board's position
  // (eval_terms name:value:weight..., eval_total, eval_note); the
  // position string, the share link's fragment, the session's score, the
  // end's banner shown, the board's rectangle in points (left top width
  // height), the keyboard's cursor (column row), the preferences.
  std::string state() const;
  // What a paste into one of the app's text fields gets (main.cpp sends
  // ImGui's clipboard through here): `clipboard`, or "" with a notice when
  // it is over the cap on pasted text (kMaxLinkChars): ImGui would take in
  // pages of it, or drop without a word what its field cannot hold.
  const char* paste_text(const char* clipboard);

 private:
  // The handlers of command() and the lines of state() (app_commands.cpp).
  friend struct AppCommands;

  // The screen's parts (app_layout.cpp), in points.
  struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
  };
  struct Layout {
    Rect top_bar, board_area, actions, panel;
    bool phone = false;  // portrait: the board on top, controls below
  };
  Layout layout(ImVec2 display) const;
  // The layout's and the theme's constants that tests must not copy: the
  // board's margin, the page's background, the sides' colours.
  std::string layout_state() const;
  std::vector<EdgeLabel> shown_edge_labels() const;
  void top_bar(const Rect& r);
  void game_tabs(float width);
  void settings_popup();
  void side_panel(const Rect& r, bool phone);
  void quick_actions(const Rect& r);
  void players_section();
  void score_line();
  void action_buttons();
  void share_section();
  void board_area(const Rect& r, int fb_width, int fb_height, float seconds);
  void heading(const Rect& r);
  // The end of the game's card, over `board`, or where it is too short for
  // the card, under `under_actions` (a phone's row of actions; 0: none).
  void end_banner(const Rect& board, float under_actions);
  // A button as wide as `width` (0: fits its label); `primary` in the accent
  // colour; its shortcut in a tooltip where there is a keyboard.
  bool button(const char* label, float width = 0, bool primary = false,
              const char* shortcut = nullptr) {
    return ui_button(label, width, primary, shortcut, touch_);
  }
  void piece_icon(int side, float size);

  // A new game, its board reset; an error message, and then nothing changes.
  std::optional<std::string> start_new_game(const std::string& game,
                                            const std::string& start = "startpos");
  void choose_game(const std::string& name);
  void start_choice();
  // The start choice's own start: a text box and its button.
  void own_start();
  // A new game of this game from a pasted start: a position string, or a
  // maze's rows (a line each or joined by '/', spaces or '_' for empty
  // cells). An error, and then nothing changes.
  std::optional<std::string> start_from_text(const std::string& text);
  void side_controls(int side);
  void move_list();
  // Tells every engine when the heuristic's weights (or the game) changed.
  void apply_weights();
  void add_ponder_helpers();
  // Starts every engine that failed again (the heading's Retry).
  void retry_engines();
  // The way out of viewing, under the heading (on a phone, in the
  // `thumb_row` of actions under the board): back to the game, play on.
  void viewing_actions(const Rect& r, bool thumb_row = false);
  // The person's forced pass (board_scene.h, person_pass): its button, `width`
  // wide (0: fits its label), and playing it.
  void pass_button(float width);
  void play_pass();
  // Where the last frame drew a control a test clicks (the state's widgets).
  void note_widget(const std::string& name);
  void board(const Rect& r, int fb_width, int fb_height, float seconds);
  // Draws a scene in a rectangle given in ImGui's points (top left origin).
  void draw_board(const BoardScene& scene, float left, float top, float w, float h, int fb_width,
                  int fb_height, float seconds);
  void follow_moves(float dt);
  void follow_end(float dt);
  void play_cursor();
  // A game of steps: a step in `direction` ({0, 0}: the stop) now if the
  // person is to move, else once they are (at a steady pace, the way to
  // steer).
  void steer(Cell direction);
  // Plays the step in `direction` (or the stop) if legal; whether it did.
  bool play_step(Cell direction);
  // Plays the wanted step once the person is to move, and at a steady pace
  // keeps going.
  void follow_steps();
  // A swipe over the board, released at `to` (points): its direction's step.
  void swipe(ImVec2 from, ImVec2 to);
  // A tap on `cell` in a game of steps: the step there, or the stop.
  void tap(Cell cell);
  // What a control changes, run once the frame that drew it is built
  // (run_later). Why: the frame reads the game by reference (its start
  // position over a drop-down's loop, say), and a change made there would
  // free what the rest of the frame reads; GameController::ReadOnly stops
  // the app if one is tried. A change captures `this` (the app outlives
  // the frame) and values, never references into the frame.
  void later(std::function<void()> change) { later_.push_back(std::move(change)); }
  void run_later();
  void say(std::string notice, bool error = false) {
    notice_.say(std::move(notice), error, seconds_);
  }
  void copy_link();
  void open_pasted();
  float motion() const;  // 0 with reduced motion, else 1

  GameController game_;
  std::vector<std::unique_ptr<GameView>> games_;  // every game at its start, for the choice
  GameStorage storage_;
  BoardRenderer renderer_;
  ImGuiBoards boards_{renderer_};  // boards among ImGui's shapes (the lab's)
  BoardUi ui_;
  EngineFactory make_engine_;
  PlatformServices platform_;
  HeuristicWeights weights_{game_};
  AnalysisPanel analysis_;
  LabPanel lab_;
  // Engines that ponder beside the game's (GameController::
  // set_ponder_helpers), made when it first ponders.
  std::vector<std::unique_ptr<EngineClient>> ponder_helpers_;
  Preferences prefs_;
  Fonts fonts_;
  bool touch_ = false;
  Notice notice_;
  std::string pasted_;     // the share section's text field
  std::string own_start_;  // the start choice's text field, shown while open
  bool own_start_open_ = false;
  Rect board_rect_;            // where the main board was drawn last (points)
  float end_shown_ = 0;        // 0..1: the end of game's banner fading in
  float end_card_height_ = 0;  // its height at the last frame
  bool end_dismissed_ = false;
  float win_progress_ = 0;  // 0..1: the winning line drawing itself
  float seconds_ = 0;
  float dt_ = 0;
  bool was_busy_ = false;
  bool was_searching_ = false;
  bool was_failed_ = false;  // ai_failed() at the last update
  bool commanded_ = false;   // a text command ran since the last frame
  std::string last_state_;   // the game as saved at the last frame
  std::string hint_text_;    // the hint shown, and since when (it pulses a while)
  float hint_seen_ = 0;
  // A game of steps: the direction asked for last and not yet played, the
  // steady pace's heading, when the person last stepped, where a press on
  // the board began (a swipe or a tap).
  std::optional<Cell> wanted_step_, heading_;
  float stepped_at_ = -1;
  std::optional<ImVec2> pressed_at_;
  std::size_t moves_seen_ = 0;    // for the animation of a new move
  std::size_t moves_listed_ = 0;  // the move list scrolls to a new move
  float last_seconds_ = 0;
  // The controls a test clicks, by name, where the last frame drew them.
  std::map<std::string, Rect> widgets_;
  std::vector<std::function<void()>> later_;  // the frame's changes, in order
};

}  // namespace arcade::app
