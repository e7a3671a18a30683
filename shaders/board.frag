// Every board, drawn per pixel from signed distances so that edges stay
// smooth at any size and pixel ratio (a one-pixel ramp), from cells of a few
// pixels (the nodes of a search tree) to large ones. The cells come from a
// small texture, one texel per cell (row 0 at the bottom):
//   red   = the piece: 0 none, else its kind (1 the first side's, 2 the
//           second side's, 3 and up a game's further kinds: Pac-Man's walls)
//   green = marks, the bit flags below
//   blue  = a ghost: a translucent piece (0 none, else as red) where the
//           move under the pointer or the keyboard's cursor would put one
//   alpha = 1 where the last move turned a piece over (a flipped disc)
// The board is drawn from the game's look (src/games/board_look.h): a
// surface of one of the kinds below in the game's colours, and each side's
// piece as a glyph in the side's colour, one of the shared glyphs below or a
// shape given as data: layers of primitives (circles, rings, strokes, boxes,
// ellipses, triangles, rings of beads), each flat or lit, outlined in ink or
// not, joined smoothly to the ones before or not. A game's own art (an
// animal, a character) is such data, in its folder. No game is known here.
// One piece may be in flight (a dropping disc, a sliding wolf): it is drawn
// at u_anim_pos (cell units) and its destination cell is left empty. A won
// game's line is a stroke through the centres of its end cells, over all.

// The mark bits: CellMark in src/app/board_scene.h, the same names and values
// (the renderer refuses this shader if they differ).
const int kLegalTarget = 1;   // a move can go here, or this piece can move
const int kLastMove = 2;      // the last move's cells
const int kSelected = 4;      // the piece picked up
const int kHint = 8;          // the suggested move's cells (a pulse)
const int kWinningLine = 16;  // a piece of a winning line
const int kHovered = 32;      // under the pointer
const int kCursor = 64;       // the keyboard's cell: a focus ring
const int kLitColumn = 128;   // a column a disc would drop down

// The look's vocabulary: SurfaceKind, GlyphKind and Primitive in
// src/games/board_look.h, the same names and values (the renderer refuses
// this shader if they differ).
const int kGridLines = 0;  // a panel with lines between the cells
const int kFrame = 1;      // an upright frame with a hole a cell
const int kChequered = 2;  // dark and light squares
const int kFelt = 3;       // cloth with lines round the cells and dots
const int kPits = 4;       // wood with a bowl a cell, the end columns long stores
const int kDisc = 0;
const int kCross = 1;
const int kNought = 2;
const int kShape = 3;  // layers of primitives, as data
const int kCircle = 0;
const int kRing = 1;
const int kSegment = 2;
const int kBox = 3;
const int kEllipse = 4;
const int kTriangle = 5;
const int kBeads = 6;
const int kMaxGlyphLayers = 16;
const int kMaxPieceKinds = 8;
const float kOutlineWidth = 0.02;  // an outlined layer's line, in cells (at least a pixel)
// A layer's flags, beside its primitive (bits 0-2): as the renderer packs
// them (board_program.cpp, which refuses this shader if they differ).
const int kLayerMirrored = 8;
const int kLayerOutlined = 16;
const int kLayerPart = 32;  // part of the next layer's shape, not painted itself

// The look's kinds: the surface's and each kind of piece's glyph's (-1 for
// a kind the look leaves empty: never drawn), PIECE_KINDS, the kinds up to
// the last one drawn, MAX_LAYERS, the most layers a kShape glyph of the look
// has (the layer arrays' size a kind: within the uniforms WebGL 2 promises),
// and JOINS_TILES, 1 if a kShape glyph has a tile (below). The renderer
// builds one program a look's kinds, defining them after the #version line:
// constants, so that each program keeps only its own drawing (a software
// renderer runs every branch).
#ifndef SURFACE
#define SURFACE 0
#endif
#ifndef PIECE_KINDS
#define PIECE_KINDS 2
#endif
#ifndef GLYPH_0
#define GLYPH_0 0
#endif
#ifndef GLYPH_1
#define GLYPH_1 0
#endif
#ifndef GLYPH_2
#define GLYPH_2 -1
#endif
#ifndef GLYPH_3
#define GLYPH_3 -1
#endif
#ifndef GLYPH_4
#define GLYPH_4 -1
#endif
#ifndef GLYPH_5
#define GLYPH_5 -1
#endif
#ifndef GLYPH_6
#define GLYPH_6 -1
#endif
#ifndef GLYPH_7
#define GLYPH_7 -1
#endif
#ifndef MAX_LAYERS
#define MAX_LAYERS 1
#endif
#ifndef JOINS_TILES
#define JOINS_TILES 0
#endif
const int kSurface = SURFACE;

