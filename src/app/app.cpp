#include "app/app.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "engine/level.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

constexpr float kPanelWidth = 300.0f;
constexpr float kAnimationSeconds = 0.3f;

struct GameInfo {
  const char* name;
  const char* title;
  const char* sides[2];
  const char* how_won;  // how the winner won, by winner side
  const char* how_won_by_second;
};

constexpr GameInfo kGames[] = {
    {"tictactoe", "Tic-tac-toe", {"X", "O"}, "three in a row", "three in a row"},
    {"connect4", "Connect Four", {"Red", "Yellow"}, "four in a row", "four in a row"},
    {"wolfsheep",
     "Wolf and Sheep",
     {"Sheep", "Wolves"},
     "the sheep got through",
     "the sheep is trapped"},
};

const GameInfo& info_of(const std::string& game) {
  for (const GameInfo& g : kGames)
    if (game == g.name) return g;
  return kGames[0];
}

// Wolf and Sheep with the sheep on rank 1 of `file` (0, 2, 4 or 6).
std::string wolfsheep_start(int file) {
  std::string rank1 =
      (file ? std::to_string(file) : "") + "s" + (file < 7 ? std::to_string(7 - file) : "");
  return "1w1w1w1w/8/8/8/8/8/8/" + rank1 + " s";
}

std::string with_thousands(std::uint64_t n) {
  char buffer[32];
  if (n >= 10'000'000)
    std::snprintf(buffer, sizeof buffer, "%.0fM", n / 1e6);
  else if (n >= 1'000'000)
    std::snprintf(buffer, sizeof buffer, "%.1fM", n / 1e6);
  else if (n >= 10'000)
    std::snprintf(buffer, sizeof buffer, "%.0fk", n / 1e3);
  else
    std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(n));
  return buffer;
}

}  // namespace

App::App(EngineClient& engine, Storage storage) : game_(engine), storage_(std::move(storage)) {
  if (auto saved = storage_.load ? storage_.load() : std::nullopt) {
    if (auto problem = game_.load(*saved))
      notice_ = "The saved game could not be restored (" + *problem + "); a new game was started.";
  }
  moves_seen_ = game_.moves().size();
}

std::optional<std::string> App::init_graphics(const std::string& glsl_header) {
  return renderer_.init(glsl_header);
}

void App::play_itself() {
  game_.new_game("connect4");
  game_.set_side(0, {true, 1});
  game_.set_side(1, {true, 1});
  moves_seen_ = 0;
}

std::string App::command(const std::string& line) {
  std::istringstream in(line);
  std::string verb, a, b, c;
  in >> verb >> a >> b;
  std::getline(in, c);
  std::optional<std::string> problem;
  if (verb == "game") {
    const std::string start = b.empty() ? "startpos" : b + c;
    problem = game_.new_game(a, start);
    if (!problem) {
      ui_ = {};
      moves_seen_ = 0;
    }
  } else if (verb == "side") {
    const std::optional<std::uint64_t> level =
        c.empty() ? std::optional<std::uint64_t>(game_.side(a == "1").level)
                  : parse_number(c.substr(c.find_first_not_of(' ')), 1, kLevelCount);
    if ((a != "0" && a != "1") || (b != "ai" && b != "person") || !level)
      return "error usage: side 0|1 person|ai [LEVEL 1-" + std::to_string(kLevelCount) + "]";
    game_.set_side(a == "1", {b == "ai", static_cast<int>(*level)});
  } else if (verb == "resume") {
    game_.set_paused(false);
  } else {
    static const std::pair<const char*, char> kKeys[] = {
        {"new", 'n'}, {"undo", 'u'}, {"redo", 'r'}, {"hint", 'h'}, {"swap", 's'}, {"movenow", 'm'}};
    const auto it = std::find_if(std::begin(kKeys), std::end(kKeys),
                                 [&](const auto& k) { return verb == k.first; });
    if (verb == "pause")
      game_.set_paused(true);
    else if (it == std::end(kKeys))
      return "error unknown command '" + verb + "'";
    else
      key(it->second);
  }
  return problem ? "error " + *problem : "ok";
}

std::string App::state() const {
  std::string out = game_.save();
  out += "thinking " + std::string(game_.ai_thinking() ? "1" : "0") + "\n";
  out += "over " + std::string(game_.game_over() ? "1" : "0") + "\n";
  out += "winner " + std::to_string(game_.winner()) + "\n";
  out += "tomove " + std::to_string(game_.side_to_move()) + "\n";
  out += "hint " + game_.hint() + "\n";
  out += "notice " + notice_ + "\n";
  return out;
}

