#pragma once
// The colours that more than one part of the app, or more than one
// language, must agree on: the page's background (the canvas's clear colour,
// the board's empty holes, and the web page's CSS, HTML and manifest, which
// cmake/web_site.cmake writes from kBackgroundRgb below). Each side's colour
// is its game's (BoardLook in games/board_look.h), which the board's shader
// and the panels (theme.h's side_colour) both read. No ImGui here: the
// board renderer draws without it.

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "games/game_description.h"

namespace arcade::app {

// 0xRRGGBB. cmake/web_site.cmake reads this line: keep its form.
inline constexpr std::uint32_t kBackgroundRgb = 0x141923;

// A colour's channel in 0..1: 0 red, 1 green, 2 blue.
constexpr float channel(std::uint32_t rgb, int i) {
  return static_cast<float>((rgb >> (16 - 8 * i)) & 0xFF) / 255.0f;
}

// "#rrggbb", as CSS writes it.
inline std::string css_colour(std::uint32_t rgb) {
  char text[8];
  std::snprintf(text, sizeof text, "#%06x", static_cast<unsigned>(rgb & 0xFFFFFF));
  return text;
}

}  // namespace arcade::app