uniform sampler2D u_cells;
uniform vec2 u_grid;           // columns, rows
uniform vec2 u_size;           // the board's size in pixels
uniform vec2 u_anim_pos;       // centre of the piece in flight, in cells
uniform int u_anim_piece;      // its piece, 0 for none
uniform float u_anim_scale;    // its size, 1 whole; below 1 a piece being taken, over its cell's
uniform float u_time;          // seconds, for the hint's pulse
uniform vec4 u_win_line;       // the winning line's first and last cells (col, row, col, row)
uniform float u_win_progress;  // how much of it is drawn, 0..1; negative: no line
uniform int u_cursor_column;   // the column of the cell marked kCursor, -1 for none
// The look's colours, which the panels draw the sides with too (theme.h):
uniform vec3 u_side_colour[PIECE_KINDS];  // each kind's: the first side's, the second's, ...
uniform vec3 u_surface_colour[2];  // as SurfaceKind says (board_look.h)
uniform float u_dot_inset;         // kFelt's dots, in cells from the corners; 0 none
// A kShape glyph's layers, kind 1's then kind 2's ... (GlyphLayer in
// board_look.h), MAX_LAYERS a kind; the colour packed in one float,
// 0xRRGGBB (exact in a highp float): three vectors a layer.
uniform vec4 u_layer_a[PIECE_KINDS * MAX_LAYERS];  // p0..p3
uniform vec4 u_layer_b[PIECE_KINDS * MAX_LAYERS];  // p4..p6, the primitive + flags
uniform vec4 u_layer_c[PIECE_KINDS * MAX_LAYERS];  // side_shade, the colour, join, lit
uniform int u_layer_count[PIECE_KINDS];
uniform vec3 u_background;  // the app's (palette.h), seen through a frame's empty holes

in vec2 v_uv;
out vec4 frag_color;

#define kBackground u_background
const vec3 kInk = vec3(0.060, 0.055, 0.060);  // outlines
// Marks.
const vec3 kHighlight = vec3(1.000, 0.830, 0.330);
const vec3 kTurnedDot = vec3(0.950, 0.520, 0.140);  // seen on a dark disc and a light one
const vec3 kHintGreen = vec3(0.300, 0.950, 0.550);
const vec3 kFocus = vec3(0.960, 0.975, 1.000);
const vec3 kFocusHalo = vec3(0.020, 0.030, 0.060);
const vec3 kWinStroke = vec3(1.000, 0.975, 0.900);
const float kGhostAlpha = 0.42;

// --- Signed distances (negative inside) ------------------------------------

// Coverage of a shape at signed distance d (pixels): a one-pixel ramp.
float cover(float d) { return clamp(0.5 - d, 0.0, 1.0); }

float circle(vec2 p, float r) { return length(p) - r; }

float segment(vec2 p, vec2 a, vec2 b, float r) {
  vec2 pa = p - a, ba = b - a;
  float h = clamp(dot(pa, ba) / max(dot(ba, ba), 1e-6), 0.0, 1.0);
  return length(pa - ba * h) - r;
}

// An ellipse of radii r, approximately (exact enough for a one-pixel edge).
float ellipse(vec2 p, vec2 r) {
  float k1 = length(p / (r * r));
  float k0 = length(p / r);
  return k1 < 1e-5 ? -min(r.x, r.y) : k0 * (k0 - 1.0) / k1;
}

float triangle(vec2 p, vec2 p0, vec2 p1, vec2 p2) {
  vec2 e0 = p1 - p0, e1 = p2 - p1, e2 = p0 - p2;
  vec2 v0 = p - p0, v1 = p - p1, v2 = p - p2;
  vec2 q0 = v0 - e0 * clamp(dot(v0, e0) / dot(e0, e0), 0.0, 1.0);
  vec2 q1 = v1 - e1 * clamp(dot(v1, e1) / dot(e1, e1), 0.0, 1.0);
  vec2 q2 = v2 - e2 * clamp(dot(v2, e2) / dot(e2, e2), 0.0, 1.0);
  float s = sign(e0.x * e2.y - e0.y * e2.x);
  vec2 d = min(min(vec2(dot(q0, q0), s * (v0.x * e0.y - v0.y * e0.x)),
                   vec2(dot(q1, q1), s * (v1.x * e1.y - v1.y * e1.x))),
               vec2(dot(q2, q2), s * (v2.x * e2.y - v2.y * e2.x)));
  return -sqrt(d.x) * sign(d.y);
}

// A box of half size b with corners rounded by r.
float rounded_box(vec2 p, vec2 b, float r) {
  vec2 q = abs(p) - b + r;
  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
}

float smooth_union(float a, float b, float k) {
  float h = clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
  return mix(b, a, h) - k * h * (1.0 - h);
}

vec2 rotate(vec2 p, float angle) {
  float c = cos(angle), s = sin(angle);
  return vec2(c * p.x - s * p.y, s * p.x + c * p.y);
}

// --- Layers: premultiplied colour and coverage, painted bottom up ------------

