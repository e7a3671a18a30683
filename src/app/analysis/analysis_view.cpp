#include "app/analysis/analysis_view.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/theme.h"
#include "app/ui_audit.h"

namespace arcade::app {
namespace {

constexpr ImU32 kWinColour = IM_COL32(46, 157, 79, 235);
constexpr ImU32 kLossColour = IM_COL32(192, 57, 43, 235);
constexpr ImU32 kDrawColour = IM_COL32(110, 110, 120, 235);
constexpr ImU32 kHeuristicColour = IM_COL32(40, 44, 60, 235);
constexpr float kGraphHeight = 90.0f;

ImU32 label_colour(const EngineScore& s) {
  switch (s.kind) {
    case EngineScore::Kind::kWin:
      return kWinColour;
    case EngineScore::Kind::kLoss:
      return kLossColour;
    case EngineScore::Kind::kDraw:
      return kDrawColour;
    default:
      return kHeuristicColour;
  }
}

// The bar: side 0's share of the width in its colour, side 1's in its own.
void evaluation_bar(const EngineScore& side0, const BoardLook& look) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x, height = 14.0f;
  const float split = at.x + width * side0.share();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(at, ImVec2(split, at.y + height), side_colour(look, 0), 3.0f,
                      ImDrawFlags_RoundCornersLeft);
  draw->AddRectFilled(ImVec2(split, at.y), ImVec2(at.x + width, at.y + height),
                      side_colour(look, 1), 3.0f, ImDrawFlags_RoundCornersRight);
  draw->AddLine(ImVec2(at.x + width / 2, at.y), ImVec2(at.x + width / 2, at.y + height),
                IM_COL32(255, 255, 255, 90));
  ImGui::Dummy(ImVec2(width, height));
  audit_rect("evaluation_bar");
}

// The evaluation graph: side 0's share after each ply, the current ply marked.
std::optional<std::size_t> evaluation_graph(const Analysis& analysis, const GameController& game) {
  const auto& history = analysis.history();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  // Pressed when released where it was pressed: a swipe that starts on the
  // graph scrolls the panel (drag_to_scroll) and goes to no move.
  const bool pressed = ImGui::InvisibleButton("graph", ImVec2(width, kGraphHeight));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(at, ImVec2(at.x + width, at.y + kGraphHeight), IM_COL32(24, 26, 34, 255),
                      4.0f);
  const float mid = at.y + kGraphHeight / 2;
  draw->AddLine(ImVec2(at.x, mid), ImVec2(at.x + width, mid), IM_COL32(255, 255, 255, 50));
  const std::size_t plies = game.line().size() + game.redo_moves().size();
  const float step = width / static_cast<float>(std::max<std::size_t>(plies, 1));
  const auto x_of = [&](std::size_t ply) { return at.x + step * static_cast<float>(ply); };
  const auto y_of = [&](const EngineScore& s) {
    return at.y + 4 + (kGraphHeight - 8) * (1.0f - s.share());
  };
  for (std::size_t ply = 0; ply < history.size(); ++ply) {
    if (!history[ply]) continue;
    const ImVec2 p(x_of(ply), y_of(*history[ply]));
    if (ply + 1 < history.size() && history[ply + 1])
      draw->AddLine(p, ImVec2(x_of(ply + 1), y_of(*history[ply + 1])), IM_COL32(235, 235, 245, 230),
                    2.0f);
    draw->AddCircleFilled(p, 2.5f, IM_COL32(235, 235, 245, 255));
  }
  const float now = x_of(game.line().size());
  draw->AddLine(ImVec2(now, at.y), ImVec2(now, at.y + kGraphHeight), IM_COL32(90, 160, 255, 220),
                2.0f);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Click to go to that move");
  if (!pressed) return std::nullopt;
  const float x = ImGui::GetIO().MousePos.x - at.x;
  const auto ply = static_cast<std::size_t>(std::clamp(x / step + 0.5f, 0.0f, float(plies)));
  return ply;
}

// The label as it fits within `max_width`: on one line, on two, or short;
// a label that names its piece keeps the piece's square first.
std::string fitted_label(const BoardLabel& label, float max_width) {
  const std::string words = move_score_label(label.score);
  const std::string brief = move_score_short_label(label.score);
  std::vector<std::string> tries;
  if (label.piece.empty()) {
    tries = {words, words, brief};
    if (const std::size_t space = words.rfind(' '); space != std::string::npos)
      tries[1][space] = '\n';
  } else {
    tries = {label.piece + " " + words, label.piece + "\n" + words, label.piece + " " + brief,
             label.piece + "\n" + brief};
  }
  for (const std::string& text : tries)
    if (ImGui::CalcTextSize(text.c_str()).x <= max_width) return text;
  return tries.back();
}

// One label centred on a point, in a rounded box.
void centred_label(ImDrawList* draw, ImVec2 centre, const std::string& text, ImU32 fill,
                   bool outlined) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const ImVec2 pad(5, 3);
  const ImVec2 a(centre.x - size.x / 2 - pad.x, centre.y - size.y / 2 - pad.y);
  const ImVec2 b(centre.x + size.x / 2 + pad.x, centre.y + size.y / 2 + pad.y);
  draw->AddRectFilled(a, b, fill, 6.0f);
  if (outlined) draw->AddRect(a, b, IM_COL32(255, 255, 255, 255), 6.0f, 0, 2.0f);
  draw->AddText(ImVec2(a.x + pad.x, a.y + pad.y), IM_COL32(255, 255, 255, 255), text.c_str());
}

