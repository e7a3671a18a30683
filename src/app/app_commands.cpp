// The app's scripting surface: App::command reads a line of text and runs
// its command word's handler (AppCommands, one a word), App::state says the
// app's state in lines of "key value". Scripts and the end-to-end tests
// drive the app through these two alone, so every word, key and reply text
// here is an interface: a change breaks them.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

#include "app/app.h"
#include "app/game_in_words.h"
#include "app/ui_audit.h"
#include "engine/level.h"
#include "engine/parsed.h"
#include "games/registry.h"

namespace arcade::app {

namespace {

// For scripts that play any game by clicks, knowing none: the registered
// games; the board's grid and its pieces (rows from the top, '.' empty, '0'
// and '1' the sides' pieces); each legal move with the cells a click names
// ("col,row" from the bottom left; "from>to" for a piece's move; none for a
// pass).
std::string play_state(const GameView& position) {
  std::string out = "games";
  for (const std::string& name : game_names()) out += " " + name;
  const Grid grid = position.grid();
  out += "\ngrid " + std::to_string(grid.cols) + " " + std::to_string(grid.rows) + "\nboard ";
  for (int row = grid.rows - 1; row >= 0; --row) {
    for (int col = 0; col < grid.cols; ++col) {
      const Piece piece = position.piece_at({col, row});
      out += piece == Piece::kNone ? '.' : piece == Piece::kFirstSide ? '0' : '1';
    }
    if (row > 0) out += '/';
  }
  const auto cell = [](Cell c) { return std::to_string(c.col) + "," + std::to_string(c.row); };
  out += "\nlegal";
  // A game of steps names a step by the cell it goes to, the stop by the
  // mover's own (board_scene.h's click).
  const std::optional<Steps> steps = steps_of(position);
  for (Move move : position.legal_moves()) {
    const MoveCells cells = position.move_cells(move);
    // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on " " + a temporary string.
    out.append(" ").append(position.move_to_text(move)).append(":");
    if (steps && steps->stay == move)
      out += cell(steps->mover);
    else if (steps)
      out += cell(*cells.to);
    else if (cells.from)
      out += cell(*cells.from) + ">";
    if (!steps && cells.to) out += cell(*cells.to);
  }
  return out + "\n";
}

}  // namespace

// A command line as the handlers read it: the verb, the two words after it
// and the rest (with its leading space), and the line whole.
struct CommandLine {
  std::string line, verb, a, b, rest;
};

struct AppCommands {
  using Handler = std::string (*)(App&, const CommandLine&);
  // The handlers by command word.
  static const std::map<std::string, Handler>& table();

  static std::string reply(const std::optional<std::string>& problem) {
    return problem ? "error " + *problem : "ok";
  }
  static std::string game(App& app, const CommandLine& c);
  static std::string side(App& app, const CommandLine& c);
  static std::string analysis(App& app, const CommandLine& c);
  static std::string lab(App& app, const CommandLine& c) {
    return app.lab_.command(split_words(c.line));
  }
  static std::string weights(App& app, const CommandLine& c) {
    return app.weights_.command(split_words(c.line));
  }
  static std::string go_to(App& app, const CommandLine& c);
  static std::string pause(App& app, const CommandLine& c) {
    app.ctx_.game.set_paused(c.verb == "pause");
    return "ok";
  }
  static std::string retry(App& app, const CommandLine&) {
    app.retry_engines();
    return "ok";
  }
  static std::string open(App& app, const CommandLine& c);
  static std::string play(App& app, const CommandLine& c) { return reply(app.ctx_.game.play(c.a)); }
  static std::string switch_game(App& app, const CommandLine& c);
  static std::string rematch(App& app, const CommandLine&) {
    app.ctx_.game.rematch();
    app.ctx_.ui = {};
    return "ok";
  }
  static std::string dismiss(App& app, const CommandLine&) {
    app.end_card_.dismiss();
    return "ok";
  }
  static std::string board_key(App& app, const CommandLine& c);
  static std::string preference(App& app, const CommandLine& c);
  static std::string key(App& app, const CommandLine& c);
  // start TEXT: the start choice's own start (App::start_from_text), rows
  // joined by '/' or "\n" written as two characters.
  static std::string own_start(App& app, const CommandLine& c) {
    const std::string given = c.line.substr(std::min(c.line.size(), c.line.find("start") + 6));
    std::string text;
    for (std::size_t i = 0; i < given.size(); ++i) {
      const bool line_end = given[i] == '\\' && i + 1 < given.size() && given[i + 1] == 'n';
      text += line_end ? '\n' : given[i];
      i += line_end ? 1 : 0;
    }
    return reply(app.start_from_text(text));
  }

  // Test-only (e2e_crash): the app dies as a memory error would kill it.
  [[noreturn]] static std::string crash(App&, const CommandLine& c) {
    if (c.a == "abort") std::abort();
    __builtin_trap();
  }

