#include "app/side_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "app/game/move_table.h"
#include "app/game_in_words.h"
#include "app/ui_audit.h"
#include "engine/level.h"

namespace arcade::app {
namespace {

// What one's own start is called in the start choice: the label where it
// is a noun ("Maze": "Your own maze..."), else "start" (Wolf and Sheep's
// "Sheep starts on" read "Your own sheep starts on...").
std::string own_start_name(const GameView& start) {
  const std::string_view label = start.start_label();
  if (label.find(' ') != std::string_view::npos) return "start";
  std::string name(label);
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

}  // namespace

SidePanel::SidePanel(AppContext& ctx, AppActions& actions, Heading& heading,
                     AnalysisPanel& analysis, LabPanel& lab, HeuristicWeights& weights,
                     ImGuiBoards& boards)
    : ctx_(ctx),
      game_(ctx.game),
      actions_(actions),
      heading_(heading),
      analysis_(analysis),
      lab_(lab),
      weights_(weights),
      boards_(boards) {}

void SidePanel::draw(const Rect& r, bool phone) {
  begin_area("panel", r.x, r.y, r.w, r.h, palette::kSurface);
  audit_rect("panel", true);
  if (ctx_.touch) drag_to_scroll();
  if (!phone) {
    action_buttons();
    ImGui::Separator();
  }
  players_section();
  score_line();
  start_choice();
  if (!game_.engine_error().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarn);
    ImGui::TextWrapped("Engine: %s", game_.engine_error().c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  if (lab_.section(ctx_.touch)) {
    std::unique_ptr<GameView> node = lab_.chosen_node();
    if (weights_.section(node.get())) ctx_.later([this] { actions_.apply_weights(); });
  } else {
    if (const std::optional<std::size_t> ply = analysis_.section(ctx_.touch))
      ctx_.later([this, plies = *ply] { game_.go_to(plies); });
    move_list();
  }
  share_section();
  ImGui::End();
}

// The phone's row of big buttons under the board.
void SidePanel::quick_actions(const Rect& r) {
  begin_area("actions", r.x, r.y, r.w, r.h, palette::kBackground,
             ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::SetCursorPosY((r.h - ImGui::GetFrameHeight()) / 2);
  if (game_.viewing())
    heading_.viewing_actions(r, true);  // the way out as big as a thumb, where the actions are
  else
    action_buttons();
  ImGui::End();
}

void SidePanel::action_buttons() {
  // A touch screen on its side has no row under the board: the way out of
  // viewing takes the actions' place in the panel, at a finger's size.
  if (ctx_.touch && game_.viewing()) return heading_.viewing_actions({}, true);
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float each = (ImGui::GetContentRegionAvail().x - 3 * gap) / 4;
  ImGui::BeginDisabled(!game_.can_undo());
  if (ctx_.button("Undo", each, false, "U")) ctx_.later([this] { actions_.key('u'); });
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!game_.can_redo());
  if (ctx_.button("Redo", each, false, "R")) ctx_.later([this] { actions_.key('r'); });
  ImGui::EndDisabled();
  ImGui::SameLine();
  const bool person_to_move = !game_.game_over() && !game_.side(game_.side_to_move()).ai;
  const bool paused_ai = !game_.game_over() && !person_to_move && game_.paused();
  if (ctx_.touch && ai_failed(game_)) {
    // The heading's Retry, where a finger can hit it.
    if (ctx_.button("Retry AI", each, true)) ctx_.later([this] { actions_.retry_engines(); });
    ctx_.note_widget("retry_engine");
  } else if (ctx_.touch && person_pass(game_)) {
    heading_.pass_button(each);  // the heading says why
  } else if (ctx_.touch && (game_.ai_thinking() || paused_ai)) {
    // The heading's small action, where a finger can hit it.
    if (ctx_.button(game_.ai_thinking() ? "Move now" : "Resume", each))
      ctx_.later([this, k = game_.ai_thinking() ? 'm' : 'p'] { actions_.key(k); });
  } else {
    ImGui::BeginDisabled(!person_to_move || game_.hint_pending());
    if (ctx_.button("Hint", each, false, "H")) ctx_.later([this] { actions_.key('h'); });
    ImGui::EndDisabled();
  }
  ImGui::SameLine();
  if (ctx_.button("New", each, game_.game_over(), "N")) ctx_.later([this] { actions_.key('n'); });
}

void SidePanel::players_section() {
  section_title("Players");
  side_controls(0);
  side_controls(1);
  const bool both_ai = game_.side(0).ai && game_.side(1).ai;
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (ctx_.button("Swap sides", both_ai ? half : -1, false, "S"))
    ctx_.later([this] { actions_.key('s'); });
  if (both_ai) {
    ImGui::SameLine();
    if (ctx_.button(game_.paused() ? "Resume" : "Pause", half, false, "P"))
      ctx_.later([this] { actions_.key('p'); });
  }
}

// One side: its piece, its name, and who plays it (a person or the AI at a
// level) in one list; the level's description under it, wrapped.
void SidePanel::side_controls(int side) {
  ImGui::PushID(side);
  SideSettings s = game_.side(side);
  const float row = ImGui::GetFrameHeight();
  piece_icon(side, row);
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::PushFont(ctx_.fonts.strong);
  ImGui::TextUnformatted(std::string(game_.position().side(side).name).c_str());
  ImGui::PopFont();
  // A count of the side's own (Reversi's discs) beside its name.
  if (const std::string count = game_.position().side_count_words(side); !count.empty()) {
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kAccentHover);
    ImGui::TextUnformatted(count.c_str());
    ImGui::PopStyleColor();
    audit_last_item("a side's count");
  }
  // The list after the name (and the count), in a column where it can.
  const float name_end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
  ImGui::SameLine(std::max(row + 110, name_end + ImGui::GetStyle().ItemSpacing.x));
  ImGui::SetNextItemWidth(-1);
  const std::string current =
      s.ai ? "AI: " + std::string(kLevels[s.level - 1].name) : std::string("Person");
  const bool open = ImGui::BeginCombo("##who", current.c_str(), ImGuiComboFlags_HeightLarge);
  audit_target("who plays a side", row);
  audit_rect(side == 0 ? "side0_who" : "side1_who");
  if (open) {
    if (list_item("Person", !s.ai))
      ctx_.later([this, side, s] { game_.set_side(side, {false, s.level}); });
    for (int l = 1; l <= kLevelCount; ++l) {
      const std::string label = "AI: " + std::string(kLevels[l - 1].name);
      if (list_item(label.c_str(), s.ai && s.level == l))
        ctx_.later([this, side, l] { game_.set_side(side, {true, l}); });
    }
    ImGui::EndCombo();
  }
  if (s.ai) {
    ImGui::Indent(row + 110);
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
    ImGui::TextWrapped("%s", game_.position().level_description(s.level).c_str());
    ImGui::PopStyleColor();
    ImGui::Unindent(row + 110);
  }
  ImGui::PopID();
}

// A side's piece as the board draws it, on a small square of its board.
void SidePanel::piece_icon(int side, float size) {
  BoardScene scene = position_scene(game_.start());
  scene.cols = scene.rows = 1;
  scene.pieces.assign(1, side == 0 ? Piece::kFirstSide : Piece::kSecondSide);
  scene.marks.assign(1, 0);
  // Drawn larger than the icon and clipped to it: a one-cell board's edges
  // (grid lines, a frame) are not part of the piece.
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float bleed = size * 0.12f;
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->PushClipRect(at, ImVec2(at.x + size, at.y + size), true);
  boards_.add(list, scene, ImVec2(at.x - bleed, at.y - bleed),
              ImVec2(at.x + size + bleed, at.y + size + bleed));
  list->PopClipRect();
  ImGui::Dummy(ImVec2(size, size));
}

void SidePanel::score_line() {
  const std::string score = score_text(game_);
  if (score.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
  ImGui::TextWrapped("This session: %s", score.c_str());
  ImGui::PopStyleColor();
}

// The game's start variants, when it has more than one (where the sheep
// starts): the label above the list, so that neither is cut.
void SidePanel::start_choice() {
  const GameView& start = game_.start();
  const std::vector<std::string_view> names = start.start_variant_names();
  if (names.size() < 2) return;
  const std::optional<std::size_t> current = start.start_variant();
  const std::string preview = current ? std::string(names[*current]) : "your own";
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(std::string(start.start_label()).c_str());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  const bool open = ImGui::BeginCombo("##start", preview.c_str());
  audit_target("the start", ImGui::GetFrameHeight());
  ctx_.note_widget("start");
  if (!open) return own_start_open_ ? own_start() : void();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (list_item(std::string(names[i]).c_str(), current == i) && current != i)
      ctx_.later([this, game = game_.game(), text = start.start_variant_text(i)] {
        actions_.start_new_game(game, text);
      });
  }
  // One's own start opens a text box under the choice.
  ImGui::Separator();
  if (list_item(("Your own " + own_start_name(start) + "...").c_str(), own_start_open_))
    own_start_open_ = true;
  ctx_.note_widget("own_start_open");
  ImGui::EndCombo();
}

// A start of the person's own, pasted: a position, or a maze's rows; what
// it is written with said before the person gets it wrong.
void SidePanel::own_start() {
  ImGui::TextWrapped("Your own %s: type or paste it, a row a line",
                     own_start_name(game_.start()).c_str());
  if (const std::string_view help = game_.start().start_text_help(); !help.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
    ImGui::TextWrapped("%.*s", static_cast<int>(help.size()), help.data());
    ImGui::PopStyleColor();
  }
  // Grows with its text, as the share field does.
  ImGui::InputTextMultiline("##own", own_start_.data(), own_start_.capacity() + 1,
                            ImVec2(-1, ImGui::GetTextLineHeight() * 7),
                            ImGuiInputTextFlags_CallbackResize, resize_string, &own_start_);
  ctx_.note_widget("own_start");
  const float each = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (ctx_.button("Play it", each, true)) {
    ctx_.later([this] {
      if (const std::optional<std::string> problem = actions_.start_from_text(own_start_))
        ctx_.say(*problem, true);
      else
        own_start_open_ = false;
    });
  }
  ctx_.note_widget("own_start_play");
  ImGui::SameLine();
  if (ctx_.button("Cancel", each)) own_start_open_ = false;
}

// The moves played, then those undone (dimmed); a click shows that position.
void SidePanel::move_list() {
  section_title("Moves");
  if (game_.viewing()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kAccentHover);
    ImGui::TextWrapped("%s: %s.", turn_text(game_).c_str(), viewing_cue(game_, ctx_.touch).c_str());
    ImGui::PopStyleColor();
  }
  std::vector<std::string> moves = game_.moves();
  const std::size_t played = moves.size();
  for (const std::string& m : game_.redo_moves()) moves.push_back(m);
  const MoveTable table = move_table(game_.start(), moves);
  // Six rows that scroll; on a touch screen every row, a finger's height
  // each, so that a drag on the list scrolls the panel (drag_to_scroll).
  const float spacing = 4.0f;
  const float item_h = std::max(ImGui::GetTextLineHeight(), target_height());
  const std::size_t rows = ctx_.touch ? std::max<std::size_t>(1, table.rows()) : 6;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, palette::kBackground);
  ImGui::BeginChild(
      "moves", ImVec2(0, rows * (item_h + spacing) + 16), false,
      ctx_.touch ? ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse : 0);
  audit_rect("moves", true);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8, spacing));
  if (moves.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
    const char* how = ctx_.touch ? "Tap the board to play." : "Click the board to play.";
    // A forced pass is played by its button, not on the board.
    if (person_pass(game_)) how = ctx_.touch ? "Tap Pass to play on." : "Click Pass to play on.";
    ImGui::TextUnformatted(how);
    ImGui::PopStyleColor();
  }
  const float column = ImGui::CalcTextSize("000. ").x + 8;
  const float width =
      (ImGui::GetContentRegionAvail().x - column) / static_cast<float>(table.columns);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const MoveTable::Place place = table.places[i];
    if (i == 0 || place.row != table.places[i - 1].row) {
      // A selectable that cannot be chosen: dimmed, centred as the moves are.
      const std::string number = std::to_string(place.row + 1) + ".";
      ImGui::Selectable(number.c_str(), false, ImGuiSelectableFlags_Disabled,
                        ImVec2(column - 8, item_h));
    }
    ImGui::SameLine(column + width * static_cast<float>(place.column));
    ImGui::PushID(static_cast<int>(i));
    if (i >= played)
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    if (ImGui::Selectable(moves[i].c_str(), i + 1 == played, 0, ImVec2(width - 8, item_h)))
      ctx_.later([this, i] { game_.go_to(i + 1); });
    ctx_.note_widget("move" + std::to_string(i + 1));
    audit_target("a move in the list");
    if (i >= played) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  if (played != moves_listed_ && !ctx_.touch) ImGui::SetScrollHereY(1.0f);
  moves_listed_ = played;
  ImGui::PopStyleVar();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

