// The App's side of the minimax lab: opening it, running it on the position
// on the board, its text commands and state for scripts and tests. The model
// is lab.h, the drawing lab_view.h.

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/app.h"
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
std::optional<std::string> read_run_settings(const std::vector<std::string>& w, LabSettings& s) {
  for (std::size_t i = 2; i < w.size(); i += 2) {
    if (i + 1 >= w.size()) return "lab run " + w[i] + " needs a value";
    const std::string& key = w[i];
    const std::string& value = w[i + 1];
    if (key == "depth" || key == "limit") {
      const auto n = parse_number(value, 1, key == "depth" ? 64 : 1'000'000);
      if (!n) return "lab run " + key + ": '" + value + "' is out of range";
      if (key == "depth") s.depth = static_cast<int>(*n);
      if (key == "limit") s.limit = *n;
    } else if (key == "algorithm" && (value == "minimax" || value == "alphabeta")) {
      s.minimax = value == "minimax";
    } else if ((key == "ordering" || key == "table" || key == "deepening") && on_off(value)) {
      (key == "ordering" ? s.ordering : key == "table" ? s.table : s.deepening) = *on_off(value);
    } else {
      return "lab run: bad '" + key + " " + value + "'";
    }
  }
  return std::nullopt;
}

}  // namespace

LabWords App::lab_words() const {
  const GameView& root = lab_root();
  const int mover = root.side_to_move();
  return {std::string(root.side(mover).name), std::string(root.side(1 - mover).name),
          lab_ ? lab_->settings().depth : 0};
}

LabPosition App::lab_position_now() const {
  return {game_.game(), game_.engine_position(), engine_weights()};
}

std::string App::lab_stale() const {
  return lab_ ? lab_->stale_reason(lab_position_now()) : "";
}

// A tree's boards are drawn from the position it searched, which the board
// may have left.
const GameView& App::lab_root() const {
  return lab_root_ && lab_ && lab_->has_run() ? *lab_root_ : game_.position();
}

void App::pinch(bool active, float factor, float x, float y) {
  lab_view_.pinching = active;
  if (active && lab_ && factor > 0) lab_zoom_at(lab_view_, factor, {x, y});
}

void App::set_lab_open(bool open) {
  if (!open) {
    if (lab_) lab_->stop();
    lab_.reset();
    return;
  }
  if (lab_ || !make_engine_) return;
  if (!lab_engine_) lab_engine_ = make_engine_();
  lab_ = std::make_unique<Lab>(*lab_engine_);
  lab_view_ = {};
}

void App::run_lab() {
  if (!lab_) return;
  lab_->run(lab_position_now(), lab_settings_);
  lab_root_ = game_.position().clone();
  lab_view_.camera.zoom = 0;  // fit the new tree
  lab_view_.selected.reset();
}

void App::lab_section() {
  if (!make_engine_) return;
  bool open = lab_ != nullptr;
  if (ImGui::Checkbox("Minimax lab", &open)) set_lab_open(open);
  if (!touch_ && ImGui::IsItemHovered()) ImGui::SetTooltip("Key: L");
  if (!lab_) return;
  switch (
      lab_panel(*lab_, lab_settings_, lab_view_, lab_root(), lab_words(), boards_, lab_stale())) {
    case LabAction::kRun:
      run_lab();
      break;
    case LabAction::kStop:
      lab_->stop();
      break;
    default:
      break;
  }
  evaluation_section();
}

std::vector<Score>& App::weights() {
  std::vector<Score>& w = weights_[game_.game()];
  if (w.empty()) w = *game_.position().preset_weights("default");
  return w;
}

std::vector<Score> App::current_weights() const {
  const auto it = weights_.find(game_.game());
  return it != weights_.end() ? it->second : *game_.position().preset_weights("default");
}

EngineWeights App::engine_weights() const {
  EngineWeights out;  // the defaults, then each term changed
  const std::vector<Score> weights = current_weights();
  const std::vector<EvalTerm> terms = game_.position().terms();
  for (std::size_t i = 0; i < terms.size() && i < weights.size(); ++i)
    if (weights[i] != terms[i].default_weight)
      out.terms.emplace_back(std::string(terms[i].name), static_cast<int>(weights[i]));
  return out;
}

