#include "app/app.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "app/analysis_view.h"
#include "engine/level.h"
#include "engine/parsed.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

constexpr float kPanelWidth = 300.0f;
constexpr float kAnimationSeconds = 0.3f;

// "depth 7, Red +0.8, 12k nodes, 1.2M nodes/s, line 4 4 5": a search's
// latest figures; the score is from `side`'s view.
std::string search_in_words(const Thinking& t, int side, const GameView& position) {
  std::string text = "depth " + std::to_string(t.depth);
  if (t.score) text += ", " + score_in_words(*t.score, side, position);
  if (t.nodes > 0)
    text += ", " + short_count(t.nodes) + " nodes, " + short_count(t.nps) + " nodes/s";
  if (!t.pv.empty()) {
    text += ", line";
    for (std::size_t i = 0; i < t.pv.size() && i < 6; ++i) text += " " + t.pv[i];
  }
  return text;
}

}  // namespace

App::App(EngineClient& engine, Storage storage, EngineFactory make_analysis_engine)
    : game_(engine),
      storage_(std::move(storage)),
      make_analysis_engine_(std::move(make_analysis_engine)) {
  for (const std::string& name : game_names()) games_.push_back(make_game_view(name));
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
    problem = start_new_game(a, b.empty() ? "startpos" : b + c);
  } else if (verb == "side") {
    const std::optional<std::uint64_t> level =
        c.empty() ? std::optional<std::uint64_t>(game_.side(a == "1").level)
                  : parse_number(c.substr(c.find_first_not_of(' ')), 1, kLevelCount);
    if ((a != "0" && a != "1") || (b != "ai" && b != "person") || !level)
      return "error usage: side 0|1 person|ai [LEVEL 1-" + std::to_string(kLevelCount) + "]";
    game_.set_side(a == "1", {b == "ai", static_cast<int>(*level)});
  } else if (verb == "analysis" && (a == "on" || a == "off")) {
    if (a == "on" && !make_analysis_engine_) return "error no engine for the analysis";
    set_analysis_open(a == "on");
  } else if (verb == "lab") {
    return lab_command(split_words(line));
  } else if (verb == "weights" || verb == "weight") {
    return weight_command(split_words(line));
  } else if (verb == "goto") {
    const std::optional<std::uint64_t> ply =
        parse_number(a, 0, game_.line().size() + game_.redo_moves().size());
    if (!ply) return "error usage: goto PLY (0 to the moves played and undone)";
    game_.go_to(*ply);
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
  out += "hint " + (game_.hint() ? game_.hint()->text : "") + "\n";
  out += "notice " + notice_ + "\n";
  out += "status " + status_text() + "\n";
  out += "thinking_depth " + std::to_string(game_.thinking().depth) + "\n";
  out += "analysis " + std::string(analysis_ ? "1" : "0") + "\n";
  const std::optional<AnalysisResult>& found =
      analysis_ ? analysis_->current() : std::optional<AnalysisResult>{};
  out += "analysis_depth " + std::to_string(found ? found->depth : 0) + "\n";
  out += "analysis_score " +
         (found ? score_in_words(found->score, game_.side_to_move(), game_.position()) : "") + "\n";
  out += "analysis_moves";
  if (found)
    for (const MoveScore& m : found->moves)
      out += " " + m.text + ":" + move_score_short_label(m.score);
  out += "\n";
  return out + lab_state() + evaluation_state();
}

std::string App::side_name(int side) const {
  return std::string(game_.position().side(side).name);
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
    case 'a':
      set_analysis_open(!analysis_);
      break;
    case 'l':
      set_lab_open(!lab_);
      break;
    default:
      return;
  }
  ui_.selected.reset();
}

void App::frame(int fb_width, int fb_height, float seconds) {
  const float dt = std::clamp(seconds - last_seconds_, 0.0f, 0.1f);
  last_seconds_ = seconds;
  apply_weights();
  game_.update();
  if (analysis_) analysis_->update(game_);
  if (lab_) lab_->update(dt);
  boards_.new_frame(seconds);
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
  lab_section();
  if (lab_) return;  // the lab's controls take the panel's room
  analysis_section();
  move_list();
}

std::optional<std::string> App::start_new_game(const std::string& game, const std::string& start) {
  if (auto problem = game_.new_game(game, start)) return problem;
  ui_ = {};
  moves_seen_ = 0;
  return std::nullopt;
}

void App::game_choice() {
  const std::string current(game_.position().title());
  if (ImGui::BeginCombo("Game", current.c_str())) {
    for (const std::unique_ptr<GameView>& g : games_) {
      const bool chosen = g->title() == current;
      if (ImGui::Selectable(std::string(g->title()).c_str(), chosen) && !chosen)
        start_new_game(std::string(g->name()));
    }
    ImGui::EndCombo();
  }
  start_choice();
}

// The game's start variants, when it has more than one (where the sheep starts).
void App::start_choice() {
  const GameView& start = game_.start();
  const std::vector<std::string_view> names = start.start_variant_names();
  if (names.size() < 2) return;
  const std::optional<std::size_t> current = start.start_variant();
  const std::string preview = current ? std::string(names[*current]) : "";
  if (!ImGui::BeginCombo(std::string(start.start_label()).c_str(), preview.c_str())) return;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (ImGui::Selectable(std::string(names[i]).c_str(), current == i) && current != i)
      start_new_game(game_.game(), start.start_variant_text(i));
  }
  ImGui::EndCombo();
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

void App::set_analysis_open(bool open) {
  if (!open) {
    if (analysis_) analysis_->stop();
    analysis_.reset();
    return;
  }
  if (analysis_ || !make_analysis_engine_) return;
  if (!analysis_engine_) analysis_engine_ = make_analysis_engine_();
  analysis_ = std::make_unique<Analysis>(*analysis_engine_);
}

