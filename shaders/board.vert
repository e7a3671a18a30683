// The board quad: two triangles over the board's viewport. v_uv runs from
// (0, 0) at the bottom left of the board to (1, 1) at the top right.
layout(location = 0) in vec2 a_corner;  // -1..1
out vec2 v_uv;

void main() {
  v_uv = a_corner * 0.5 + 0.5;
  gl_Position = vec4(a_corner, 0.0, 1.0);
}