std::string App::side_name(int side) const {
  return info_of(game_.game()).sides[side];
}

void App::key(char k) {
  switch (k) {
    case 'n':
      game_.new_game(game_.game(), game_.start_position());
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
    default:
      return;
  }
  ui_.selected.reset();
}

void App::frame(int fb_width, int fb_height, float seconds) {
  const float dt = std::clamp(seconds - last_seconds_, 0.0f, 0.1f);
  last_seconds_ = seconds;
  game_.update();
  follow_moves(dt);

  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const bool portrait = display.x < display.y * 0.9f;
  const float panel_w = portrait ? display.x : std::min(kPanelWidth, display.x * 0.45f);
  const float panel_h = portrait ? display.y * 0.42f : display.y;
  ImGui::SetNextWindowPos(portrait ? ImVec2(0, display.y - panel_h) : ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(panel_w, panel_h));
  ImGui::Begin("Minimax Arcade", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  controls_panel();
  ImGui::End();

  const float bx = portrait ? 0 : panel_w, by = 0;
  const float bw = portrait ? display.x : display.x - panel_w;
  const float bh = portrait ? display.y - panel_h : display.y;
  board(bx, by, bw, bh, fb_width, fb_height, seconds);
  persist();
}

void App::controls_panel() {
  game_choice();
  ImGui::Separator();
  side_controls(0);
  side_controls(1);
  ImGui::Separator();
  if (ImGui::Button("New game (N)")) key('n');
  ImGui::SameLine();
  ImGui::BeginDisabled(!game_.can_undo());
  if (ImGui::Button("Undo (U)")) key('u');
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!game_.can_redo());
  if (ImGui::Button("Redo (R)")) key('r');
  ImGui::EndDisabled();
  if (ImGui::Button("Hint (H)")) key('h');
  ImGui::SameLine();
  if (ImGui::Button("Swap sides (S)")) key('s');
  if (game_.side(0).ai && game_.side(1).ai) {
    ImGui::SameLine();
    if (ImGui::Button(game_.paused() ? "Resume (P)" : "Pause (P)")) key('p');
  }
  if (!notice_.empty()) {
    ImGui::Separator();
    ImGui::TextWrapped("%s", notice_.c_str());
    if (ImGui::SmallButton("OK")) notice_.clear();
  }
  if (!game_.engine_error().empty()) ImGui::TextWrapped("Engine: %s", game_.engine_error().c_str());
  ImGui::Separator();
  move_list();
}

void App::game_choice() {
  const GameInfo& current = info_of(game_.game());
  if (ImGui::BeginCombo("Game", current.title)) {
    for (const GameInfo& g : kGames) {
      if (ImGui::Selectable(g.title, &g == &current) && &g != &current) {
        game_.new_game(
            g.name, g.name == std::string("wolfsheep") ? wolfsheep_start(sheep_file_) : "startpos");
        ui_ = {};
        moves_seen_ = 0;
      }
    }
    ImGui::EndCombo();
  }
  if (game_.game() != "wolfsheep") return;
  static constexpr const char* kStarts[] = {"a1", "c1", "e1", "g1"};
  int choice = sheep_file_ / 2;
  if (ImGui::Combo("Sheep starts on", &choice, kStarts, 4) && choice * 2 != sheep_file_) {
    sheep_file_ = choice * 2;
    game_.new_game("wolfsheep", wolfsheep_start(sheep_file_));
    ui_ = {};
    moves_seen_ = 0;
  }
}

void App::side_controls(int side) {
  ImGui::PushID(side);
  SideSettings s = game_.side(side);
  ImGui::Text("%s", side_name(side).c_str());
  ImGui::SameLine(90);
  bool changed = ImGui::RadioButton("Person", !s.ai);
  if (changed) s.ai = false;
  ImGui::SameLine();
  if (ImGui::RadioButton("AI", s.ai)) {
    s.ai = true;
    changed = true;
  }
  if (s.ai) {
    const Level& level = kLevels[s.level - 1];
    ImGui::SetNextItemWidth(150);
    if (ImGui::BeginCombo("Level", level.name.data())) {
      for (int l = 1; l <= kLevelCount; ++l) {
        if (ImGui::Selectable(kLevels[l - 1].name.data(), l == s.level)) {
          s.level = l;
          changed = true;
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kLevels[l - 1].description.data());
      }
      ImGui::EndCombo();
    }
    ImGui::TextDisabled("%s", level.description.data());
  }
  if (changed) game_.set_side(side, s);
  ImGui::PopID();
}

