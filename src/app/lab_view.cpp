#include "app/lab_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/board_scene.h"

namespace arcade::app {
namespace {

constexpr ImU32 kBackground = IM_COL32(24, 27, 36, 255);
constexpr ImU32 kEdge = IM_COL32(120, 128, 150, 200);
constexpr ImU32 kPv = IM_COL32(255, 196, 61, 255);
constexpr ImU32 kMax = IM_COL32(255, 140, 90, 255);   // the root's side
constexpr ImU32 kMin = IM_COL32(110, 170, 255, 255);  // the other side
constexpr ImU32 kPruned = IM_COL32(235, 87, 87, 255);
constexpr ImU32 kTable = IM_COL32(64, 200, 180, 255);
constexpr ImU32 kText = IM_COL32(235, 238, 245, 255);
constexpr ImU32 kDim = IM_COL32(150, 156, 175, 255);
constexpr ImU32 kCurrent = IM_COL32(255, 255, 255, 255);
// Zoomed in this far (points a slot) a node is a board; less, a triangle.
constexpr float kBoardZoom = 56.0f;
constexpr float kLabelZoom = 26.0f;
constexpr float kMinZoom = 0.05f, kMaxZoom = 160.0f;
constexpr float kTopMargin = 34.0f;
constexpr int kMaxBoards = 400;  // drawn a frame, however far out

constexpr float kMinRow = 34.0f, kMaxRow = 180.0f;  // points a ply

// "+12" (GCC 12 warns wrongly about "+" + std::to_string: -Wrestrict).
std::string plus(std::size_t n) {
  char text[24];
  std::snprintf(text, sizeof text, "+%zu", n);
  return text;
}

std::string thousands(std::uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

const char* kind_name(NodeKind kind) {
  switch (kind) {
    case NodeKind::kCutoff:
      return "cut-off";
    case NodeKind::kLeaf:
      return "leaf (heuristic)";
    case NodeKind::kTerminal:
      return "game over";
    case NodeKind::kKnown:
      return "known";
    case NodeKind::kTable:
      return "table answer";
    default:
      return "expanded";
  }
}

std::string value_label(const LabNode& n, bool done) {
  if (!done) return "?";
  const std::string v = lab_value_text(n.value);
  if (n.bound == Bound::kLower) return ">=" + v;
  if (n.bound == Bound::kUpper) return "<=" + v;
  return v;
}

// Where a node is on screen, from its slot and ply.
struct Placement {
  ImVec2 origin;  // the view's top left
  float zoom, row;
  ImVec2 pan;
  ImVec2 at(float slot, int ply) const {
    return {origin.x + (slot + 0.5f) * zoom - pan.x, origin.y + kTopMargin + ply * row - pan.y};
  }
};

void fit(LabView& view, const LabLayout& layout, ImVec2 size) {
  view.zoom = std::clamp((size.x - 16) / std::max(1.0f, layout.width), kMinZoom, 110.0f);
  // The plies share the height, a board's room at most.
  view.row = std::clamp((size.y - kTopMargin - 60) / std::max(1, layout.depth), kMinRow,
                        std::max(kMinRow, std::min(kMaxRow, view.zoom * 1.6f + 40)));
  // A narrow tree sits in the middle; so does a tree too deep to fit.
  const float used = layout.width * view.zoom;
  view.pan = {std::min(0.0f, (used - size.x) / 2), 0};
}

void zoom_at(LabView& view, float factor, ImVec2 anchor, ImVec2 origin) {
  const float zoom = std::clamp(view.zoom * factor, kMinZoom, kMaxZoom);
  const float row_before = view.row;
  const float row_after = std::clamp(view.row * zoom / view.zoom, kMinRow, kMaxRow);
  // The point under the anchor stays there.
  const float slot = (anchor.x - origin.x + view.pan.x) / view.zoom;
  const float ply = (anchor.y - origin.y - kTopMargin + view.pan.y) / row_before;
  view.zoom = zoom;
  view.row = row_after;
  view.pan.x = slot * zoom - (anchor.x - origin.x);
  view.pan.y = ply * row_after - (anchor.y - origin.y - kTopMargin);
}

// Zooms about the view's top middle (the panel's buttons).
void zoom_by(LabView& view, float factor) {
  const float zoom = std::clamp(view.zoom * factor, kMinZoom, kMaxZoom);
  view.row = std::clamp(view.row * zoom / view.zoom, kMinRow, kMaxRow);
  view.pan.x = (view.pan.x + 300) * zoom / view.zoom - 300;
  view.zoom = zoom;
}

void triangle(ImDrawList* list, ImVec2 c, float r, bool up, ImU32 colour) {
  if (up)
    list->AddTriangleFilled({c.x, c.y - r}, {c.x - r, c.y + r * 0.8f}, {c.x + r, c.y + r * 0.8f},
                            colour);
  else
    list->AddTriangleFilled({c.x - r, c.y - r * 0.8f}, {c.x + r, c.y - r * 0.8f}, {c.x, c.y + r},
                            colour);
}

void centred_text(ImDrawList* list, ImVec2 at, ImU32 colour, const std::string& text) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  list->AddText({at.x - size.x / 2, at.y}, colour, text.c_str());
}

// The board of a node, its size for the zoom, and its top left corner.
ImVec2 board_size(const GameView& root, float zoom, float row) {
  const Grid grid = root.board().grid;
  const float cell = std::min(zoom * 0.8f / grid.cols, row * 0.5f / grid.rows);
  return {cell * grid.cols, cell * grid.rows};
}

struct TreePainter {
  Lab& lab;
  LabView& view;
  const GameView& root;
  ImGuiBoards& boards;
  ImDrawList* list;
  Placement place;
  ImVec2 min, max;
  int current = -1;  // the node of the event last replayed; -1: none
  int boards_drawn = 0;

