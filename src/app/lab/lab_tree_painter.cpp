#include "app/lab/lab_tree_painter.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "app/lab/lab_node_board.h"
#include "app/lab/lab_node_details.h"
#include "app/lab/lab_paint.h"
#include "app/lab/lab_row_labels.h"
#include "app/lab/lab_text.h"

namespace arcade::app {
namespace {

constexpr int kMaxBoards = 400;  // drawn a frame, however far out

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

void centred_text(ImDrawList* list, ImVec2 at, ImU32 colour, const std::string& text) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  list->AddText({at.x - size.x / 2, at.y}, colour, text.c_str());
}

// One frame's painting of the tree. It remembers what it drew so far on
// each ply, so that far out a pixel column's nodes and labels are drawn
// once, and boards stop at kMaxBoards.
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

  // A node as its small board, ringed in its side's colour (the principal
  // line's in its own); where the board's bottom is.
  float board(const LabNode& n, std::size_t i, ImVec2 c, bool done) {
    const ImU32 side = side_colour(n);
    const bool highlight = n.on_pv && done;
    const ImVec2 size = node_board_size(root, place.zoom, place.row);
    const ImVec2 top_left{c.x - size.x / 2, c.y - 4};
    if (const std::optional<BoardScene> scene = node_scene(lab, root, static_cast<int>(i))) {
      boards.add(list, *scene, top_left, {top_left.x + size.x, top_left.y + size.y});
      ++boards_drawn;
      ++view.drawn_boards;
    }
    list->AddRect({top_left.x - 3, top_left.y - 3},
                  {top_left.x + size.x + 3, top_left.y + size.y + 3}, highlight ? kPv : side, 3.0f,
                  0, highlight ? 3.0f : 2.0f);
    // Where a node is not always MAX or MIN by turns, its shape says which.
    if (n.in_points()) node_shape(list, {top_left.x - 11, top_left.y + 5}, 6, n, side);
    return top_left.y + size.y + 4;
  }

  // A node as its shape, dim until the search has left it; where it ends.
  float shape(const LabNode& n, ImVec2 c, bool done) {
    const float r = std::clamp(place.zoom * 0.28f, 1.5f, 11.0f);
    if (n.on_pv && done) node_shape(list, c, r + 3, n, kPv);
    node_shape(list, c, r, n, done ? side_colour(n) : kDim);
    return c.y + r + 2;
  }

  // A table answer's T, and the rings round the replay's node and the
  // chosen one.
  void marks(const LabNode& n, std::size_t i, ImVec2 c, float bottom) {
    if (n.kind == NodeKind::kTable && place.zoom >= 14)
      list->AddText({c.x + place.zoom * 0.3f, c.y - 6}, kTable, "T");
    if (static_cast<int>(i) == current)
      list->AddCircle({c.x, (c.y + bottom) / 2}, std::max(10.0f, (bottom - c.y) * 0.9f), kCurrent,
                      0, 2.5f);
    if (view.selected == static_cast<int>(i))
      list->AddCircle({c.x, (c.y + bottom) / 2}, std::max(12.0f, (bottom - c.y) * 1.0f), kPv, 0,
                      1.5f);
  }

  void node(const LabNode& n, std::size_t i, const LabLayout& layout) {
    const ImVec2 c = place.at(layout.x[i], n.ply);
    if (!on_screen(c.x) || c.y < min.y - place.row || c.y > max.y + place.row) return;
    if (!n.on_pv && crowded(last_node_column, n.ply, c.x)) return;
    ++view.drawn_nodes;
    const bool done = lab.done(static_cast<int>(i));
    const float bottom = place.zoom >= kLabBoardZoom && boards_drawn < kMaxBoards
                             ? board(n, i, c, done)
                             : shape(n, c, done);
    marks(n, i, c, bottom);
    value(n, i, {c.x, bottom}, done);
    if (place.zoom >= 80 && windowed(lab.settings()))
      centred_text(list, {c.x, bottom + 15}, kDim, window_text(n.alpha, n.beta, n.in_points()));
    if (lab.folded(static_cast<int>(i)))
      centred_text(list, {c.x, bottom + (place.zoom >= kLabelZoom ? 15.0f : 2.0f)}, kPv,
                   plus_count(n.children.size()));
  }
};

}  // namespace

void paint_tree(Lab& lab, LabView& view, const GameView& root, const LabWords& words,
                ImGuiBoards& boards, const Placement& place, ImVec2 min, ImVec2 max) {
  // The layout as of now: a click of this frame may have folded a node.
  const LabLayout& layout = lab.layout();
  const std::vector<LabNode>& nodes = lab.tree().nodes();
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->PushClipRect(min, max, true);
  const std::optional<LabEvent> event = lab.current_event();
  TreePainter painter{lab, view, root, boards, list, place, min, max, event ? event->node : -1};
  painter.edges(nodes, layout);
  // Under the nodes: a node at the area's left edge stays whole.
  if (lab.tree().in_points()) level_labels(list, place, nodes, layout, words, min, max);
  ply_counts(list, place, nodes, layout, min, max);
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    if (!layout.visible[i] || !lab.entered(static_cast<int>(i))) continue;
    if (!lab.folded(static_cast<int>(i))) painter.stub(nodes[i], i, layout);
    painter.node(nodes[i], i, layout);
  }
  list->PopClipRect();
}

}  // namespace arcade::app
