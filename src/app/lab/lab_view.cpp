#include "app/lab/lab_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/board/board_scene.h"
#include "app/lab/lab_text.h"
#include "app/ui_audit.h"
#include "engine/evaluation.h"

namespace arcade::app {
namespace {

constexpr ImU32 kBackground = IM_COL32(24, 27, 36, 255);
constexpr ImU32 kEdge = IM_COL32(120, 128, 150, 200);
constexpr ImU32 kPv = IM_COL32(255, 196, 61, 255);
constexpr ImU32 kMax = IM_COL32(255, 140, 90, 255);      // the root's side
constexpr ImU32 kMin = IM_COL32(110, 170, 255, 255);     // the other side
constexpr ImU32 kChance = IM_COL32(180, 130, 255, 255);  // an agent moving at random
constexpr ImU32 kPruned = IM_COL32(235, 87, 87, 255);
constexpr ImU32 kTable = IM_COL32(64, 200, 180, 255);
constexpr ImU32 kText = IM_COL32(235, 238, 245, 255);
constexpr ImU32 kDim = IM_COL32(150, 156, 175, 255);
constexpr ImU32 kCurrent = IM_COL32(255, 255, 255, 255);
constexpr ImU32 kStale = IM_COL32(255, 196, 61, 255);
// Zoomed in kLabBoardZoom (points a slot) a node is a board; less, a triangle.
constexpr float kBoardZoom = kLabBoardZoom;
constexpr float kLabelZoom = 26.0f;
constexpr int kMaxBoards = 400;  // drawn a frame, however far out

// Whether a run's nodes have a window worth showing: only alpha-beta
// narrows one; minimax and expectimax search every node with [-inf, inf].
bool windowed(const LabSettings& s) {
  return !s.minimax && !s.expectimax;
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
    case NodeKind::kStopped:
      return "stopped";
    default:
      return "expanded";
  }
}

std::string value_label(const LabNode& n, bool done) {
  if (!done) return "?";
  if (n.kind == NodeKind::kStopped) return "stopped";
  const std::string v = lab_value_text(n.value, n.in_points());
  if (n.bound == Bound::kLower) return ">=" + v;
  if (n.bound == Bound::kUpper) return "<=" + v;
  return v;
}

// Where a node is on screen, from its slot and ply.
struct Placement {
  ImVec2 origin;  // the view's top left
  LabCamera camera;
  float zoom, row;
  ImVec2 at(float slot, int ply) const {
    return {origin.x + camera.x(slot), origin.y + camera.y(ply)};
  }
};
Placement placement(const LabView& view) {
  return {view.area_min, view.camera, view.camera.zoom, view.camera.row};
}

void triangle(ImDrawList* list, ImVec2 c, float r, bool up, ImU32 colour) {
  if (up)
    list->AddTriangleFilled({c.x, c.y - r}, {c.x - r, c.y + r * 0.8f}, {c.x + r, c.y + r * 0.8f},
                            colour);
  else
    list->AddTriangleFilled({c.x - r, c.y - r * 0.8f}, {c.x + r, c.y - r * 0.8f}, {c.x, c.y + r},
                            colour);
}

// The textbook shapes: MAX a triangle up, MIN one down, chance a circle.
void node_shape(ImDrawList* list, ImVec2 c, float r, const LabNode& n, ImU32 colour) {
  if (n.chance)
    list->AddCircleFilled(c, r * 0.9f, colour);
  else
    triangle(list, c, r, n.max_to_move, colour);
}

ImU32 side_colour(const LabNode& n) {
  return n.chance ? kChance : n.max_to_move ? kMax : kMin;
}

const char* level_kind(const LabNode& n) {
  return n.chance ? "chance" : n.max_to_move ? "max" : "min";
}

void centred_text(ImDrawList* list, ImVec2 at, ImU32 colour, const std::string& text) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  list->AddText({at.x - size.x / 2, at.y}, colour, text.c_str());
}