ImVec2 cell_centre(const BoardPlacement& board, Cell c) {
  return ImVec2(board.left + (static_cast<float>(c.col) + 0.5f) * board.cell,
                board.top + (static_cast<float>(board.rows - 1 - c.row) + 0.5f) * board.cell);
}

void move_scores_over_board(const AnalysisResult& result, const GameView& position,
                            std::optional<Cell> selected, const BoardPlacement& board,
                            ImDrawList* draw) {
  for (const BoardLabel& label : board_labels(result, position, selected))
    centred_label(draw, cell_centre(board, label.cell), fitted_label(label, board.cell - 14.0f),
                  label_colour(label.score), label.best);
}

// The line's pieces are ghosts on the board itself (show_line, drawn by the
// board's shader as each side's own piece); over each, its ply's number.
void principal_variation_over_board(const AnalysisResult& result, const GameView& position,
                                    const BoardPlacement& board, ImDrawList* draw) {
  std::unique_ptr<GameView> walk = position.clone();
  for (std::size_t i = 0; i < result.pv.size() && i < kLinePlies; ++i) {
    const Parsed<Move> move = walk->move_from_text(result.pv[i]);
    if (!move) return;
    const std::optional<Cell> to = walk->move_cells(*move).to;
    walk->play(*move);
    if (!to) continue;  // a pass: no cell to number
    const std::string number = std::to_string(i + 1);
    const ImVec2 size = ImGui::CalcTextSize(number.c_str());
    const float radius = std::max(size.x, size.y) * 0.5f + 4.0f;
    const ImVec2 centre = cell_centre(board, *to);
    draw->AddCircleFilled(centre, radius, IM_COL32(20, 25, 35, 210));
    draw->AddCircle(centre, radius, IM_COL32(255, 255, 255, 200), 0, 1.5f);
    draw->AddText(ImVec2(centre.x - size.x / 2, centre.y - size.y / 2),
                  IM_COL32(255, 255, 255, 255), number.c_str());
  }
}

// A move that changes no cell (a forced pass, Pac-Man's Stop) has no cell
// to carry its label over the board: its score in words.
void pass_score(const AnalysisResult& result, const GameView& position) {
  const bool only = position.legal_moves().size() == 1;
  for (const MoveScore& m : result.moves) {
    const Parsed<Move> move = position.move_from_text(m.text);
    if (!move || !position.move_cells(*move).is_pass()) continue;
    if (only)
      ImGui::TextWrapped("Only move: %s (%s)", m.text.c_str(), move_score_label(m.score).c_str());
    else
      ImGui::TextWrapped("%s (on no square): %s", m.text.c_str(),
                         move_score_label(m.score).c_str());
  }
}

}  // namespace

std::optional<std::size_t> analysis_panel(const Analysis& analysis, const GameController& game) {
  const GameView& position = game.position();
  const int mover = game.side_to_move();
  // While the AI thinks, its own search is the analysis.
  std::optional<AnalysisResult> shown = analysis.current();
  if (game.ai_thinking()) {
    const Thinking& t = game.thinking();
    shown.reset();
    if (t.depth > 0 && t.score)
      shown = AnalysisResult{t.depth, *t.score, t.nodes, measured_nps(t), t.pv, {}, false};
  }
  if (shown) {
    evaluation_bar(mover == 0 ? shown->score : shown->score.flipped(), position.board().look);
    ImGui::TextUnformatted(score_in_words(shown->score, mover, position).c_str());
    if (shown->depth > 0 && shown->nodes == 0) {
      // Wrapped: a narrow panel cut it.
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
      ImGui::TextWrapped("known without a search (an opening book or a solved game)");
      ImGui::PopStyleColor();
      audit_last_item("the analysis note");
    } else if (shown->depth > 0) {
      // No speed for a search too short to measure (measured_nps). Wrapped:
      // a phone's panel is narrower than the figures.
      const std::string speed = shown->nps > 0 ? ", " + short_count(shown->nps) + " nodes/s" : "";
      const std::string figures = reach_in_words(shown->depth, shown->score) + ", " +
                                  short_count(shown->nodes) + " nodes" + speed +
                                  (shown->done ? "" : " ...");
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
      ImGui::TextWrapped("%s", figures.c_str());
      ImGui::PopStyleColor();
      audit_last_item("the analysis figures");
    }
    if (!shown->pv.empty()) {
      std::string line;
      for (const std::string& m : shown->pv) line += (line.empty() ? "" : " ") + m;
      ImGui::TextWrapped("Line: %s", line.c_str());
    }
    pass_score(*shown, position);
  } else {
    evaluation_bar({EngineScore::Kind::kDraw, 0}, position.board().look);
    ImGui::TextDisabled(game.ai_thinking() ? "The AI is thinking..." : "Analysing...");
  }
  return evaluation_graph(analysis, game);
}

const std::vector<std::string>* line_over_board(const Analysis& analysis,
                                                const GameController& game) {
  if (game.ai_thinking() || !analysis.current() || game.game_over()) return nullptr;
  return &analysis.current()->pv;
}

void analysis_over_board(const Analysis& analysis, const GameController& game,
                         std::optional<Cell> selected, const BoardPlacement& board, bool line) {
  if (game.ai_thinking() || !analysis.current() || game.game_over()) return;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  if (line)
    principal_variation_over_board(*analysis.current(), game.position(), board, draw);
  else
    move_scores_over_board(*analysis.current(), game.position(), selected, board, draw);
}

}  // namespace arcade::app
