#pragma once
// The app's own controls on Dear ImGui, as every panel draws them.

#include <imgui.h>

#include <string>

#include "app/theme.h"

namespace arcade::app {

// A text field's callback that grows its std::string (the field's user
// data) with its text: ImGuiInputTextFlags_CallbackResize.
int resize_string(ImGuiInputTextCallbackData* data);

// A button as wide as `width` (0: fits its label); `primary` in the accent
// colour; its shortcut in a tooltip where there is a keyboard (not `touch`).
// The UI audit (ui_audit.h) checks its size and that its label fits.
bool ui_button(const char* label, float width, bool primary, const char* shortcut, bool touch);

// A fixed, borderless window over `r` (points).
bool begin_area(const char* name, float x, float y, float w, float h, const ImVec4& background,
                ImGuiWindowFlags extra = 0);

// Text centred in the window's content width.
void centred_text(const std::string& text, const ImVec4& c = palette::kText);

// A section's title: small capitals in the dim colour, as settings pages do.
void section_title(const char* title);

// Dragging anywhere on a panel scrolls it, as a touch screen expects (Dear
// ImGui scrolls with the wheel and the scrollbar only): over its lists too,
// which therefore never scroll by themselves on a touch screen (they would
// trap the drag), and over its controls, which a drag then does not press.
void drag_to_scroll();

// `text` cut to fit `width` points in the current font, with an ellipsis.
std::string fitted(const std::string& text, float width);

// Text wrapped at spaces only, `width` points a line: ImGui 1.86 also
// wraps after a '.' or ',', which split "0.5" or "-255.25" over two lines.
void text_wrapped_at_spaces(const std::string& text, float width);

}  // namespace arcade::app