// The board of a node, its size for the zoom, and its top left corner.
ImVec2 board_size(const GameView& root, float zoom, float row) {
  const Grid grid = root.grid();
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
      if (place.zoom < 30 || !on_screen(b.x)) continue;
      const ImVec2 label{(a.x * 0.25f + b.x * 0.75f) + 6, (a.y * 0.25f + b.y * 0.75f) - 16};
      if (!nodes[p].chance || place.zoom < 44) {
        centred_text(list, label, kDim, n.move);
        continue;
      }
      // A chance edge: its move, then its probability.
      const std::string odds = probability_text(n.probability);
      const float move_w = ImGui::CalcTextSize((n.move + " ").c_str()).x;
      const float w = move_w + ImGui::CalcTextSize(odds.c_str()).x;
      list->AddText({label.x - w / 2, label.y}, kDim, n.move.c_str());
      list->AddText({label.x - w / 2 + move_w, label.y}, kChance, odds.c_str());
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
    // A count only (the legend says what it counts): a longer word ran into
    // the move of the edge beside it.
    const std::string text = !n.pruned.empty()
                                 ? std::to_string(n.pruned.size())
                                 : plus_count(static_cast<std::size_t>(std::max(0, beyond)));
    centred_text(list, {end.x, end.y + 6}, colour, text);
  }

  // A node's value under it. Zoomed out only the principal line's show (the
  // root's among them), on a plate of their own: the values that matter are
  // read at Fit. A value that would run into the one before it on its ply is
  // left out (the node's details say it): "loss 2loss 2" read as one.
  std::vector<float> last_label_right{};
  void value(const LabNode& n, std::size_t i, ImVec2 at, bool done) {
    const bool pv = n.on_pv && done;
    if (place.zoom < kLabelZoom && !pv) return;
    const std::string text = value_label(n, done);
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    const auto ply = static_cast<std::size_t>(n.ply);
    if (last_label_right.size() <= ply) last_label_right.resize(ply + 1, -1e9f);
    if (!pv && at.x - w / 2 < last_label_right[ply]) return;
    last_label_right[ply] = at.x + w / 2 + 6;
    if (place.zoom < kLabelZoom)
      list->AddRectFilled({at.x - w / 2 - 3, at.y - 1},
                          {at.x + w / 2 + 3, at.y + ImGui::GetTextLineHeight() + 1},
                          IM_COL32(24, 27, 36, 220), 3.0f);
    centred_text(list, at, done ? kText : kDim, text);
    if (view.drawn_values.size() < 64) view.drawn_values.push_back(std::to_string(i) + ":" + text);
  }

  void node(const LabNode& n, std::size_t i, const LabLayout& layout) {
    const ImVec2 c = place.at(layout.x[i], n.ply);
    if (!on_screen(c.x) || c.y < min.y - place.row || c.y > max.y + place.row) return;
    if (!n.on_pv && crowded(last_node_column, n.ply, c.x)) return;
    ++view.drawn_nodes;
    const bool done = lab.done(static_cast<int>(i));
    const ImU32 side = side_colour(n);
    const bool highlight = n.on_pv && done;
    float bottom = c.y;
    if (place.zoom >= kBoardZoom && boards_drawn < kMaxBoards) {
      const ImVec2 size = board_size(root, place.zoom, place.row);
      const ImVec2 top_left{c.x - size.x / 2, c.y - 4};
      if (const std::optional<BoardScene> scene = node_scene(lab, root, static_cast<int>(i))) {
        boards.add(list, *scene, top_left, {top_left.x + size.x, top_left.y + size.y});
        ++boards_drawn;
        ++view.drawn_boards;
      }
      list->AddRect({top_left.x - 3, top_left.y - 3},
                    {top_left.x + size.x + 3, top_left.y + size.y + 3}, highlight ? kPv : side,
                    3.0f, 0, highlight ? 3.0f : 2.0f);
      bottom = top_left.y + size.y + 4;
      // Where a node is not always MAX or MIN by turns, its shape says which.
      if (n.in_points()) node_shape(list, {top_left.x - 11, top_left.y + 5}, 6, n, side);
    } else {
      const float r = std::clamp(place.zoom * 0.28f, 1.5f, 11.0f);
      if (highlight) node_shape(list, c, r + 3, n, kPv);
      node_shape(list, c, r, n, done ? side : kDim);
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
    value(n, i, {c.x, bottom}, done);
    if (place.zoom >= 80 && windowed(lab.settings()))
      centred_text(list, {c.x, bottom + 15}, kDim, window_text(n.alpha, n.beta, n.in_points()));
    if (lab.folded(static_cast<int>(i)))
      centred_text(list, {c.x, bottom + (place.zoom >= kLabelZoom ? 15.0f : 2.0f)}, kPv,
                   plus_count(n.children.size()));
  }
};

