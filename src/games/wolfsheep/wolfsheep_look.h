#pragma once
// The sheep and the wolf, as kShape glyphs (board_look.h): layers of
// primitives, bottom up, in cell units from the cell's centre (y up). The
// app knows neither; it paints these layers as it paints any game's.

#include "games/board_look.h"

namespace arcade::wolfsheep {

// Their colours besides their side's own (the sheep's wool, the wolf's fur).
constexpr Rgb kSheepFace = 0x2E2624;
constexpr Rgb kSheepEar = 0x81605C;
constexpr Rgb kSheepMuzzle = 0x493D39;
constexpr Rgb kEyeWhite = 0xF2F2F2;
constexpr Rgb kInk = 0x0F0E0F;  // the outlines' colour, for pupils and noses
constexpr Rgb kFurDark = 0x2B2D32;
constexpr Rgb kWolfEar = 0x8F6B66;
constexpr Rgb kFurLight = 0xC7C6C2;
constexpr Rgb kWolfEye = 0xFFCC47;

// The sheep from the front: a body of nine puffs of wool round a core, each
// lit on its own and showing over the next, little legs beneath, drooping
// ears and a dark face, outlined all round; a tuft of wool on the forehead,
// light eyes. 0.76 of a cell tall.
constexpr Glyph sheep_glyph() {
  return shape_glyph({
      {.primitive = Primitive::kSegment,
       .p = {0.0896f, -0.2075f, 0.0991f, -0.3538f, 0.0358f},
       .side_shade = 0,
       .colour = kSheepFace,
       .mirrored = true,
       .outlined = true},
      {.primitive = Primitive::kBeads,
       .p = {0, 0.0377f, 0.1934f, 0.1179f, 9, 0.35f, 0.014f},
       .outlined = true,
       .lit = 0.12f},
      {.primitive = Primitive::kCircle, .p = {0, 0.0377f, 0.1887f}, .lit = 0.12f},
      {.primitive = Primitive::kEllipse,
       .p = {0.1557f, -0.0047f, 0.0802f, 0.0358f, -0.45f},
       .side_shade = 0,
       .colour = kSheepFace,
       .mirrored = true,
       .outlined = true},
      {.primitive = Primitive::kEllipse,
       .p = {0.1557f, -0.0047f, 0.0613f, 0.017f, -0.45f},
       .side_shade = 0,
       .colour = kSheepEar,
       .mirrored = true},
      {.primitive = Primitive::kCircle, .p = {0, -0.0189f, 0.0925f}, .part_of_next = true},
      {.primitive = Primitive::kCircle,
       .p = {0, -0.1179f, 0.0679f},
       .side_shade = 0,
       .colour = kSheepFace,
       .join = 0.0566f},
      {.primitive = Primitive::kCircle, .p = {0, 0.0896f, 0.0566f}},
      {.primitive = Primitive::kCircle, .p = {0.0519f, 0.0708f, 0.0453f}, .mirrored = true},
      {.primitive = Primitive::kEllipse,
       .p = {0, -0.1321f, 0.0472f, 0.033f},
       .side_shade = 0,
       .colour = kSheepMuzzle},
      {.primitive = Primitive::kCircle,
       .p = {0.0425f, -0.0283f, 0.0189f},
       .side_shade = 0,
       .colour = kEyeWhite,
       .mirrored = true},
      {.primitive = Primitive::kCircle,
       .p = {0.0453f, -0.0321f, 0.0094f},
       .side_shade = 0,
       .colour = kInk,
       .mirrored = true},
  });
}

// A wolf's head from the front: pointed ears, a head of a rounded crown, a
// long muzzle and a ruff at the cheeks, lit from the top left and outlined;
// a light lower face, a dark bridge down the nose, almond eyes.
constexpr Glyph wolf_glyph() {
  return shape_glyph({
      {.primitive = Primitive::kTriangle,
       .p = {0.07f, 0.16f, 0.27f, 0.08f, 0.24f, 0.42f, 0.02f},
       .side_shade = 0,
       .colour = kFurDark,
       .mirrored = true,
       .outlined = true},
      {.primitive = Primitive::kTriangle,
       .p = {0.13f, 0.18f, 0.23f, 0.13f, 0.225f, 0.33f},
       .side_shade = 0,
       .colour = kWolfEar,
       .mirrored = true},
      {.primitive = Primitive::kTriangle,
       .p = {0, 0.08f, 0.27f, 0.05f, 0, -0.33f, 0.04f},
       .mirrored = true,
       .part_of_next = true},
      {.primitive = Primitive::kTriangle,
       .p = {0.12f, 0.1f, 0.38f, -0.1f, 0.1f, -0.2f, 0.01f},
       .mirrored = true,
       .part_of_next = true,
       .join = 0.03f},
      {.primitive = Primitive::kCircle,
       .p = {0, 0.06f, 0.2f},
       .outlined = true,
       .join = 0.06f,
       .lit = 0.2f},
      {.primitive = Primitive::kEllipse, .p = {0, -0.17f, 0.11f, 0.15f}, .part_of_next = true},
      {.primitive = Primitive::kCircle,
       .p = {0.19f, -0.1f, 0.075f},
       .side_shade = 0,
       .colour = kFurLight,
       .mirrored = true,
       .join = 0.06f},
      {.primitive = Primitive::kSegment, .p = {0, 0.12f, 0, -0.12f, 0.04f}},
      {.primitive = Primitive::kEllipse,
       .p = {0, -0.2f, 0.062f, 0.042f},
       .side_shade = 0,
       .colour = kInk},
      {.primitive = Primitive::kSegment,
       .p = {0, -0.24f, 0, -0.28f, 0.012f},
       .side_shade = 0,
       .colour = kInk},
      {.primitive = Primitive::kEllipse,
       .p = {0.095f, 0.02f, 0.055f, 0.026f, -0.4f},
       .side_shade = 0,
       .colour = kWolfEye,
       .mirrored = true},
      {.primitive = Primitive::kCircle,
       .p = {0.09f, 0.018f, 0.014f},
       .side_shade = 0,
       .colour = kInk,
       .mirrored = true},
  });
}

}  // namespace arcade::wolfsheep
