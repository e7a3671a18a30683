#include "app/top_bar.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/ui_audit.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

ImU32 colour(const ImVec4& c, float alpha = 1.0f) {
  return ImGui::GetColorU32(ImVec4(c.x, c.y, c.z, c.w * alpha));
}

}  // namespace

TopBar::TopBar(AppContext& ctx, AppActions& actions)
    : ctx_(ctx), game_(ctx.game), actions_(actions) {
  for (const std::string& name : game_names()) games_.push_back(make_game_view(name));
}

void TopBar::draw(const Rect& r) {
  begin_area("top", r.x, r.y, r.w, r.h, palette::kBackground,
             ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const bool phone = r.h > kTopBarHeight;
  // The mark: a red and a yellow disc, as the icon.
  const ImVec2 mark(r.x + 28, r.y + kTopBarHeight / 2);
  draw->AddCircleFilled(ImVec2(mark.x - 6, mark.y), 9, IM_COL32(235, 64, 60, 255), 24);
  draw->AddCircleFilled(ImVec2(mark.x + 6, mark.y), 9, IM_COL32(250, 204, 46, 255), 24);
  ImGui::SetCursorPos(ImVec2(48, (kTopBarHeight - ImGui::GetFontSize()) / 2));
  ImGui::PushFont(ctx_.fonts.strong);
  ImGui::TextUnformatted("Minimax Arcade");
  ImGui::PopFont();
  const float menu_w = ImGui::GetFrameHeight() + 70;
  if (phone) {
    ImGui::SetCursorPos(ImVec2(16, kTopBarHeight + 2));
    game_tabs(r.w - 32);
  } else {
    // Centred, between the name and Settings (nearer the name when narrow).
    const float left = ImGui::GetItemRectMax().x - r.x + 16, right = r.w - menu_w - 12 - 16;
    const float tabs_w = std::min(520.0f, right - left);
    const float x = std::clamp((r.w - tabs_w) / 2, left, right - tabs_w);
    ImGui::SetCursorPos(ImVec2(x, (kTopBarHeight - ImGui::GetFrameHeight()) / 2));
    game_tabs(tabs_w);
  }
  ImGui::SetCursorPos(ImVec2(r.w - menu_w - 12, (kTopBarHeight - ImGui::GetFrameHeight()) / 2));
  if (ctx_.button("Settings", menu_w)) ImGui::OpenPopup("settings");
  settings_popup();
  draw->AddLine(ImVec2(r.x, r.y + r.h - 1), ImVec2(r.x + r.w, r.y + r.h - 1),
                colour(palette::kLine));
  ImGui::End();
}

// The games as a segmented control; choosing one keeps the game in progress
// of the others (GameController::switch_game).
// Equal widths when every title fits so; else each its title's width and a
// share of the rest, with less padding when that is short too.
void TopBar::game_tabs(float width) {
  const float gap = 4.0f, n = static_cast<float>(games_.size());
  float widest = 0, text = 0;
  for (const auto& g : games_) {
    const float w = ImGui::CalcTextSize(std::string(g->title()).c_str()).x;
    widest = std::max(widest, w);
    text += w;
  }
  const float room = width - gap * (n - 1);
  // Too many titles for a phone's width: smaller type, rather than titles
  // cut off ("Connect Fou").
  const float min_pad = 4.0f, shrink = std::min(1.0f, (room - 2 * min_pad * n) / text);
  if (shrink < 1.0f) {
    ImGui::SetWindowFontScale(shrink);
    widest *= shrink;
    text *= shrink;
  }
  const float pad = std::min(ImGui::GetStyle().FramePadding.x, (room - text) / (2 * n));
  const bool equal = n * (widest + 2 * pad) <= room;
  const float extra = (room - text - 2 * pad * n) / n;
  // As tall as ever, though the type is smaller: a thumb's target.
  const float taller = (1.0f - shrink) * ImGui::GetFontSize() / shrink / 2;
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding,
                      ImVec2(std::max(pad, 0.0f), ImGui::GetStyle().FramePadding.y + taller));
  for (std::size_t i = 0; i < games_.size(); ++i) {
    if (i > 0) ImGui::SameLine(0, gap);
    const std::string name(games_[i]->name()), title(games_[i]->title());
    const float each = equal ? room / n : ImGui::CalcTextSize(title.c_str()).x + 2 * pad + extra;
    if (ctx_.button(title.c_str(), each, name == game_.game()))
      ctx_.later([this, name] { actions_.choose_game(name); });
  }
  ImGui::PopStyleVar();
  ImGui::SetWindowFontScale(1.0f);
}

void TopBar::settings_popup() {
  ImGui::SetNextWindowSizeConstraints(ImVec2(300, 0), ImVec2(420, 800));
  if (!ImGui::BeginPopup("settings")) return;
  ImGui::PushFont(ctx_.fonts.strong);
  ImGui::TextUnformatted("Settings");
  ImGui::PopFont();
  ImGui::Checkbox("Sound", &ctx_.prefs.sound);
  bool motion = !ctx_.prefs.reduce_motion;
  if (ImGui::Checkbox("Animations", &motion)) ctx_.prefs.reduce_motion = !motion;
  ImGui::TextUnformatted("AI against AI: time between moves");
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##pace", &ctx_.prefs.ai_pace_ms, 0, 3000, "%d ms"))
    ctx_.later([this] { game_.set_ai_pace(ctx_.prefs.ai_pace_ms); });
  // Expert and Perfect use the person's thinking time for their next reply.
  if (ImGui::Checkbox("Think on your time", &ctx_.prefs.think_on_your_time))
    ctx_.later([this] { game_.set_pondering(ctx_.prefs.think_on_your_time); });
  // A game of steps (Pac-Man): keep going as steered, as in the arcade.
  ImGui::Checkbox("Keep moving (steady pace)", &ctx_.prefs.steady);
  ctx_.note_widget("steady");
  if (!ctx_.touch) {
    section_title("Keys");
    ImGui::TextWrapped(
        "Arrows choose a square or a column, Enter plays. N new game, U undo, R redo, H hint, "
        "S swap sides, P pause, M move now, A analysis, L lab. In a maze: arrows or W A S D "
        "step, Space stops.");
  }
  ImGui::EndPopup();
}

}  // namespace arcade::app