// Paints `color` with coverage `a` over `acc`.
void paint(inout vec4 acc, vec3 color, float a) { acc = vec4(color * a, a) + acc * (1.0 - a); }
// Paints `color` with coverage `a` under `acc`: where it leaves room.
void paint_under(inout vec4 acc, vec3 color, float a) { acc += vec4(color * a, a) * (1.0 - acc.a); }

vec3 over(vec3 below, vec4 layer) { return below * (1.0 - layer.a) + layer.rgb; }

// --- The cells -----------------------------------------------------------

// A cell's piece, marks and ghost.
ivec3 cell_at(ivec2 cell) { return ivec3(texelFetch(u_cells, cell, 0).rgb * 255.0 + 0.5); }
bool has(int marks, int bit) { return (marks & bit) != 0; }
bool turned_at(ivec2 cell) { return texelFetch(u_cells, cell, 0).a > 0.5 / 255.0; }
// How strongly a move's cells are tinted: more on small boards (a search
// tree's nodes), where a faint tint would not be seen.
float move_tint(float s, float large) { return mix(3.5 * large, large, smoothstep(10.0, 40.0, s)); }

// --- Pieces: q in cell units from the cell's centre (y up), s pixels a cell --

// X and O: crisp strokes with round ends.
vec4 cross_glyph(vec3 color, vec2 q, float s) {
  float w = max(0.055, 1.2 / s);
  float d = min(segment(q, vec2(-0.25), vec2(0.25), w),
                segment(q, vec2(-0.25, 0.25), vec2(0.25, -0.25), w));
  vec4 acc = vec4(0.0);
  paint(acc, color, cover(d * s));
  return acc;
}

vec4 nought_glyph(vec3 color, vec2 q, float s) {
  float d = abs(circle(q, 0.26)) - max(0.055, 1.2 / s);
  vec4 acc = vec4(0.0);
  paint(acc, color, cover(d * s));
  return acc;
}

// A disc: a rim, a groove and a raised face lit from the top left.
vec4 disc(vec3 base, vec2 q, float s) {
  float r = length(q);
  vec3 color = base * mix(0.78, 1.0, smoothstep(0.40, 0.33, r));  // the rim, darker
  float groove = abs(r - 0.285) - max(0.012, 0.6 / s);
  color = mix(color, base * 0.70, 0.8 * cover(groove * s));
  float light = smoothstep(0.30, 0.0, length(q - vec2(-0.10, 0.11)));
  color = mix(color, min(base * 1.25 + 0.10, vec3(1.0)), 0.45 * light);
  return vec4(color, 1.0) * cover(circle(q, 0.42) * s);
}

// 0xRRGGBB, packed in a float, as a colour. Exact as uploaded (below 2^24);
// rgb + 0.5 would not be: it rounds an odd number from 0x800000 up.
vec3 unpack_rgb(float rgb) {
  float v = rgb;
  return vec3(floor(v / 65536.0), mod(floor(v / 256.0), 256.0), mod(v, 256.0)) / 255.0;
}

// The eight cells round the one drawn, and which of them hold its own piece
// (or lie off the board), bit k for kAround[k]; 0 for a piece in flight or
// a ghost, and where no glyph has a tile (JOINS_TILES).
const ivec2 kAround[8] = ivec2[8](ivec2(1, 0), ivec2(1, 1), ivec2(0, 1), ivec2(-1, 1),
                                  ivec2(-1, 0), ivec2(-1, -1), ivec2(0, -1), ivec2(1, -1));
int g_joins = 0;

// A kBox layer centred in its cell is a tile: tiles of the same piece join
// into one shape (a maze's walls), whose edge lies (0.5 - half size) in from
// the cells round it that are not of that piece, its convex corners rounded
// by that distance; the board's edge is no edge (the shape goes on). p4 only
// rounds a tile with no like beside it, which draws as the box it is.
float tile(vec2 p, vec4 a) {
  float nearest = 1e3;
  for (int k = 0; k < 8; ++k)
    if ((g_joins & (1 << k)) == 0)
      nearest = min(nearest, rounded_box(p - vec2(kAround[k]), vec2(0.5), 0.0));
  return (0.5 - min(a.z, a.w)) - max(nearest, 0.0);
}

// kBeads: n beads of radius r evenly round a circle of radius ring about
// c, the first at angle a0, each over the one before. The distance of the
// bead on top where one covers p (the last that does, going round: the
// first lies under the last), else of the nearest; that bead's centre in
// `centre`.
const int kMaxBeads = 16;
float beads(vec2 p, vec2 c, float ring, float r, float n, float a0, out vec2 centre) {
  float turn = 6.2831853 / max(n, 1.0);
  mat2 next = mat2(cos(turn), sin(turn), -sin(turn), cos(turn));
  vec2 along = vec2(cos(a0), sin(a0));
  float top = 1e3, nearest = 1e3;
  vec2 top_centre = c, nearest_centre = c;
  // A bound from the data, not a constant: a compiler unrolls a constant
  // one, and the program grows by the beads times the layers.
  for (int i = 0; i < min(int(n + 0.5), kMaxBeads); ++i) {
    vec2 bead = c + ring * along;
    float d = circle(p - bead, r);
    if (d < nearest) {
      nearest = d;
      nearest_centre = bead;
    }
    if (d < 0.0) {
      top = d;
      top_centre = bead;
    }
    along = next * along;
  }
  centre = top < 0.0 ? top_centre : nearest_centre;
  return top < 0.0 ? top : nearest;
}

