#pragma once
// The Minimax Arcade app, one frame at a time. It owns the game and what
// every part shares (AppContext), the board renderer, the engines beside
// the game's (the analysis', the lab's, the pondering helpers) and the
// screen's parts, each a class of its own: the top bar, the board's area
// (the heading, the board and its input), the end card and the side
// panel. It runs the frame in their order and the changes they post after
// it (AppContext::later), answers the scripting surface (command and
// state, app_commands.cpp), and does what reaches past any one part
// (AppActions: a new game, another game, a retry). It knows ImGui and GL
// but no platform: main.cpp owns the window, the loop and the storage, and
// passes key presses and the saved state in.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/analysis/analysis_panel.h"
#include "app/app_context.h"
#include "app/board/board_renderer.h"
#include "app/board/imgui_boards.h"
#include "app/board_area.h"
#include "app/board_input.h"
#include "app/end_card.h"
#include "app/engine_factory.h"
#include "app/game_storage.h"
#include "app/heading.h"
#include "app/heuristic_weights.h"
#include "app/lab/lab_panel.h"
#include "app/side_panel.h"
#include "app/top_bar.h"

namespace arcade::app {

class App final : public AppActions {
 public:
  App(EngineClient& engine, Storage storage, EngineFactory make_engine = nullptr,
      PlatformServices platform = {});
  App(const App&) = delete;  // its parts hold references to it and to each other
  App& operator=(const App&) = delete;

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
  void key(char k) override;
  // The board's keys: the cursor, or a game of steps' steering (BoardInput).
  void board_key(Key k) { input_.board_key(k); }
  bool step_letter(char k) { return input_.step_letter(k); }
  void set_fonts(const Fonts& fonts) { ctx_.fonts = fonts; }
  void set_touch(bool touch) { ctx_.touch = touch; }
  // Two fingers on the screen: `factor` the change of their distance since
  // the last call, about their middle (points); active false when one lifts.
  // Zooms the lab's tree.
  void pinch(bool active, float factor, float x, float y) { lab_.pinch(active, factor, x, y); }

  const GameController& game() const { return ctx_.game; }
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
  std::string command(const std::string& line) override;
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

  // AppActions: what the parts ask of the app as a whole.
  void retry_engines() override;
  void choose_game(const std::string& name) override;
  std::optional<std::string> start_new_game(const std::string& game,
                                            const std::string& start) override;
  // A new game of this game from a pasted start: a position string, or a
  // maze's rows (a line each or joined by '/', spaces or '_' for empty
  // cells). An error, and then nothing changes.
  std::optional<std::string> start_from_text(const std::string& text) override;
  void apply_weights() override;
  void add_ponder_helpers();

  AppContext ctx_;
  GameStorage storage_;
  BoardRenderer renderer_;
  ImGuiBoards boards_{renderer_};  // boards among ImGui's shapes (the lab's)
  EngineFactory make_engine_;
  HeuristicWeights weights_{ctx_.game};
  AnalysisPanel analysis_;
  LabPanel lab_;
  // Engines that ponder beside the game's (GameController::
  // set_ponder_helpers), made when it first ponders.
  std::vector<std::unique_ptr<EngineClient>> ponder_helpers_;
  // The screen's parts, in the order they need each other.
  BoardInput input_{ctx_, lab_};
  EndCard end_card_{ctx_, *this};
  Heading heading_{ctx_, *this, input_, lab_};
  BoardArea board_area_{ctx_, renderer_, input_, heading_, end_card_, analysis_, lab_};
  TopBar top_bar_{ctx_, *this};
  SidePanel side_panel_{ctx_, *this, heading_, analysis_, lab_, weights_, boards_};
  // What the last update saw, to tell whether the screen changes by itself.
  bool was_busy_ = false;
  bool was_searching_ = false;
  bool was_failed_ = false;  // ai_failed() at the last update
  bool commanded_ = false;   // a text command ran since the last frame
  std::string last_state_;   // the game as saved at the last frame
};

}  // namespace arcade::app
