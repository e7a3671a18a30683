// The App's screen: where everything goes, and the panels that are not the
// analysis's or the lab's. The board is the star: large and centred on a
// desktop, with the controls in a side panel; on top on a phone, with
// thumb-sized actions under it and the rest in a panel that scrolls.

#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID: a drag that scrolls presses nothing

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <memory>

#include "app/app.h"
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

constexpr float kTopBarHeight = 56.0f;
constexpr float kTabsHeight = 56.0f;     // the phone's second row: the games
constexpr float kHeadingHeight = 60.0f;  // at the base size of text: see heading_height()
constexpr float kActionsHeight = 68.0f;
constexpr float kBoardMargin = 16.0f;
constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                    ImGuiWindowFlags_NoSavedSettings |
                                    ImGuiWindowFlags_NoBringToFrontOnFocus;

// The heading's height: its two lines grow with the text on a large screen
// (theme.h's ui_scale_for), so the room for them must too, or the status
// line's descenders are cut.
float heading_height() {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.FontDefault) return kHeadingHeight;
  return kHeadingHeight * io.FontDefault->FontSize * io.FontGlobalScale / kBodyPoints;
}

ImU32 colour(const ImVec4& c, float alpha = 1.0f) {
  return ImGui::GetColorU32(ImVec4(c.x, c.y, c.z, c.w * alpha));
}

// A fixed, borderless window over `r` (points).
bool begin_area(const char* name, float x, float y, float w, float h, const ImVec4& background,
                ImGuiWindowFlags extra = 0) {
  ImGui::SetNextWindowPos(ImVec2(x, y));
  ImGui::SetNextWindowSize(ImVec2(w, h));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, background);
  const bool open = ImGui::Begin(name, nullptr, kFixed | extra);
  ImGui::PopStyleColor();
  return open;
}

// Text centred in the window's content width.
void centred_text(const std::string& text, const ImVec4& c = palette::kText) {
  const float width = ImGui::CalcTextSize(text.c_str()).x;
  ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), (ImGui::GetWindowWidth() - width) / 2));
  ImGui::PushStyleColor(ImGuiCol_Text, c);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
}

// A section's title: small capitals in the dim colour, as settings pages do.
void section_title(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
}

// Dragging anywhere on a panel scrolls it, as a touch screen expects (Dear
// ImGui scrolls with the wheel and the scrollbar only): over its lists too,
// which therefore never scroll by themselves on a touch screen (they would
// trap the drag), and over its controls, which a drag then does not press.
void drag_to_scroll() {
  const ImGuiIO& io = ImGui::GetIO();
  if (!ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem |
                              ImGuiHoveredFlags_ChildWindows) ||
      !ImGui::IsMouseDragging(ImGuiMouseButton_Left, 4.0f))
    return;
  ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
  ImGui::ClearActiveID();
}

std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 32);
  return text;
}

// The edge labels' size: small, within the board's margin.
float edge_label_size(const ImFont* body) {
  const float body_size = body ? body->FontSize * ImGui::GetIO().FontGlobalScale : kBodyPoints;
  return std::min(kBoardMargin * 0.8f, body_size * 0.8f);
}

// `text` cut to fit `width` points in the current font, with an ellipsis.
std::string fitted(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::string cut = text;
  while (!cut.empty() && ImGui::CalcTextSize((cut + "...").c_str()).x > width) cut.pop_back();
  // Not inside a UTF-8 sequence: drop continuation bytes and their lead.
  while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) cut.pop_back();
  if (!cut.empty() && static_cast<unsigned char>(cut.back()) >= 0xC0) cut.pop_back();
  return cut + "...";
}

}  // namespace

