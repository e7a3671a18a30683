#include "app/imgui_items.h"

#include <imgui_internal.h>

#include <cstdarg>

namespace arcade::app {
namespace {

std::vector<DrawnItem>& items() {
  static std::vector<DrawnItem> list;
  return list;
}

}  // namespace

void list_drawn_items(bool on) {
  ImGui::GetCurrentContext()->TestEngineHookItems = on;
}

const std::vector<DrawnItem>& drawn_items() {
  return items();
}

void forget_drawn_items() {
  items().clear();
}

}  // namespace arcade::app

// ImGui's hooks (imgui_internal.h, IMGUI_ENABLE_TEST_ENGINE): called for each
// item as it is added, then with its label.
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, const ImRect& bb, ImGuiID id) {
  const ImGuiWindow* window = ctx->CurrentWindow;
  arcade::app::items().push_back(
      {id, bb.Min, bb.Max, "", window && window->Name ? window->Name : ""});
}

void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID id, const char* label,
                                  ImGuiItemStatusFlags) {
  std::vector<arcade::app::DrawnItem>& list = arcade::app::items();
  if (!list.empty() && list.back().id == id && label) list.back().label = label;
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) {
  return nullptr;
}