// The legend of a tree of agents: the shapes it has, and its values.
std::string agent_legend(const std::vector<LabNode>& nodes, const LabWords& words) {
  const bool min = std::any_of(nodes.begin(), nodes.end(),
                               [](const LabNode& n) { return !n.max_to_move && !n.chance; });
  const bool chance =
      std::any_of(nodes.begin(), nodes.end(), [](const LabNode& n) { return n.chance; });
  std::string text = words.max_side + " max (up)   ";
  if (min) text += words.min_side + " min (down)   ";
  if (chance) text += words.min_side + " by chance (circle: the weighted mean)   ";
  return text + "values: " + possessive(words.max_side) +
         " points   x N: N moves pruned   +N: not kept";
}

// Each ply's agent, at the left of its row: "ghost 1 (min)". A ply's nodes
// are all one agent's (they move in a fixed order).
void level_labels(ImDrawList* list, const Placement& place, const std::vector<LabNode>& nodes,
                  const LabLayout& layout, const LabWords& words, ImVec2 min, ImVec2 max) {
  if (place.row < 16) return;
  std::vector<const LabNode*> first(static_cast<std::size_t>(layout.depth) + 1, nullptr);
  int missing = layout.depth + 1;
  for (std::size_t i = 0; i < nodes.size() && missing > 0; ++i) {
    const auto ply = static_cast<std::size_t>(nodes[i].ply);
    if (layout.visible[i] && ply < first.size() && !first[ply]) {
      first[ply] = &nodes[i];
      --missing;
    }
  }
  for (const LabNode* n : first) {
    if (!n || n->agent < 0 || n->agent >= static_cast<int>(words.agents.size())) continue;
    const float y = place.at(0, n->ply).y;
    if (y < min.y + 20 || y > max.y) continue;
    const std::string text =
        words.agents[static_cast<std::size_t>(n->agent)] + " (" + level_kind(*n) + ")";
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    // Where the legend starts: a phone's area begins a little off the screen.
    // Between its row and the one above, where only edges pass, if there is
    // room: on its row it covered the row's first nodes.
    const float above = place.row >= 2.5f * size.y ? place.row * 0.45f : 0.0f;
    const ImVec2 at{min.x + 12, y - above - size.y / 2};
    list->AddRectFilled({at.x - 3, at.y - 1}, {at.x + size.x + 3, at.y + size.y + 1},
                        IM_COL32(24, 27, 36, 220), 3.0f);
    list->AddText(at, side_colour(*n), text.c_str());
  }
}

// Zoomed out, where a ply's values are too close to read: its count of
// nodes at the right of its row ("1,204 nodes"), so the band of triangles
// says how many it stands for.
void ply_counts(ImDrawList* list, const Placement& place, const std::vector<LabNode>& nodes,
                const LabLayout& layout, ImVec2 min, ImVec2 max) {
  if (place.zoom >= kLabelZoom || place.row < 16) return;
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(layout.depth) + 1, 0);
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (layout.visible[i] && static_cast<std::size_t>(nodes[i].ply) < counts.size())
      ++counts[static_cast<std::size_t>(nodes[i].ply)];
  for (std::size_t ply = 1; ply < counts.size(); ++ply) {
    if (counts[ply] < 2) continue;
    const float y = place.at(0, static_cast<int>(ply)).y;
    if (y < min.y + 20 || y > max.y) continue;
    const std::string text = thousands(counts[ply]) + " nodes";
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 at{max.x - size.x - 12, y - size.y - 6};
    list->AddRectFilled({at.x - 3, at.y - 1}, {at.x + size.x + 3, at.y + size.y + 1},
                        IM_COL32(24, 27, 36, 220), 3.0f);
    list->AddText(at, kDim, text.c_str());
  }
}

// The replay's current node, while it replays, at a zoom where its board
// and value show; a node asked for brought to the middle.
void follow(const Lab& lab, LabView& view, const LabLayout& layout, ImVec2 min, ImVec2 max) {
  const ImVec2 size{max.x - min.x, max.y - min.y};
  if (lab.step() != view.step_seen) {
    view.step_seen = lab.step();
    const std::optional<LabEvent> event = lab.current_event();
    if (event && lab.step() < lab.events().size()) {
      const auto i = static_cast<std::size_t>(event->node);
      follow_node(view.camera, layout.x[i], lab.tree().nodes()[i].ply, size.x, size.y);
    }
  }
  if (!view.centre_on) return;
  const auto i = static_cast<std::size_t>(*view.centre_on);
  view.centre_on.reset();
  if (i >= layout.x.size()) return;
  view.camera.pan_x = (layout.x[i] + 0.5f) * view.camera.zoom - size.x / 2;
  view.camera.pan_y = kLabTopMargin + lab.tree().nodes()[i].ply * view.camera.row - size.y / 3;
}

