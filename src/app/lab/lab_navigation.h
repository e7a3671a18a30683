#pragma once
// Where the learner looks in the lab's tree: where a node is on the screen,
// the zoom (the panel's buttons, the wheel, a pinch), the camera following
// the replay, and the node under the pointer.

#include <imgui.h>

#include <optional>

#include "app/lab/lab.h"
#include "app/lab/lab_view.h"
#include "games/game_view.h"

namespace arcade::app {

// Where a node is on screen, from its slot and ply.
struct Placement {
  ImVec2 origin;  // the view's top left
  LabCamera camera;
  float zoom, row;
  ImVec2 at(float slot, int ply) const {
    return {origin.x + camera.x(slot), origin.y + camera.y(ply)};
  }
};
// The view as it was last drawn.
Placement placement(const LabView& view);

// Zooms the tree by `factor` about the chosen node, else the replay's
// current node, else the area's middle (the panel's buttons): the node
// stays where it is on the screen.
void lab_zoom(Lab& lab, LabView& view, float factor);
// Zooms about a point of the screen (the wheel, a pinch).
void lab_zoom_at(LabView& view, float factor, ImVec2 point);
// Where a node is drawn (its centre, in points), as of the last frame.
ImVec2 lab_node_point(Lab& lab, const LabView& view, int node);

// The replay's current node, while it replays, at a zoom where its board
// and value show; a node asked for brought to the middle.
void follow_replay(const Lab& lab, LabView& view, const LabLayout& layout, ImVec2 min, ImVec2 max);
// The node nearest the pointer, if it is close enough to be meant.
std::optional<int> node_under(Lab& lab, const Placement& place, const GameView& root, ImVec2 mouse);

}  // namespace arcade::app
