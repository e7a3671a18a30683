#include "app/analysis/analysis_panel.h"

#include <imgui.h>

#include "app/analysis/analysis_view.h"
#include "app/engine_link/engine_info.h"
#include "app/ui_audit.h"

namespace arcade::app {

AnalysisPanel::AnalysisPanel(const GameController& game, EngineFactory make_engine, int processors)
    : game_(game), make_engine_(std::move(make_engine)), processors_(processors) {}

void AnalysisPanel::set_open(bool open) {
  if (!open) {
    if (analysis_) analysis_->stop();
    analysis_.reset();
    return;
  }
  if (analysis_ || !make_engine_) return;
  if (!engine_) {
    engine_ = make_engine_();
    add_helpers(make_engine_, processors_, helpers_);
  }
  analysis_ = std::make_unique<Analysis>(*engine_);
  analysis_->set_helpers(clients_of(helpers_));
}

void AnalysisPanel::retry_engines() {
  if (engine_) engine_->retry();
  for (const std::unique_ptr<EngineClient>& engine : helpers_) engine->retry();
}

std::optional<std::size_t> AnalysisPanel::section(bool touch) {
  if (!make_engine_) return std::nullopt;
  bool open = analysis_ != nullptr;
  if (ImGui::Checkbox("Analysis", &open)) set_open(open);
  audit_target("Analysis");
  audit_rect("analysis_toggle");
  if (!touch && ImGui::IsItemHovered()) ImGui::SetTooltip("Key: A");
  if (!analysis_) return std::nullopt;
  const std::optional<std::size_t> ply = analysis_panel(*analysis_, game_);
  int overlay = static_cast<int>(overlay_);
  ImGui::TextUnformatted("On the board:");
  ImGui::RadioButton("scores", &overlay, static_cast<int>(BoardOverlay::kMoveScores));
  ImGui::SameLine();
  ImGui::RadioButton("line", &overlay, static_cast<int>(BoardOverlay::kLine));
  ImGui::SameLine();
  ImGui::RadioButton("none", &overlay, static_cast<int>(BoardOverlay::kNothing));
  overlay_ = static_cast<BoardOverlay>(overlay);
  ImGui::Separator();
  return ply;
}

void AnalysisPanel::add_line(BoardScene& scene) const {
  if (analysis_ && overlay_ == BoardOverlay::kLine)
    if (const std::vector<std::string>* line = line_over_board(*analysis_, game_))
      show_line(scene, game_.position(), *line, kLinePlies);
}

void AnalysisPanel::draw_over_board(std::optional<Cell> selected, float left, float top, float cell,
                                    int rows) const {
  if (!analysis_ || overlay_ == BoardOverlay::kNothing) return;
  analysis_over_board(*analysis_, game_, selected, {left, top, cell, rows},
                      overlay_ == BoardOverlay::kLine);
}

std::string AnalysisPanel::state(std::optional<Cell> selected) const {
  std::string out = "analysis " + std::string(analysis_ ? "1" : "0") + "\n";
  out += "analysis_engines " + std::to_string(analysis_ ? analysis_->engines() : 0) + "\n";
  const std::optional<AnalysisResult>& found =
      analysis_ ? analysis_->current() : std::optional<AnalysisResult>{};
  out += "analysis_depth " + std::to_string(found ? found->depth : 0) + "\n";
  out += "analysis_score " +
         (found ? score_in_words(found->score, game_.side_to_move(), game_.position()) : "") + "\n";
  out += "analysis_moves";
  if (found)
    for (const MoveScore& m : found->moves)
      out += " " + m.text + ":" + move_score_short_label(m.score);
  out += "\nanalysis_line";
  if (found)
    for (const std::string& move : found->pv) out += " " + move;
  out += "\nanalysis_labels";
  if (found) out += labels_state(*found, selected);
  return out + "\n";
}

// The labels over the board, as drawn: each move a label stands for, its
// score, and the piece's square where the label names it.
std::string AnalysisPanel::labels_state(const AnalysisResult& found,
                                        std::optional<Cell> selected) const {
  std::string out;
  if (overlay_ != BoardOverlay::kMoveScores || game_.ai_thinking() || game_.game_over()) return out;
  for (const BoardLabel& label : board_labels(found, game_.position(), selected))
    for (const std::string& move : label.moves)
      out += " " + move + ":" + move_score_short_label(label.score) +
             (label.piece.empty() ? "" : ":" + label.piece);
  return out;
}

}  // namespace arcade::app
