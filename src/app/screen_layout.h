#pragma once
// Where the screen's parts go, in points: the top bar, the board's area
// (the heading over the board), the phone's row of actions and the panel.
// The board is the star: large and centred on a desktop, with the controls
// in a side panel; on top on a phone, with thumb-sized actions under it and
// the rest in a panel that scrolls.

#include <imgui.h>

#include "games/game_description.h"

namespace arcade::app {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

struct ScreenLayout {
  Rect top_bar, board_area, actions, panel;
  bool phone = false;  // portrait: the board on top, controls below
};

inline constexpr float kTopBarHeight = 56.0f;
inline constexpr float kTabsHeight = 56.0f;  // the phone's second row: the games
inline constexpr float kActionsHeight = 68.0f;
inline constexpr float kBoardMargin = 16.0f;

// The layout of a display `display` points large, for a board of `grid`.
// `lab_open`: the lab's tree takes the board's place, and on a phone it gets
// the most room the area may have, whatever the board's shape (a wide,
// short board left it a strip).
ScreenLayout screen_layout(ImVec2 display, Grid grid, bool lab_open = false);

// The heading's height: its two lines grow with the text on a large screen
// (theme.h's ui_scale_for), so the room for them must too, or the status
// line's descenders are cut.
float heading_height();

}  // namespace arcade::app