  bool on_screen(float x) const { return x > min.x - place.zoom && x < max.x + place.zoom; }

  // Zoomed far out, many nodes of a ply share a pixel: the first one there
  // stands for them all (within a ply, preorder goes left to right), so a
  // frame draws at most a few nodes per pixel column and ply, whatever the
  // tree's size.
  std::vector<int> last_edge_column{}, last_node_column{};
  bool crowded(std::vector<int>& last, int ply, float x) const {
    if (place.zoom >= 2.0f) return false;
    if (last.size() <= static_cast<std::size_t>(ply))
      last.resize(static_cast<std::size_t>(ply) + 1, -1'000'000);
    const int column = static_cast<int>(std::floor(x / 2.0f));
    if (column == last[static_cast<std::size_t>(ply)]) return true;
    last[static_cast<std::size_t>(ply)] = column;
    return false;
  }

  void edges(const std::vector<LabNode>& nodes, const LabLayout& layout) {
    for (std::size_t i = 1; i < nodes.size(); ++i) {
      if (!layout.visible[i] || !lab.entered(static_cast<int>(i))) continue;
      const LabNode& n = nodes[i];
      const auto p = static_cast<std::size_t>(n.parent);
      const ImVec2 a = place.at(layout.x[p], nodes[p].ply), b = place.at(layout.x[i], n.ply);
      if (!on_screen(a.x) && !on_screen(b.x) && (a.x < min.x) == (b.x < min.x)) continue;
      const bool pv = n.on_pv && lab.done(static_cast<int>(i));
      if (!pv && crowded(last_edge_column, n.ply, b.x)) continue;
      list->AddLine(a, b, pv ? kPv : kEdge, pv ? 3.0f : 1.0f);
      if (place.zoom >= 30 && on_screen(b.x))
        centred_text(list, {(a.x * 0.25f + b.x * 0.75f) + 6, (a.y * 0.25f + b.y * 0.75f) - 16},
                     kDim, n.move);
    }
  }

  void stub(const LabNode& n, std::size_t i, const LabLayout& layout) {
    if (layout.stub_x[i] < 0 || !lab.done(static_cast<int>(i))) return;
    const ImVec2 a = place.at(layout.x[i], n.ply), b = place.at(layout.stub_x[i], n.ply + 1);
    if (!on_screen(b.x)) return;
    const ImVec2 end{b.x, b.y - place.row * 0.35f};
    const int beyond = n.searched_children - static_cast<int>(n.children.size());
    const ImU32 colour = n.pruned.empty() ? kDim : kPruned;
    list->AddLine(a, end, colour, 1.0f);
    list->AddLine({end.x - 4, end.y - 4}, {end.x + 4, end.y + 4}, colour, 2.0f);
    list->AddLine({end.x - 4, end.y + 4}, {end.x + 4, end.y - 4}, colour, 2.0f);
    if (place.zoom < kLabelZoom) return;
    const std::string text =
        !n.pruned.empty() ? std::to_string(n.pruned.size()) + " pruned"
                          : plus(static_cast<std::size_t>(std::max(0, beyond))) + " not kept";
    centred_text(list, {end.x, end.y + 6}, colour, text);
  }