App::Layout App::layout(ImVec2 d) const {
  Layout l;
  l.phone = d.x < d.y * 0.9f && d.x < 760.0f;
  l.top_bar = {0, 0, d.x, kTopBarHeight};
  if (!l.phone) {
    const float panel_w = std::clamp(d.x * 0.3f, 330.0f, 420.0f);
    l.panel = {d.x - panel_w, kTopBarHeight, panel_w, d.y - kTopBarHeight};
    l.board_area = {0, kTopBarHeight, d.x - panel_w, d.y - kTopBarHeight};
    return l;
  }
  // The board as wide as the screen, the actions under it, the rest below.
  const Grid grid = game_.position().grid();
  const float top = kTopBarHeight + kTabsHeight;
  const float board_h = (d.x - 2 * kBoardMargin) * grid.rows / grid.cols;
  const float area_h = std::min(heading_height() + board_h + 2 * kBoardMargin, d.y * 0.62f);
  l.top_bar.h = top;
  l.board_area = {0, top, d.x, area_h};
  l.actions = {0, top + area_h, d.x, kActionsHeight};
  const float panel_y = l.actions.y + l.actions.h;
  l.panel = {0, panel_y, d.x, std::max(0.0f, d.y - panel_y)};
  return l;
}

std::string App::layout_state() const {
  const BoardLook& look = game_.position().board().look;
  // The names beside the board, as drawn: "edge_labels a:x:y ..." (points).
  std::string labels = "edge_labels";
  for (const EdgeLabel& l : shown_edge_labels())
    labels += " " + l.text + ":" + std::to_string(static_cast<int>(std::lround(l.x))) + ":" +
              std::to_string(static_cast<int>(std::lround(l.y)));
  return "board_margin " + std::to_string(static_cast<int>(kBoardMargin)) + "\ntheme_background " +
         css_colour(kBackgroundRgb) + "\ntheme_sides " + css_colour(look.pieces[0].colour) + " " +
         css_colour(look.pieces[1].colour) + "\n" + labels + "\nboard_drawn_pixels " +
         std::to_string(renderer_.last_drawn_pixels()) + "\n";
}

// The main board's edge labels where it was drawn last; none on a board too
// small to carry them beside it.
std::vector<EdgeLabel> App::shown_edge_labels() const {
  const Grid grid = game_.position().grid();
  const float cell = board_rect_.w / static_cast<float>(std::max(1, grid.cols));
  if (cell < 2 * edge_label_size(fonts_.body)) return {};
  return edge_labels(game_.position().board(), grid, board_rect_.x, board_rect_.y, cell,
                     kBoardMargin);
}

void App::frame(int fb_width, int fb_height, float seconds) {
  {
    // The controls read the game by reference while they are drawn; what
    // they change waits until all of them are (later).
    const GameController::ReadOnly reading = game_.read_only();
    boards_.new_frame(seconds);
    audit_new_frame(touch_);
    widgets_.clear();
    const Layout l = layout(ImGui::GetIO().DisplaySize);
    board_area(l.board_area, fb_width, fb_height, seconds);
    top_bar(l.top_bar);
    if (l.phone) quick_actions(l.actions);
    side_panel(l.panel, l.phone);
    // Over the panel too: on a phone a short board puts the card under the
    // row of actions.
    if (!lab_.open() && game_.game_over() && !end_dismissed_)
      end_banner(board_rect_, l.phone ? l.actions.y + l.actions.h : 0.0f);
    notice_.draw(l.board_area.x, l.board_area.y, l.board_area.w, l.board_area.h, seconds_);
  }
  run_later();
  storage_.write(game_, prefs_);
}

void App::run_later() {
  // A change may post another (a command that opens a panel): each runs once.
  for (std::size_t i = 0; i < later_.size(); ++i) {
    const std::function<void()> change = std::move(later_[i]);
    change();
  }
  later_.clear();
}

// --- The top bar: the name, the games, the settings. ---

void App::top_bar(const Rect& r) {
  begin_area("top", r.x, r.y, r.w, r.h, palette::kBackground,
             ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const bool phone = r.h > kTopBarHeight;
  // The mark: a red and a yellow disc, as the icon.
  const ImVec2 mark(r.x + 28, r.y + kTopBarHeight / 2);
  draw->AddCircleFilled(ImVec2(mark.x - 6, mark.y), 9, IM_COL32(235, 64, 60, 255), 24);
  draw->AddCircleFilled(ImVec2(mark.x + 6, mark.y), 9, IM_COL32(250, 204, 46, 255), 24);
  ImGui::SetCursorPos(ImVec2(48, (kTopBarHeight - ImGui::GetFontSize()) / 2));
  ImGui::PushFont(fonts_.strong);
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
  if (button("Settings", menu_w)) ImGui::OpenPopup("settings");
  settings_popup();
  draw->AddLine(ImVec2(r.x, r.y + r.h - 1), ImVec2(r.x + r.w, r.y + r.h - 1),
                colour(palette::kLine));
  ImGui::End();
}

// The games as a segmented control; choosing one keeps the game in progress
// of the others (GameController::switch_game).
// Equal widths when every title fits so; else each its title's width and a
// share of the rest, with less padding when that is short too.
void App::game_tabs(float width) {
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
    if (button(title.c_str(), each, name == game_.game()))
      later([this, name] { choose_game(name); });
  }
  ImGui::PopStyleVar();
  ImGui::SetWindowFontScale(1.0f);
}

