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

#include "app/analysis.h"
#include "app/board_renderer.h"
#include "app/board_scene.h"
#include "app/game_controller.h"
#include "app/imgui_boards.h"
#include "app/lab.h"
#include "app/lab_view.h"

namespace arcade::app {

// Where the game in progress survives a reload (local storage on the web, a
// file natively).
struct Storage {
  std::function<std::optional<std::string>()> load;
  std::function<void(const std::string&)> save;
};

// Makes an engine of its own for the analysis panel (make_engine_client);
// none: the panel cannot open.
using EngineFactory = std::function<std::unique_ptr<EngineClient>()>;

// What the analysis panel draws over the board.
enum class BoardOverlay : int { kMoveScores = 0, kLine = 1, kNothing = 2 };

class App {
 public:
  App(EngineClient& engine, Storage storage, EngineFactory make_analysis_engine = nullptr);

  // Compiles the board shaders; an error message on failure.
  std::optional<std::string> init_graphics(const std::string& glsl_header);
  // Builds the UI and draws the board, inside an ImGui frame. The framebuffer
  // is `fb_width` x `fb_height` pixels; ImGui's display size is in points.
  void frame(int fb_width, int fb_height, float seconds);
  // A key pressed outside any text field: n new game, u undo, r redo, h hint,
  // s swap sides, p pause, m move now, a analysis on or off, l the lab.
  void key(char k);

  const GameController& game() const { return game_; }
  // The AI plays both sides of a new game of Connect Four at the first level
  // (a quick game for the smoke test, which lasts at least seven moves).
  void play_itself();

  // For scripts and end-to-end tests, the controls as text commands:
  //   game NAME [START] | side 0|1 person|ai [LEVEL] | new | undo | redo |
  //   hint | swap | pause | resume | movenow | analysis on|off | goto PLY |
  //   lab on|off | lab run [depth N] [algorithm minimax|alphabeta]
  //   [ordering on|off] [table on|off] [deepening on|off] [limit K] |
  //   lab step start|back|next|end|N | lab play on|off | lab fold N |
  //   lab select N | lab fit | lab zoom POINTS | lab pan DX DY (a frame) |
  //   weights PRESET | weight TERM VALUE (the heuristic's, every engine's)
  // Returns "ok" or "error <what was wrong>".
  std::string command(const std::string& line);
  // The state in lines of "key value": the saved game (see
  // GameController::save) and status, thinking, over, winner, hint; the
  // status line's text; the AI's thinking depth; the analysis panel's
  // findings (analysis, analysis_depth, analysis_score, analysis_moves);
  // the lab's (lab, lab_state, lab_nodes, lab_searched, lab_value,
  // lab_step, lab_sentence, lab_counts, lab_drawn); the heuristic at the
  // board's position (eval_terms name:value:weight..., eval_total).
  std::string state() const;

 private:
  void controls_panel();
  // A new game, its board reset; an error message, and then nothing changes.
  std::optional<std::string> start_new_game(const std::string& game,
                                            const std::string& start = "startpos");
  void game_choice();
  void start_choice();
  void side_controls(int side);
  void move_list();
  void analysis_section();
  void set_analysis_open(bool open);
  // The lab (app_lab.cpp).
  void set_lab_open(bool open);
  void lab_section();
  void run_lab();
  std::string lab_command(const std::vector<std::string>& words);
  std::string lab_state() const;
  LabWords lab_words() const;
  // The heuristic's weights (app_lab.cpp): the current game's, the option
  // lines that set them, and every engine told of them.
  std::vector<Score>& weights();  // to edit (made from the defaults)
  std::vector<Score> current_weights() const;
  std::vector<std::string> weight_options() const;
  void apply_weights();
  void evaluation_section();
  std::string weight_command(const std::vector<std::string>& words);
  std::string evaluation_state() const;
  std::string status_text() const;
  void status_line();
  void board(float x, float y, float w, float h, int fb_width, int fb_height, float seconds);
  // Draws a scene in a rectangle given in ImGui's points (top left origin).
  void draw_board(const BoardScene& scene, float left, float top, float w, float h, int fb_width,
                  int fb_height, float seconds);
  void follow_moves(float dt);
  void persist();
  std::string side_name(int side) const;

  GameController game_;
  std::vector<std::unique_ptr<GameView>> games_;  // every game at its start, for the choice
  Storage storage_;
  BoardRenderer renderer_;
  ImGuiBoards boards_{renderer_};  // boards among ImGui's shapes (the lab's)
  BoardUi ui_;
  EngineFactory make_analysis_engine_;
  std::unique_ptr<EngineClient> analysis_engine_;  // made when first opened
  std::unique_ptr<Analysis> analysis_;             // null while closed
  BoardOverlay overlay_ = BoardOverlay::kMoveScores;
  std::unique_ptr<EngineClient> lab_engine_;  // made when first opened
  std::unique_ptr<Lab> lab_;                  // null while closed
  LabSettings lab_settings_;
  LabView lab_view_;
  std::map<std::string, std::vector<Score>> weights_;  // by game; absent: the defaults
  std::vector<std::string> weights_applied_;           // the option lines engines have
  std::string notice_;
  std::string saved_;
  std::size_t moves_seen_ = 0;
  float last_seconds_ = 0;
};

}  // namespace arcade::app
