#include "app/heading.h"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <utility>

#include "app/game_in_words.h"
#include "app/ui_audit.h"

namespace arcade::app {

Heading::Heading(AppContext& ctx, AppActions& actions, BoardInput& input, const LabPanel& lab)
    : ctx_(ctx), game_(ctx.game), actions_(actions), input_(input), lab_(lab) {}

void Heading::draw(const Rect& r) {
  // The heading's window covers the heading only: over the board ImGui
  // would take the clicks.
  begin_area("heading", r.x, r.y, r.w, heading_height(), ImVec4(0, 0, 0, 0),
             ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                 ImGuiWindowFlags_NoBackground);
  draw_lines(r);
  ImGui::End();
}

// Above the board: whose turn it is or how the game ended, in large type,
// and under it what the AI's search says.
void Heading::draw_lines(const Rect& r) {
  ImGui::SetCursorPosY(8);
  ImGui::PushFont(ctx_.fonts.heading);
  const bool over = game_.game_over();
  // A count the board does not show (Pac-Man's points) beside the turn.
  const std::string tally = game_.position().tally();
  const std::string title =
      over ? end_title(game_) : turn_text(game_) + (tally.empty() ? "" : " · " + tally);
  centred_text(title, over ? palette::kAccentHover : palette::kText);
  audit_last_item("the heading");
  audit_rect("heading_title");
  ImGui::PopFont();
  if (!over && game_.viewing()) return viewing_actions(r);
  const bool thinking = game_.ai_thinking();
  const bool paused_ai = !over && game_.side(game_.side_to_move()).ai && game_.paused();
  const bool person_to_move = !over && !game_.side(game_.side_to_move()).ai;
  std::string figures = figures_text(game_, ctx_.touch);
  const bool search_words = !figures.empty();
  // A line the AI has not filled says how to play, rather than leaving a
  // gap between the title and the board.
  // The lab's tree is where the board was, and the board takes no input.
  if (figures.empty() && person_to_move)
    figures = lab_.open() ? "The lab covers the board: close the lab to play"
                          : how_to_move(game_, ctx_.touch);
  // A pass is no cell to click: why, and its button, where the turn is said.
  const bool must_pass = person_pass(game_).has_value();
  if (must_pass) figures = pass_in_words(game_.position());
  // What just happened ("Opened.", "Link copied") takes the line while it
  // fades: under the heading it hides no part of the board.
  const std::optional<Notice::Brief> brief =
      must_pass ? std::nullopt : ctx_.notice.brief(ctx_.seconds);
  if (brief) figures = brief->text;
  // On a touch screen the action takes Hint's place in the row of buttons,
  // at a finger's size (action_buttons).
  const bool failed = ai_failed(game_);
  const char* action = ctx_.touch  ? nullptr
                       : failed    ? "Retry"
                       : thinking  ? "Move now"
                       : paused_ai ? "Resume"
                       : must_pass ? "Pass"
                                   : nullptr;
  ImVec4 colour = brief ? palette::kAccentHover : palette::kTextDim;
  if (brief) colour.w = brief->alpha;
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  const float action_w = action ? ImGui::CalcTextSize(action).x + 24 : 0;
  const float room = r.w - action_w - 48;
  // Where the search's whole words do not fit (a phone), its reach and
  // score alone: the move it played is marked on the board.
  // Where even that does not fit, what the last move did, whole: the rest
  // would be cut mid-word.
  const auto too_wide = [&] { return ImGui::CalcTextSize(figures.c_str()).x > room; };
  if (search_words && !must_pass && !brief && too_wide())
    figures = figures_text(game_, ctx_.touch, /*brief=*/true);
  if (search_words && !must_pass && !brief && too_wide()) {
    std::string headline = last_move_headline(game_);
    if (!headline.empty()) figures = std::move(headline);
  }
  // One line: the heading's window ends there and the board begins.
  const std::string shown = fitted(figures, room);
  const float text_w = ImGui::CalcTextSize(shown.c_str()).x;
  ImGui::SetCursorPosX(std::max(16.0f, (r.w - text_w - action_w) / 2));
  if (!shown.empty()) {
    ImGui::TextUnformatted(shown.c_str());
    audit_last_item("the status line");
    audit_rect("status_line");
  }
  ImGui::PopStyleColor();
  if (!action) return;
  if (!shown.empty()) ImGui::SameLine();
  if (must_pass && !failed && !thinking && !paused_ai) return pass_button(0);
  if (ImGui::SmallButton(action)) {
    if (failed)
      ctx_.later([this] { actions_.retry_engines(); });
    else
      ctx_.later([this, k = thinking ? 'm' : 'p'] { actions_.key(k); });
  }
  audit_target(action);
  if (failed) ctx_.note_widget("retry_engine");
}

// Viewing an earlier position: both ways out, on screen wherever it was
// entered (the move list, the evaluation graph, undo, `goto`), and the cue
// for a move on the board beside them where it fits whole (the move list
// says it too). On a phone the buttons take the actions' row, at a thumb's
// size, and the heading says the cue.
void Heading::viewing_actions(const Rect& r, bool thumb_row) {
  const char* back = "Back to the game";
  const char* on = "Play on from here";
  const ImGuiStyle& style = ImGui::GetStyle();
  // On a touch screen the heading keeps the cue and the buttons go where a
  // finger can hit them (quick_actions on a phone, action_buttons on its side).
  const bool phone =
      screen_layout(ImGui::GetIO().DisplaySize, game_.position().grid()).phone || ctx_.touch;
  if (phone && !thumb_row) {
    const std::string cue = fitted(viewing_cue(game_, ctx_.touch), r.w - 32);
    ImGui::SetCursorPosX(std::max(16.0f, (r.w - ImGui::CalcTextSize(cue.c_str()).x) / 2));
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
    ImGui::TextUnformatted(cue.c_str());
    ImGui::PopStyleColor();
    return;
  }
  if (phone) {
    const float each = (ImGui::GetContentRegionAvail().x - style.ItemSpacing.x) / 2;
    if (ctx_.button(back, each)) ctx_.later([this] { game_.back_to_game(); });
    ctx_.note_widget("back_to_game");
    ImGui::SameLine();
    if (ctx_.button(on, each, true)) ctx_.later([this] { game_.play_on(); });
    ctx_.note_widget("play_on");
    return;
  }
  const float buttons_w = ImGui::CalcTextSize(back).x + ImGui::CalcTextSize(on).x +
                          4 * style.FramePadding.x + style.ItemSpacing.x;
  const std::string cue = viewing_cue(game_, ctx_.touch);
  const float cue_w = ImGui::CalcTextSize(cue.c_str()).x + style.ItemSpacing.x;
  const bool with_cue = cue_w + buttons_w <= r.w - 32;
  ImGui::SetCursorPosX(std::max(16.0f, (r.w - buttons_w - (with_cue ? cue_w : 0)) / 2));
  if (with_cue) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
    ImGui::TextUnformatted(cue.c_str());
    ImGui::PopStyleColor();
    ImGui::SameLine();
  }
  if (ImGui::SmallButton(back)) ctx_.later([this] { game_.back_to_game(); });
  ctx_.note_widget("back_to_game");
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Button, palette::kAccent);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, palette::kAccentHover);
  if (ImGui::SmallButton(on)) ctx_.later([this] { game_.play_on(); });
  ImGui::PopStyleColor(2);
  ctx_.note_widget("play_on");
}

// The person's pass: the only move they have, in the accent colour, so that
// it reads as what to do now; Enter too where there is a keyboard. In the
// heading's one line (width 0) a small button, as its other actions.
void Heading::pass_button(float width) {
  bool pressed = false;
  if (width > 0) {
    pressed = ctx_.button("Pass", width, true, "Enter");
  } else {
    ImGui::PushStyleColor(ImGuiCol_Button, palette::kAccent);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, palette::kAccentHover);
    pressed = ImGui::SmallButton("Pass");
    ImGui::PopStyleColor(2);
    audit_target("Pass");
  }
  ctx_.note_widget("pass");
  if (pressed) ctx_.later([this] { input_.play_pass(); });
}

}  // namespace arcade::app
