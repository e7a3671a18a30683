#include "app/lab/lab_controls.h"

#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "app/lab/lab_navigation.h"
#include "app/lab/lab_node_board.h"
#include "app/lab/lab_node_details.h"
#include "app/lab/lab_paint.h"
#include "app/lab/lab_settings_controls.h"
#include "app/lab/lab_text.h"
#include "app/widgets.h"

namespace arcade::app {
namespace {

// Run, or Run again over a stale tree; Stop while it runs.
LabAction run_button(const Lab& lab, const std::string& stale) {
  if (lab.running()) {
    const LabAction action = ImGui::Button("Stop") ? LabAction::kStop : LabAction::kNothing;
    ImGui::SameLine();
    ImGui::TextDisabled("searching...");
    return action;
  }
  return ImGui::Button(!stale.empty() ? "Run again" : "Run the search") ? LabAction::kRun
                                                                        : LabAction::kNothing;
}

// While the engine searches, its count so far; the tree's once it came.
void node_count(const Lab& lab) {
  const LabTree& tree = lab.tree();
  if (lab.tree_searching())
    ImGui::Text("%s nodes so far", thousands(lab.progress_nodes()).c_str());
  else if (tree.state() == LabTree::State::kStopped && tree.nodes().empty())
    ImGui::TextWrapped("Stopped after %s nodes, none of them kept.",
                       thousands(lab.progress_nodes()).c_str());
  else if (tree.state() == LabTree::State::kStopped)
    ImGui::TextWrapped(
        "Stopped after %s nodes: the tree shows the part searched, and the "
        "nodes marked stopped were never finished.",
        thousands(tree.searched()).c_str());
  else
    ImGui::Text("%s nodes searched", thousands(tree.searched()).c_str());
}

// What the last run found: whether it is stale, its count of nodes, the
// root's value and what valued the leaves.
void run_summary(const Lab& lab, const LabWords& words, const std::string& stale) {
  if (!stale.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kStale));
    ImGui::TextWrapped("Stale: %s.", stale.c_str());
    ImGui::PopStyleColor();
  }
  const LabTree& tree = lab.tree();
  if (tree.state() == LabTree::State::kFailed)
    ImGui::TextWrapped("Error: %s", tree.error().c_str());
  node_count(lab);
  if (tree.value()) {
    ImGui::SameLine();
    ImGui::Text("value %s", lab_value_text(*tree.value(), tree.in_points()).c_str());
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kDim));
  ImGui::TextWrapped("%s", evaluation_words(lab.position(), lab.settings(), words).c_str());
  ImGui::PopStyleColor();
  if (tree.searched() > tree.nodes().size() && tree.state() != LabTree::State::kFailed)
    ImGui::TextWrapped("Showing the first %s (the node limit); every node is counted.",
                       thousands(tree.nodes().size()).c_str());
}

// Fit the whole tree, zoom about the chosen node, unfold every node.
void view_buttons(Lab& lab, LabView& view) {
  if (ImGui::Button("Fit")) view.camera.zoom = 0;
  ImGui::SameLine();
  if (ImGui::Button("Zoom +")) lab_zoom(lab, view, 1.5f);
  ImGui::SameLine();
  if (ImGui::Button("Zoom -")) lab_zoom(lab, view, 1 / 1.5f);
  ImGui::SameLine();
  if (ImGui::Button("Unfold")) lab.unfold_all();
}

// The node clicked: its details and its board, where the panel shows them
// first.
void chosen_node(const Lab& lab, const LabView& view, const GameView& root, const LabWords& words,
                 ImGuiBoards& boards) {
  if (!view.selected || !lab.tree_ready() ||
      *view.selected >= static_cast<int>(lab.tree().nodes().size()))
    return;
  ImGui::Separator();
  ImGui::TextDisabled("The chosen node (click another in the tree)");
  node_details(lab, *view.selected, words);
  if (const std::optional<BoardScene> scene = node_scene(lab, root, *view.selected))
    node_board_item(boards, *scene, node_board_size(root, 150, 200));
}

// The replay: to the start, a step back, play or pause, a step on, to the
// end, its speed, and the sentence for the event last replayed.
void replay_controls(Lab& lab, const LabWords& words) {
  const std::size_t total = lab.events().size();
  if (total == 0) return;
  if (ImGui::Button("|<")) lab.set_step(0);
  ImGui::SameLine();
  if (ImGui::Button("<") && lab.step() > 0) lab.set_step(lab.step() - 1);
  ImGui::SameLine();
  if (ImGui::Button(lab.playing() ? "Pause" : "Play")) {
    if (!lab.playing() && lab.step() >= total) lab.set_step(0);
    lab.play(!lab.playing());
  }
  ImGui::SameLine();
  if (ImGui::Button(">")) lab.set_step(lab.step() + 1);
  ImGui::SameLine();
  if (ImGui::Button(">|")) lab.set_step(total);
  ImGui::SetNextItemWidth(120);
  ImGui::SliderFloat("Speed", &lab.speed, 0.5f, 200.0f, "%.1f / s", ImGuiSliderFlags_Logarithmic);
  ImGui::TextDisabled("Event %zu of %zu", lab.step(), total);
  if (const std::optional<LabEvent> event = lab.current_event())
    text_wrapped_at_spaces(event_sentence(lab.tree().nodes(), *event, words),
                           ImGui::GetContentRegionAvail().x);
  else
    ImGui::TextWrapped("Nothing searched yet: press > to enter the root.");
}

// Each search's name and figure on a line of its own, its bar under it, to
// scale: the text never runs over a bar and a note wraps.
void node_chart(const Lab& lab) {
  const std::vector<LabCount>& counts = lab.counts();
  const std::vector<float> shares = chart_shares(counts);
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const LabCount& c = counts[i];
    ImGui::BeginGroup();
    std::string text = c.name + ": ";
    if (c.nodes)
      text += thousands(*c.nodes) + " nodes" +
              (c.value ? ", value " + lab_value_text(*c.value, c.in_points) : std::string());
    else
      text += c.note.empty() ? "searching..." : c.note;
    ImGui::TextWrapped("%s", text.c_str());
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = 6.0f;
    const ImU32 colour = c.name == "minimal tree" ? kPv : IM_COL32(90, 140, 230, 255);
    list->AddRectFilled(at, {at.x + width, at.y + h}, IM_COL32(255, 255, 255, 18), 2.0f);
    // The least bar a pixel wide: a count is never drawn as nothing.
    if (c.nodes)
      list->AddRectFilled(at, {at.x + std::max(1.0f, width * shares[i]), at.y + h}, colour, 2.0f);
    ImGui::Dummy({width, h + 2});
    ImGui::EndGroup();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.what.c_str());
  }
}

}  // namespace

LabAction lab_controls(Lab& lab, LabSettings& settings, LabView& view, const GameView& root,
                       const LabWords& words, ImGuiBoards& boards, const std::string& stale) {
  ImGui::TextWrapped("Search the position on the board and watch every node.");
  settings_controls(settings, root, words);
  const LabAction action = run_button(lab, stale);
  if (!lab.has_run()) return action;
  run_summary(lab, words, stale);
  view_buttons(lab, view);
  chosen_node(lab, view, root, words, boards);
  ImGui::Separator();
  replay_controls(lab, words);
  ImGui::Separator();
  ImGui::TextWrapped("Nodes searched, same position and depth (bars to scale):");
  node_chart(lab);
  return action;
}

}  // namespace arcade::app