void App::settings_popup() {
  ImGui::SetNextWindowSizeConstraints(ImVec2(300, 0), ImVec2(420, 800));
  if (!ImGui::BeginPopup("settings")) return;
  ImGui::PushFont(fonts_.strong);
  ImGui::TextUnformatted("Settings");
  ImGui::PopFont();
  ImGui::Checkbox("Sound", &prefs_.sound);
  bool motion = !prefs_.reduce_motion;
  if (ImGui::Checkbox("Animations", &motion)) prefs_.reduce_motion = !motion;
  ImGui::TextUnformatted("AI against AI: time between moves");
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##pace", &prefs_.ai_pace_ms, 0, 3000, "%d ms"))
    later([this] { game_.set_ai_pace(prefs_.ai_pace_ms); });
  // Expert and Perfect use the person's thinking time for their next reply.
  if (ImGui::Checkbox("Think on your time", &prefs_.think_on_your_time))
    later([this] { game_.set_pondering(prefs_.think_on_your_time); });
  // A game of steps (Pac-Man): keep going as steered, as in the arcade.
  ImGui::Checkbox("Keep moving (steady pace)", &prefs_.steady);
  note_widget("steady");
  if (!touch_) {
    section_title("Keys");
    ImGui::TextWrapped(
        "Arrows choose a square or a column, Enter plays. N new game, U undo, R redo, H hint, "
        "S swap sides, P pause, M move now, A analysis, L lab. In a maze: arrows or W A S D "
        "step, Space stops.");
  }
  ImGui::EndPopup();
}

// --- The panel: players, score, actions, moves, analysis, lab, sharing. ---

void App::side_panel(const Rect& r, bool phone) {
  begin_area("panel", r.x, r.y, r.w, r.h, palette::kSurface);
  audit_rect("panel", true);
  if (touch_) drag_to_scroll();
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
  if (lab_.section(touch_)) {
    std::unique_ptr<GameView> node = lab_.chosen_node();
    if (weights_.section(node.get())) later([this] { apply_weights(); });
  } else {
    if (const std::optional<std::size_t> ply = analysis_.section(touch_))
      later([this, plies = *ply] { game_.go_to(plies); });
    move_list();
  }
  share_section();
  ImGui::End();
}

// The phone's row of big buttons under the board.
void App::quick_actions(const Rect& r) {
  begin_area("actions", r.x, r.y, r.w, r.h, palette::kBackground,
             ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImGui::SetCursorPosY((r.h - ImGui::GetFrameHeight()) / 2);
  if (game_.viewing())
    viewing_actions(r, true);  // the way out as big as a thumb, where the actions are
  else
    action_buttons();
  ImGui::End();
}

void App::action_buttons() {
  // A touch screen on its side has no row under the board: the way out of
  // viewing takes the actions' place in the panel, at a finger's size.
  if (touch_ && game_.viewing()) return viewing_actions({}, true);
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float each = (ImGui::GetContentRegionAvail().x - 3 * gap) / 4;
  ImGui::BeginDisabled(!game_.can_undo());
  if (button("Undo", each, false, "U")) later([this] { key('u'); });
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!game_.can_redo());
  if (button("Redo", each, false, "R")) later([this] { key('r'); });
  ImGui::EndDisabled();
  ImGui::SameLine();
  const bool person_to_move = !game_.game_over() && !game_.side(game_.side_to_move()).ai;
  const bool paused_ai = !game_.game_over() && !person_to_move && game_.paused();
  if (touch_ && ai_failed(game_)) {
    // The heading's Retry, where a finger can hit it.
    if (button("Retry AI", each, true)) later([this] { retry_engines(); });
    note_widget("retry_engine");
  } else if (touch_ && person_pass(game_)) {
    pass_button(each);  // the heading says why
  } else if (touch_ && (game_.ai_thinking() || paused_ai)) {
    // The heading's small action, where a finger can hit it.
    if (button(game_.ai_thinking() ? "Move now" : "Resume", each))
      later([this, k = game_.ai_thinking() ? 'm' : 'p'] { key(k); });
  } else {
    ImGui::BeginDisabled(!person_to_move || game_.hint_pending());
    if (button("Hint", each, false, "H")) later([this] { key('h'); });
    ImGui::EndDisabled();
  }
  ImGui::SameLine();
  if (button("New", each, game_.game_over(), "N")) later([this] { key('n'); });
}

