#include "app/widgets.h"

#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID: a drag that scrolls presses nothing

#include <algorithm>
#include <string>

#include "app/theme.h"
#include "app/ui_audit.h"

namespace arcade::app {
namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                    ImGuiWindowFlags_NoSavedSettings |
                                    ImGuiWindowFlags_NoBringToFrontOnFocus;

}  // namespace

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

bool begin_area(const char* name, float x, float y, float w, float h, const ImVec4& background,
                ImGuiWindowFlags extra) {
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, background);
  const bool open = ImGui::Begin(name, nullptr, kFixed | extra);
  ImGui::PopStyleColor();
  return open;
}

void centred_text(const std::string& text, const ImVec4& c) {
  const float width = ImGui::CalcTextSize(text.c_str()).x;
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), (ImGui::GetWindowWidth() - width) / 2));
  ImGui::PushStyleColor(ImGuiCol_Text, c);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
}

void section_title(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
}

void drag_to_scroll() {
  const ImGuiIO& io = ImGui::GetIO();
  if (!ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem |
                              ImGuiHoveredFlags_ChildWindows) ||
      !ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f))
    return;
  ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
  ImGui::ClearActiveID();
}

std::string fitted(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::string cut = text;
  while (!cut.empty() && ImGui::CalcTextSize((cut + "...").c_str()).x > width) cut.pop_back();
  // Not inside a UTF-8 sequence: drop continuation bytes and their lead.
  while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) cut.pop_back();
  if (!cut.empty() && static_cast<unsigned char>(cut.back()) >= 0xC0) cut.pop_back();
  return cut + "...";
}

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

}  // namespace arcade::app