void App::move_list() {
  ImGui::Text("Moves");
  ImGui::BeginChild("moves", ImVec2(0, 0), true);
  const std::vector<std::string>& moves = game_.moves();
  for (std::size_t i = 0; i < moves.size(); i += 2) {
    ImGui::Text("%2zu. %-6s %s", i / 2 + 1, moves[i].c_str(),
                i + 1 < moves.size() ? moves[i + 1].c_str() : "");
  }
  if (moves.size() != moves_seen_) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

void App::status_line() {
  const GameInfo& info = info_of(game_.game());
  if (game_.game_over()) {
    const int winner = game_.winner();
    if (winner < 0)
      ImGui::Text("Draw: nobody can win any more.");
    else
      ImGui::Text("%s wins: %s.", info.sides[winner],
                  winner == 0 ? info.how_won : info.how_won_by_second);
    return;
  }
  const int side = game_.side_to_move();
  if (game_.ai_thinking()) {
    const Thinking& t = game_.thinking();
    ImGui::Text("%s (AI) is thinking: depth %d, %s, %s nodes", info.sides[side], t.depth,
                t.score.empty() ? "..." : t.score.c_str(), with_thousands(t.nodes).c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Move now (M)")) key('m');
    return;
  }
  if (game_.side(side).ai && game_.paused()) {
    ImGui::Text("%s (AI) to move: paused.", info.sides[side]);
    return;
  }
  ImGui::Text("%s to move.", info.sides[side]);
  if (game_.hint_pending()) {
    ImGui::SameLine();
    ImGui::TextDisabled("Looking for a hint...");
  } else if (!game_.hint().empty()) {
    ImGui::SameLine();
    ImGui::Text("Hint: %s", game_.hint().c_str());
  }
}

void App::board(float x, float y, float w, float h, int fb_width, int fb_height, float seconds) {
  // The status line sits above the board in a borderless window.
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, 0));
  ImGui::Begin("status", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  status_line();
  const float status_h = ImGui::GetWindowHeight();
  ImGui::End();

  // The largest board of the game's proportions that fits, centred.
  const Cell grid = grid_size(game_.game());
  const float margin = 12.0f;
  const float avail_w = w - 2 * margin, avail_h = h - status_h - 2 * margin;
  const float cell = std::max(1.0f, std::min(avail_w / grid.col, avail_h / grid.row));
  const float board_w = cell * grid.col, board_h = cell * grid.row;
  const float left = x + (w - board_w) / 2, top = y + status_h + (h - status_h - board_h) / 2;

  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 mouse = io.MousePos;
  ui_.hovered.reset();
  if (!io.WantCaptureMouse && mouse.x >= left && mouse.x < left + board_w && mouse.y >= top &&
      mouse.y < top + board_h) {
    const Cell c{static_cast<int>((mouse.x - left) / cell),
                 grid.row - 1 - static_cast<int>((mouse.y - top) / cell)};
    ui_.hovered = c;
    if (ImGui::IsMouseClicked(0)) {
      const ClickResult r = click(game_, ui_, c);
      if (r.move) {
        game_.play(*r.move);
        ui_.selected.reset();
      } else {
        ui_.selected = r.select;
      }
    }
  }

  const BoardScene scene = make_scene(game_, ui_);
  const float sx = fb_width / std::max(1.0f, io.DisplaySize.x);
  const float sy = fb_height / std::max(1.0f, io.DisplaySize.y);
  const PixelRect rect{static_cast<int>(left * sx),
                       static_cast<int>(fb_height - (top + board_h) * sy),
                       static_cast<int>(board_w * sx), static_cast<int>(board_h * sy)};
  renderer_.draw(scene, rect, seconds);
}

void App::follow_moves(float dt) {
  const std::size_t count = game_.moves().size();
  if (count != moves_seen_) {
    // A new move (not an undo) slides or drops into place.
    ui_.animation.reset();
    if (count == moves_seen_ + 1)
      if (auto path = last_move_path(game_)) {
        ui_.animation = *path;
        ui_.animation->progress = 0.0f;
      }
    moves_seen_ = count;
    ui_.selected.reset();
  }
  if (ui_.animation && ui_.animation->progress < 1.0f)
    ui_.animation->progress = std::min(1.0f, ui_.animation->progress + dt / kAnimationSeconds);
}

void App::persist() {
  if (!storage_.save) return;
  std::string state = game_.save();
  if (state == saved_) return;
  saved_ = std::move(state);
  storage_.save(saved_);
}

}  // namespace arcade::app