void App::players_section() {
  section_title("Players");
  side_controls(0);
  side_controls(1);
  const bool both_ai = game_.side(0).ai && game_.side(1).ai;
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (button("Swap sides", both_ai ? half : -1, false, "S")) later([this] { key('s'); });
  if (both_ai) {
    ImGui::SameLine();
    if (button(game_.paused() ? "Resume" : "Pause", half, false, "P")) later([this] { key('p'); });
  }
}

// One side: its piece, its name, and who plays it (a person or the AI at a
// level) in one list; the level's description under it, wrapped.
void App::side_controls(int side) {
  ImGui::PushID(side);
  SideSettings s = game_.side(side);
  const float row = ImGui::GetFrameHeight();
  piece_icon(side, row);
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::PushFont(fonts_.strong);
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
      later([this, side, s] { game_.set_side(side, {false, s.level}); });
    for (int l = 1; l <= kLevelCount; ++l) {
      const std::string label = "AI: " + std::string(kLevels[l - 1].name);
      if (list_item(label.c_str(), s.ai && s.level == l))
        later([this, side, l] { game_.set_side(side, {true, l}); });
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
void App::piece_icon(int side, float size) {
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

void App::score_line() {
  const std::string score = score_text(game_);
  if (score.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
  ImGui::TextWrapped("This session: %s", score.c_str());
  ImGui::PopStyleColor();
}

// The game's start variants, when it has more than one (where the sheep
// starts): the label above the list, so that neither is cut.
void App::start_choice() {
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
  note_widget("start");
  if (!open) return own_start_open_ ? own_start() : void();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (list_item(std::string(names[i]).c_str(), current == i) && current != i)
      later([this, game = game_.game(), text = start.start_variant_text(i)] {
        start_new_game(game, text);
      });
  }
  // One's own start opens a text box under the choice.
  ImGui::Separator();
  if (list_item(("Your own " + own_start_name(start) + "...").c_str(), own_start_open_))
    own_start_open_ = true;
  note_widget("own_start_open");
  ImGui::EndCombo();
}

// A start of the person's own, pasted: a position, or a maze's rows; what
// it is written with said before the person gets it wrong.
void App::own_start() {
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
  note_widget("own_start");
  const float each = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (button("Play it", each, true)) {
    later([this] {
      if (const std::optional<std::string> problem = start_from_text(own_start_))
        say(*problem, true);
      else
        own_start_open_ = false;
    });
  }
  note_widget("own_start_play");
  ImGui::SameLine();
  if (button("Cancel", each)) own_start_open_ = false;
}

namespace {

// The moves of a round, a row of the move list: those until the side that
// moved first moves again (2 where turns alternate; Pac-Man's and each
// ghost's). 2 until a round has been played.
std::size_t round_plies(const GameController& g) {
  const std::unique_ptr<GameView> walk = g.start().clone();
  const int first = walk->side_to_move();
  for (std::size_t i = 0; i < g.line().size(); ++i) {
    walk->play(g.line()[i].move);
    if (walk->side_to_move() == first) return std::max<std::size_t>(2, i + 1);
  }
  return 2;
}

}  // namespace

// The moves played, then those undone (dimmed); a click shows that position.
void App::move_list() {
  section_title("Moves");
  if (game_.viewing()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kAccentHover);
    ImGui::TextWrapped("%s: %s.", turn_text(game_).c_str(), viewing_cue(game_, touch_).c_str());
    ImGui::PopStyleColor();
  }
  std::vector<std::string> moves = game_.moves();
  const std::size_t played = moves.size();
  for (const std::string& m : game_.redo_moves()) moves.push_back(m);
  // Six rows that scroll; on a touch screen every row, a finger's height
  // each, so that a drag on the list scrolls the panel (drag_to_scroll).
  const float spacing = 4.0f;
  const float item_h = std::max(ImGui::GetTextLineHeight(), target_height());
  const std::size_t round = round_plies(game_);
  const std::size_t rows =
      touch_ ? std::max<std::size_t>(1, (moves.size() + round - 1) / round) : 6;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, palette::kBackground);
  ImGui::BeginChild("moves", ImVec2(0, rows * (item_h + spacing) + 16), false,
                    touch_ ? ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse : 0);
  audit_rect("moves", true);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8, spacing));
  if (moves.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
    const char* how = touch_ ? "Tap the board to play." : "Click the board to play.";
    // A forced pass is played by its button, not on the board.
    if (person_pass(game_)) how = touch_ ? "Tap Pass to play on." : "Click Pass to play on.";
    ImGui::TextUnformatted(how);
    ImGui::PopStyleColor();
  }
  const float column = ImGui::CalcTextSize("000. ").x + 8;
  const float width = (ImGui::GetContentRegionAvail().x - column) / static_cast<float>(round);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i % round == 0) {
      // A selectable that cannot be chosen: dimmed, centred as the moves are.
      const std::string number = std::to_string(i / round + 1) + ".";
      ImGui::Selectable(number.c_str(), false, ImGuiSelectableFlags_Disabled,
                        ImVec2(column - 8, item_h));
      ImGui::SameLine(column);
    } else {
      ImGui::SameLine(column + width * static_cast<float>(i % round));
    }
    ImGui::PushID(static_cast<int>(i));
    if (i >= played)
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    if (ImGui::Selectable(moves[i].c_str(), i + 1 == played, 0, ImVec2(width - 8, item_h)))
      later([this, i] { game_.go_to(i + 1); });
    note_widget("move" + std::to_string(i + 1));
    audit_target("a move in the list");
    if (i >= played) ImGui::PopStyleColor();
    ImGui::PopID();
  }
  if (played != moves_listed_ && !touch_) ImGui::SetScrollHereY(1.0f);
  moves_listed_ = played;
  ImGui::PopStyleVar();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