// A layer's primitive at p (cell units): its signed distance, and in
// `frame` its centre and size, which a lit layer is shaded by. Where p is
// `far` or more outside a circle round the costlier ones (a ring of beads,
// a triangle, an ellipse), that circle's distance instead: less than the
// true one, and as good where nothing is painted (a software renderer
// skips the rest for a block of pixels all that far).
float primitive(int kind, vec2 p, vec4 a, vec4 b, float far, out vec3 frame) {
  frame = vec3(a.xy, max(a.z, a.w));
  float d = 1e3;
  float around = length(p - a.xy) - max(a.z, a.w);  // an ellipse's circle
  if (kind == kBeads) around = abs(length(p - a.xy) - a.z) - a.w;
  if (kind == kTriangle) {
    frame.xy = (a.xy + a.zw + b.xy) / 3.0;
    frame.z = max(max(distance(frame.xy, a.xy), distance(frame.xy, a.zw)), distance(frame.xy, b.xy));
    around = length(p - frame.xy) - frame.z - b.z;
  }
  bool costly = kind == kBeads || kind == kTriangle || kind == kEllipse;
  if (costly && around > far) kind = -1;
  if (kind == kCircle) {
    d = circle(p - a.xy, a.z);
    frame.z = a.z;
  }
  if (kind == kRing) d = abs(circle(p - a.xy, a.z)) - a.w;
  if (kind == kSegment) {
    d = segment(p, a.xy, a.zw, b.x);
    frame = vec3(0.5 * (a.xy + a.zw), 0.5 * length(a.zw - a.xy) + b.x);
  }
  if (kind == kBox) d = rounded_box(p - a.xy, a.zw, b.x);
  if (kind == kEllipse) d = ellipse(rotate(p - a.xy, -b.x), a.zw);
  if (kind == kTriangle) d = triangle(p, a.xy, a.zw, b.xy) - b.z;
  if (kind == kBeads) {
    d = beads(p, a.xy, a.z, a.w, b.x, b.y, frame.xy);
    frame.z = a.w;
  }
  return kind == -1 ? around : d;
}

// `color` shaded as a ball of radius r lit from the top left, at p from its
// centre: lighter by 3/4 of `amount` near the light, darker by `amount` a
// radius and more from it (GlyphLayer's lit).
vec3 lit(vec3 color, vec2 p, float r, float amount) {
  float away = smoothstep(0.2 * r, 1.4 * r, length(p - vec2(-0.3, 0.35) * r));
  return min(color * mix(1.0 + 0.75 * amount, 1.0 - amount, away), vec3(1.0));
}

// A glyph given as data: its layers, painted in turn (GlyphLayer in
// board_look.h). A layer that is part of the next one only hands its shape
// on; an outlined one paints its ink under what is painted so far, so that
// the outlined layers share one outline, round their union.
vec4 shape_glyph(int side, vec2 q, float s) {
  vec4 acc = vec4(0.0);
  float parts = 1e3;  // the shape of the parts before, when `joining`
  bool joining = false;
  float line = max(kOutlineWidth, 1.0 / s);
  // Beyond this a layer paints nothing: its outline and a pixel's ramp (and
  // a join's rounding, at most this).
  float far = line + 2.0 / s + 0.08;
  // A bound from the data, not a constant: unrolled, the layers' code would
  // be written out MAX_LAYERS times (and the beads' in each).
  for (int i = 0; i < min(u_layer_count[side], MAX_LAYERS); ++i) {
    int k = side * MAX_LAYERS + i;
    vec4 a = u_layer_a[k], b = u_layer_b[k], c = u_layer_c[k];
    int flags = int(b.w + 0.5);
    int kind = flags & 7;
    bool mirrored = (flags & kLayerMirrored) != 0;
    vec2 p = mirrored ? vec2(abs(q.x), q.y) : q;
    vec3 frame;
    float d = primitive(kind, p, a, b, far, frame);
#if JOINS_TILES
    // A tile with its like beside it (orthogonally: bits 0, 2, 4, 6).
    if (kind == kBox && (g_joins & 0x55) != 0 && a.xy == vec2(0.0)) d = tile(p, a);
#endif
    if (joining) d = c.z > 0.0 ? smooth_union(parts, d, c.z) : min(parts, d);
    joining = (flags & kLayerPart) != 0;
    if (joining) {
      parts = d;
    } else if (d < far) {
      vec3 color = c.x > 0.0 ? u_side_colour[side] * c.x : unpack_rgb(c.y);
      if (c.w > 0.0) {
        vec2 from = p - frame.xy;
        if (mirrored && q.x < 0.0) from.x = -from.x;  // the light stays at the top left
        color = lit(color, from, frame.z, c.w);
      }
      // A bead's edge band: each bead shows over the one under it.
      if (kind == kBeads && b.z > 0.0) color *= 1.0 - 0.1 * cover((d + max(b.z, 0.7 / s)) * -s);
      paint(acc, color, cover(d * s));
      if ((flags & kLayerOutlined) != 0) paint_under(acc, kInk, cover((d - line) * s));
    }
  }
  return acc;
}

