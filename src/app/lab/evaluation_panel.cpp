#include "app/lab/evaluation_panel.h"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "app/lab/lab.h"
#include "app/lab/lab_paint.h"
#include "app/ui_audit.h"
#include "engine/evaluation.h"

namespace arcade::app {
namespace {

// A weight's field, the number beside its - and + buttons, must show the
// whole number.
void audit_weight_field(Score weight, bool stepped) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons = stepped ? 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x) : 0;
  const std::string text = std::to_string(weight);
  audit_fits("a weight", ImGui::CalcTextSize(text.c_str()).x + 2 * style.FramePadding.x,
             ImGui::GetItemRectSize().x - buttons);
}

// The table's columns: the names as wide as the widest ("TheirOpenThree"
// ran into the values), the values as the widest value; the totals take
// the rest. Whether the weights have their - and + buttons.
bool term_columns(const std::vector<EvalTerm>& terms, const std::vector<Score>& values,
                  float room) {
  float name_w = ImGui::CalcTextSize("Term").x, value_w = ImGui::CalcTextSize("Value").x;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    name_w = std::max(name_w, ImGui::CalcTextSize(std::string(terms[i].name).c_str()).x);
    value_w = std::max(value_w, ImGui::CalcTextSize(std::to_string(values[i]).c_str()).x);
  }
  ImGui::TableSetupColumn("Term", ImGuiTableColumnFlags_WidthFixed, name_w);
  ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthFixed, value_w);
  // As wide as the largest weight needs, with its - and + buttons where
  // the panel has room for them and a total beside (a narrow one, 800
  // points wide or a phone held sideways, types the weight).
  const ImGuiStyle& style = ImGui::GetStyle();
  const std::string widest = std::to_string(-kMaxWeight);
  const float field = ImGui::CalcTextSize(widest.c_str()).x + 2 * style.FramePadding.x;
  const float buttons = 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x);
  const float others =
      name_w + value_w + ImGui::CalcTextSize("-100000").x + 4 * 2 * style.CellPadding.x;
  const bool stepped = room >= others + field + buttons;
  ImGui::TableSetupColumn("Weight", ImGuiTableColumnFlags_WidthFixed,
                          field + (stepped ? buttons : 0.0f));
  ImGui::TableSetupColumn("Total", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  return stepped;
}

// A term's row: its name (what it counts in a tooltip), value, weight and
// total. Whether the weight changed.
bool term_row(const EvalTerm& term, Score value, Score& weight, bool stepped) {
  bool changed = false;
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(std::string(term.name).c_str());
  audit_last_item("a weight's term");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(term.counts).c_str());
  ImGui::TableNextColumn();
  ImGui::Text("%d", value);
  ImGui::TableNextColumn();
  ImGui::SetNextItemWidth(-1);
  int edited = weight;
  if (ImGui::InputInt("##weight", &edited, stepped ? 1 : 0, stepped ? 10 : 0)) {
    weight = std::clamp<Score>(edited, -kMaxWeight, kMaxWeight);
    changed = true;
  }
  audit_weight_field(weight, stepped);
  ImGui::TableNextColumn();
  // In 64 bits: a score of 800,000 points times a weight of 10,000 is
  // beyond an int.
  ImGui::Text("%lld", static_cast<long long>(term_contribution(value, weight)));
  return changed;
}

// A button for each of the game's presets. Whether one was pressed.
bool preset_buttons(const GameView& position, std::vector<Score>& weights) {
  bool changed = false;
  for (std::string_view preset : position.weight_presets()) {
    const std::string label = "Weights: " + std::string(preset);
    // A whole button, not a small one: on a touch screen the theme makes
    // it a finger's height.
    if (ImGui::Button(label.c_str())) {
      weights = *position.preset_weights(preset);
      changed = true;
    }
    ImGui::SameLine();
  }
  ImGui::NewLine();
  return changed;
}

}  // namespace

bool evaluation_panel(const GameView& position, std::vector<Score>& weights) {
  const std::vector<EvalTerm> terms = position.terms();
  // Weights are a game's own (HeuristicWeights): another game's position
  // has other terms, and neither may be bent to fit the other.
  if (weights.size() != terms.size()) return false;
  const std::vector<Score> values = position.term_values(weights);
  bool changed = false;
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg;
  const float room = ImGui::GetContentRegionAvail().x;
  if (ImGui::BeginTable("terms", 4, flags)) {
    const bool stepped = term_columns(terms, values, room);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < terms.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      if (term_row(terms[i], values[i], weights[i], stepped)) changed = true;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  const std::string note = weights_note(values);
  if (!note.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kStale));
    ImGui::TextWrapped("%s", note.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Text("Evaluation: %+d for %s", position.evaluate(weights),
              std::string(position.side(position.side_to_move()).name).c_str());
  if (preset_buttons(position, weights)) changed = true;
  return changed;
}

}  // namespace arcade::app
