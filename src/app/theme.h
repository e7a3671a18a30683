#pragma once
// The app's look: one typeface (Inter, embedded at build time) at a few
// sizes, rasterised at the display's pixel ratio so that text is sharp on
// every screen, and one palette and spacing for every panel. Everything the
// UI draws takes its colours from here, so that the app looks designed as a
// whole rather than as Dear ImGui's defaults.

#include <imgui.h>

#include "app/board/palette.h"
#include "games/board_look.h"

namespace arcade::app {

// The palette (sRGB, 0..1). The background is also the page's and the
// board's empty holes' colour, so a resize or a hole shows no seam.
namespace palette {
inline const ImVec4 kBackground{channel(kBackgroundRgb, 0), channel(kBackgroundRgb, 1),
                                channel(kBackgroundRgb, 2), 1.0f};
inline const ImVec4 kSurface{0.110f, 0.133f, 0.188f, 1.0f};  // panels
inline const ImVec4 kRaised{0.153f, 0.184f, 0.255f, 1.0f};   // buttons, fields
inline const ImVec4 kHover{0.196f, 0.235f, 0.325f, 1.0f};
inline const ImVec4 kPressed{0.235f, 0.282f, 0.392f, 1.0f};
inline const ImVec4 kAccent{0.298f, 0.490f, 1.000f, 1.0f};  // #4c7dff
inline const ImVec4 kAccentHover{0.388f, 0.565f, 1.000f, 1.0f};
inline const ImVec4 kText{0.902f, 0.918f, 0.949f, 1.0f};
inline const ImVec4 kTextDim{0.560f, 0.600f, 0.680f, 1.0f};
inline const ImVec4 kLine{0.200f, 0.235f, 0.310f, 1.0f};
inline const ImVec4 kGood{0.243f, 0.812f, 0.557f, 1.0f};
inline const ImVec4 kWarn{0.961f, 0.725f, 0.251f, 1.0f};
}  // namespace palette

// The fonts of one atlas: body text, its semibold, headings, the end of a
// game's banner.
struct Fonts {
  ImFont* body = nullptr;
  ImFont* strong = nullptr;
  ImFont* heading = nullptr;
  ImFont* banner = nullptr;
};

// How large the UI is drawn: `scale` times the base sizes (points), and
// whether the person uses touch (controls at least 44 points tall, no key
// hints).
struct UiMetrics {
  float scale = 1.0f;
  float pixel_ratio = 1.0f;
  bool touch = false;

  friend bool operator==(const UiMetrics&, const UiMetrics&) = default;
};

// Side `side`'s colour (0 or 1) as the board draws its pieces (the game's
// look), for ImGui; `panel`: lifted a little when it is too dark to show on
// the panels.
ImU32 side_colour(const BoardLook& look, int side, bool panel = true);

// The base size of body text, in points (CSS pixels on the web).
inline constexpr float kBodyPoints = 16.0f;

// Builds the font atlas for `metrics` (Inter if it was embedded, else Dear
// ImGui's own font) and sets the style: call before the renderer backend
// uploads the atlas, or rebuild the backend's font texture after.
Fonts load_fonts(const UiMetrics& metrics);
void apply_style(const UiMetrics& metrics);

// The UI's scale for a window of `width` x `height` points: 1 on a laptop or
// a phone, larger on a big screen, where the default 16 points look tiny.
float ui_scale_for(float width, float height);

}  // namespace arcade::app