// The glyph of each kind of piece (GLYPH_n), -1 for none.
int glyph_of(int piece) {
  int kind = -1;
  if (piece == 1) kind = GLYPH_0;
  if (piece == 2) kind = GLYPH_1;
#if PIECE_KINDS > 2
  if (piece == 3) kind = GLYPH_2;
  if (piece == 4) kind = GLYPH_3;
  if (piece == 5) kind = GLYPH_4;
  if (piece == 6) kind = GLYPH_5;
#endif
#if PIECE_KINDS > 6
  if (piece == 7) kind = GLYPH_6;
  if (piece == 8) kind = GLYPH_7;
#endif
  return kind;
}

// The glyphs the look draws, a bit a GlyphKind (constant: the others' code
// compiles away). Each drawn once in a program, whichever kinds of piece
// share it: a kShape glyph's loop, written out once a kind of piece, made
// programs too large for a compiler to build in good time.
const int kDrawn = (1 << (GLYPH_0 + 1)) | (1 << (GLYPH_1 + 1)) | (1 << (GLYPH_2 + 1)) |
                   (1 << (GLYPH_3 + 1)) | (1 << (GLYPH_4 + 1)) | (1 << (GLYPH_5 + 1)) |
                   (1 << (GLYPH_6 + 1)) | (1 << (GLYPH_7 + 1));
bool drawn(int kind) { return (kDrawn & (1 << (kind + 1))) != 0; }

// Any piece, centred in q's cell, by its kind's glyph (none past the look's
// kinds).
// (Branches, not early returns: a software renderer skips a branch no pixel
// of a block takes, but runs the code after a return.)
vec4 draw_piece(int piece, vec2 q, float s) {
  vec4 acc = vec4(0.0);
  if (piece != 0) {
    if (kSurface == kChequered) {
      // A soft shadow grounds the chequered board's pieces.
      float shadow = ellipse(q - vec2(0.025, -0.06), vec2(0.36, 0.33));
      paint(acc, vec3(0.0), 0.35 * smoothstep(0.06, -0.04, shadow));
    }
    int kind = glyph_of(piece);
    int side = min(piece, PIECE_KINDS) - 1;
    vec3 color = u_side_colour[side];
    vec4 figure = vec4(0.0);
    if (drawn(kDisc) && kind == kDisc) figure = disc(color, q, s);
    if (drawn(kCross) && kind == kCross) figure = cross_glyph(color, q, s);
    if (drawn(kNought) && kind == kNought) figure = nought_glyph(color, q, s);
    if (drawn(kShape) && kind == kShape) figure = shape_glyph(side, q, s);
    acc = figure + acc * (1.0 - figure.a);
  }
  return acc;
}

// --- Marks ----------------------------------------------------------------

// A focus ring along the outline of a shape at signed distance d (pixels):
// light, 2-3 pixels, with a dark halo so that it shows on any colour.
vec3 focus_ring(vec3 color, float d) {
  float ring = abs(d) - 1.25;
  color = mix(color, kFocusHalo, 0.75 * cover(ring - 1.5));
  return mix(color, kFocus, cover(ring));
}

// How opaque a ghost piece is: the hint's pulses, so that it is told from
// the pointer's preview of a move.
float ghost_alpha(int marks) {
  if (!has(marks, kHint)) return kGhostAlpha;
  return kGhostAlpha * (1.25 + 0.45 * sin(u_time * 5.0));
}

// --- kPits: a wooden board of bowls ------------------------------------------

// Whether a column is one of kPits' stores: the first or the last.
bool store_column(int col) { return kSurface == kPits && (col == 0 || col == int(u_grid.x) - 1); }

// How far a pit's bowl reaches up and down from its middle along its axis:
// a house's none (a round bowl), a store's its column less a cell.
float bowl_reach(bool store) { return store ? 0.5 * (u_grid.y - 1.0) : 0.0; }

// The bowl of a pit at q (cell units from the pit's middle): round, or
// long down a store's column.
float bowl(vec2 q, bool store) {
  float reach = bowl_reach(store);
  return segment(q, vec2(0.0, -reach), vec2(0.0, reach), 0.40);
}

