#pragma once
// The colours that more than one part of the app, or more than one
// language, must agree on: the page's background (the canvas's clear colour,
// the board's empty holes, and the web page's CSS, HTML and manifest, which
// cmake/web_site.cmake writes from kBackgroundRgb below) and each side's
// colour (the board's shader, as uniforms, and the panels' ImGui drawing).
// No ImGui here: the board renderer draws without it.

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "games/game_description.h"

namespace arcade::app {

// 0xRRGGBB. cmake/web_site.cmake reads this line: keep its form.
inline constexpr std::uint32_t kBackgroundRgb = 0x141923;

// The sides' piece colours (0xRRGGBB), the first side's first, for a board
// style: Tic-tac-toe's coral cross and sky-blue nought, Connect Four's red
// and yellow discs, Wolf and Sheep's white wool and charcoal fur.
constexpr std::array<std::uint32_t, 2> side_rgb(BoardStyle style) {
  switch (style) {
    case BoardStyle::kLines:
      return {0xFF6B61, 0x4FCCF0};
    case BoardStyle::kFrame:
      return {0xE0262B, 0xFCC726};
    case BoardStyle::kCheckered:
      break;
  }
  return {0xF9F6ED, 0x474A52};
}

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