void App::analysis_section() {
  if (!make_analysis_engine_) return;
  bool open = analysis_ != nullptr;
  if (ImGui::Checkbox("Analysis (A)", &open)) set_analysis_open(open);
  if (!analysis_) {
    ImGui::Separator();
    return;
  }
  if (std::optional<std::size_t> ply = analysis_panel(*analysis_, game_)) game_.go_to(*ply);
  int overlay = static_cast<int>(overlay_);
  ImGui::TextUnformatted("On the board:");
  ImGui::SameLine();
  ImGui::RadioButton("scores", &overlay, static_cast<int>(BoardOverlay::kMoveScores));
  ImGui::SameLine();
  ImGui::RadioButton("line", &overlay, static_cast<int>(BoardOverlay::kLine));
  ImGui::SameLine();
  ImGui::RadioButton("none", &overlay, static_cast<int>(BoardOverlay::kNothing));
  overlay_ = static_cast<BoardOverlay>(overlay);
  ImGui::Separator();
}

// The moves played, then those undone (dimmed); a click shows that position.
void App::move_list() {
  ImGui::Text("Moves");
  ImGui::BeginChild("moves", ImVec2(0, 0), true);
  std::vector<std::string> moves = game_.moves();
  const std::size_t played = moves.size();
  for (const std::string& m : game_.redo_moves()) moves.push_back(m);
  const float column = ImGui::CalcTextSize("000. ").x;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i % 2 == 0) {
      ImGui::TextDisabled("%zu.", i / 2 + 1);
      ImGui::SameLine(column);
    } else {
      ImGui::SameLine(column + 80.0f);
    }
    ImGui::PushID(static_cast<int>(i));
    if (i >= played)
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    if (ImGui::Selectable(moves[i].c_str(), i + 1 == played, 0, ImVec2(70.0f, 0)))
      game_.go_to(i + 1);
    if (i >= played) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  if (played != moves_seen_) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

// One line above the board: the end of the game, who is to move, or what
// the AI is thinking (figures only once its search has said something).
std::string App::status_text() const {
  const GameView& position = game_.position();
  if (game_.game_over()) return position.end_in_words();
  const int mover = game_.side_to_move();
  const SideDescription& side = position.side(mover);
  const std::string name(side.name);
  std::string text;
  if (game_.ai_thinking()) {
    text = name + " (AI) " + (side.plural ? "are" : "is") + " thinking";
    const Thinking& t = game_.thinking();
    if (t.depth > 0) return text + ": " + search_in_words(t, mover, position);
    text += "...";
  } else if (game_.side(mover).ai && game_.paused()) {
    text = name + " (AI) to move: paused.";
  } else {
    text = name + " to move.";
    if (game_.hint_pending())
      text += " Looking for a hint...";
    else if (game_.hint())
      text += " Hint: " + game_.hint()->text;
  }
  // What the AI's last search said, while nothing newer is known.
  if (const std::optional<AiMove>& last = game_.last_ai_move(); last && last->thinking.depth > 0)
    text.append(" ")
        .append(position.side(last->side).name)
        .append(" played ")
        .append(last->move)
        .append(": ")
        .append(search_in_words(last->thinking, last->side, position));
  return text;
}

void App::status_line() {
  ImGui::TextUnformatted(status_text().c_str());
  if (game_.game_over()) return;
  if (game_.ai_thinking()) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Move now (M)")) key('m');
  } else if (game_.side(game_.side_to_move()).ai && game_.paused()) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Resume")) game_.set_paused(false);
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

  if (lab_) {
    lab_tree(*lab_, lab_view_, game_.position(), lab_words(), boards_, {x, y + status_h},
             {x + w, y + h});
    return;
  }
  // The largest board of the game's proportions that fits, centred.
  const Grid grid = game_.position().board().grid;
  const float margin = 12.0f;
  const float avail_w = w - 2 * margin, avail_h = h - status_h - 2 * margin;
  const float cell = std::max(1.0f, std::min(avail_w / grid.cols, avail_h / grid.rows));
  const float board_w = cell * grid.cols, board_h = cell * grid.rows;
  const float left = x + (w - board_w) / 2, top = y + status_h + (h - status_h - board_h) / 2;

  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 mouse = io.MousePos;
  ui_.hovered.reset();
  if (!io.WantCaptureMouse && mouse.x >= left && mouse.x < left + board_w && mouse.y >= top &&
      mouse.y < top + board_h) {
    const Cell c{static_cast<int>((mouse.x - left) / cell),
                 grid.rows - 1 - static_cast<int>((mouse.y - top) / cell)};
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

  draw_board(make_scene(game_, ui_), left, top, board_w, board_h, fb_width, fb_height, seconds);
  if (analysis_ && overlay_ != BoardOverlay::kNothing) {
    const BoardPlacement placement{left, top, cell, grid.rows};
    analysis_over_board(*analysis_, game_, placement, overlay_ == BoardOverlay::kLine);
  }
}

void App::draw_board(const BoardScene& scene, float left, float top, float w, float h, int fb_width,
                     int fb_height, float seconds) {
  // ImGui lays out in points, GL draws in pixels, from the bottom up.
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float sx = fb_width / std::max(1.0f, display.x);
  const float sy = fb_height / std::max(1.0f, display.y);
  const PixelRect rect{static_cast<int>(left * sx), static_cast<int>(fb_height - (top + h) * sy),
                       static_cast<int>(w * sx), static_cast<int>(h * sy)};
  renderer_.draw(scene, rect, seconds);
}

void App::follow_moves(float dt) {
  const std::size_t count = game_.line().size();
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