// The wood and a bowl sunk into it, a hollow lit from the top left: its
// upper left wall in the rim's shadow, its lower right wall lit, the rim lit
// on its lower right and shaded on its upper left; the board's own edge
// bevelled. An empty bowl's middle is its colour exactly. The last move's
// pits, the ones it sowed and a house to sow under the pointer tint the
// bowl.
vec3 pits_surface(vec2 px, vec2 q, bool store, int marks, bool turned, float s) {
  vec3 wood = u_surface_colour[0];
  if (s > 24.0) wood *= 1.0 + 0.008 * sin(px.y / s * 7.0 + 1.5 * sin(px.x / s * 0.9));
  float inside = -rounded_box(px - 0.5 * u_size, 0.5 * u_size, 0.5 * s);  // pixels in
  wood *= mix(0.72, 1.0, smoothstep(0.0, max(0.07 * s, 2.0), inside));
  const vec2 light = vec2(-0.7071, 0.7071);
  vec3 hollow = u_surface_colour[1];
  hollow *= 1.0 - 0.5 * smoothstep(-0.14, 0.0, bowl(q + 0.12 * light, store));
  hollow = mix(hollow, wood, 0.25 * smoothstep(-0.14, 0.0, bowl(q - 0.12 * light, store)));
  if (has(marks, kLastMove)) hollow = mix(hollow, kHighlight, move_tint(s, 0.22));
  if (turned) hollow = mix(hollow, kHighlight, move_tint(s, 0.10));
  if (has(marks, kHovered) && has(marks, kLegalTarget)) hollow = mix(hollow, vec3(1.0), 0.12);
  // The rim, just outside the bowl: light where it faces the light's way.
  float d = bowl(q, store) * s;
  vec2 out_of = q - vec2(0.0, clamp(q.y, -bowl_reach(store), bowl_reach(store)));
  float facing = dot(normalize(out_of + vec2(1e-5)), -light);
  float rim = cover(abs(d - max(0.025 * s, 1.0)) - max(0.02 * s, 0.75));
  wood = mix(wood, facing > 0.0 ? min(wood * 1.3 + 0.05, vec3(1.0)) : wood * 0.6,
             0.6 * abs(facing) * rim);
  return mix(wood, hollow, cover(d));
}