// The node nearest the pointer, if it is close enough to be meant.
std::optional<int> node_under(Lab& lab, const Placement& place, const GameView& root,
                              ImVec2 mouse) {
  const LabLayout& layout = lab.layout();
  const std::vector<LabNode>& nodes = lab.tree().nodes();
  // A node is its triangle, or its board from just above its centre down.
  const float below = place.zoom >= kBoardZoom ? board_size(root, place.zoom, place.row).y : 0;
  std::optional<int> best;
  float best_d = std::max(12.0f, place.zoom * 0.45f);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!layout.visible[i] || !lab.entered(static_cast<int>(i))) continue;
    const ImVec2 c = place.at(layout.x[i], nodes[i].ply);
    const float dy = std::max({0.0f, c.y - 6 - mouse.y, mouse.y - (c.y + 6 + below)});
    const float d = std::hypot(c.x - mouse.x, dy);
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

// Text wrapped at spaces only, `width` points a line: ImGui 1.86 also
// wraps after a '.' or ',', which split "0.5" or "-255.25" over two lines.
void text_wrapped_at_spaces(const std::string& text, float width) {
  std::string lines, line;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find(' ', at), text.size());
    const std::string word = text.substr(at, end - at);
    const std::string longer = line.empty() ? word : line + " " + word;
    if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
      lines += line + "\n";
      line = word;
    } else {
      line = longer;
    }
    at = end + 1;
  }
  lines += line;
  // One item, its lines a font's height apart, as TextWrapped's are.
  ImGui::TextUnformatted(lines.c_str());
}

// `width`: the lines' width; 0 for the window's.
void node_details(const Lab& lab, int index, const LabWords& words, float width = 0) {
  if (width <= 0) width = ImGui::GetContentRegionAvail().x;
  for (const std::string& line : lab_node_details(lab, index, words))
    text_wrapped_at_spaces(line, width);
}

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

// A weight's field, the number beside its - and + buttons, must show the
// whole number.
void audit_weight_field(Score weight, bool stepped) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons = stepped ? 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x) : 0;
  const std::string text = std::to_string(weight);
  audit_fits("a weight", ImGui::CalcTextSize(text.c_str()).x + 2 * style.FramePadding.x,
             ImGui::GetItemRectSize().x - buttons);
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
    // The names as wide as the widest ("TheirOpenThree" ran into the
    // values), the values as the widest value; the totals take the rest.
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
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < terms.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(std::string(terms[i].name).c_str());
      audit_last_item("a weight's term");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(terms[i].counts).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%d", values[i]);
      ImGui::TableNextColumn();
      ImGui::SetNextItemWidth(-1);
      int weight = weights[i];
      if (ImGui::InputInt("##weight", &weight, stepped ? 1 : 0, stepped ? 10 : 0)) {
        weights[i] = std::clamp<Score>(weight, -kMaxWeight, kMaxWeight);
        changed = true;
      }
      audit_weight_field(weights[i], stepped);
      ImGui::TableNextColumn();
      // In 64 bits: a Pac-Man score of 800,000 points times a weight of
      // 10,000 is beyond an int.
      ImGui::Text("%lld", static_cast<long long>(term_contribution(values[i], weights[i])));
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

std::unique_ptr<GameView> node_position(const Lab& lab, const GameView& root, int node) {
  std::unique_ptr<GameView> position = root.clone();
  for (const std::string& text : lab.tree().line_to(node)) {
    const Parsed<Move> move = position->move_from_text(text);
    if (!move) return nullptr;
    position->play(*move);
  }
  return position;
}

std::optional<BoardScene> node_scene(const Lab& lab, const GameView& root, int node) {
  return scene_after_line(root, lab.tree().line_to(node));
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
  if (const std::optional<BoardScene> scene = node_scene(lab, root, *view.selected)) {
    const ImVec2 size = board_size(root, 150, 200);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    boards.add(ImGui::GetWindowDrawList(), *scene, at, {at.x + size.x, at.y + size.y});
    ImGui::Dummy(size);
  }
}