// Tells every engine when the weights (or the game) changed.
void App::apply_weights() {
  EngineWeights weights = engine_weights();
  if (weights == weights_applied_) return;
  game_.set_engine_weights(weights);
  if (analysis_) analysis_->set_weights(weights);
  weights_applied_ = std::move(weights);
}

void App::evaluation_section() {
  if (!ImGui::CollapsingHeader("Evaluation", ImGuiTreeNodeFlags_DefaultOpen)) return;
  // The chosen node's position, else the board's.
  std::unique_ptr<GameView> node;
  if (lab_ && lab_->tree_ready() && lab_view_.selected)
    node = node_position(*lab_, lab_root(), *lab_view_.selected);
  const GameView& position = node ? *node : game_.position();
  ImGui::TextWrapped(
      "The heuristic at %s, for the side to move. The AI, the analysis and the lab "
      "search with these weights.",
      node ? "the chosen node" : "the board's position");
  if (evaluation_panel(position, weights())) apply_weights();
}

std::string App::weight_command(const std::vector<std::string>& w) {
  if (w[0] == "weights" && w.size() == 2) {
    const std::optional<std::vector<Score>> preset = game_.position().preset_weights(w[1]);
    if (!preset) return "error no weights '" + w[1] + "' for this game";
    weights() = *preset;
    return "ok";
  }
  if (w[0] != "weight" || w.size() != 3) return "error usage: weights PRESET | weight TERM VALUE";
  const std::vector<EvalTerm> terms = game_.position().terms();
  const auto term =
      std::find_if(terms.begin(), terms.end(), [&](const EvalTerm& t) { return t.name == w[1]; });
  if (term == terms.end()) return "error no term '" + w[1] + "' in this game";
  const bool negative = w[2].rfind('-', 0) == 0;
  const auto size = parse_number(negative ? w[2].substr(1) : w[2], 0, kMaxWeight);
  if (!size)
    return "error a weight is a whole number from -" + std::to_string(kMaxWeight) + " to " +
           std::to_string(kMaxWeight);
  weights()[static_cast<std::size_t>(term - terms.begin())] =
      static_cast<Score>(negative ? -static_cast<Score>(*size) : static_cast<Score>(*size));
  return "ok";
}

std::string App::evaluation_state() const {
  const GameView& position = game_.position();
  const std::vector<Score> w = current_weights();
  const std::vector<EvalTerm> terms = position.terms();
  const std::vector<Score> values = position.term_values(w);
  std::string out = "eval_terms";
  for (std::size_t i = 0; i < terms.size(); ++i) {
    out += ' ';
    out += terms[i].name;
    out += ':';
    out += std::to_string(values[i]);
    out += ':';
    out += std::to_string(w[i]);
  }
  out += "\neval_total ";
  out += std::to_string(position.evaluate(w));
  out += "\neval_note " + weights_note(values) + "\n";
  return out;
}