// Sharing: a link to this position, and a field to open moves, a position
// string or a link someone sent.
void App::share_section() {
  section_title("Share");
  if (button("Copy link", -1)) copy_link();
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
  if (button("Open") || (entered && !pasted_.empty())) later([this] { open_pasted(); });
  ImGui::EndDisabled();
}

// --- The board's area: the heading, the board, the end of the game. ---

void App::board_area(const Rect& r, int fb_width, int fb_height, float seconds) {
  // The heading's window covers the heading only: over the board ImGui
  // would take the clicks.
  begin_area("heading", r.x, r.y, r.w, heading_height(), ImVec4(0, 0, 0, 0),
             ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                 ImGuiWindowFlags_NoBackground);
  heading(r);
  ImGui::End();
  const Rect below{r.x, r.y + heading_height(), r.w, r.h - heading_height()};
  board(below, fb_width, fb_height, seconds);
}

// Above the board: whose turn it is or how the game ended, in large type,
// and under it what the AI's search says.
void App::heading(const Rect& r) {
  ImGui::SetCursorPosY(8);
  ImGui::PushFont(fonts_.heading);
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
  std::string figures = figures_text(game_, touch_);
  const bool search_words = !figures.empty();
  // A line the AI has not filled says how to play, rather than leaving a
  // gap between the title and the board.
  // The lab's tree is where the board was, and the board takes no input.
  if (figures.empty() && person_to_move)
    figures = lab_.open() ? "The lab covers the board: close the lab to play"
                          : how_to_move(game_, touch_);
  // A pass is no cell to click: why, and its button, where the turn is said.
  const bool must_pass = person_pass(game_).has_value();
  if (must_pass) figures = pass_in_words(game_.position());
  // What just happened ("Opened.", "Link copied") takes the line while it
  // fades: under the heading it hides no part of the board.
  const std::optional<Notice::Brief> brief = must_pass ? std::nullopt : notice_.brief(seconds_);
  if (brief) figures = brief->text;
  // On a touch screen the action takes Hint's place in the row of buttons,
  // at a finger's size (action_buttons).
  const bool failed = ai_failed(game_);
  const char* action = touch_      ? nullptr
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
  if (search_words && !must_pass && !brief && ImGui::CalcTextSize(figures.c_str()).x > room)
    figures = figures_text(game_, touch_, /*brief=*/true);
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
      later([this] { retry_engines(); });
    else
      later([this, k = thinking ? 'm' : 'p'] { key(k); });
  }
  audit_target(action);
  if (failed) note_widget("retry_engine");
}

