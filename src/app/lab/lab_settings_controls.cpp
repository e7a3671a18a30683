#include "app/lab/lab_settings_controls.h"

#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "app/lab/lab_text.h"

namespace arcade::app {
namespace {

// Puts the next item on this line if `width` points of it fit, else on the
// next (a phone's narrow panel).
void same_line_if(float width) {
  const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
         ImGui::CalcTextSize(label).x;
}

void limit_combo(LabSettings& s) {
  static constexpr std::uint64_t kLimits[] = {1'000, 5'000, 20'000, 50'000, 100'000};
  ImGui::SetNextItemWidth(120);
  if (ImGui::BeginCombo("Nodes kept", thousands(s.limit).c_str())) {
    for (std::uint64_t limit : kLimits)
      if (ImGui::Selectable(thousands(limit).c_str(), limit == s.limit)) s.limit = limit;
    ImGui::EndCombo();
  }
}

// "Depth [slider] 3": the label before, the value after, so that the
// slider's knob never covers the number.
void depth_slider(const char* label, int& depth, int most, const char* tooltip) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120);
  ImGui::PushID(label);
  ImGui::SliderInt("##depth", &depth, 1, most, "");
  ImGui::PopID();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  ImGui::SameLine();
  ImGui::Text("%d", depth);
}

// What a model of the other team does to its nodes, for a tooltip.
std::string model_words(const std::string& model) {
  if (model == "adversarial") return "MIN nodes: each picks the move worst for you (minimax)";
  if (model == "random") return "Chance nodes: every legal move alike";
  return "Chance nodes: each move weighted by the game's own model of how they move (" + model +
         ")";
}

// How an expectimax search takes the other team: the game's models, the
// one in play marked (and chosen while the learner has chosen none).
void opponents_choice(LabSettings& s, const GameView& root, const LabWords& words) {
  const std::string chosen = s.opponents.empty() ? words.opponents_in_play : s.opponents;
  ImGui::TextUnformatted((words.min_side + " as:").c_str());
  for (const std::string& model : root.opponent_models()) {
    const bool in_play = model == words.opponents_in_play;
    const std::string label = model + (in_play ? " (in play)" : "");
    same_line_if(ImGui::GetFrameHeight() + ImGui::CalcTextSize(label.c_str()).x + 8);
    if (ImGui::RadioButton(label.c_str(), model == chosen)) s.opponents = in_play ? "" : model;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s%s", model_words(model).c_str(),
                        in_play ? "; as they play at their level now" : "");
  }
}

// A game of agents searches in rounds, with expectimax besides, and has no
// table to choose.
void agent_settings(LabSettings& s, const GameView& root, const LabWords& words) {
  depth_slider("Rounds", s.depth, kLabMaxRounds,
               "The depth in rounds: in a round every agent moves once");
  int algorithm = s.expectimax ? 2 : s.minimax ? 0 : 1;
  ImGui::RadioButton("Minimax", &algorithm, 0);
  ImGui::SameLine();
  ImGui::RadioButton("Alpha-beta", &algorithm, 1);
  same_line_if(ImGui::GetFrameHeight() + ImGui::CalcTextSize("Expectimax").x + 8);
  ImGui::RadioButton("Expectimax", &algorithm, 2);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The other agents move by chance: each of their nodes is the mean of its "
        "children, weighted by the model's probabilities");
  s.minimax = algorithm == 0;
  s.expectimax = algorithm == 2;
  if (s.expectimax) opponents_choice(s, root, words);
  ImGui::Checkbox("Ordering", &s.ordering);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The game's most promising moves first");
  same_line_if(checkbox_width("Deepening"));
  ImGui::Checkbox("Deepening", &s.deepening);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Iterative deepening: 1, 2, ... rounds first; the tree shows the last");
  limit_combo(s);
}

}  // namespace

void settings_controls(LabSettings& s, const GameView& root, const LabWords& words) {
  if (root.multi_agent()) {
    agent_settings(s, root, words);
    return;
  }
  depth_slider("Depth", s.depth, std::min(12, std::max(1, root.grid().cols * root.grid().rows)),
               "How many plies deep the search looks");
  int algorithm = s.minimax ? 0 : 1;
  ImGui::RadioButton("Minimax", &algorithm, 0);
  ImGui::SameLine();
  ImGui::RadioButton("Alpha-beta", &algorithm, 1);
  s.minimax = algorithm == 0;
  s.expectimax = false;
  ImGui::Checkbox("Ordering", &s.ordering);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The most promising moves first: table move, killers, history");
  same_line_if(checkbox_width("Table"));
  ImGui::Checkbox("Table", &s.table);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A transposition table: a position reached twice is searched once");
  same_line_if(checkbox_width("Deepening"));
  ImGui::Checkbox("Deepening", &s.deepening);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Iterative deepening: depths 1, 2, ... first; the tree shows the last");
  limit_combo(s);
}

}  // namespace arcade::app