  void node(const LabNode& n, std::size_t i, const LabLayout& layout) {
    const ImVec2 c = place.at(layout.x[i], n.ply);
    if (!on_screen(c.x) || c.y < min.y - place.row || c.y > max.y + place.row) return;
    if (!n.on_pv && crowded(last_node_column, n.ply, c.x)) return;
    ++view.drawn_nodes;
    const bool done = lab.done(static_cast<int>(i));
    const ImU32 side = n.max_to_move ? kMax : kMin;
    const bool highlight = n.on_pv && done;
    float bottom = c.y;
    if (place.zoom >= kBoardZoom && boards_drawn < kMaxBoards) {
      const ImVec2 size = board_size(root, place.zoom, place.row);
      const ImVec2 top_left{c.x - size.x / 2, c.y - 4};
      if (const std::unique_ptr<GameView> position =
              node_position(lab, root, static_cast<int>(i))) {
        boards.add(list, position_scene(*position), top_left,
                   {top_left.x + size.x, top_left.y + size.y});
        ++boards_drawn;
      }
      list->AddRect({top_left.x - 3, top_left.y - 3},
                    {top_left.x + size.x + 3, top_left.y + size.y + 3}, highlight ? kPv : side,
                    3.0f, 0, highlight ? 3.0f : 2.0f);
      bottom = top_left.y + size.y + 4;
    } else {
      const float r = std::clamp(place.zoom * 0.28f, 1.5f, 11.0f);
      if (highlight) triangle(list, c, r + 3, n.max_to_move, kPv);
      triangle(list, c, r, n.max_to_move, done ? side : kDim);
      bottom = c.y + r + 2;
    }
    if (n.kind == NodeKind::kTable && place.zoom >= 14)
      list->AddText({c.x + place.zoom * 0.3f, c.y - 6}, kTable, "T");
    if (static_cast<int>(i) == current)
      list->AddCircle({c.x, (c.y + bottom) / 2}, std::max(10.0f, (bottom - c.y) * 0.9f), kCurrent,
                      0, 2.5f);
    if (view.selected == static_cast<int>(i))
      list->AddCircle({c.x, (c.y + bottom) / 2}, std::max(12.0f, (bottom - c.y) * 1.0f), kPv, 0,
                      1.5f);
    if (place.zoom >= kLabelZoom)
      centred_text(list, {c.x, bottom}, done ? kText : kDim, value_label(n, done));
    if (place.zoom >= 80)
      centred_text(list, {c.x, bottom + 15}, kDim, window_text(n.alpha, n.beta));
    if (lab.folded(static_cast<int>(i)))
      centred_text(list, {c.x, bottom + (place.zoom >= kLabelZoom ? 15.0f : 2.0f)}, kPv,
                   plus(n.children.size()));
  }
};

// Brings a node asked for, or the replay's current node when it has left
// the view, to the middle.
void follow(const Lab& lab, LabView& view, const LabLayout& layout, ImVec2 min, ImVec2 max) {
  if (lab.step() != view.step_seen) {
    view.step_seen = lab.step();
    const std::optional<LabEvent> event = lab.current_event();
    if (event && lab.step() < lab.events().size()) {
      const Placement place{min, view.zoom, view.row, view.pan};
      const auto i = static_cast<std::size_t>(event->node);
      const ImVec2 at = place.at(layout.x[i], lab.tree().nodes()[i].ply);
      if (at.x < min.x + 20 || at.x > max.x - 20 || at.y < min.y + 20 || at.y > max.y - 60)
        view.centre_on = event->node;
    }
  }
  if (!view.centre_on) return;
  const auto i = static_cast<std::size_t>(*view.centre_on);
  view.centre_on.reset();
  if (i >= layout.x.size()) return;
  view.pan.x = (layout.x[i] + 0.5f) * view.zoom - (max.x - min.x) / 2;
  view.pan.y = kTopMargin + lab.tree().nodes()[i].ply * view.row - (max.y - min.y) / 3;
}

// The node nearest the pointer, if it is close enough to be meant.
std::optional<int> node_under(Lab& lab, const Placement& place, ImVec2 mouse) {
  const LabLayout& layout = lab.layout();
  const std::vector<LabNode>& nodes = lab.tree().nodes();
  std::optional<int> best;
  float best_d = std::max(12.0f, place.zoom * 0.5f);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!layout.visible[i] || !lab.entered(static_cast<int>(i))) continue;
    const ImVec2 c = place.at(layout.x[i], nodes[i].ply);
    const float d = std::hypot(c.x - mouse.x, c.y + place.row * 0.2f - mouse.y);
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

void node_details(const Lab& lab, int index, const LabWords& words) {
  const LabNode& n = lab.tree().nodes()[static_cast<std::size_t>(index)];
  std::string path;
  for (int at = index; at > 0; at = lab.tree().nodes()[static_cast<std::size_t>(at)].parent)
    path = lab.tree().nodes()[static_cast<std::size_t>(at)].move + (path.empty() ? "" : " ") + path;
  ImGui::Text("Node %d: %s", index, path.empty() ? "the root" : path.c_str());
  ImGui::Text("%s to move (%s), window %s",
              (n.max_to_move ? words.max_side : words.min_side).c_str(),
              n.max_to_move ? "max" : "min", window_text(n.alpha, n.beta).c_str());
  ImGui::Text("Value %s (%s), %s", value_label(n, lab.done(index)).c_str(),
              n.bound == Bound::kExact   ? "exact"
              : n.bound == Bound::kLower ? "at least: failed high"
                                         : "at most: failed low",
              kind_name(n.kind));
  ImGui::Text("%d children searched", n.searched_children);
  if (!n.pruned.empty()) {
    std::string pruned;
    for (const std::string& m : n.pruned) pruned += (pruned.empty() ? "" : " ") + m;
    ImGui::TextWrapped("Pruned: %s", pruned.c_str());
  }
}

void settings_controls(LabSettings& s, const GameView& root) {
  ImGui::SetNextItemWidth(120);
  ImGui::SliderInt("Depth", &s.depth, 1,
                   std::min(12, std::max(1, root.board().grid.cols * root.board().grid.rows)));
  int algorithm = s.minimax ? 0 : 1;
  ImGui::RadioButton("Minimax", &algorithm, 0);
  ImGui::SameLine();
  ImGui::RadioButton("Alpha-beta", &algorithm, 1);
  s.minimax = algorithm == 0;
  ImGui::Checkbox("Ordering", &s.ordering);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The most promising moves first: table move, killers, history");
  ImGui::SameLine();
  ImGui::Checkbox("Table", &s.table);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("A transposition table: a position reached twice is searched once");
  ImGui::SameLine();
  ImGui::Checkbox("Deepening", &s.deepening);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Iterative deepening: depths 1, 2, ... first; the tree shows the last");
  static constexpr std::uint64_t kLimits[] = {1'000, 5'000, 20'000, 50'000, 100'000};
  ImGui::SetNextItemWidth(120);
  if (ImGui::BeginCombo("Nodes kept", thousands(s.limit).c_str())) {
    for (std::uint64_t limit : kLimits)
      if (ImGui::Selectable(thousands(limit).c_str(), limit == s.limit)) s.limit = limit;
    ImGui::EndCombo();
  }
}

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
    ImGui::TextWrapped("%s", event_sentence(lab.tree().nodes(), *event, words).c_str());
  else
    ImGui::TextWrapped("Nothing searched yet: press > to enter the root.");
}

void node_chart(const Lab& lab) {
  const std::vector<LabCount>& counts = lab.counts();
  std::uint64_t most = 1;
  for (const LabCount& c : counts)
    if (c.nodes) most = std::max(most, *c.nodes);
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  for (const LabCount& c : counts) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    // A log scale: minimax's millions and the minimal tree's hundreds both show.
    const float share = c.nodes ? std::log10(1.0f + *c.nodes) / std::log10(1.0f + most) : 0.0f;
    const ImU32 colour = c.name == "minimal tree" ? kPv : IM_COL32(90, 140, 230, 255);
    list->AddRectFilled(at, {at.x + width * 0.55f * share, at.y + h}, colour, 2.0f);
    std::string text = c.name + ": ";
    if (c.nodes)
      text += thousands(*c.nodes) + (c.value ? "  (" + lab_value_text(*c.value) + ")" : "");
    else
      text += c.note.empty() ? "searching..." : c.note;
    list->AddText({at.x + 4, at.y}, kText, text.c_str());
    ImGui::Dummy({width, h + 3});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.what.c_str());
  }
}

}  // namespace