  static std::string game_state(const App& app);
  static std::string screen_state(const App& app);
};

const std::map<std::string, AppCommands::Handler>& AppCommands::table() {
  static const std::map<std::string, Handler> kTable = {
      {"game", game},       {"side", side},          {"analysis", analysis}, {"lab", lab},
      {"weights", weights}, {"weight", weights},     {"goto", go_to},        {"pause", pause},
      {"resume", pause},    {"retry", retry},        {"link", open},         {"open", open},
      {"play", play},       {"switch", switch_game}, {"rematch", rematch},   {"dismiss", dismiss},
      {"key", board_key},   {"pref", preference},    {"new", key},           {"undo", key},
      {"redo", key},        {"hint", key},           {"swap", key},          {"movenow", key},
      {"start", own_start}, {"crash", crash}};
  return kTable;
}

std::string App::command(const std::string& line) {
  commanded_ = true;  // whatever it did, the next frame shows it
  std::istringstream in(line);
  CommandLine c{line, "", "", "", ""};
  in >> c.verb >> c.a >> c.b;
  std::getline(in, c.rest);
  const auto& table = AppCommands::table();
  const auto handler = table.find(c.verb);
  if (handler == table.end()) return "error unknown command '" + c.verb + "'";
  return handler->second(*this, c);
}

// A script sets the sides and then names its game: they go with it (a tab, a
// link or New keeps each game's own).
std::string AppCommands::game(App& app, const CommandLine& c) {
  GameController& g = app.ctx_.game;
  const SideSettings first = g.side(0), second = g.side(1);
  const std::optional<std::string> problem =
      app.start_new_game(c.a, c.b.empty() ? "startpos" : c.b + c.rest);
  if (!problem) {
    g.set_side(0, first);
    g.set_side(1, second);
  }
  return reply(problem);
}

std::string AppCommands::side(App& app, const CommandLine& c) {
  GameController& g = app.ctx_.game;
  const std::optional<std::uint64_t> level =
      c.rest.empty() ? std::optional<std::uint64_t>(g.side(c.a == "1").level)
                     : parse_number(c.rest.substr(c.rest.find_first_not_of(' ')), 1, kLevelCount);
  if ((c.a != "0" && c.a != "1") || (c.b != "ai" && c.b != "person") || !level)
    return "error usage: side 0|1 person|ai [LEVEL 1-" + std::to_string(kLevelCount) + "]";
  g.set_side(c.a == "1", {c.b == "ai", static_cast<int>(*level)});
  return "ok";
}

std::string AppCommands::analysis(App& app, const CommandLine& c) {
  if (c.a != "on" && c.a != "off") return "error unknown command '" + c.verb + "'";
  if (c.a == "on" && !app.analysis_.available()) return "error no engine for the analysis";
  app.analysis_.set_open(c.a == "on");
  return "ok";
}

std::string AppCommands::go_to(App& app, const CommandLine& c) {
  GameController& g = app.ctx_.game;
  const std::optional<std::uint64_t> ply =
      parse_number(c.a, 0, g.line().size() + g.redo_moves().size());
  if (!ply) return "error usage: goto PLY (0 to the moves played and undone)";
  g.go_to(*ply);
  return "ok";
}

// A shared link's fragment, or what a person pasted: on an error the game
// stays as it was and the notice says why.
std::string AppCommands::open(App& app, const CommandLine& c) {
  const bool link = c.verb == "link";
  const std::string text = c.line.size() > c.verb.size() ? c.line.substr(c.verb.size() + 1) : "";
  const std::optional<std::string> problem =
      link ? app.ctx_.game.open_link(text) : app.ctx_.game.open_text(text);
  if (problem) {
    app.ctx_.say((link ? "This link cannot be opened: " : "Cannot open that: ") + *problem, true);
  } else {
    app.ctx_.ui = {};
    app.end_card_.undismiss();
  }
  return reply(problem);
}

std::string AppCommands::switch_game(App& app, const CommandLine& c) {
  if (!make_game_view(c.a)) return "error unknown game '" + c.a + "'";
  app.choose_game(c.a);
  return "ok";
}

std::string AppCommands::board_key(App& app, const CommandLine& c) {
  static const std::pair<const char*, Key> kBoardKeys[] = {
      {"left", Key::kLeft}, {"right", Key::kRight}, {"up", Key::kUp},
      {"down", Key::kDown}, {"enter", Key::kEnter}, {"escape", Key::kEscape}};
  const auto it = std::find_if(std::begin(kBoardKeys), std::end(kBoardKeys),
                               [&](const auto& k) { return c.a == k.first; });
  if (it == std::end(kBoardKeys)) return "error usage: key left|right|up|down|enter|escape";
  app.board_key(it->second);
  return "ok";
}

std::string AppCommands::preference(App& app, const CommandLine& c) {
  Preferences& p = app.ctx_.prefs;
  const std::string &what = c.a, &value = c.b;
  const bool on_off = value == "on" || value == "off";
  const std::optional<std::uint64_t> pace = parse_number(value, 0, 5000);
  if (what == "sound" && on_off)
    p.sound = value == "on";
  else if (what == "motion" && on_off)
    p.reduce_motion = value == "off";
  else if (what == "pace" && pace)
    app.ctx_.game.set_ai_pace(p.ai_pace_ms = static_cast<int>(*pace));
  else if (what == "think" && on_off)
    app.ctx_.game.set_pondering(p.think_on_your_time = value == "on");
  else if (what == "steady" && on_off)
    p.steady = value == "on";
  else
    return "error usage: pref sound on|off | pref motion on|off | pref pace MS (0-5000) | "
           "pref think on|off | pref steady on|off";
  return "ok";
}

// The commands that do what a key does (App::key).
std::string AppCommands::key(App& app, const CommandLine& c) {
  static const std::map<std::string, char> kKeys = {{"new", 'n'},  {"undo", 'u'}, {"redo", 'r'},
                                                    {"hint", 'h'}, {"swap", 's'}, {"movenow", 'm'}};
  app.key(kKeys.at(c.verb));
  return "ok";
}

// The game's lines: as saved, and what a script asks of it.
std::string AppCommands::game_state(const App& app) {
  const GameController& g = app.ctx_.game;
  std::string out = g.save();
  out += "thinking " + std::string(g.ai_thinking() ? "1" : "0") + "\n";
  out += "engine_failed " + std::string(g.engine_failed() ? "1" : "0") + "\n";
  out += "pondering " + std::string(g.pondering() ? "1" : "0") + "\n";
  out += "ponder_helpers " + std::to_string(g.ponder_helpers()) + "\n";
  out += "over " + std::string(g.game_over() ? "1" : "0") + "\n";
  out += "winner " + std::to_string(g.winner()) + "\n";
  out += "tomove " + std::to_string(g.side_to_move()) + "\n";
  // The counts beside the players (Reversi's discs), empty where none.
  const std::optional<int> count0 = g.position().side_count(0), count1 = g.position().side_count(1);
  out += "counts " +
         (count0 && count1 ? std::to_string(*count0) + " " + std::to_string(*count1) : "") + "\n";
  out += "hint " + (g.hint() ? g.hint()->text : "") + "\n";
  // The person must pass: why, as the heading says it (else empty).
  out += "pass " + (person_pass(g) ? pass_in_words(g.position()) : "") + "\n";
  out += play_state(g.position());
  out += "notice " + app.ctx_.notice.text() + "\n";
  out += "status " + status_text(g, app.ctx_.touch) + "\n";
  out += "figures " + figures_text(g, app.ctx_.touch) + "\n";  // the heading's second line
  out += "thinking_depth " + std::to_string(g.thinking().depth) + "\n";
  const std::optional<AiMove>& last = g.last_ai_move();
  out += "ai_move " + (last ? last->move + " depth " + std::to_string(last->thinking.depth) : "") +
         "\n";
  return out;
}

// What the last frame showed: the heading, the board's rectangle, the
// controls a test clicks, the keyboard's cursor.
std::string AppCommands::screen_state(const App& app) {
  const GameController& g = app.ctx_.game;
  std::string out = "position " + g.position().position_text() + "\n";
  out += "share " + g.share_fragment() + "\n";
  out += "score " + score_text(g) + "\n";
  out += "banner " + std::string(app.end_card_.up() ? "1" : "0") + "\n";
  const Rect& board = app.board_area_.rect();
  char rect[96];
  std::snprintf(rect, sizeof rect, "board_rect %.1f %.1f %.1f %.1f\n", board.x, board.y, board.w,
                board.h);
  out += rect;
  out += "heading " + (g.game_over() ? end_title(g) : turn_text(g)) + "\n";
  out += "viewing " +
         (g.viewing() ? std::to_string(g.line().size()) + " " + std::to_string(g.known_plies())
                      : std::string()) +
         "\n";
  // Controls a test clicks, where the last frame drew them (points):
  // "name:left,top,width,height ...".
  out += "widgets";
  for (const auto& [name, r] : app.ctx_.widgets) {
    char at[160];
    std::snprintf(at, sizeof at, " %s:%.1f,%.1f,%.1f,%.1f", name.c_str(), r.x, r.y, r.w, r.h);
    out += at;
  }
  const std::optional<Cell>& cursor = app.ctx_.ui.cursor;
  out +=
      "\ncursor " +
      (cursor ? std::to_string(cursor->col) + " " + std::to_string(cursor->row) : std::string()) +
      "\n";
  return out;
}

std::string App::state() const {
  std::string out = AppCommands::game_state(*this) + analysis_.state(ctx_.ui.selected);
  out += AppCommands::screen_state(*this) + preferences_line(ctx_.prefs);
  out += audit_state() + board_area_.state();
  return out + lab_.state() + weights_.state();
}

}  // namespace arcade::app
