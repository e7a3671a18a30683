#include "app/end_card.h"

#include <imgui.h>

#include <algorithm>

#include "app/game_in_words.h"
#include "app/ui_audit.h"

namespace arcade::app {
namespace {

// A piece the game's end took (Pac-Man caught) shrinks away in this long.
constexpr float kTakenSeconds = 0.9f;

std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
}

}  // namespace

EndCard::EndCard(AppContext& ctx, AppActions& actions)
    : ctx_(ctx), game_(ctx.game), actions_(actions) {
  settle();
}

void EndCard::settle() {
  win_progress_ = shown_ = game_.game_over() ? 1.0f : 0.0f;
  dismissed_ = false;
}

// The end of a game: the winning line draws itself once the last piece has
// landed, then the banner fades in (at once with reduced motion).
void EndCard::update(float dt) {
  if (!game_.game_over()) {
    win_progress_ = shown_ = 0;
    dismissed_ = false;
    ctx_.ui.taken = 0;
    return;
  }
  const bool landed = (!ctx_.ui.animation || ctx_.ui.animation->progress >= 1.0f) &&
                      (!ctx_.ui.sowing || ctx_.ui.sowing->progress >= 1.0f);
  if (!landed) return;
  const bool sound = ctx_.prefs.sound && ctx_.platform.play_sound;
  const float step = ctx_.motion() > 0 ? dt : 1.0f;
  // A piece the end took (Pac-Man caught) goes first, with its own sound,
  // which is then the end's.
  const bool taken = game_.position().taken_at_end().has_value();
  if (taken && ctx_.ui.taken < 1.0f) {
    if (ctx_.ui.taken == 0 && sound) ctx_.platform.play_sound(Sound::kTaken);
    ctx_.ui.taken = std::min(1.0f, ctx_.ui.taken + step / kTakenSeconds);
    return;
  }
  if (win_progress_ == 0 && shown_ == 0 && sound && !taken) {
    const int winner = game_.winner();
    const bool person_won = winner >= 0 && !game_.result_sides()[winner].ai;
    ctx_.platform.play_sound(winner < 0 ? Sound::kDraw : person_won ? Sound::kWin : Sound::kLoss);
  }
  if (win_progress_ < 1.0f) {
    win_progress_ = std::min(1.0f, win_progress_ + step / 0.35f);
    return;
  }
  shown_ = std::min(1.0f, shown_ + step / 0.25f);
}

// The end of the game, on the board: who won and how, the session's score,
// a rematch. It fades in once the winning line has drawn itself.
void EndCard::draw(const Rect& board, float under_actions) {
  if (shown_ <= 0) return;
  const float w = std::min(board.w * 0.86f, 380.0f);
  // Over the board's middle where the board is as tall as the card (its
  // height from the last frame); a short board (Pac-Man's mazes on a
  // phone) would have it cover the heading and the row of Undo and New,
  // so there it hangs under that row.
  const bool over_board = height_ <= board.h || under_actions <= 0;
  ImGui::SetNextWindowPos(over_board ? ImVec2(board.x + board.w / 2, board.y + board.h / 2)
                                     : ImVec2(board.x + board.w / 2, under_actions + 8),
                          0, ImVec2(0.5f, over_board ? 0.5f : 0.0f));
  ImGui::SetNextWindowSize(ImVec2(w, 0));
  ImGui::SetNextWindowBgAlpha(0.97f);
  ImGui::PushStyleVar(ImGuiStyleVar_Alpha, shown_);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 14.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(22, 18));
  ImGui::Begin("end", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PushFont(ctx_.fonts.banner);
  centred_text(end_title(game_));
  ImGui::PopFont();
  const std::string how = game_.position().end_in_words();
  const std::size_t colon = how.find(": ");
  if (colon != std::string::npos)
    centred_text(capitalised(how.substr(colon + 2)), palette::kTextDim);
  const std::string score = score_text(game_);
  if (!score.empty()) centred_text(score, palette::kTextDim);
  ImGui::Spacing();
  const float each = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (ctx_.button("Rematch", each, true)) ctx_.later([this] { actions_.command("rematch"); });
  ImGui::SameLine();
  if (ctx_.button("New game", each, false, "N")) ctx_.later([this] { actions_.key('n'); });
  if (ctx_.button("See the board", -1)) dismissed_ = true;
  height_ = ImGui::GetWindowHeight();
  audit_rect("end_card", true);
  ImGui::End();
  ImGui::PopStyleVar(3);
}

}  // namespace arcade::app
