// The seeded monkey: the real app (App, the same a player gets, from
// arcade_app_ui) driven by random actions from every control a player has,
// its invariants checked after each one.
//
//   arcade_monkey [SEED [ACTIONS]]      (tools/monkey.sh SEED N runs it)
//
// Frames are built as main.cpp builds them (App::update, then ImGui's
// NewFrame, App::frame and Render), with no window and no GL: the draw data
// is made and dropped (the board's GL drawing is board_renderer_test's). The
// engines are the real ones, on threads, so the AI thinks while the monkey
// clicks. Input reaches the app as a player's does: the mouse and keys
// through ImGui's IO (clicks on the controls the last frame drew, random
// clicks, drags, the wheel, typing and pasting), the shortcut and board keys
// and pinches through App's own entry points (sdl_input.cpp's SdlInput::key calls
// them so), the scripting surface (App::command, every command word) for the
// rest, and a save and a reload (a new App on the stored text).
//
// After every action: the game on the board is legal (its line replayed from
// its start, each move legal there, gives its position), the heading says
// what the game says (whose turn, or how it ended), the state reads, and the
// AI is not stuck (an AI to move that may move does within a minute). Any
// broken invariant, crash or sanitizer report prints the seed and the action
// list (the last 60, and all of them to monkey-SEED.actions). The actions
// follow from the seed; where the AI's timing differs between runs the state
// they act on may too, so a replay is the same run up to there.

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "app/app.h"
#include "app/engine_link/engine_client.h"
#include "app/imgui_items.h"
#include "app/theme.h"
#include "engine/level.h"
#include "games/registry.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define ARCADE_MONKEY_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ARCADE_MONKEY_SANITIZED 1
#endif
#ifdef ARCADE_MONKEY_SANITIZED
#include <sanitizer/common_interface_defs.h>
#endif