LabAction lab_panel(Lab& lab, LabSettings& settings, LabView& view, const GameView& root,
                    const LabWords& words, ImGuiBoards& boards, const std::string& stale) {
  LabAction action = LabAction::kNothing;
  ImGui::TextWrapped("Search the position on the board and watch every node.");
  settings_controls(settings, root, words);
  if (lab.running()) {
    if (ImGui::Button("Stop")) action = LabAction::kStop;
    ImGui::SameLine();
    ImGui::TextDisabled("searching...");
  } else if (ImGui::Button(!stale.empty() ? "Run again" : "Run the search")) {
    action = LabAction::kRun;
  }
  if (!lab.has_run()) return action;
  if (!stale.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(kStale));
    ImGui::TextWrapped("Stale: %s.", stale.c_str());
    ImGui::PopStyleColor();
  }
  const LabTree& tree = lab.tree();
  if (tree.state() == LabTree::State::kFailed)
    ImGui::TextWrapped("Error: %s", tree.error().c_str());
  // While the engine searches, its count so far; the tree's once it came.
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
  if (ImGui::Button("Fit")) view.camera.zoom = 0;
  ImGui::SameLine();
  if (ImGui::Button("Zoom +")) lab_zoom(lab, view, 1.5f);
  ImGui::SameLine();
  if (ImGui::Button("Zoom -")) lab_zoom(lab, view, 1 / 1.5f);
  ImGui::SameLine();
  if (ImGui::Button("Unfold")) lab.unfold_all();
  chosen_node(lab, view, root, words, boards);
  ImGui::Separator();
  replay_controls(lab, words);
  ImGui::Separator();
  ImGui::TextWrapped("Nodes searched, same position and depth (bars to scale):");
  node_chart(lab);
  return action;
}

void lab_zoom_at(LabView& view, float factor, ImVec2 point) {
  zoom_camera(view.camera, factor, point.x - view.area_min.x, point.y - view.area_min.y);
}

ImVec2 lab_node_point(Lab& lab, const LabView& view, int node) {
  const LabLayout& layout = lab.layout();
  const auto i = static_cast<std::size_t>(node);
  if (i >= layout.x.size()) return {0, 0};
  return placement(view).at(layout.x[i], lab.tree().nodes()[i].ply);
}

void lab_zoom(Lab& lab, LabView& view, float factor) {
  std::optional<int> anchor = view.selected;
  if (!anchor)
    if (const std::optional<LabEvent> event = lab.current_event()) anchor = event->node;
  const bool known = anchor && lab.tree_ready() &&
                     *anchor < static_cast<int>(lab.tree().nodes().size()) &&
                     lab.layout().visible[static_cast<std::size_t>(*anchor)];
  const ImVec2 middle{(view.area_min.x + view.area_max.x) / 2,
                      (view.area_min.y + view.area_max.y) / 2};
  lab_zoom_at(view, factor, known ? lab_node_point(lab, view, *anchor) : middle);
}

std::vector<std::string> lab_node_details(const Lab& lab, int index, const LabWords& words) {
  const std::vector<LabNode>& nodes = lab.tree().nodes();
  const LabNode& n = nodes[static_cast<std::size_t>(index)];
  std::string path;
  for (int at = index; at > 0; at = nodes[static_cast<std::size_t>(at)].parent)
    path = nodes[static_cast<std::size_t>(at)].move + (path.empty() ? "" : " then ") + path;
  std::vector<std::string> lines;
  lines.push_back("Node " + std::to_string(index) + ": " +
                  (path.empty() ? "the root" : "after " + path));
  const bool agent = n.agent >= 0 && n.agent < static_cast<int>(words.agents.size());
  const std::string mover = agent           ? words.agents[static_cast<std::size_t>(n.agent)]
                            : n.max_to_move ? words.max_side
                                            : words.min_side;
  lines.push_back(
      mover + " to move (" + level_kind(n) + ")" +
      (windowed(lab.settings()) ? ", window " + window_text(n.alpha, n.beta, n.in_points()) : ""));
  if (index > 0 && nodes[static_cast<std::size_t>(n.parent)].chance)
    lines.push_back("Probability " + probability_text(n.probability) + " (" +
                    (lab.settings().opponents == "random"
                         ? std::string("every move alike")
                         : "by the " + lab.settings().opponents + " model") +
                    ")");
  const bool done = lab.done(index);
  if (!done) {
    lines.push_back("Value not known yet: the search has not come back to this node.");
  } else if (n.kind == NodeKind::kStopped) {
    lines.push_back("Value never found: the stop came while this node was searched");
  } else {
    const char* bound = n.bound == Bound::kExact   ? "exact"
                        : n.bound == Bound::kLower ? "at least: failed high"
                                                   : "at most: failed low";
    lines.push_back("Value " + value_label(n, true) + " (" + bound +
                    (n.chance ? ", the mean" : "") + "), " + kind_name(n.kind));
  }
  if (n.searched_children > 0)
    lines.push_back(std::to_string(n.searched_children) +
                    (n.searched_children == 1 ? " child searched" : " children searched"));
  if (!n.pruned.empty()) {
    std::string pruned;
    for (const std::string& m : n.pruned) pruned += (pruned.empty() ? "" : " ") + m;
    lines.push_back("Pruned: " + pruned);
  }
  if (done) lines.push_back("Why: " + event_sentence(nodes, {index, false}, words));
  return lines;
}

