#pragma once
// What the last frame drew that a person could not read or hit: text cut by
// its box, and controls smaller than a finger on a touch screen. The app's
// drawing code reports its items here as it draws them; App::state prints
// the findings, so that end-to-end tests catch clipping at any window size
// without reading pixels.

#include <string>

namespace arcade::app {

// Forgets the last frame's findings: call at the start of a frame.
void audit_new_frame(bool touch);
// `what` did not fit when `needed` points exceed `room`.
void audit_fits(const char* what, float needed, float room);
// The last item drawn must lie inside its window's visible area: across
// always, and down too in a window that does not scroll (by the wheel or,
// on a touch screen, a drag).
void audit_last_item(const char* what);
// The last item drawn is a control (`height`: its height, when the last
// item is not it, as after a drop-down that opened): on a touch screen its
// height counts towards the smallest target.
void audit_target(const char* what, float height = -1);
// The least height of a control on this screen: a finger's on a touch
// screen, else 0 (ImGui's own).
float target_height();
// The last item's rectangle (or, with `window`, the current window's), in
// points, printed as "rect_NAME left top width height".
void audit_rect(const char* name, bool window = false);
// The findings as state lines: "clipped WHAT|WHAT..." and, on a touch
// screen, "smallest_target HEIGHT WHAT".
std::string audit_state();

// A row of a drop-down list or a menu, a finger's height on a touch screen.
bool list_item(const char* label, bool selected);

}  // namespace arcade::app
