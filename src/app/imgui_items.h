#pragma once
// Every item Dear ImGui drew in a frame (buttons, list rows, fields, sliders,
// check boxes, drop-downs, tabs), with its rectangle and label: how a test
// finds the controls a player can click without the app naming each one.
// It uses ImGui's own hooks for its test engine (IMGUI_ENABLE_TEST_ENGINE,
// defined when ImGui is compiled; the hooks live here), which cost nothing
// until a test turns them on.

#include <imgui.h>

#include <string>
#include <vector>

namespace arcade::app {

struct DrawnItem {
  ImGuiID id = 0;
  ImVec2 min, max;     // in points
  std::string label;   // as given to ImGui, "##" parts included; may be empty
  std::string window;  // the window it is in ("##Combo_00" for an open drop-down)
};

// Starts listing the items drawn in the current ImGui context's frames.
void list_drawn_items(bool on);
// The items drawn since the last call of forget_drawn_items().
const std::vector<DrawnItem>& drawn_items();
void forget_drawn_items();

}  // namespace arcade::app