// What the tree's shapes and numbers mean, in one line (wrapped on a phone).
std::string tree_legend(const LabTree& tree, const LabWords& words) {
  const std::vector<LabNode>& nodes = tree.nodes();
  if (tree.in_points()) return agent_legend(nodes, words);
  // A side that moves again (a move that keeps the turn) is a child of its
  // own shape: said where the tree has one.
  const bool again = std::any_of(nodes.begin(), nodes.end(), [&](const LabNode& n) {
    return n.parent >= 0 && nodes[static_cast<std::size_t>(n.parent)].max_to_move == n.max_to_move;
  });
  return words.max_side + " max (up)   " + words.min_side + " min (down)   " +
         (again ? "a child shaped as its parent: that side moves again   " : "") + "values from " +
         words.max_side +
         "'s side   W3/L3: a win/loss in 3 moves   x N: N moves pruned   +N: not kept";
}

LabAction lab_tree(Lab& lab, LabView& view, const GameView& root, const LabWords& words,
                   ImGuiBoards& boards, ImVec2 min, ImVec2 max, const std::string& stale) {
  ImGui::SetNextWindowPos(min);
  ImGui::SetNextWindowSize({max.x - min.x, max.y - min.y});
  ImGui::PushStyleColor(ImGuiCol_WindowBg, kBackground);
  ImGui::Begin("lab tree", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::PopStyleColor();
  view.drawn_nodes = 0;
  view.drawn_values.clear();
  view.drawn_boards = 0;
  // The tree begins under the legend however many lines it wraps to (one
  // is kLabTopMargin's): on a phone its plate hid the root.
  const std::string legend = tree_legend(lab.tree(), words);
  const ImVec2 top_left = min;
  const float legend_w = max.x - min.x - 20;
  const ImVec2 legend_size = ImGui::CalcTextSize(legend.c_str(), nullptr, false, legend_w);
  min.y += std::max(0.0f, legend_size.y - ImGui::GetTextLineHeight());
  view.area_min = min;
  view.area_max = max;
  const LabTree& tree = lab.tree();
  if (tree.nodes().empty() || !lab.tree_ready()) {
    ImGui::SetCursorPos({16, kLabTopMargin});
    // The engine's count while it searches (the nodes come when it ends),
    // then the nodes as they arrive.
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.0f s", static_cast<double>(lab.searching_seconds()));
    const std::string arriving =
        lab.tree_searching()
            ? "Searching... " + thousands(lab.progress_nodes()) + " nodes so far, " + seconds
            : "Receiving the tree... " + thousands(tree.nodes().size()) + " nodes so far";
    // With nodes counted but none sent, the engine was restarted to stop it
    // (a browser's worker cannot read a stop while it searches).
    const std::string stopped =
        lab.progress_nodes() > 0
            ? "Stopped after " + thousands(lab.progress_nodes()) +
                  " nodes. The engine was restarted to stop it, so the nodes it searched are "
                  "lost: a smaller depth finishes sooner."
            : "Stopped before a node was searched.";
    ImGui::TextWrapped("%s",
                       !lab.has_run()
                           ? (words.agents.empty()
                                  ? "Choose a depth and run the search: its tree appears here."
                                  : "Choose the rounds and run the search: its tree appears here.")
                       : lab.running()                            ? arriving.c_str()
                       : tree.state() == LabTree::State::kStopped ? stopped.c_str()
                                                                  : "No tree.");
    ImGui::End();
    return LabAction::kNothing;
  }
  const LabLayout& layout = lab.layout();
  if (view.camera.zoom <= 0) view.camera = fit_camera(layout, max.x - min.x, max.y - min.y);
  view.camera.pan_x += view.autopan.x;
  view.camera.pan_y += view.autopan.y;

  // The whole area takes the pointer: drag pans, the wheel zooms.
  ImGui::SetCursorScreenPos(min);
  ImGui::InvisibleButton("tree canvas", {max.x - min.x, max.y - min.y},
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemActive() && !view.pinching &&
      ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
    view.camera.pan_x -= io.MouseDelta.x;
    view.camera.pan_y -= io.MouseDelta.y;
  }
  if (ImGui::IsItemHovered() && io.MouseWheel != 0)
    lab_zoom_at(view, std::pow(1.2f, io.MouseWheel), io.MousePos);

  follow(lab, view, layout, min, max);
  const Placement place = placement(view);
  if (ImGui::IsItemHovered() && !view.pinching) {
    const std::optional<int> under = node_under(lab, place, root, io.MousePos);
    if (under && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
        io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 9.0f)
      view.selected = *under;
    if (under && (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) ||
                  ImGui::IsMouseClicked(ImGuiMouseButton_Right)))
      lab.toggle_fold(*under);
    if (under && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26);
      node_details(lab, *under, words, ImGui::GetFontSize() * 26);
      ImGui::PopTextWrapPos();
      // Zoomed out a node is a triangle: its board comes with the details.
      if (view.camera.zoom < kBoardZoom)
        if (const std::optional<BoardScene> scene = node_scene(lab, root, *under)) {
          const ImVec2 size = board_size(root, 120, 160);
          const ImVec2 at = ImGui::GetCursorScreenPos();
          boards.add(ImGui::GetWindowDrawList(), *scene, at, {at.x + size.x, at.y + size.y});
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
  // Under the nodes: a node at the area's left edge stays whole.
  if (tree.in_points()) level_labels(list, place, nodes, layout, words, min, max);
  ply_counts(list, place, nodes, layout, min, max);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!layout.visible[i] || !lab.entered(static_cast<int>(i))) continue;
    if (!lab.folded(static_cast<int>(i))) painter.stub(nodes[i], i, layout);
    painter.node(nodes[i], i, layout);
  }
  list->PopClipRect();
  // Wrapped: on a phone held upright the legend is wider than the tree. On a
  // plate of its own: a zoomed tree passes under it, never through it.
  list->AddRectFilled({top_left.x + 6, top_left.y + 3},
                      {top_left.x + 14 + legend_size.x, top_left.y + 9 + legend_size.y},
                      IM_COL32(24, 27, 36, 235), 4.0f);
  list->AddText(nullptr, 0, {top_left.x + 10, top_left.y + 6}, kDim, legend.c_str(), nullptr,
                legend_w);
  LabAction action = LabAction::kNothing;
  if (!stale.empty()) {
    // Over the tree's foot, on a plate of its own: a stale tree is not the
    // board's, and the way to make it so is beside the words.
    const std::string text = "Stale: " + stale + ".";
    const float pad = 8, button_w = ImGui::CalcTextSize("Run again").x + 24;
    const float wrap = max.x - min.x - 3 * pad - button_w - 20;
    const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
    const float h = std::max(size.y, ImGui::GetFrameHeight());
    const ImVec2 top{min.x + 10, max.y - h - 2 * pad - 6};
    list->AddRectFilled(top, {max.x - 10, max.y - 6}, IM_COL32(40, 36, 24, 240), 6.0f);
    list->AddRect(top, {max.x - 10, max.y - 6}, kStale, 6.0f);
    list->AddText(nullptr, 0, {top.x + pad, top.y + pad + (h - size.y) / 2}, kStale, text.c_str(),
                  nullptr, wrap);
    ImGui::SetCursorScreenPos(
        {max.x - 10 - pad - button_w, top.y + pad + (h - ImGui::GetFrameHeight()) / 2});
    if (!lab.running() && ImGui::Button("Run again", {button_w, 0})) action = LabAction::kRun;
  }
  ImGui::End();
  return action;
}

}  // namespace arcade::app