// Viewing an earlier position: both ways out, on screen wherever it was
// entered (the move list, the evaluation graph, undo, `goto`), and the cue
// for a move on the board beside them where it fits whole (the move list
// says it too). On a phone the buttons take the actions' row, at a thumb's
// size, and the heading says the cue.
void App::viewing_actions(const Rect& r, bool thumb_row) {
  const char* back = "Back to the game";
  const char* on = "Play on from here";
  const ImGuiStyle& style = ImGui::GetStyle();
  // On a touch screen the heading keeps the cue and the buttons go where a
  // finger can hit them (quick_actions on a phone, action_buttons on its side).
  const bool phone = layout(ImGui::GetIO().DisplaySize).phone || touch_;
  if (phone && !thumb_row) {
    const std::string cue = fitted(viewing_cue(game_, touch_), r.w - 32);
    ImGui::SetCursorPosX(std::max(16.0f, (r.w - ImGui::CalcTextSize(cue.c_str()).x) / 2));
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
    ImGui::TextUnformatted(cue.c_str());
    ImGui::PopStyleColor();
    return;
  }
  if (phone) {
    const float each = (ImGui::GetContentRegionAvail().x - style.ItemSpacing.x) / 2;
    if (button(back, each)) later([this] { game_.back_to_game(); });
    note_widget("back_to_game");
    ImGui::SameLine();
    if (button(on, each, true)) later([this] { game_.play_on(); });
    note_widget("play_on");
    return;
  }
  const float buttons_w = ImGui::CalcTextSize(back).x + ImGui::CalcTextSize(on).x +
                          4 * style.FramePadding.x + style.ItemSpacing.x;
  const std::string cue = viewing_cue(game_, touch_);
  const float cue_w = ImGui::CalcTextSize(cue.c_str()).x + style.ItemSpacing.x;
  const bool with_cue = cue_w + buttons_w <= r.w - 32;
  ImGui::SetCursorPosX(std::max(16.0f, (r.w - buttons_w - (with_cue ? cue_w : 0)) / 2));
  if (with_cue) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kTextDim);
    ImGui::TextUnformatted(cue.c_str());
    ImGui::PopStyleColor();
    ImGui::SameLine();
  }
  if (ImGui::SmallButton(back)) later([this] { game_.back_to_game(); });
  note_widget("back_to_game");
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Button, palette::kAccent);
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, palette::kAccentHover);
  if (ImGui::SmallButton(on)) later([this] { game_.play_on(); });
  ImGui::PopStyleColor(2);
  note_widget("play_on");
}

// The person's pass: the only move they have, in the accent colour, so that
// it reads as what to do now; Enter too where there is a keyboard. In the
// heading's one line (width 0) a small button, as its other actions.
void App::pass_button(float width) {
  bool pressed = false;
  if (width > 0) {
    pressed = button("Pass", width, true, "Enter");
  } else {
    ImGui::PushStyleColor(ImGuiCol_Button, palette::kAccent);
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, palette::kAccentHover);
    pressed = ImGui::SmallButton("Pass");
    ImGui::PopStyleColor(2);
    audit_target("Pass");
  }
  note_widget("pass");
  if (pressed) later([this] { play_pass(); });
}

void App::note_widget(const std::string& name) {
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  widgets_[name] = {min.x, min.y, max.x - min.x, max.y - min.y};
}