void main() {
  vec2 px = v_uv * u_size;
  float s = u_size.x / u_grid.x;  // cells are square
  ivec2 cell = ivec2(clamp(floor(px / s), vec2(0.0), u_grid - 1.0));
  vec2 q = (px - (vec2(cell) + 0.5) * s) / s;  // cell units from the cell's centre
  ivec3 texel = cell_at(cell);
  int piece = texel.r, marks = texel.g, ghost = texel.b;
  bool turned = turned_at(cell);
  // A store of kPits is one pit down its column: drawn round the column's
  // middle, with the piece and the marks of its cells (one holds them).
  bool store = store_column(cell.x);
  if (store) {
    q.y = (px.y - 0.5 * u_size.y) / s;
    for (int row = 0; row < 16; ++row) {
      if (row >= int(u_grid.y)) break;
      ivec3 t = cell_at(ivec2(cell.x, row));
      if (piece == 0) piece = t.r;
      if (ghost == 0) ghost = t.b;
      marks |= t.g;
      turned = turned || turned_at(ivec2(cell.x, row));
    }
  }
#if JOINS_TILES
  if (piece != 0) {
    for (int k = 0; k < 8; ++k) {
      ivec2 n = cell + kAround[k];
      bool off = any(lessThan(n, ivec2(0))) || any(greaterThanEqual(n, ivec2(u_grid)));
      if (off || cell_at(n).r == piece) g_joins |= 1 << k;
    }
  }
#endif
  bool won = u_win_progress >= 0.0;
  float pixel = 1.0 / s;  // a pixel in cell units

  // The surface.
  vec3 color = u_surface_colour[0];
  if (kSurface == kGridLines) {
    if (has(marks, kLastMove))
      color = mix(color, vec3(1.0), 0.05 * cover(rounded_box(q, vec2(0.44), 0.08) * s));
    // The grid lines between the cells, with round ends short of the edge.
    float inset = 0.08 * s, w = max(0.022 * s, 1.0);
    float kx = clamp(floor(px.x / s + 0.5), 1.0, u_grid.x - 1.0) * s;
    float ky = clamp(floor(px.y / s + 0.5), 1.0, u_grid.y - 1.0) * s;
    float lines = min(segment(px, vec2(kx, inset), vec2(kx, u_size.y - inset), w),
                      segment(px, vec2(inset, ky), vec2(u_size.x - inset, ky), w));
    color = mix(color, u_surface_colour[1], cover(lines));
  } else if (kSurface == kPits) {
    color = pits_surface(px, q, store, marks, turned, s);
  } else if (kSurface == kFelt) {
    if (has(marks, kLastMove)) color = mix(color, kHighlight, move_tint(s, 0.22));
    if (turned) color = mix(color, kHighlight, move_tint(s, 0.09));
    // A line round every cell, the board's edges too, and the dots on the
    // crossings u_dot_inset cells in from each corner.
    float w = max(0.015 * s, 1.0);
    vec2 to_line = abs(px - floor(px / s + 0.5) * s);
    color = mix(color, u_surface_colour[1], cover(min(to_line.x, to_line.y) - w));
    if (u_dot_inset > 0.0) {
      vec2 in_cells = px / s;
      vec2 dot_at = mix(vec2(u_dot_inset), u_grid - u_dot_inset, step(0.5 * u_grid, in_cells));
      color = mix(color, u_surface_colour[1], cover(circle(px - dot_at * s, max(0.07 * s, 2.0))));
    }
  } else if (kSurface == kChequered) {
    bool dark = ((cell.x + cell.y) & 1) == 0;  // a1 is dark
    color = u_surface_colour[dark ? 0 : 1];
    // A faint grain along the rows, a little different in every square
    // (none on small boards, where it would only blur).
    if (s > 30.0) {
      float seed = float((cell.x * 7 + cell.y * 3) % 5);
      float grain = sin((q.y * (11.0 + seed) + (0.3 + 0.1 * seed) * q.x * q.x) * 3.14159);
      color *= 1.0 + 0.011 * grain * smoothstep(30.0, 60.0, s);
    }
    if (has(marks, kLastMove)) color = mix(color, kHighlight, 0.28);
    if (turned) color = mix(color, kHighlight, move_tint(s, 0.12));
    if (has(marks, kSelected)) color = mix(color, kHighlight, 0.5);
    if (has(marks, kHovered) && (has(marks, kLegalTarget) || piece != 0))
      color = mix(color, vec3(1.0), 0.08);
  }

  if (kSurface == kFrame) {
    // An upright frame with a hole per cell, rounded at its corners; behind a
    // hole the background, a disc, or a ghost of one.
    vec2 board_q = px - 0.5 * u_size;
    vec3 frame = u_surface_colour[0];
    if (has(marks, kLitColumn)) {
      float column = rounded_box(px - vec2((float(cell.x) + 0.5) * s, 0.5 * u_size.y),
                                 vec2(0.47 * s, 0.5 * u_size.y - 0.03 * s), 0.2 * s);
      frame = mix(frame, vec3(0.35, 0.6, 1.0), 0.28 * cover(column));
    }
    // Each hole's bevel: the frame darker close to it, with a lit lip on its
    // upper left.
    float to_hole = circle(q, 0.40) * s;
    frame *= 1.0 - 0.25 * smoothstep(0.04 * s, 0.0, to_hole);
    float lip = cover(abs(to_hole - 0.012 * s) - 0.8) * clamp((q.y - q.x) * 4.0, 0.0, 1.0);
    frame = mix(frame, frame * 1.25 + 0.04, 0.5 * lip);
    vec3 behind = kBackground;
    if (has(marks, kLitColumn)) behind = mix(behind, vec3(0.35, 0.6, 1.0), 0.08);
    // The cell's piece, or the ghost of one (never both), and one in flight.
    vec4 own = draw_piece(piece != 0 ? piece : ghost, q, s);
    if (piece == 0) own *= ghost_alpha(marks);
    if (won && !has(marks, kWinningLine)) own *= 1.0 - 0.3 * u_win_progress;
    behind = over(behind, own);
    g_joins = 0;
    behind = over(behind, draw_piece(u_anim_piece, (px / s - u_anim_pos - 0.5) / u_anim_scale,
                                     s * u_anim_scale));
    // The frame's thickness shades the top of each hole.
    behind *= 1.0 - 0.35 * smoothstep(0.30, 0.42, length(q - vec2(0.0, -0.06))) *
                     smoothstep(-0.1, 0.15, q.y);
    color = mix(frame, behind, cover(to_hole));
    // Rounded outer corners, the background beyond them.
    float outline = rounded_box(board_q, 0.5 * u_size, 0.14 * s);
    color = mix(kBackground, color, cover(outline));
  } else {
    if ((kSurface == kChequered || kSurface == kFelt) && has(marks, kLegalTarget)) {
      // A target: a hollow ring on an empty square, a faint one round a piece
      // that can move.
      float ring = piece == 0 ? abs(circle(q, 0.13)) - max(0.028, 1.0 * pixel)
                              : abs(circle(q, 0.455)) - max(0.014, 0.6 * pixel);
      float strength = ghost != 0 ? 0.0 : piece == 0 ? 0.85 : 0.45;
      color = mix(color, vec3(1.0, 0.93, 0.72), strength * cover(ring * s));
    }
    // A house that can be sown: a light ring inside its bowl's rim.
    if (kSurface == kPits && has(marks, kLegalTarget)) {
      float ring = abs(bowl(q, store) + 0.04) - max(0.016, 0.8 * pixel);
      color = mix(color, vec3(1.0, 0.93, 0.72), 0.75 * cover(ring * s));
    }
    // One piece a pixel (a software renderer runs all the drawing there is,
    // taken or not): the cell's piece (or the ghost of one: never both), or
    // the one in flight where its centre is the nearer (they touch only as a
    // piece slides past a corner); then a piece being taken, shrinking away
    // over its cell's own (the ghost that caught Pac-Man under him). In
    // turn, through one call of draw_piece: a second would double the
    // program, and a software renderer slows with its size.
    vec2 flying = px / s - u_anim_pos - 0.5;
    bool in_flight = u_anim_piece != 0 && u_anim_scale >= 1.0 && dot(flying, flying) <= dot(q, q);
    if (in_flight) g_joins = 0;
    bool taken = u_anim_piece != 0 && u_anim_scale < 1.0;
    for (int pass = 0; pass < (taken ? 2 : 1); ++pass) {
      bool own = pass == 0 && !in_flight;  // the cell's own piece or ghost
      // A store's piece is drawn larger: the store is.
      float scale = pass == 1 ? max(u_anim_scale, 0.01) : own && store ? 1.15 : 1.0;
      if (pass == 1) g_joins = 0;
      vec4 shown = draw_piece(own ? (piece != 0 ? piece : ghost) : u_anim_piece,
                              (own ? q : flying) / scale, s * scale);
      if (own && piece == 0) shown *= ghost_alpha(marks);
      if (own && won && !has(marks, kWinningLine)) shown *= 1.0 - 0.4 * u_win_progress;
      color = over(color, shown);
    }
    // The grid lines' panel has rounded corners, a board of pits round
    // ends; the background beyond them.
    if (kSurface == kGridLines || kSurface == kPits)
      color = mix(kBackground, color,
                  cover(rounded_box(px - 0.5 * u_size, 0.5 * u_size,
                                    (kSurface == kPits ? 0.5 : 0.08) * s)));
  }

  // Marks over the pieces.
  if (has(marks, kLastMove) && kSurface == kFrame) {
    // A small light dot on the disc played last.
    color = mix(color, vec3(1.0), 0.75 * cover(circle(q, max(0.06, 1.5 * pixel)) * s));
  }
  // On felt, a thin light ring round the disc played last (its square's
  // tint lies mostly under the disc).
  if (has(marks, kLastMove) && kSurface == kFelt && piece != 0)
    color = mix(color, kHighlight, 0.85 * cover((abs(circle(q, 0.45)) - max(0.025, 0.6 * pixel)) * s));
  // A small light dot on each piece the last move turned over (a pit's
  // tint says it: its count covers its middle).
  if (turned && piece != 0 && kSurface != kPits)
    color = mix(color, kTurnedDot, 0.9 * cover(circle(q, max(0.08, 1.4 * pixel)) * s));
  if (has(marks, kSelected) && kSurface != kChequered) {
    color = mix(color, kHighlight, cover((abs(rounded_box(q, vec2(0.45), 0.1)) - 0.03) * s));
  }
  // The hint's target holds a pulsing ghost of the mover's own piece (see
  // ghost_alpha); a piece the hint moves gets a pulsing ring.
  // On pits, both follow the bowl.
  if (has(marks, kHint) && piece != 0) {
    float pulse = 0.6 + 0.4 * sin(u_time * 5.0);
    float round_it = kSurface == kPits ? bowl(q, store) + 0.03 : circle(q, 0.47);
    color = mix(color, kHintGreen, pulse * cover((abs(round_it) - 0.03) * s));
  }
  // The cursor marks a cell, or a column where pieces drop (u_cursor_column).
  if (has(marks, kCursor) && u_cursor_column < 0)
    color = focus_ring(color, (kSurface == kPits ? bowl(q, store) + 0.01
                                                 : rounded_box(q, vec2(0.44), 0.1)) * s);
  if (u_cursor_column >= 0) {
    if (cell.x == u_cursor_column) {
      float column = rounded_box(px - vec2((float(cell.x) + 0.5) * s, 0.5 * u_size.y),
                                 vec2(0.46 * s, 0.5 * u_size.y - 0.04 * s), 0.2 * s);
      color = focus_ring(color, column);
    }
  }

  // The winning line: a light stroke with a soft dark edge, from the first
  // cell's centre (a little beyond it) growing towards the last.
  if (won && u_win_progress > 0.0) {
    vec2 a = (u_win_line.xy + 0.5) * s, b = (u_win_line.zw + 0.5) * s;
    vec2 along = normalize(b - a + vec2(1e-6, 0.0)) * 0.28 * s;
    a -= along;
    b = mix(a, b + along, u_win_progress);
    float d = segment(px, a, b, max(0.05 * s, 2.0));
    color = mix(color, kFocusHalo, 0.6 * (1.0 - smoothstep(0.0, max(0.06 * s, 2.5), d)));
    color = mix(color, kWinStroke, cover(d));
  }
  frag_color = vec4(color, 1.0);
}
