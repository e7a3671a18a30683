#include "app/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/theme.h"
#include "app/ui_audit.h"

namespace arcade::app {

int resize_string(ImGuiInputTextCallbackData* data) {
  if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    auto* text = static_cast<std::string*>(data->UserData);
    text->resize(static_cast<std::size_t>(data->BufTextLen));
    data->Buf = text->data();
  }
  return 0;
}

bool ui_button(const char* label, float width, bool primary, const char* shortcut, bool touch) {
  if (primary) {
    ImGui::PushStyleColor(ImGuiCol_Button, palette::kAccent);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, palette::kAccentHover);
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, palette::kAccentHover);
  }
  const bool pressed = ImGui::Button(label, ImVec2(width, 0));
  if (primary) ImGui::PopStyleColor(3);
  audit_target(label);
  audit_fits(label,
             ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x,
             ImGui::GetItemRectSize().x);
  if (shortcut) {
    // One word, so that the state's line reads by its first ("New game"
    // read as a second "button_New").
    std::string name = "button_" + std::string(label);
    std::replace(name.begin(), name.end(), ' ', '_');
    audit_rect(name.c_str());
  }
  if (shortcut && !touch && ImGui::IsItemHovered()) {
    // Under the button, centred: at the pointer a tooltip covers the button
    // beside it (Hint's covered New), and above it what a person reads
    // first (the end card's score, the player's choice over Swap sides).
    const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
    ImGui::SetNextWindowPos(ImVec2((min.x + max.x) / 2, max.y + 4), ImGuiCond_Always,
                            ImVec2(0.5f, 0.0f));
    ImGui::BeginTooltip();
    ImGui::Text("Key: %s", shortcut);
    audit_rect("tooltip", true);
    ImGui::EndTooltip();
  }
  return pressed;
}

}  // namespace arcade::app
