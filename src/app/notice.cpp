#include "app/notice.h"

#include <imgui.h>

#include <algorithm>

#include "app/theme.h"
#include "app/ui_audit.h"
#include "app/widgets.h"

namespace arcade::app {
namespace {

constexpr float kNoticeSeconds = 4.0f;

// `text` with a line break before each word that would pass `width`:
// breaks at spaces only. ImGui's own wrapping also breaks after a comma,
// which split a count such as "300,000" over two lines. A word wider than a
// line alone is left to ImGui's wrapping.
std::string wrapped_at_spaces(const std::string& text, float width) {
  std::string out, line;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find_first_of(" \n", at), text.size());
    const std::string word = text.substr(at, end - at);
    const std::string longer = line.empty() ? word : line + ' ' + word;
    if (line.empty() || ImGui::CalcTextSize(longer.c_str()).x <= width) {
      line = longer;
    } else {
      out += line + '\n';
      line = word;
    }
    if (end < text.size() && text[end] == '\n') {
      out += line + '\n';
      line.clear();
    }
    at = end + 1;
  }
  return out + line;
}

}  // namespace

void Notice::say(std::string text, bool error, float now) {
  text_ = std::move(text);
  error_ = error;
  until_ = now + kNoticeSeconds;
}

std::optional<Notice::Brief> Notice::brief(float now) const {
  const float alpha = std::clamp(until_ + 0.5f - now, 0.0f, 1.0f);
  if (text_.empty() || error_ || alpha <= 0) return std::nullopt;
  return Brief{text_, alpha};
}

void Notice::draw(float x, float y, float w, float h, float now) {
  if (text_.empty()) return;
  if (!error_) {
    if (!brief(now)) text_.clear();
    return;
  }
  ImGui::SetNextWindowPos(ImVec2(x + w / 2, y + h - 16), 0, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowSize(ImVec2(std::min(w - 32, 560.0f), 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 10.0f);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.35f, 0.16f, 0.12f, 0.97f));
  ImGui::Begin("notice", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoFocusOnAppearing);
  const float ok_w = ImGui::CalcTextSize("OK").x + 2 * ImGui::GetStyle().FramePadding.x;
  const float wrap_x = ImGui::GetContentRegionAvail().x - ok_w - 8;
  ImGui::PushTextWrapPos(wrap_x);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(wrapped_at_spaces(text_, wrap_x - ImGui::GetCursorPosX() - 1).c_str());
  ImGui::PopTextWrapPos();
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - ok_w + ImGui::GetStyle().WindowPadding.x);
  if (ui_button("OK", 0, false, nullptr, false)) text_.clear();
  audit_rect("notice", true);
  ImGui::End();
  ImGui::PopStyleColor();
  ImGui::PopStyleVar();
}

}  // namespace arcade::app
