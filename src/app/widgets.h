#pragma once
// The app's own controls on Dear ImGui, as every panel draws them.

struct ImGuiInputTextCallbackData;

namespace arcade::app {

// A text field's callback that grows its std::string (the field's user
// data) with its text: ImGuiInputTextFlags_CallbackResize.
int resize_string(ImGuiInputTextCallbackData* data);

// A button as wide as `width` (0: fits its label); `primary` in the accent
// colour; its shortcut in a tooltip where there is a keyboard (not `touch`).
// The UI audit (ui_audit.h) checks its size and that its label fits.
bool ui_button(const char* label, float width, bool primary, const char* shortcut, bool touch);

}  // namespace arcade::app
