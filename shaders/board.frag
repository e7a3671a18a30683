// Every board, drawn per pixel from signed distances so that edges stay
// smooth at any size and pixel ratio. The cells come from a small texture,
// one texel per cell (row 0 at the bottom):
//   red   = the piece: 0 none, 1 the first side's, 2 the second side's
//   green = marks, bit flags: 1 legal target, 2 last move, 4 selected,
//           8 hint, 16 part of the winning line, 32 under the pointer
// One piece may be in flight (a dropping disc, a sliding wolf): it is drawn
// at u_anim_pos (cell units) and its destination cell is left empty.

uniform sampler2D u_cells;
uniform vec2 u_grid;       // columns, rows
uniform vec2 u_size;       // the board's size in pixels
uniform int u_style;       // 0 tic-tac-toe, 1 Connect Four, 2 Wolf and Sheep
uniform vec2 u_anim_pos;   // centre of the piece in flight, in cells
uniform int u_anim_piece;  // its piece, 0 for none
uniform float u_time;      // seconds, for the hint's pulse

in vec2 v_uv;
out vec4 frag_color;

const vec3 kBackground = vec3(0.10, 0.11, 0.14);
const vec3 kHighlight = vec3(1.00, 0.85, 0.25);
const vec3 kHint = vec3(0.30, 0.95, 0.55);

// Coverage of a shape at signed distance d (pixels): a one-pixel ramp.
float cover(float d) { return clamp(0.5 - d, 0.0, 1.0); }

float circle(vec2 p, float r) { return length(p) - r; }

float segment(vec2 p, vec2 a, vec2 b, float r) {
  vec2 pa = p - a, ba = b - a;
  float h = clamp(dot(pa, ba) / dot(ba, ba), 0.0, 1.0);
  return length(pa - ba * h) - r;
}

int piece_at(ivec2 cell) { return int(texelFetch(u_cells, cell, 0).r * 255.0 + 0.5); }
int marks_at(ivec2 cell) { return int(texelFetch(u_cells, cell, 0).g * 255.0 + 0.5); }
bool has(int marks, int bit) { return (marks & bit) != 0; }

vec3 piece_color(int piece) {
  if (u_style == 0) return piece == 1 ? vec3(0.95, 0.36, 0.36) : vec3(0.35, 0.65, 1.00);
  if (u_style == 1) return piece == 1 ? vec3(0.92, 0.22, 0.20) : vec3(0.98, 0.80, 0.18);
  return piece == 1 ? vec3(0.96, 0.96, 0.94) : vec3(0.22, 0.22, 0.25);  // sheep, wolf
}

// A piece centred at p (pixels from its centre) in a cell of size s.
vec4 draw_piece(int piece, vec2 p, float s) {
  if (piece == 0) return vec4(0.0);
  vec3 color = piece_color(piece);
  if (u_style == 0) {
    float d = piece == 1
        ? min(segment(p, vec2(-0.28 * s), vec2(0.28 * s), 0.06 * s),
              segment(p, vec2(-0.28 * s, 0.28 * s), vec2(0.28 * s, -0.28 * s), 0.06 * s))
        : abs(circle(p, 0.29 * s)) - 0.06 * s;
    return vec4(color, cover(d));
  }
  float r = 0.40 * s;
  float body = cover(circle(p, r));
  // A rim and a soft inner shade give the piece some depth.
  float rim = cover(abs(circle(p, r * 0.78)) - 0.025 * s);
  vec3 shaded = color * (1.0 - 0.25 * smoothstep(0.0, r, length(p - vec2(-0.2, 0.25) * r)));
  shaded = mix(shaded, color * (u_style == 2 && piece == 2 ? 1.8 : 0.75), rim * 0.6);
  return vec4(shaded, body);
}

vec3 cell_background(ivec2 cell, vec2 p, float s) {
  if (u_style == 2) {
    bool dark = ((cell.x + cell.y) & 1) == 0;  // a1 is dark
    return dark ? vec3(0.47, 0.32, 0.22) : vec3(0.92, 0.85, 0.72);
  }
  if (u_style == 1) return vec3(0.10, 0.28, 0.78);
  return kBackground;
}

void main() {
  vec2 px = v_uv * u_size;
  float s = u_size.x / u_grid.x;  // cells are square
  ivec2 cell = ivec2(clamp(floor(px / s), vec2(0.0), u_grid - 1.0));
  vec2 p = px - (vec2(cell) + 0.5) * s;  // pixels from the cell's centre
  int piece = piece_at(cell);
  int marks = marks_at(cell);

  vec3 color = cell_background(cell, p, s);
  if (u_style == 0) {
    // Grid lines between the cells only.
    vec2 edge = min(px, u_size - px);
    vec2 to_line = abs(p) - vec2(0.5 * s);
    float line = cover(min(abs(to_line.x), abs(to_line.y)) - 0.02 * s);
    if (min(edge.x, edge.y) > 0.03 * s) color = mix(color, vec3(0.75, 0.77, 0.85), line);
  }
  if (u_style == 1) {
    // The board has a hole per cell; behind it, the background or a disc.
    float hole = cover(circle(p, 0.40 * s));
    vec3 behind = kBackground;
    vec4 disc = draw_piece(piece, p, s);
    behind = mix(behind, disc.rgb, disc.a);
    vec4 flying = draw_piece(u_anim_piece, px - (u_anim_pos + 0.5) * s, s);
    behind = mix(behind, flying.rgb, flying.a);
    color = mix(color, behind, hole);
  } else {
    vec4 own = draw_piece(piece, p, s);
    color = mix(color, own.rgb, own.a);
    vec4 flying = draw_piece(u_anim_piece, px - (u_anim_pos + 0.5) * s, s);
    color = mix(color, flying.rgb, flying.a);
  }

  // Marks, drawn over the pieces.
  if (has(marks, 32)) color = mix(color, vec3(1.0), 0.08);
  if (has(marks, 1)) color = mix(color, kHighlight, 0.45 * cover(circle(p, 0.07 * s)));
  if (has(marks, 2)) {
    // The last move: a ring round a disc, a tint of a tic-tac-toe square.
    float ring = abs(circle(p, 0.43 * s)) - 0.03 * s;
    float tint = cover(max(abs(p.x), abs(p.y)) - 0.47 * s);
    color = u_style == 0 ? mix(color, vec3(1.0), 0.07 * tint) : mix(color, vec3(1.0), 0.8 * cover(ring));
  }
  if (has(marks, 4)) {
    float box = max(abs(p.x), abs(p.y)) - 0.46 * s;
    color = mix(color, kHighlight, cover(abs(box) - 0.03 * s));
  }
  if (has(marks, 8)) {
    float pulse = 0.6 + 0.4 * sin(u_time * 5.0);
    color = mix(color, kHint, pulse * cover(abs(circle(p, 0.33 * s)) - 0.04 * s));
  }
  if (has(marks, 16)) color = mix(color, vec3(1.0), 0.25 * cover(circle(p, 0.2 * s)));
  frag_color = vec4(color, 1.0);
}
