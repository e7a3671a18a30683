#pragma once
// How a game's board looks, as data: a surface under the pieces and, for
// each side, a piece drawn as a glyph in the side's colour. The app draws
// every game from this alone (shaders/board.frag), so a new look is a new
// value here, never a new branch in the app, and a game that wants a piece
// of its own composes it from primitives in its own folder (a kShape glyph).
// Plain data: no UI library here.

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace arcade {

// A colour, 0xRRGGBB.
using Rgb = std::uint32_t;

// The board under the pieces. A shared vocabulary: board.frag draws each
// kind, in the colours a game gives it, with the same numbers.
enum class SurfaceKind : std::uint8_t {
  kGridLines = 0,  // a panel with lines between the cells; colours: the panel, the lines
  kFrame = 1,      // an upright frame with a hole a cell, the page seen through; colours: the frame
  kChequered = 2,  // dark and light squares, the bottom left dark; colours: dark, light
  kFelt = 3,       // cloth with a line round every cell and small dots; colours: cloth, lines
  kPits = 4,       // a wooden board with a round bowl a cell, the first and last columns each
                   // one long store spanning the rows (their cells one pit, drawn, its piece
                   // and its count, at the column's middle); colours: the wood, the bowls
};

struct Surface {
  SurfaceKind kind = SurfaceKind::kGridLines;
  std::array<Rgb, 2> colours{};
  // kFelt's dots: on the lines' crossings this many cells in from each
  // corner of the board (2 on Othello's 8x8); 0 for none.
  int dot_inset = 0;
  friend bool operator==(const Surface&, const Surface&) = default;
};

// A piece's drawing. The shared glyphs are drawn by board.frag, lit and
// shaded in the side's colour; kShape is drawn from its layers alone: a
// game's own art (a sheep, a ghost) is data in the game's folder.
enum class GlyphKind : std::uint8_t {
  kDisc = 0,    // a raised disc with a rim and a groove
  kCross = 1,   // an X of two strokes
  kNought = 2,  // an O
  kShape = 3,   // the glyph's layers, as data
};

// A primitive of a kShape glyph, in cell units from the cell's centre (y up,
// a cell 1 wide; keep a glyph within 0.46 of the centre, as the shared ones
// are: the board redraws a moving piece's box of that reach; angles in
// radians, counter-clockwise): its numbers p are
enum class Primitive : std::uint8_t {
  kCircle = 0,    // centre (p0, p1), radius p2
  kRing = 1,      // centre (p0, p1), radius p2, half width p3
  kSegment = 2,   // from (p0, p1) to (p2, p3), half width p4: a stroke with round ends
  kBox = 3,       // centre (p0, p1), half size (p2, p3), corners rounded by p4; centred in
                  // the cell, a tile: tiles of a piece join into one shape (board.frag)
  kEllipse = 4,   // centre (p0, p1), radii (p2, p3), turned by p4
  kTriangle = 5,  // corners (p0, p1), (p2, p3), (p4, p5), rounded by p6 (which grows it)
  kBeads = 6,     // p4 circles of radius p3 evenly round a circle of radius p2 about
                  // (p0, p1), the first at angle p5, each over the one before (the
                  // first under the last): puffs of wool, petals; p6 darkens a band
                  // that wide inside each bead's edge, so that each shows over the next
};

// One layer of a kShape glyph, painted over the layers before it. Written
// with designated initialisers: {.primitive = ..., .p = {...}, ...}.
struct GlyphLayer {
  Primitive primitive = Primitive::kCircle;
  std::array<float, 7> p{};
  // In the side's colour times this (1: the side's own), or, when 0, in
  // `colour`.
  float side_shade = 1.0f;
  Rgb colour = 0;
  // Drawn on both sides of the vertical through the centre, as given and
  // mirrored: half a symmetric glyph.
  bool mirrored = false;
  // A line of ink round it (kOutlineWidth, at least a pixel), behind the
  // layers before it: outlined layers share one outline, their union's.
  bool outlined = false;
  // Not painted itself: its shape is part of the next layer's, joined to it
  // (a head of a circle and a triangle, painted once).
  bool part_of_next = false;
  // How much the join with the parts before it is rounded (a smooth union;
  // 0: a plain one). Only after a part_of_next layer.
  float join = 0.0f;
  // Shaded as a ball lit from the top left: lighter by 3/4 of this at a
  // point up and left of its primitive's centre, darker by this at its
  // primitive's size from there (a bead's own centre for kBeads). 0: flat.
  float lit = 0.0f;
  friend bool operator==(const GlyphLayer&, const GlyphLayer&) = default;
};

// An outlined layer's line, in cell units (board.frag's kOutline).
inline constexpr float kOutlineWidth = 0.02f;
inline constexpr int kMaxGlyphLayers = 16;

struct Glyph {
  GlyphKind kind = GlyphKind::kDisc;
  std::array<GlyphLayer, kMaxGlyphLayers> layers{};  // kShape's, bottom up
  int layer_count = 0;
  friend bool operator==(const Glyph&, const Glyph&) = default;
};

// A glyph drawn from its layers, bottom up (at most kMaxGlyphLayers).
constexpr Glyph shape_glyph(std::initializer_list<GlyphLayer> layers) {
  Glyph glyph{GlyphKind::kShape, {}, 0};
  for (const GlyphLayer& layer : layers)
    if (glyph.layer_count < kMaxGlyphLayers) glyph.layers[glyph.layer_count++] = layer;
  return glyph;
}

// A side's piece: how it is drawn, in the side's colour (the one the panels
// show the side in too), and what a person calls it ("drop a disc").
struct PieceLook {
  Glyph glyph;
  Rgb colour = 0;
  std::string_view noun;
  friend bool operator==(const PieceLook&, const PieceLook&) = default;
};

// The kinds of piece a look may have: the two sides' pieces, and a game's
// further ones (Pac-Man's walls, food, ghosts), Piece values 3 and up.
inline constexpr int kMaxPieceKinds = 8;

struct BoardLook {
  Surface surface;
  // pieces[k - 1] draws Piece value k: side 0's, side 1's, then the game's
  // further kinds; a kind with no layers and no glyph given is never shown.
  std::array<PieceLook, kMaxPieceKinds> pieces;
  friend bool operator==(const BoardLook&, const BoardLook&) = default;
};

}  // namespace arcade
