#include "app/ui_audit.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

namespace arcade::app {
namespace {

// Apple's and Google's least touch target, in points.
constexpr float kTouchTarget = 44.0f;
// Text measured in points rounds: a box this much short still shows it.
constexpr float kSlack = 0.5f;

struct Findings {
  bool touch = false;
  std::vector<std::string> clipped;
  float smallest = std::numeric_limits<float>::infinity();
  std::string smallest_what;
  std::vector<std::pair<std::string, ImRect>> rects;
};

// ImGui's own context is global too; these are that frame's notes on it.
Findings& findings() {
  static Findings f;
  return f;
}

void note_clipped(const char* what) {
  for (const std::string& c : findings().clipped)
    if (c == what) return;
  findings().clipped.emplace_back(what);
}

}  // namespace

void audit_new_frame(bool touch) {
  findings() = Findings{};
  findings().touch = touch;
}

void audit_fits(const char* what, float needed, float room) {
  if (needed > room + kSlack) note_clipped(what);
}

void audit_last_item(const char* what) {
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  const ImRect clip = window->InnerClipRect;
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  // Across, the clip now in force: a table's cell clips its text to its
  // column, inside the window (a term's name ran into its value's column).
  const ImRect cell = window->ClipRect;
  const bool across = min.x < std::max(clip.Min.x, cell.Min.x) - kSlack ||
                      max.x > std::min(clip.Max.x, cell.Max.x) + kSlack;
  // The side panel shows no scrollbar yet scrolls (the wheel; a drag on a
  // touch screen): what lies below its fold is reached, not cut.
  const bool scrolls = !(window->Flags & ImGuiWindowFlags_NoScrollWithMouse);
  const bool down = !scrolls && (min.y < clip.Min.y - kSlack || max.y > clip.Max.y + kSlack);
  if (across || down) note_clipped(what);
}

void audit_target(const char* what, float height) {
  Findings& f = findings();
  if (height < 0) height = ImGui::GetItemRectSize().y;
  if (!f.touch || height >= f.smallest) return;
  f.smallest = height;
  f.smallest_what = what;
}

void audit_rect(const char* name, bool window) {
  const ImRect r = window ? ImGui::GetCurrentWindow()->Rect()
                          : ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  findings().rects.emplace_back(name, r);
}

float target_height() {
  return findings().touch ? kTouchTarget : 0.0f;
}

std::string audit_state() {
  const Findings& f = findings();
  std::string out = "clipped ";
  for (std::size_t i = 0; i < f.clipped.size(); ++i) out += (i ? "|" : "") + f.clipped[i];
  out += "\n";
  for (const auto& [name, r] : f.rects) {
    char line[160];
    std::snprintf(line, sizeof line, "rect_%s %.1f %.1f %.1f %.1f\n", name.c_str(), r.Min.x,
                  r.Min.y, r.GetWidth(), r.GetHeight());
    out += line;
  }
  if (f.touch && !f.smallest_what.empty()) {
    char line[160];
    std::snprintf(line, sizeof line, "smallest_target %.1f %s\n", f.smallest,
                  f.smallest_what.c_str());
    out += line;
  }
  return out;
}

bool list_item(const char* label, bool selected) {
  const bool chosen = ImGui::Selectable(label, selected, 0, ImVec2(0, target_height()));
  audit_target("a list's row");
  return chosen;
}

}  // namespace arcade::app