void App::board(const Rect& r, int fb_width, int fb_height, float seconds) {
  if (lab_.open()) return lab_.tree({r.x, r.y}, {r.x + r.w, r.y + r.h});
  // The largest board of the position's proportions that fits, centred.
  const Grid grid = game_.position().grid();
  const float avail_w = r.w - 2 * kBoardMargin, avail_h = r.h - 2 * kBoardMargin;
  const float cell = std::max(1.0f, std::min(avail_w / grid.cols, avail_h / grid.rows));
  const float board_w = cell * grid.cols, board_h = cell * grid.rows;
  const float left = r.x + (r.w - board_w) / 2, top = r.y + (r.h - board_h) / 2;
  board_rect_ = {left, top, board_w, board_h};

  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 mouse = io.MousePos;
  ui_.hovered.reset();
  const bool banner = game_.game_over() && !end_dismissed_;
  if (!io.WantCaptureMouse && !banner && mouse.x >= left && mouse.x < left + board_w &&
      mouse.y >= top && mouse.y < top + board_h) {
    const Cell c{static_cast<int>((mouse.x - left) / cell),
                 grid.rows - 1 - static_cast<int>((mouse.y - top) / cell)};
    // A touch screen has no pointer to follow between taps.
    if (!touch_) ui_.hovered = c;
    if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) ui_.cursor.reset();
    if (steps_of(game_.position())) {
      // A game of steps: a swipe steps its way, a tap (on release) where it is.
      if (ImGui::IsMouseClicked(0)) pressed_at_ = mouse;
    } else if (ImGui::IsMouseClicked(0)) {
      const ClickResult result = click(game_, ui_, c);
      if (result.move) {
        later([this, move = *result.move] {
          game_.play(move);
          ui_.selected.reset();
        });
      } else {
        ui_.selected = result.select;
      }
    }
  }
  if (pressed_at_ && ImGui::IsMouseReleased(0)) {
    const ImVec2 from = *pressed_at_;
    pressed_at_.reset();
    if (std::hypot(mouse.x - from.x, mouse.y - from.y) >= std::max(12.0f, cell * 0.4f))
      later([this, from, mouse] { swipe(from, mouse); });
    else if (!banner)
      later([this, tapped = Cell{static_cast<int>((from.x - left) / cell),
                                 grid.rows - 1 - static_cast<int>((from.y - top) / cell)}] {
        tap(tapped);
      });
  }
  BoardScene scene = make_scene(game_, ui_);
  analysis_.add_line(scene);
  scene.win_progress = win_progress_;
  draw_board(scene, left, top, board_w, board_h, fb_width, fb_height, seconds);
  draw_counts(ImGui::GetBackgroundDrawList(), scene, {left, top}, {left + board_w, top + board_h},
              fonts_.body);
  // The columns' and rows' names in the margin, as the moves write them.
  draw_edge_labels(ImGui::GetBackgroundDrawList(), shown_edge_labels(), fonts_.body,
                   edge_label_size(fonts_.body));
  analysis_.draw_over_board(ui_.selected, left, top, cell, grid.rows);
}

// The end of the game, on the board: who won and how, the session's score,
// a rematch. It fades in once the winning line has drawn itself.
void App::end_banner(const Rect& board, float under_actions) {
  if (end_shown_ <= 0) return;
  const float w = std::min(board.w * 0.86f, 380.0f);
  // Over the board's middle where the board is as tall as the card (its
  // height from the last frame); a short board (Pac-Man's mazes on a
  // phone) would have it cover the heading and the row of Undo and New,
  // so there it hangs under that row.
  const bool over_board = end_card_height_ <= board.h || under_actions <= 0;
  ImGui::SetNextWindowPos(over_board ? ImVec2(board.x + board.w / 2, board.y + board.h / 2)
                                     : ImVec2(board.x + board.w / 2, under_actions + 8),
                          0, ImVec2(0.5f, over_board ? 0.5f : 0.0f));
  ImGui::SetNextWindowSize(ImVec2(w, 0));
  ImGui::SetNextWindowBgAlpha(0.97f);
  ImGui::PushStyleVar(ImGuiStyleVar_Alpha, end_shown_);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 14.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(22, 18));
  ImGui::Begin("end", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PushFont(fonts_.banner);
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
  if (button("Rematch", each, true)) later([this] { command("rematch"); });
  ImGui::SameLine();
  if (button("New game", each, false, "N")) later([this] { key('n'); });
  if (button("See the board", -1)) end_dismissed_ = true;
  end_card_height_ = ImGui::GetWindowHeight();
  audit_rect("end_card", true);
  ImGui::End();
  ImGui::PopStyleVar(3);
}

}  // namespace arcade::app