bool evaluation_panel(const GameView& position, std::vector<Score>& weights) {
  const std::vector<EvalTerm> terms = position.terms();
  weights.resize(terms.size());
  const std::vector<Score> values = position.term_values(weights);
  bool changed = false;
  const ImGuiTableFlags flags = ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg;
  if (ImGui::BeginTable("terms", 4, flags)) {
    ImGui::TableSetupColumn("Term", ImGuiTableColumnFlags_WidthStretch, 2.6f);
    ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch, 0.9f);
    ImGui::TableSetupColumn("Weight", ImGuiTableColumnFlags_WidthStretch, 3.0f);
    ImGui::TableSetupColumn("Total", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < terms.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(std::string(terms[i].name).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(terms[i].counts).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%d", values[i]);
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(-1);
      int weight = weights[i];
      if (ImGui::InputInt("##weight", &weight, 1, 10)) {
        weights[i] = std::clamp<Score>(weight, -kMaxWeight, kMaxWeight);
        changed = true;
      }
      ImGui::TableNextColumn();
      ImGui::Text("%d", values[i] * weights[i]);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  ImGui::Text("Evaluation: %+d for %s", position.evaluate(weights),
              std::string(position.side(position.side_to_move()).name).c_str());
  for (std::string_view preset : position.weight_presets()) {
    const std::string label = "Weights: " + std::string(preset);
    if (ImGui::SmallButton(label.c_str())) {
      weights = *position.preset_weights(preset);
      changed = true;
    }
    ImGui::SameLine();
  }
  ImGui::NewLine();
  return changed;
}

std::unique_ptr<GameView> node_position(const Lab& lab, const GameView& root, int node) {
  const std::vector<LabNode>& nodes = lab.tree().nodes();
  std::vector<const std::string*> moves;
  for (int at = node; at > 0; at = nodes[static_cast<std::size_t>(at)].parent)
    moves.push_back(&nodes[static_cast<std::size_t>(at)].move);
  std::unique_ptr<GameView> position = root.clone();
  for (auto it = moves.rbegin(); it != moves.rend(); ++it) {
    const Parsed<Move> move = position->move_from_text(**it);
    if (!move) return nullptr;
    position->play(*move);
  }
  return position;
}

LabAction lab_panel(Lab& lab, LabSettings& settings, LabView& view, const GameView& root,
                    const LabWords& words, ImGuiBoards& boards) {
  LabAction action = LabAction::kNothing;
  ImGui::TextWrapped("Search the position on the board and watch every node.");
  settings_controls(settings, root);
  if (lab.running()) {
    if (ImGui::Button("Stop")) action = LabAction::kStop;
    ImGui::SameLine();
    ImGui::TextDisabled("searching...");
  } else if (ImGui::Button("Run the search")) {
    action = LabAction::kRun;
  }
  if (!lab.has_run()) return action;
  const LabTree& tree = lab.tree();
  if (tree.state() == LabTree::State::kFailed)
    ImGui::TextWrapped("Error: %s", tree.error().c_str());
  ImGui::Text("%s nodes searched", thousands(tree.searched()).c_str());
  if (tree.value()) {
    ImGui::SameLine();
    ImGui::Text("value %s", lab_value_text(*tree.value()).c_str());
  }
  if (tree.searched() > tree.nodes().size() && tree.state() == LabTree::State::kComplete)
    ImGui::TextWrapped("Showing the first %s (the node limit); every node is counted.",
                       thousands(tree.nodes().size()).c_str());
  if (ImGui::Button("Fit")) view.zoom = 0;
  ImGui::SameLine();
  if (ImGui::Button("Zoom +")) zoom_by(view, 1.5f);
  ImGui::SameLine();
  if (ImGui::Button("Zoom -")) zoom_by(view, 1 / 1.5f);
  ImGui::SameLine();
  if (ImGui::Button("Unfold")) lab.unfold_all();
  ImGui::Separator();
  replay_controls(lab, words);
  ImGui::Separator();
  ImGui::Text("Nodes searched, same position and depth:");
  node_chart(lab);
  if (view.selected && lab.tree_ready() && *view.selected < static_cast<int>(tree.nodes().size())) {
    ImGui::Separator();
    node_details(lab, *view.selected, words);
    if (const std::unique_ptr<GameView> position = node_position(lab, root, *view.selected)) {
      const ImVec2 size = board_size(root, 150, 200);
      const ImVec2 at = ImGui::GetCursorScreenPos();
      boards.add(ImGui::GetWindowDrawList(), position_scene(*position), at,
                 {at.x + size.x, at.y + size.y});
      ImGui::Dummy(size);
    }
  }
  return action;
}

void lab_tree(Lab& lab, LabView& view, const GameView& root, const LabWords& words,
              ImGuiBoards& boards, ImVec2 min, ImVec2 max) {
  ImGui::SetNextWindowPos(min);
  ImGui::SetNextWindowSize({max.x - min.x, max.y - min.y});
  ImGui::PushStyleColor(ImGuiCol_WindowBg, kBackground);
  ImGui::Begin("lab tree", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleColor();
  view.drawn_nodes = 0;
  const LabTree& tree = lab.tree();
  if (tree.nodes().empty() || !lab.tree_ready()) {
    ImGui::SetCursorPos({16, kTopMargin});
    const std::string arriving = "Searching... " + thousands(tree.nodes().size()) + " nodes so far";
    ImGui::TextWrapped("%s", !lab.has_run()
                                 ? "Choose a depth and run the search: its tree appears here."
                             : lab.running() ? arriving.c_str()
                                             : "No tree.");
    ImGui::End();
    return;
  }
  const LabLayout& layout = lab.layout();
  if (view.zoom <= 0) fit(view, layout, {max.x - min.x, max.y - min.y});
  view.pan.x += view.autopan.x;
  view.pan.y += view.autopan.y;

  // The whole area takes the pointer: drag pans, the wheel zooms.
  ImGui::SetCursorScreenPos(min);
  ImGui::InvisibleButton("tree canvas", {max.x - min.x, max.y - min.y},
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
    view.pan.x -= io.MouseDelta.x;
    view.pan.y -= io.MouseDelta.y;
  }
  if (ImGui::IsItemHovered() && io.MouseWheel != 0)
    zoom_at(view, std::pow(1.2f, io.MouseWheel), io.MousePos, min);

  follow(lab, view, layout, min, max);
  Placement place{min, view.zoom, view.row, view.pan};
  if (ImGui::IsItemHovered()) {
    const std::optional<int> under = node_under(lab, place, io.MousePos);
    if (under && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
        io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 9.0f)
      view.selected = *under;
    if (under && (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) ||
                  ImGui::IsMouseClicked(ImGuiMouseButton_Right)))
      lab.toggle_fold(*under);
    if (under) {
      ImGui::BeginTooltip();
      node_details(lab, *under, words);
      // Zoomed out a node is a triangle: its board comes with the details.
      if (view.zoom < kBoardZoom)
        if (const std::unique_ptr<GameView> position = node_position(lab, root, *under)) {
          const ImVec2 size = board_size(root, 120, 160);
          const ImVec2 at = ImGui::GetCursorScreenPos();
          boards.add(ImGui::GetWindowDrawList(), position_scene(*position), at,
                     {at.x + size.x, at.y + size.y});
          ImGui::Dummy(size);
        }
      ImGui::EndTooltip();
    }
  }

  ImDrawList* list = ImGui::GetWindowDrawList();
  list->PushClipRect(min, max, true);
  const std::optional<LabEvent> event = lab.current_event();
  TreePainter painter{lab, view, root, boards, list, place, min, max, event ? event->node : -1};
  const std::vector<LabNode>& nodes = tree.nodes();
  painter.edges(nodes, layout);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!layout.visible[i] || !lab.entered(static_cast<int>(i))) continue;
    if (!lab.folded(static_cast<int>(i))) painter.stub(nodes[i], i, layout);
    painter.node(nodes[i], i, layout);
  }
  const std::string legend = words.max_side + " max (up)   " + words.min_side +
                             " min (down)   values from " + words.max_side + "'s side";
  list->AddText({min.x + 10, min.y + 6}, kDim, legend.c_str());
  list->PopClipRect();
  ImGui::End();
}

}  // namespace arcade::app