std::string App::lab_command(const std::vector<std::string>& w) {
  const std::string what = w.size() > 1 ? w[1] : "";
  if ((what == "on" || what == "off") && w.size() == 2) {
    if (what == "on" && !make_engine_) return "error no engine for the lab";
    set_lab_open(what == "on");
    return "ok";
  }
  if (!lab_) return "error the lab is closed (lab on)";
  if (what == "run") {
    LabSettings s = lab_settings_;
    if (auto problem = read_run_settings(w, s)) return "error " + *problem;
    lab_settings_ = s;
    run_lab();
  } else if (what == "step" && w.size() == 3) {
    const std::size_t total = lab_->events().size(), now = lab_->step();
    if (w[2] == "start")
      lab_->set_step(0);
    else if (w[2] == "back")
      lab_->set_step(now > 0 ? now - 1 : 0);
    else if (w[2] == "next")
      lab_->set_step(now + 1);
    else if (w[2] == "end")
      lab_->set_step(total);
    else if (const auto n = parse_number(w[2], 0, total))
      lab_->set_step(*n);
    else
      return "error usage: lab step start|back|next|end|N (0 to " + std::to_string(total) + ")";
  } else if (what == "play" && w.size() == 3 && on_off(w[2])) {
    lab_->play(*on_off(w[2]));
  } else if ((what == "fold" || what == "select") && w.size() == 3) {
    const auto n = parse_number(w[2], 0, lab_->tree().nodes().size());
    if (!n || *n >= lab_->tree().nodes().size()) return "error no node '" + w[2] + "'";
    if (what == "fold")
      lab_->toggle_fold(static_cast<int>(*n));
    else
      lab_view_.selected = lab_view_.centre_on = static_cast<int>(*n);
  } else if (what == "fit" && w.size() == 2) {
    lab_view_.camera.zoom = 0;
  } else if (what == "zoom" && w.size() == 3 && (w[2] == "in" || w[2] == "out")) {
    // As the panel's Zoom + and Zoom -.
    lab_zoom(*lab_, lab_view_, w[2] == "in" ? 1.5f : 1 / 1.5f);
  } else if (what == "zoom" && w.size() == 3) {
    const auto z = parse_number(w[2], 1, 160);
    if (!z) return "error usage: lab zoom POINTS|in|out (1 to 160 points a slot)";
    LabCamera& camera = lab_view_.camera;
    camera.row =
        std::clamp(camera.row * static_cast<float>(*z) / std::max(kLabMinZoom, camera.zoom),
                   kLabMinRow, kLabMaxRow);
    camera.zoom = static_cast<float>(*z);
    const std::optional<LabEvent> event = lab_->current_event();
    lab_view_.centre_on = lab_view_.selected ? *lab_view_.selected : event ? event->node : 0;
  } else if (what == "pan" && w.size() == 4) {
    const auto dx = parse_number(w[2], 0, 1000), dy = parse_number(w[3], 0, 1000);
    if (!dx || !dy) return "error usage: lab pan DX DY (points a frame, 0 to 1000)";
    lab_view_.autopan = {static_cast<float>(*dx), static_cast<float>(*dy)};
  } else {
    return "error unknown lab command '" + what + "'";
  }
  return "ok";
}

std::string App::lab_state() const {
  std::string out = "lab " + std::string(lab_ ? "1" : "0") + "\n";
  if (!lab_) return out;
  const LabTree& tree = lab_->tree();
  out += "lab_state " + std::string(state_name(*lab_)) + "\n";
  out += "lab_nodes " + std::to_string(tree.nodes().size()) + "\n";
  out += "lab_searched " + std::to_string(tree.searched()) + "\n";
  out += "lab_value " + (tree.value() ? lab_value_text(*tree.value()) : "") + "\n";
  out += "lab_step " + std::to_string(lab_->step()) + "/" + std::to_string(lab_->events().size()) +
         "\n";
  const std::optional<LabEvent> event = lab_->current_event();
  out += "lab_sentence " + (event ? event_sentence(tree.nodes(), *event, lab_words()) : "") + "\n";
  out += "lab_counts";
  for (const LabCount& c : lab_->counts()) {
    // name:nodes:value, one word each ('_' for spaces, '-' for nothing yet).
    std::string entry = c.name + ":" + (c.nodes ? std::to_string(*c.nodes) : "-") + ":" +
                        (c.value ? lab_value_text(*c.value) : "-");
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
  out += "\nlab_drawn " + std::to_string(lab_view_.drawn_nodes) + "\n";
  out += "lab_boards " + std::to_string(lab_view_.drawn_boards) + "\n";
  out += "lab_stale " + lab_stale() + "\n";
  return out + lab_view_state();
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
std::string App::lab_view_state() const {
  const auto point = [](ImVec2 p) { return std::to_string(p.x) + " " + std::to_string(p.y); };
  const LabView& v = lab_view_;
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
    for (const std::string& line : lab_node_details(*lab_, *v.selected, lab_words()))
      details += (details.empty() ? "" : " | ") + line;
    out += "lab_selected " + details + "\n";
    out += "lab_selected_marked" + marked_cells(node_scene(*lab_, lab_root(), *v.selected)) + "\n";
  }
  return out;
}

}  // namespace arcade::app