// Sharing: a link to this position, and a field to open moves, a position
// string or a link someone sent.
void SidePanel::share_section() {
  section_title("Share");
  if (ctx_.button("Copy link", -1)) copy_link();
  const float open_w = ImGui::CalcTextSize("Open").x + 2 * ImGui::GetStyle().FramePadding.x;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - open_w -
                          ImGui::GetStyle().ItemSpacing.x);
  // The field grows with its text (a link of a long game is longer than
  // any fixed buffer, and ImGui drops a paste it cannot hold without a
  // word); paste_text caps what a paste brings.
  const bool entered = ImGui::InputTextWithHint(
      "##open", "Moves, a position or a link", pasted_.data(), pasted_.capacity() + 1,
      ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CallbackResize, resize_string,
      &pasted_);
  audit_rect("share_field");
  ImGui::SameLine();
  ImGui::BeginDisabled(pasted_.empty());
  if (ctx_.button("Open") || (entered && !pasted_.empty())) ctx_.later([this] { open_pasted(); });
  ImGui::EndDisabled();
}

void SidePanel::copy_link() {
  const std::string fragment = game_.share_fragment();
  const std::string url =
      ctx_.platform.share_url ? ctx_.platform.share_url(fragment) : "#" + fragment;
  if (ctx_.platform.copy_text) ctx_.platform.copy_text(url);
  ctx_.say("Link copied: " + url);
}

void SidePanel::open_pasted() {
  if (actions_.command("open " + pasted_) == "ok") {
    ctx_.say("Opened.");
    pasted_.clear();
  }
}

}  // namespace arcade::app
