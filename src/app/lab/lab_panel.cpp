#include "app/lab/lab_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/lab/lab_controls.h"
#include "app/lab/lab_navigation.h"
#include "app/lab/lab_node_board.h"
#include "app/lab/lab_node_details.h"
#include "app/lab/lab_text.h"
#include "engine/parsed.h"

namespace arcade::app {
namespace {

std::optional<bool> on_off(const std::string& word) {
  if (word == "on") return true;
  if (word == "off") return false;
  return std::nullopt;
}

const char* state_name(const Lab& lab) {
  if (!lab.has_run()) return "idle";
  if (lab.running()) return "running";
  switch (lab.tree().state()) {
    case LabTree::State::kComplete:
      return "complete";
    case LabTree::State::kStopped:
      return "stopped";
    case LabTree::State::kFailed:
      return "failed";
    default:
      return "stopped";  // stopped before its last line came
  }
}

// Reads `lab run`'s settings over `s`; an error message if one is bad.
// `models`: a game of more than two agents' models of the other team (its
// depth in rounds, expectimax and `opponents M`); none in another game.
std::optional<std::string> read_run_settings(const std::vector<std::string>& w, LabSettings& s,
                                             const std::vector<std::string>& models) {
  const bool agents = !models.empty();
  for (std::size_t i = 2; i < w.size(); i += 2) {
    if (i + 1 >= w.size()) return "lab run " + w[i] + " needs a value";
    const std::string& key = w[i];
    const std::string& value = w[i + 1];
    if (key == "depth" || key == "limit") {
      const auto n = parse_number(value, 1,
                                  key == "limit" ? 1'000'000
                                  : agents       ? kLabMaxRounds
                                                 : 64);
      if (!n) return "lab run " + key + ": '" + value + "' is out of range";
      if (key == "depth") s.depth = static_cast<int>(*n);
      if (key == "limit") s.limit = *n;
    } else if (key == "algorithm" && value == "expectimax") {
      if (!agents) return "lab run: expectimax needs a game whose agents may move at random";
      s.expectimax = true;
      s.minimax = false;
    } else if (key == "algorithm" && (value == "minimax" || value == "alphabeta")) {
      s.minimax = value == "minimax";
      s.expectimax = false;
    } else if (key == "opponents" && agents &&
               (value == "in-play" ||
                std::find(models.begin(), models.end(), value) != models.end())) {
      s.opponents = value == "in-play" ? "" : value;
    } else if ((key == "ordering" || key == "table" || key == "deepening") && on_off(value)) {
      (key == "ordering" ? s.ordering : key == "table" ? s.table : s.deepening) = *on_off(value);
    } else {
      return "lab run: bad '" + key + " " + value + "'";
    }
  }
  return std::nullopt;
}

}  // namespace

LabPanel::LabPanel(const GameController& game, const HeuristicWeights& weights, ImGuiBoards& boards,
                   EngineFactory make_engine)
    : game_(game), weights_(weights), boards_(boards), make_engine_(std::move(make_engine)) {}

LabWords LabPanel::words() const {
  const GameView& position = root();
  const int mover = position.side_to_move();
  LabWords words{std::string(position.side(mover).name),
                 std::string(position.side(1 - mover).name),
                 lab_ ? lab_->settings().depth : 0,
                 {},
                 {}};
  for (int agent = 0; agent < position.agent_count(); ++agent)
    words.agents.push_back(position.agent_name(agent));
  words.opponents_in_play = game_.opponents_in_play().value_or("");
  return words;
}

// The game's own model of the other team (GameView::opponent_models puts
// it last): Pac-Man's chaser.
std::string LabPanel::own_model() const {
  const std::vector<std::string> models = game_.position().opponent_models();
  return models.empty() ? std::string() : models.back();
}

LabPosition LabPanel::position_now() const {
  return {game_.game(), game_.engine_position(), weights_.for_engines(),
          game_.position().multi_agent(), game_.opponents_in_play()};
}

std::string LabPanel::stale() const {
  return lab_ ? lab_->stale_reason(position_now()) : "";
}

// A tree's boards are drawn from the position it searched, which the board
// may have left.
const GameView& LabPanel::root() const {
  return root_ && lab_ && lab_->has_run() ? *root_ : game_.position();
}

void LabPanel::pinch(bool active, float factor, float x, float y) {
  view_.pinching = active;
  if (active && lab_ && factor > 0) lab_zoom_at(view_, factor, {x, y});
}

void LabPanel::retry_engine() {
  if (engine_) engine_->retry();
}

void LabPanel::set_open(bool open) {
  if (!open) {
    if (lab_) lab_->stop();
    lab_.reset();
    return;
  }
  if (lab_ || !make_engine_) return;
  if (!engine_) engine_ = make_engine_();
  lab_ = std::make_unique<Lab>(*engine_);
  view_ = {};
}

void LabPanel::run() {
  if (!lab_) return;
  const LabPosition position = position_now();
  if (position.agents) {
    // The agent search has no table.
    settings_.table = false;
    settings_.depth = std::min(settings_.depth, kLabMaxRounds);
  } else {
    settings_.expectimax = false;
  }
  lab_->run(position, settings_);
  root_ = game_.position().clone();
  view_.camera.zoom = 0;  // fit the new tree
  view_.selected.reset();
}

bool LabPanel::section(bool touch) {
  if (!make_engine_) return false;
  bool open = lab_ != nullptr;
  if (ImGui::Checkbox("Minimax lab", &open)) set_open(open);
  if (!touch && ImGui::IsItemHovered()) ImGui::SetTooltip("Key: L");
  if (!lab_) return false;
  switch (lab_controls(*lab_, settings_, view_, root(), words(), boards_, stale())) {
    case LabAction::kRun:
      run();
      break;
    case LabAction::kStop:
      lab_->stop();
      break;
    default:
      break;
  }
  if (game_.position().multi_agent())
    pessimism_.section(game_.game(), game_.engine_position(), own_model(),
                       game_.position().agent_to_move() == 0, touch);
  return true;
}

std::unique_ptr<GameView> LabPanel::chosen_node() const {
  if (!lab_ || !lab_->tree_ready() || !view_.selected) return nullptr;
  return node_position(*lab_, root(), *view_.selected);
}

void LabPanel::tree(ImVec2 min, ImVec2 max) {
  if (lab_ &&
      lab_tree(*lab_, view_, root(), words(), boards_, min, max, stale()) == LabAction::kRun)
    run();
}

std::string LabPanel::command(const std::vector<std::string>& w) {
  const std::string what = w.size() > 1 ? w[1] : "";
  if ((what == "on" || what == "off") && w.size() == 2) {
    if (what == "on" && !make_engine_) return "error no engine for the lab";
    set_open(what == "on");
    return "ok";
  }
  if (!lab_) return "error the lab is closed (lab on)";
  if (what == "run") {
    LabSettings s = settings_;
    if (auto problem = read_run_settings(w, s, game_.position().opponent_models()))
      return "error " + *problem;
    settings_ = s;
    run();
  } else if (what == "stop" && w.size() == 2) {
    lab_->stop();  // the Stop button's
  } else if (what == "step" && w.size() == 3) {
    return step_command(w[2]);
  } else if (what == "play" && w.size() == 3 && on_off(w[2])) {
    lab_->play(*on_off(w[2]));
  } else if ((what == "fold" || what == "select") && w.size() == 3) {
    const auto n = parse_number(w[2], 0, lab_->tree().nodes().size());
    if (!n || *n >= lab_->tree().nodes().size()) return "error no node '" + w[2] + "'";
    if (what == "fold")
      lab_->toggle_fold(static_cast<int>(*n));
    else
      view_.selected = view_.centre_on = static_cast<int>(*n);
  } else if (what == "pessimism" && game_.position().multi_agent()) {
    return pessimism_.command(w, game_.game(), game_.engine_position(), own_model(),
                              game_.position().agent_to_move() == 0);
  } else if (what == "fit" && w.size() == 2) {
    view_.camera.zoom = 0;
  } else if (what == "zoom" && (w.size() == 3 || w.size() == 4)) {
    return zoom_command(w[2], w.size() == 4 ? w[3] : "");
  } else if (what == "pan" && w.size() == 4) {
    const auto dx = parse_number(w[2], 0, 1000), dy = parse_number(w[3], 0, 1000);
    if (!dx || !dy) return "error usage: lab pan DX DY (points a frame, 0 to 1000)";
    view_.autopan = {static_cast<float>(*dx), static_cast<float>(*dy)};
  } else {
    return "error unknown lab command '" + what + "'";
  }
  return "ok";
}

// `lab step start|back|next|end|N`.
std::string LabPanel::step_command(const std::string& where) {
  const std::size_t total = lab_->events().size(), now = lab_->step();
  if (where == "start")
    lab_->set_step(0);
  else if (where == "back")
    lab_->set_step(now > 0 ? now - 1 : 0);
  else if (where == "next")
    lab_->set_step(now + 1);
  else if (where == "end")
    lab_->set_step(total);
  else if (const auto n = parse_number(where, 0, total))
    lab_->set_step(*n);
  else
    return "error usage: lab step start|back|next|end|N (0 to " + std::to_string(total) + ")";
  return "ok";
}

// `lab zoom in|out` (as the panel's Zoom + and Zoom -) or `lab zoom POINTS
// [ROW]` a slot (and ROW points a ply), about the chosen node (else the
// current one).
std::string LabPanel::zoom_command(const std::string& points, const std::string& row) {
  if (points == "in" || points == "out") {
    lab_zoom(*lab_, view_, points == "in" ? 1.5f : 1 / 1.5f);
    return "ok";
  }
  const auto z = parse_number(points, 1, 160);
  const auto r = row.empty() ? std::nullopt : parse_number(row, 34, 240);
  if (!z || (!row.empty() && !r))
    return "error usage: lab zoom POINTS|in|out [ROW] (1 to 160 points a slot, 34 to 240 a ply)";
  LabCamera& camera = view_.camera;
  camera.row =
      r ? static_cast<float>(*r)
        : std::clamp(camera.row * static_cast<float>(*z) / std::max(kLabMinZoom, camera.zoom),
                     kLabMinRow, kLabMaxRow);
  camera.zoom = static_cast<float>(*z);
  const std::optional<LabEvent> event = lab_->current_event();
  view_.centre_on = view_.selected ? *view_.selected : event ? event->node : 0;
  return "ok";
}

std::string LabPanel::state() const {
  std::string out = "lab " + std::string(lab_ ? "1" : "0") + "\n";
  if (!lab_) return out;
  const LabTree& tree = lab_->tree();
  out += "lab_state " + std::string(state_name(*lab_)) + "\n";
  out += "lab_nodes " + std::to_string(tree.nodes().size()) + "\n";
  out += "lab_searched " + std::to_string(tree.searched()) + "\n";
  out += "lab_progress " + std::to_string(lab_->progress_nodes()) + "\n";
  out +=
      "lab_value " + (tree.value() ? lab_value_text(*tree.value(), tree.in_points()) : "") + "\n";
  out += "lab_evaluation " +
         (lab_->has_run() ? evaluation_words(lab_->position(), lab_->settings(), words()) : "") +
         "\n";
  out += "lab_step " + std::to_string(lab_->step()) + "/" + std::to_string(lab_->events().size()) +
         "\n";
  const std::optional<LabEvent> event = lab_->current_event();
  out += "lab_sentence " + (event ? event_sentence(tree.nodes(), *event, words()) : "") + "\n";
  out += "lab_counts";
  for (const LabCount& c : lab_->counts()) {
    // name:nodes:value, one word each ('_' for spaces, '-' for nothing yet).
    std::string entry = c.name + ":" + (c.nodes ? std::to_string(*c.nodes) : "-") + ":" +
                        (c.value ? lab_value_text(*c.value, c.in_points) : "-");
    std::replace(entry.begin(), entry.end(), ' ', '_');
    out += " " + entry;
  }
  out += "\nlab_bars";
  const std::vector<float> shares = chart_shares(lab_->counts());
  for (std::size_t i = 0; i < shares.size(); ++i) {
    std::string name = lab_->counts()[i].name;
    std::replace(name.begin(), name.end(), ' ', '_');
    char share[32];
    std::snprintf(share, sizeof share, ":%.6f", static_cast<double>(shares[i]));
    out += " " + name + share;
  }
  out += "\nlab_drawn " + std::to_string(view_.drawn_nodes) + "\n";
  out += "lab_boards " + std::to_string(view_.drawn_boards) + "\n";
  out += "lab_values";
  for (std::string value : view_.drawn_values) {
    std::replace(value.begin(), value.end(), ' ', '_');
    out += " " + value;
  }
  out += "\n";
  out += "lab_stale " + stale() + "\n";
  out += pessimism_.state();
  return out + view_state();
}

namespace {

// The cells a node's small board marks as changed by the move that led to
// it: " col,row" each (from the bottom left), in the order of the cells.
std::string marked_cells(const std::optional<BoardScene>& scene) {
  std::string out;
  if (!scene) return out;
  for (int row = 0; row < scene->rows; ++row)
    for (int col = 0; col < scene->cols; ++col)
      if ((scene->marks[scene->index({col, row})] & kLastMove) ||
          scene->turned[scene->index({col, row})])
        out.append(" ").append(std::to_string(col)).append(",").append(std::to_string(row));
  return out;
}

}  // namespace

// Where the tree is drawn, in points, as of the last frame: the area, the
// camera, the tree's extent, the current and the chosen node, and the
// chosen node's details as the panel shows them.
std::string LabPanel::view_state() const {
  const auto point = [](ImVec2 p) { return std::to_string(p.x) + " " + std::to_string(p.y); };
  const LabView& v = view_;
  std::string out = "lab_area " + point(v.area_min) + " " + point(v.area_max) + "\n";
  out += "lab_camera " + std::to_string(v.camera.zoom) + " " + std::to_string(v.camera.row) + "\n";
  if (!lab_->tree_ready() || lab_->tree().nodes().empty() || v.camera.zoom <= 0) return out;
  const LabLayout& layout = lab_->layout();
  const ImVec2 first = lab_node_point(*lab_, v, 0);
  out += "lab_extent " + std::to_string(v.area_min.x + v.camera.x(0)) + " " +
         std::to_string(first.y) + " " +
         std::to_string(v.area_min.x + v.camera.x(std::max(0.0f, layout.width - 1))) + " " +
         std::to_string(v.area_min.y + v.camera.y(layout.depth)) + "\n";
  if (const std::optional<LabEvent> event = lab_->current_event())
    out += "lab_current_at " + point(lab_node_point(*lab_, v, event->node)) + "\n";
  if (v.selected && *v.selected < static_cast<int>(lab_->tree().nodes().size())) {
    out += "lab_selected_at " + point(lab_node_point(*lab_, v, *v.selected)) + "\n";
    std::string details;
    for (const std::string& line : lab_node_details(*lab_, *v.selected, words()))
      details += (details.empty() ? "" : " | ") + line;
    out += "lab_selected " + details + "\n";
    out += "lab_selected_marked" + marked_cells(node_scene(*lab_, root(), *v.selected)) + "\n";
  }
  return out;
}

}  // namespace arcade::app