namespace {

using arcade::app::App;
using Clock = std::chrono::steady_clock;

// The action log, for the report a crash or a sanitizer prints too.
std::vector<std::string> g_log;
std::uint64_t g_seed = 0;

void print_log(const char* why) {
  std::fprintf(stderr, "\nmonkey: seed %llu: %s after %zu actions\n",
               static_cast<unsigned long long>(g_seed), why, g_log.size());
  const std::size_t from = g_log.size() > 60 ? g_log.size() - 60 : 0;
  std::fprintf(stderr, "monkey: the last actions (all in monkey-%llu.actions):\n",
               static_cast<unsigned long long>(g_seed));
  for (std::size_t i = from; i < g_log.size(); ++i)
    std::fprintf(stderr, "  %zu: %s\n", i + 1, g_log[i].c_str());
  std::ofstream out("monkey-" + std::to_string(g_seed) + ".actions");
  for (const std::string& line : g_log) out << line << '\n';
  std::fprintf(stderr, "monkey: reproduce with tools/monkey.sh %llu %zu\n",
               static_cast<unsigned long long>(g_seed), g_log.size());
}

#ifdef ARCADE_MONKEY_SANITIZED
void on_death() {
  print_log("a sanitizer report");
}
#endif

extern "C" void on_signal(int signal) {
  print_log(signal == SIGABRT ? "an abort" : "a crash");
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

[[noreturn]] void fail(const std::string& what) {
  print_log(("a broken invariant: " + what).c_str());
  std::exit(1);
}

// The state's lines as key -> value.
std::map<std::string, std::string> parse_state(const std::string& state) {
  std::map<std::string, std::string> out;
  std::istringstream in(state);
  for (std::string line; std::getline(in, line);) {
    const std::size_t space = line.find(' ');
    out[line.substr(0, space)] = space == std::string::npos ? "" : line.substr(space + 1);
  }
  return out;
}

std::vector<std::string> words_of(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string lowered(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

// The controls the last frame drew: "name:left,top,width,height ...".
std::vector<std::pair<std::string, Rect>> widgets_of(const std::string& line) {
  std::vector<std::pair<std::string, Rect>> out;
  for (const std::string& word : words_of(line)) {
    const std::size_t colon = word.rfind(':');
    if (colon == std::string::npos) continue;
    Rect r;
    if (std::sscanf(word.c_str() + colon + 1, "%f,%f,%f,%f", &r.x, &r.y, &r.w, &r.h) == 4 &&
        r.w > 0 && r.h > 0)
      out.emplace_back(word.substr(0, colon), r);
  }
  return out;
}

// The screens a player has: desktops and phones (touch), upright and on
// their side.
struct Screen {
  float w, h;
  bool touch;
};
constexpr Screen kScreens[] = {
    {1280, 800, false}, {800, 600, false}, {1920, 1080, false}, {390, 844, true}, {844, 390, true}};

// What a player types or pastes: moves, positions, links, mazes, and junk.
const char* const kTexts[] = {
    "4 4 5 3",
    "4453",
    "d3 c3 c4 e3 f2",
    "a1 b2 c3",
    "game=connect4&moves=4.4.5.3",
    "#game=reversi&moves=d3.c3.c4",
    "game=pacman&start=tiny",
    "game=pacman&position=%25%25%25%25%25%25/%25P.G.+/%25%25%25%25%25+",
    "game=wolfsheep&start=g1",
    "game=tictactoe&moves=b2.a1.c3",
    "%%%%%%/%P.G.%/%%%%%%",
    "%%%%%%%%\\n%P  ..G%\\n%%%%%%%%",
    "%%%%%\\n%P.G%\\n%%%%%",
    "xo.\n.x.\n..o",
    "game=nothing",
    "game=connect4&moves=9.9.9",
    "",
    "   ",
    "\xff\xfe junk",
    "game=reversi&moves=d3.d3",
    "moves=1.2.3",
};

const char* const kKeys = "nurhspmal";

class Monkey {
 public:
  Monkey(std::uint64_t seed, std::size_t actions) : random_(seed), actions_(actions) {}

  int run();

 private:
  // --- The app and its frames ---
  void make_app();
  void frame();
  void frames(int n) {
    for (int i = 0; i < n; ++i) frame();
  }
  std::map<std::string, std::string> state() const { return parse_state(app_->state()); }

  // --- Actions ---
  void act();
  void click_at(float x, float y, bool then_near = false);
  void click_widget();
  void click_item();
  void click_anywhere();
  void drag();
  void wheel();
  void type_text();
  void paste();
  void press_key();
  void board_key();
  void pinch();
  void command();
  void reload();
  void resize();
  void wait_for_ai();
  std::string random_command();

  // --- Invariants ---
  void check();
  void check_game(const std::map<std::string, std::string>& s);
  void check_heading(const std::map<std::string, std::string>& s);
  void check_ai(const std::map<std::string, std::string>& s);

  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(random_)];
  }
  int number(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(random_); }
  bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(random_) < p; }
  void log(std::string what) { g_log.push_back(std::move(what)); }

  std::mt19937_64 random_;
  std::size_t actions_;
  std::unique_ptr<arcade::app::EngineClient> engine_;
  std::unique_ptr<App> app_;
  std::string stored_;  // the platform's storage: what the app last saved
  Screen screen_ = kScreens[0];
  float seconds_ = 0;  // the frames' clock: a 60th of a second a frame
  std::string clipboard_;
  // When the AI was first seen due to move in this position, if it is.
  std::optional<Clock::time_point> ai_due_since_;
  std::string ai_due_position_;
  // Figures.
  std::map<std::string, int> clicked_;  // the controls clicked, by label
  std::set<std::string> refusals_;      // the engine's refusals seen, in words
  std::size_t frames_ = 0, commands_ = 0, reloads_ = 0, ai_moves_seen_ = 0, ended_ = 0;
  std::string last_moves_;
};

void Monkey::make_app() {
  app_.reset();  // the old app and its engines go first, as a page's do
  engine_ = arcade::app::make_engine_client();
  arcade::app::Storage storage{[this]() -> std::optional<std::string> {
                                 if (stored_.empty()) return std::nullopt;
                                 return stored_;
                               },
                               [this](const std::string& text) { stored_ = text; }};
  arcade::app::PlatformServices platform;
  platform.copy_text = [this](const std::string& text) { clipboard_ = text; };
  platform.share_url = [](const std::string& fragment) { return "index.html#" + fragment; };
  platform.processors = 2;
  app_ = std::make_unique<App>(*engine_, std::move(storage), arcade::app::make_engine_client,
                               std::move(platform));
  arcade::app::UiMetrics metrics;
  metrics.touch = screen_.touch;
  ImGui::GetIO().Fonts->Clear();
  app_->set_fonts(arcade::app::load_fonts(metrics));
  arcade::app::apply_style(metrics);
  ImGui::GetIO().Fonts->Build();
  app_->set_touch(screen_.touch);
}

void Monkey::frame() {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(screen_.w, screen_.h);
  io.DeltaTime = 1.0f / 60;
  seconds_ += io.DeltaTime;
  app_->update(seconds_);
  arcade::app::forget_drawn_items();
  ImGui::NewFrame();
  app_->frame(static_cast<int>(screen_.w), static_cast<int>(screen_.h), seconds_);
  ImGui::Render();
  ++frames_;
}

void Monkey::click_at(float x, float y, bool then_near) {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(x, y);
  frame();  // hovered first, as a real pointer is
  io.MouseDown[0] = true;
  frame();
  io.MouseDown[0] = false;
  frame();
  if (!then_near) return;
  // A drop-down or a menu opened: a second click picks one of its rows.
  std::vector<arcade::app::DrawnItem> rows;
  for (const arcade::app::DrawnItem& item : arcade::app::drawn_items())
    if (item.window.rfind("##Combo", 0) == 0 || item.window.rfind("##Popup", 0) == 0)
      rows.push_back(item);
  if (rows.empty()) return;
  const arcade::app::DrawnItem& row = pick(rows);
  log("  then " + row.label + " in " + row.window);
  click_at((row.min.x + row.max.x) / 2, (row.min.y + row.max.y) / 2);
}

// Any control the last frame drew (ImGui's items: buttons, rows, fields,
// sliders, check boxes, drop-downs), where a player would click it.
void Monkey::click_item() {
  const std::vector<arcade::app::DrawnItem> items = arcade::app::drawn_items();
  if (items.empty()) return click_anywhere();
  const arcade::app::DrawnItem& item = pick(items);
  const float x = item.min.x + (item.max.x - item.min.x) * static_cast<float>(number(10, 90)) / 100;
  const float y = item.min.y + (item.max.y - item.min.y) * static_cast<float>(number(10, 90)) / 100;
  log("click '" + item.label + "' in " + item.window);
  ++clicked_[item.label];
  click_at(x, y, true);
}

void Monkey::click_widget() {
  const std::vector<std::pair<std::string, Rect>> widgets = widgets_of(state()["widgets"]);
  if (widgets.empty()) return click_anywhere();
  const auto& [name, r] = pick(widgets);
  const float x = r.x + r.w * static_cast<float>(number(10, 90)) / 100;
  const float y = r.y + r.h * static_cast<float>(number(10, 90)) / 100;
  log("click " + name);
  click_at(x, y, chance(0.5));
}

void Monkey::click_anywhere() {
  const float x = static_cast<float>(number(0, static_cast<int>(screen_.w) - 1));
  const float y = static_cast<float>(number(0, static_cast<int>(screen_.h) - 1));
  log("click at " + std::to_string(static_cast<int>(x)) + " " +
      std::to_string(static_cast<int>(y)));
  click_at(x, y, chance(0.3));
}

// A press, a move and a release: a swipe on the board, a slider's drag, a
// scroll of the panel by a finger.
void Monkey::drag() {
  ImGuiIO& io = ImGui::GetIO();
  float x = static_cast<float>(number(0, static_cast<int>(screen_.w) - 1));
  float y = static_cast<float>(number(0, static_cast<int>(screen_.h) - 1));
  const float dx = static_cast<float>(number(-200, 200)),
              dy = static_cast<float>(number(-200, 200));
  log("drag from " + std::to_string(static_cast<int>(x)) + " " +
      std::to_string(static_cast<int>(y)) + " by " + std::to_string(static_cast<int>(dx)) + " " +
      std::to_string(static_cast<int>(dy)));
  io.MousePos = ImVec2(x, y);
  frame();
  io.MouseDown[0] = true;
  frame();
  for (int i = 0; i < 4; ++i) {
    x += dx / 4;
    y += dy / 4;
    io.MousePos = ImVec2(x, y);
    frame();
  }
  io.MouseDown[0] = false;
  frame();
}

void Monkey::wheel() {
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(static_cast<float>(number(0, static_cast<int>(screen_.w) - 1)),
                       static_cast<float>(number(0, static_cast<int>(screen_.h) - 1)));
  io.MouseWheel = static_cast<float>(number(-3, 3));
  log("wheel " + std::to_string(static_cast<int>(io.MouseWheel)));
  frame();
  io.MouseWheel = 0;
}

// Typing into whichever field has the keyboard (the share field, the own
// start's box), then Enter.
void Monkey::type_text() {
  const std::string text = kTexts[number(0, std::size(kTexts) - 1)];
  log("type '" + text + "'");
  ImGuiIO& io = ImGui::GetIO();
  for (char c : text) {
    if (c == '\n') continue;
    io.AddInputCharacter(static_cast<unsigned char>(c));
    if (chance(0.2)) frame();
  }
  frame();
  io.KeysDown[ImGuiKey_Enter] = true;
  frame();
  io.KeysDown[ImGuiKey_Enter] = false;
  frame();
}

// Ctrl+V: ImGui reads the clipboard through the app's cap (App::paste_text).
void Monkey::paste() {
  clipboard_ = chance(0.1) ? std::string(static_cast<std::size_t>(number(1, 400'000)), '4')
                           : kTexts[number(0, std::size(kTexts) - 1)];
  log("paste " + std::to_string(clipboard_.size()) + " bytes");
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = true;
  io.KeysDown[ImGuiKey_V] = true;
  frame();
  io.KeysDown[ImGuiKey_V] = false;
  io.KeyCtrl = false;
  frame();
}

// The shortcuts, as sdl_input.cpp's SdlInput::key gives them when no text field has
// the keyboard.
void Monkey::press_key() {
  const char k = kKeys[number(0, static_cast<int>(std::char_traits<char>::length(kKeys)) - 1)];
  log(std::string("key ") + k);
  if (!ImGui::GetIO().WantTextInput) app_->key(k);
  frame();
}

void Monkey::board_key() {
  using arcade::app::Key;
  static const Key kBoardKeys[] = {Key::kLeft, Key::kRight, Key::kUp,
                                   Key::kDown, Key::kEnter, Key::kEscape};
  static const char kLetters[] = "wasd";
  if (chance(0.3)) {
    const char letter = kLetters[number(0, 3)];
    log(std::string("letter ") + letter);
    if (!app_->step_letter(letter)) app_->key(letter);
  } else {
    const int i = number(0, 5);
    log("board key " + std::to_string(i));
    app_->board_key(kBoardKeys[i]);
  }
  frame();
}

void Monkey::pinch() {
  const float x = static_cast<float>(number(0, static_cast<int>(screen_.w) - 1));
  const float y = static_cast<float>(number(0, static_cast<int>(screen_.h) - 1));
  log("pinch");
  for (int i = 0; i < 3; ++i) {
    app_->pinch(true, static_cast<float>(number(50, 200)) / 100, x, y);
    frame();
  }
  app_->pinch(false, 1, 0, 0);
  frame();
}

std::string Monkey::random_command() {
  const std::map<std::string, std::string> s = state();
  const std::vector<std::string> games = words_of(s.at("games"));
  const std::string game = pick(games);
  std::vector<std::string> legal;
  for (const std::string& m : words_of(s.at("legal"))) legal.push_back(m.substr(0, m.find(':')));
  const std::unique_ptr<arcade::GameView> view = arcade::make_game_view(game);
  const std::vector<std::string_view> variants = view->start_variant_names();
  const std::vector<std::string_view> presets = view->weight_presets();
  const std::vector<arcade::EvalTerm> terms = view->terms();
  const int level = number(1, arcade::kLevelCount);
  switch (number(0, 27)) {
    case 0:
      return "game " + game;
    case 1:
      return variants.empty()
                 ? "game " + game
                 : "game " + game + " " + view->start_variant_text(number(0, variants.size() - 1));
    case 2:
      return "switch " + game;
    case 3:
      return "side " + std::to_string(number(0, 1)) + (chance(0.6) ? " ai " : " person ") +
             std::to_string(level);
    case 4:
      return legal.empty() ? "new" : "play " + pick(legal);
    case 5:
      return pick(std::vector<std::string>{"new", "undo", "redo", "hint", "swap", "movenow"});
    case 6:
      return chance(0.5) ? "pause" : "resume";
    case 7:
      return chance(0.5) ? "analysis on" : "analysis off";
    case 8:
      return "goto " + std::to_string(number(0, 12));
    case 9:
      return chance(0.5) ? "lab on" : "lab off";
    case 10:
      return "lab run depth " + std::to_string(number(1, 4)) +
             pick(std::vector<std::string>{"", " algorithm minimax", " algorithm alphabeta",
                                           " algorithm expectimax"}) +
             (chance(0.5) ? " ordering off" : "") + (chance(0.3) ? " table off" : "") +
             (chance(0.3) ? " deepening on" : "");
    case 11:
      return "lab step " + pick(std::vector<std::string>{"start", "back", "next", "end",
                                                         std::to_string(number(0, 50))});
    case 12:
      return chance(0.5) ? "lab play on" : "lab play off";
    case 13:
      return std::string(chance(0.5) ? "lab fold " : "lab select ") + std::to_string(number(0, 30));
    case 14:
      return pick(std::vector<std::string>{
          "lab fit", "lab zoom in", "lab zoom out", "lab zoom " + std::to_string(number(1, 300)),
          "lab pan " + std::to_string(number(0, 40)) + " " + std::to_string(number(0, 40))});
    case 15:
      return chance(0.7)
                 ? "lab pessimism run depth " + std::to_string(number(1, 3)) + " games " +
                       std::to_string(number(1, 6)) + " seed " + std::to_string(number(0, 9))
                 : "lab pessimism stop";
    case 16:
      return presets.empty() ? "weights none" : "weights " + std::string(pick(presets));
    case 17:
      return terms.empty() ? "weight none 1"
                           : "weight " + std::string(pick(terms).name) + " " +
                                 std::to_string(number(-100, 100));
    case 18:
      return "link " + (chance(0.5) ? s.at("share") : std::string(kTexts[number(0, 20)]));
    case 19:
      return std::string("open ") + kTexts[number(0, std::size(kTexts) - 1)];
    case 20:
      return std::string("start ") + kTexts[number(0, std::size(kTexts) - 1)];
    case 21:
      return chance(0.5) ? "rematch" : "dismiss";
    case 22:
      return pick(std::vector<std::string>{"pref sound on", "pref sound off", "pref motion on",
                                           "pref motion off", "pref steady on", "pref steady off",
                                           "pref think on", "pref think off",
                                           "pref pace " + std::to_string(number(0, 600))});
    case 23:
      return "key " +
             pick(std::vector<std::string>{"left", "right", "up", "down", "enter", "escape"});
    case 24:
      return "retry";
    case 25:
      return pick(std::vector<std::string>{"", "bogus", "side 2 ai 9", "goto -1", "lab", "play zz",
                                           "game", "pref", "lab run depth 99"});
    default:
      return legal.empty() ? "undo" : "play " + pick(legal);
  }
}

void Monkey::command() {
  const std::string line = random_command();
  log("command " + line);
  ++commands_;
  const std::string reply = app_->command(line);
  if (reply != "ok" && reply.rfind("error ", 0) != 0)
    fail("command '" + line + "' replied '" + reply + "', neither ok nor an error");
  frame();
}

// The page closed and opened again: a new app on what the old one stored.
void Monkey::reload() {
  frame();  // the last change stored, as a frame stores it
  const std::map<std::string, std::string> before = state();
  log("reload");
  ++reloads_;
  make_app();
  frame();
  const std::map<std::string, std::string> after = state();
  // A save not read whole is held as it was (the notice says so); every
  // save here was the app's own, so each reads whole.
  for (const char* key : {"position", "game", "moves"})
    if (before.count(key) && before.at(key) != after.at(key))
      fail(std::string("the reload changed the ") + key + ": '" + before.at(key) + "' became '" +
           after.at(key) + "'");
}

void Monkey::resize() {
  screen_ = kScreens[number(0, std::size(kScreens) - 1)];
  log("screen " + std::to_string(static_cast<int>(screen_.w)) + "x" +
      std::to_string(static_cast<int>(screen_.h)) + (screen_.touch ? " touch" : ""));
  app_->set_touch(screen_.touch);
  frame();
}

// Frames while the AI thinks, as a player who waits.
void Monkey::wait_for_ai() {
  log("wait");
  for (int i = 0; i < 30; ++i) {
    frame();
    if (state()["thinking"] != "1") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void Monkey::act() {
  const int roll = number(0, 99);
  if (roll < 8)
    click_widget();
  else if (roll < 30)
    click_item();
  else if (roll < 34)
    click_anywhere();
  else if (roll < 39)
    drag();
  else if (roll < 42)
    wheel();
  else if (roll < 45)
    type_text();
  else if (roll < 47)
    paste();
  else if (roll < 55)
    press_key();
  else if (roll < 61)
    board_key();
  else if (roll < 62)
    pinch();
  else if (roll < 90)
    command();
  else if (roll < 91)
    reload();
  else if (roll < 93)
    resize();
  else
    wait_for_ai();
  frames(number(0, 2));
}

// --- Invariants ---

void Monkey::check_game(const std::map<std::string, std::string>& s) {
  (void)s;
  const arcade::app::GameController& g = app_->game();
  std::unique_ptr<arcade::GameView> walk = g.start().clone();
  for (std::size_t i = 0; i < g.line().size(); ++i) {
    const arcade::Move move = g.line()[i].move;
    const std::vector<arcade::Move> legal = walk->legal_moves();
    if (std::find(legal.begin(), legal.end(), move) == legal.end())
      fail("move " + std::to_string(i + 1) + " (" + g.line()[i].text + ") of " + g.game() +
           " is illegal in its position " + walk->position_text());
    if (walk->move_to_text(move) != g.line()[i].text)
      fail("move " + std::to_string(i + 1) + " is written '" + g.line()[i].text + "', not '" +
           walk->move_to_text(move) + "'");
    walk->play(move);
  }
  if (walk->position_text() != g.position().position_text())
    fail("the position on the board, " + g.position().position_text() +
         ", is not its line's from its start, " + walk->position_text());
  if (std::string(g.position().name()) != g.game())
    fail("the board shows " + std::string(g.position().name()) + " in a game of " + g.game());
}

void Monkey::check_heading(const std::map<std::string, std::string>& s) {
  const arcade::app::GameController& g = app_->game();
  const std::string& heading = s.at("heading");
  if (heading.empty()) fail("an empty heading");
  if (g.game_over()) {
    const int winner = g.winner();
    if ((winner < 0) != (heading == "Draw"))
      fail("the heading says '" + heading + "' of a game won by side " + std::to_string(winner));
    if (winner >= 0 && heading != "You win!" && heading != "The AI wins" &&
        lowered(heading).find(lowered(std::string(g.position().side(winner).name))) ==
            std::string::npos)
      fail("the heading '" + heading + "' does not name the winner");
    return;
  }
  if (g.viewing()) {
    if (heading.rfind("Viewing", 0) != 0) fail("viewing, but the heading says '" + heading + "'");
    return;
  }
  const int mover = g.side_to_move();
  if (heading == "The AI could not start") return;
  // The engine refused the AI's search (ai_turn.h): the heading says so,
  // and the refusal is counted and its words kept for the summary.
  if (heading == "The engine refused this position" && !g.engine_error().empty()) {
    if (refusals_.insert(g.engine_error() + " (" + g.game() + ")").second)
      std::printf("monkey: the engine refused a search: %s in %s at %s\n", g.engine_error().c_str(),
                  g.game().c_str(), g.position().position_text().c_str());
    return;
  }
  if (lowered(heading).find(lowered(std::string(g.position().side(mover).name))) ==
      std::string::npos)
    fail("the heading '" + heading + "' does not name the side to move, " +
         std::string(g.position().side(mover).name) + " (status '" + s.at("status") + "')");
  if ((heading.find("(AI)") != std::string::npos) != g.side(mover).ai)
    fail("the heading '" + heading + "' is wrong about who plays the side to move");
}

void Monkey::check_ai(const std::map<std::string, std::string>& s) {
  const arcade::app::GameController& g = app_->game();
  const bool due = !g.game_over() && g.side(g.side_to_move()).ai && !g.paused() &&
                   !g.waiting_for_redo() && !g.viewing() && !g.engine_failed() &&
                   g.engine_error().empty();
  const std::string where = s.at("position") + " " + std::to_string(g.line().size());
  if (!due || !ai_due_since_ || where != ai_due_position_) {
    ai_due_since_ = due ? std::optional(Clock::now()) : std::nullopt;
    ai_due_position_ = where;
    return;
  }
  if (Clock::now() - *ai_due_since_ > std::chrono::seconds(60))
    fail("the AI has been due to move for a minute and has not (thinking " + s.at("thinking") +
         ", status '" + s.at("status") + "')");
}

void Monkey::check() {
  const std::map<std::string, std::string> s = state();
  for (const char* key : {"heading", "position", "legal", "games", "widgets", "status"})
    if (!s.count(key)) fail(std::string("the state has no '") + key + "' line");
  check_game(s);
  check_heading(s);
  check_ai(s);
  const std::string moves = s.count("moves") ? s.at("moves") : "";
  if (moves != last_moves_) {
    if (app_->game().last_ai_move()) ++ai_moves_seen_;
    if (app_->game().game_over()) ++ended_;
    last_moves_ = moves;
  }
}

int Monkey::run() {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  // Keys by ImGuiKey index (1.86 reads io.KeysDown through io.KeyMap).
  for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k;
  io.GetClipboardTextFn = [](void* monkey) -> const char* {
    Monkey& m = *static_cast<Monkey*>(monkey);
    return m.app_ ? m.app_->paste_text(m.clipboard_.c_str()) : "";
  };
  io.SetClipboardTextFn = [](void* monkey, const char* text) {
    static_cast<Monkey*>(monkey)->clipboard_ = text;
  };
  io.ClipboardUserData = this;
  arcade::app::list_drawn_items(true);
  make_app();
  frames(2);
  const Clock::time_point start = Clock::now();
  for (std::size_t i = 0; i < actions_; ++i) {
    act();
    check();
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf(
      "monkey: seed %llu: %zu actions in %.1f s (%.0f a second), %zu frames, %zu commands, "
      "%zu reloads, %zu AI moves seen, %zu games ended: every invariant held\n",
      static_cast<unsigned long long>(g_seed), actions_, seconds, actions_ / seconds, frames_,
      commands_, reloads_, ai_moves_seen_, ended_);
  std::printf("monkey: %zu different controls clicked:", clicked_.size());
  for (const auto& [label, times] : clicked_) std::printf(" '%s' %d,", label.c_str(), times);
  std::printf("\n");
  app_.reset();
  engine_.reset();
  ImGui::DestroyContext();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  g_seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
  const std::size_t actions = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 2000;
#ifdef ARCADE_MONKEY_SANITIZED
  __sanitizer_set_death_callback(on_death);
#endif
  std::signal(SIGSEGV, on_signal);
  std::signal(SIGABRT, on_signal);
  std::signal(SIGFPE, on_signal);
  std::signal(SIGILL, on_signal);
  std::printf("monkey: seed %llu, %zu actions\n", static_cast<unsigned long long>(g_seed), actions);
  std::fflush(stdout);
  return Monkey(g_seed, actions).run();
}
