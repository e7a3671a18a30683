#include "app/game/saved_game.h"

#include <algorithm>
#include <array>
#include <sstream>
#include <string_view>

#include "app/game/game_links.h"
#include "engine/level.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

// A save's first line: "minimax-arcade-save <version>". Version 1 had no
// kept games; it reads as version 2 without them. Both had one set of sides
// for every game, and no "sides" lines (version 3). Version 4 added the
// "end" line.
constexpr std::string_view kSaveName = "minimax-arcade-save";
constexpr int kSaveVersion = 4;

// "ai 3" or "human 3", as saves write a side.
std::string side_text(const SideSettings& side) {
  return (side.ai ? "ai " : "human ") + std::to_string(side.level);
}

// The side written by side_text at words[at], words[at + 1].
std::optional<SideSettings> read_side(const std::vector<std::string>& words, std::size_t at) {
  if (at + 1 >= words.size() || (words[at] != "ai" && words[at] != "human")) return std::nullopt;
  const std::optional<std::uint64_t> level = parse_number(words[at + 1], 1, kLevelCount);
  if (!level) return std::nullopt;
  return SideSettings{words[at] == "ai", static_cast<int>(*level)};
}

// A saved game's lines, each without its line end (LF or CRLF) and trailing
// spaces, and what its reader can tell of how whole it is.
struct SaveLines {
  int version = 0;                 // the header's; 0: no save's header
  std::vector<std::string> lines;  // after the header, up to its "end" line
  // The same lines with their trailing spaces: a start written by a build
  // that wrote a maze's empty cells as spaces may end in one.
  std::vector<std::string> as_written;
  enum class Damage {
    kNone,
    kZeroByte,
    kCutShort,
    kLinesMissing,
    kLinesAdded
  } damage = Damage::kNone;
  std::size_t zero_at = 0;  // the zero byte's offset
};

// "minimax-arcade-save N": N, else 0.
int save_version(std::string_view header) {
  if (header.size() <= kSaveName.size() + 1 || header.substr(0, kSaveName.size()) != kSaveName ||
      header[kSaveName.size()] != ' ')
    return 0;
  return static_cast<int>(
      parse_number(header.substr(kSaveName.size() + 1), 1, 1000000).value_or(0));
}

std::string without_trailing_space(std::string_view line) {
  return std::string(line.substr(0, line.find_last_not_of(" \t\r\v\f") + 1));
}

std::string without_line_end(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return std::string(line);
}

// The keys of a save's lines that this version reads (version 3 added
// "sides"; before it a "sides" line is one it passes over).
bool known_line(const std::string& line, int version) {
  static constexpr std::array<std::string_view, 8> kKeys = {"game",   "start", "moves", "redo",
                                                            "paused", "kept",  "side0", "side1"};
  const std::string_view key = std::string_view(line).substr(0, line.find(' '));
  return std::find(kKeys.begin(), kKeys.end(), key) != kKeys.end() ||
         (key == "sides" && version >= 3);
}

// A save that ends inside a line was cut there (every version ends its
// lines): the line's last word may be a piece of a longer one ("a7" of
// "a7b6"), so it goes.
std::string without_cut_word(std::string_view line) {
  const std::size_t space = line.find_last_of(" \t");
  return without_trailing_space(line.substr(0, space == std::string_view::npos ? 0 : space));
}

// Version 4's last line counts the lines before it as they were written,
// lines this version does not know included (a later build of version 4
// may write lines of its own, and counts them). No such line: the save was
// cut short. Fewer lines than the count: lines went missing. More: lines
// were added since, by hand or by a later build that did not count them;
// as many as there are unknown lines lose nothing (unknown lines are passed
// over anyway), more than that changed what is read. Lines after it are
// passed over (the app adds its preferences' line there).
SaveLines::Damage line_count_damage(const SaveLines& text, std::size_t end,
                                    std::optional<std::uint64_t> count) {
  using Damage = SaveLines::Damage;
  const std::uint64_t before = end + 1;  // and the header
  if (!count || *count > before) return Damage::kLinesMissing;
  const auto unknown = static_cast<std::uint64_t>(
      std::count_if(text.lines.begin(), text.lines.begin() + static_cast<long>(end),
                    [&](const std::string& line) { return !known_line(line, text.version); }));
  return before - *count <= unknown ? Damage::kNone : Damage::kLinesAdded;
}

void check_end_line(SaveLines& text) {
  using Damage = SaveLines::Damage;
  const auto end = std::find_if(text.lines.begin(), text.lines.end(), [](const std::string& l) {
    return l == "end" || l.rfind("end ", 0) == 0;
  });
  if (end == text.lines.end()) {
    if (text.damage == Damage::kNone) text.damage = Damage::kCutShort;
    return;
  }
  const auto at = static_cast<std::size_t>(end - text.lines.begin());
  const Damage counted = line_count_damage(
      text, at,
      parse_number(std::string_view(*end).substr(std::min<std::size_t>(end->size(), 4)), 0,
                   1u << 30));
  if (text.damage == Damage::kNone) text.damage = counted;
  if (counted == Damage::kNone && text.damage == Damage::kZeroByte)
    text.damage = Damage::kNone;  // after it
  text.lines.erase(end, text.lines.end());
  text.as_written.resize(text.lines.size());
}

// A zero byte is in no save: the text is read up to it, as if cut there.
SaveLines split_save(std::string_view text) {
  SaveLines out;
  if (const std::size_t zero = text.find('\0'); zero != std::string_view::npos) {
    text = text.substr(0, zero);
    out.damage = SaveLines::Damage::kZeroByte;
    out.zero_at = zero;
  }
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) {
      out.lines.push_back(without_cut_word(text.substr(at)));
      out.as_written.push_back(out.lines.back());
      if (out.damage == SaveLines::Damage::kNone) out.damage = SaveLines::Damage::kCutShort;
      break;
    }
    out.lines.push_back(without_trailing_space(text.substr(at, end - at)));
    out.as_written.push_back(without_line_end(text.substr(at, end - at)));
    at = end + 1;
  }
  if (out.lines.empty()) return out;
  out.version = save_version(out.lines.front());
  out.lines.erase(out.lines.begin());
  out.as_written.erase(out.as_written.begin());
  if (out.version >= 4) check_end_line(out);
  return out;
}

// What a save's lines hold.
struct SaveContents {
  std::string game, start = "startpos";
  std::string start_as_written = "startpos";  // with its trailing spaces
  std::vector<std::string> moves, redo, kept;
  std::array<SideSettings, 2> sides = kDefaultSides;
  std::map<std::string, GameSides> other_sides;
  bool paused = false;
};

std::string side_words(const SideSettings& side) {
  return side.ai ? "the AI at level " + std::to_string(side.level) : "a person";
}

// A side line: "side0 ai 3". One that does not read leaves that side its
// default, and says so.
void read_side_line(int side, const std::string& value, SaveContents& c,
                    std::vector<std::string>& notes) {
  const std::vector<std::string> w = split_words(value);
  const std::optional<SideSettings> read = w.size() == 2 ? read_side(w, 0) : std::nullopt;
  if (read) {
    c.sides[side] = *read;
    return;
  }
  c.sides[side] = kDefaultSides[side];
  notes.push_back(std::string("The saved setting of the ") + (side == 0 ? "first" : "second") +
                  " player (" + visible(brief(value, 24)) + ") did not read; it is " +
                  side_words(kDefaultSides[side]) + " again.");
}

// "sides connect4 ai 5 ai 4 [paused]": one that does not read leaves that
// game its default sides, and says so; a game no more is passed over.
void read_sides_line(const std::string& value, SaveContents& c, std::vector<std::string>& notes) {
  const std::vector<std::string> w = split_words(value);
  const std::unique_ptr<GameView> game = w.empty() ? nullptr : make_game_view(w[0]);
  if (!game) return;
  const std::optional<SideSettings> first = read_side(w, 1), second = read_side(w, 3);
  const bool paused = w.size() == 6 && w[5] == "paused";
  if ((w.size() != 5 && !paused) || !first || !second) {
    notes.push_back("The saved sides of " + std::string(game->title()) +
                    " did not read; they are the defaults again.");
    return;
  }
  c.other_sides[w[0]] = {{*first, *second}, paused};
}

// One line's key and value read into `c` (a "start" line apart: it keeps
// its spaces, read_contents).
void read_line(const std::string& key, const std::string& value, bool shared_sides, SaveContents& c,
               std::vector<std::string>& notes) {
  if (key == "game")
    c.game = value;
  else if (key == "moves")
    c.moves = split_words(value);
  else if (key == "redo")
    c.redo = split_words(value);
  else if (key == "paused")
    c.paused = value == "1";
  else if (key == "kept")
    c.kept.push_back(value);
  else if (key == "side0" || key == "side1")
    read_side_line(key[4] - '0', value, c, notes);
  else if (key == "sides" && !shared_sides)
    read_sides_line(value, c, notes);
}

// Unknown lines are passed over without a note: the game is whole, and a
// player could do nothing about a line only a hand edit (or a later build
// of this version) wrote.
SaveContents read_contents(const SaveLines& text, std::vector<std::string>& notes) {
  SaveContents c;
  for (std::size_t i = 0; i < text.lines.size(); ++i) {
    const std::string& line = text.lines[i];
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key != "start") {
      read_line(key, value, text.version < 3, c, notes);
      continue;
    }
    c.start = value;
    const std::string& written = text.as_written[i];
    c.start_as_written = space == std::string::npos ? "" : written.substr(space + 1);
  }
  return c;
}

// How many of `moves` play in turn from `position` (which plays them).
std::size_t playable(GameView& position, const std::vector<std::string>& moves) {
  std::vector<PlayedMove> line;
  for (const std::string& text : moves)
    if (read_move(position, text, line)) break;
  return line.size();
}

std::string dropped_move(const std::string& which, std::size_t after) {
  return "The saved game's " + which + " is not legal, so " +
         (after == 0 ? "it was left out (it was the last)."
                     : "it and the " + grouped(after) + (after == 1 ? " move" : " moves") +
                           " after it were left out.");
}

// The board's game at its start: the start as read, or as written (a build
// before the one text form wrote a maze's empty cells as spaces, and its
// last row could end in one). A start that reads neither way is that
// game's loss alone: a new game of it, said, the save's other games kept.
// Nothing for a game this version does not know.
Parsed<GameState> read_start(const SaveContents& c, std::vector<std::string>& notes) {
  Parsed<GameState> empty = read_game(c.game, c.start, {});
  if (!empty && c.start_as_written != c.start)
    if (Parsed<GameState> as_written = read_game(c.game, c.start_as_written, {})) return as_written;
  if (empty) return empty;
  Parsed<GameState> fresh = read_game(c.game, "startpos", {});
  if (!fresh) return empty;
  notes.push_back("The saved game of " + std::string(fresh->start->title()) + " did not read (" +
                  visible(brief(empty.error(), 200)) + "), so a new game of it was started.");
  return fresh;
}

// The game on the board: its moves up to the first illegal one, its redo
// moves (the next one first) up to the first illegal one; the game must be
// known, and the moves be within the cap.
Parsed<GameState> read_saved_game(const SaveContents& c, std::vector<std::string>& notes) {
  if (auto many = too_many_moves(c.moves.size() + c.redo.size())) return ParseError{*many};
  const std::size_t notes_before = notes.size();
  Parsed<GameState> empty = read_start(c, notes);
  if (!empty || notes.size() > notes_before) return empty;  // no moves from another start
  std::unique_ptr<GameView> position = empty->start->clone();
  const std::vector<std::string> redo_in_order(c.redo.rbegin(), c.redo.rend());
  const std::size_t played = playable(*position, c.moves);
  std::size_t redone = 0;
  if (played < c.moves.size()) {
    notes.push_back(dropped_move(
        "move " + std::to_string(played + 1) + " (" + visible(brief(c.moves[played], 24)) + ")",
        c.moves.size() - played - 1 + c.redo.size()));
  } else {
    redone = playable(*position, redo_in_order);
    if (redone < redo_in_order.size())
      notes.push_back(dropped_move("move " + std::to_string(redone + 1) + " to redo (" +
                                       visible(brief(redo_in_order[redone], 24)) + ")",
                                   redo_in_order.size() - redone - 1));
  }
  return read_game(c.game, empty->start_text,
                   {c.moves.begin(), c.moves.begin() + static_cast<long>(played)},
                   {redo_in_order.begin(), redo_in_order.begin() + static_cast<long>(redone)});
}

std::string first_moves(std::size_t n) {
  return n == 0 ? "no moves" : n == 1 ? "the first move" : "the first " + grouped(n) + " moves";
}

// What a player reads of a save that is not whole, with the moves loaded.
std::optional<std::string> damage_note(const SaveLines& text, std::size_t moves) {
  switch (text.damage) {
    case SaveLines::Damage::kZeroByte:
      return "The saved game was damaged after " + grouped(text.zero_at) +
             " bytes (a zero byte); loaded " + first_moves(moves) + ".";
    case SaveLines::Damage::kCutShort:
      return "The saved game was cut short; loaded " + first_moves(moves) + ".";
    case SaveLines::Damage::kLinesMissing:
      return "The saved game was damaged (lines are missing); loaded " +
             std::string(moves == 1 ? "1 move" : grouped(moves) + " moves") + ".";
    case SaveLines::Damage::kLinesAdded:
      return "The saved game was changed after it was written (it has lines it was not written "
             "with); loaded " +
             std::string(moves == 1 ? "1 move" : grouped(moves) + " moves") + ".";
    case SaveLines::Damage::kNone:
      break;
  }
  return std::nullopt;
}

// Kept games: one that does not read goes, said; the game on the board's
// name goes unsaid (the board's is the one played).
std::map<std::string, GameState> read_kept(SaveContents& c, bool shared_sides,
                                           std::vector<std::string>& notes) {
  std::map<std::string, GameState> kept_games;
  std::size_t unreadable = 0;
  for (const std::string& fragment : c.kept) {
    Parsed<GameState> k = read_link(fragment);
    unreadable += k ? 0 : 1;
    if (!k || k->game == c.game) continue;
    if (shared_sides) c.other_sides[k->game] = {c.sides};  // as the game was left
    const auto own = c.other_sides.find(k->game);
    GameState& state = *k;
    state.sides = own == c.other_sides.end() ? kDefaultSides : own->second.sides;
    if (state.position->outcome() != Outcome::kOngoing) state.ended_by = state.sides;
    kept_games.emplace(state.game, std::move(state));
  }
  if (unreadable > 0)
    notes.push_back(unreadable == 1
                        ? "A game kept in the saved game did not read and was left out."
                        : grouped(unreadable) +
                              " games kept in the saved game did not read and were left out.");
  return kept_games;
}

}  // namespace

std::string write_save(const GameState& board, const GameSides& board_sides,
                       const std::map<std::string, GameState>& kept_games,
                       const std::map<std::string, GameSides>& other_sides) {
  std::ostringstream out;
  out << kSaveName << ' ' << kSaveVersion << "\ngame " << board.game << "\nstart "
      << board.start_text << "\nmoves " << join_words(texts(board.line)) << "\nredo "
      << join_words(texts(board.redo)) << "\npaused " << board_sides.paused << '\n';
  for (int s = 0; s < 2; ++s) out << "side" << s << ' ' << side_text(board_sides.sides[s]) << '\n';
  for (const auto& [name, kept] : kept_games) out << "kept " << link_fragment(kept, true) << '\n';
  for (const auto& [name, own] : other_sides)
    out << "sides " << name << ' ' << side_text(own.sides[0]) << ' ' << side_text(own.sides[1])
        << (own.paused ? " paused" : "") << '\n';
  std::string text = out.str();
  return text + "end " + std::to_string(std::count(text.begin(), text.end(), '\n')) + "\n";
}

Parsed<SavedGames> read_save(const std::string& saved, SaveNotes& notes) {
  notes = {};
  // The loaders read a byte over the cap, no more: the size is not told.
  if (saved.size() > kMaxSaveBytes)
    return ParseError{"it is larger than " + grouped(kMaxSaveBytes) +
                      " bytes, the most a saved game may have"};
  const SaveLines text = split_save(saved);
  if (text.version > kSaveVersion) {
    notes.newer = true;
    return ParseError{"the saved game is from a newer version of Minimax Arcade"};
  }
  if (text.version == 0) return ParseError{"not a saved Minimax Arcade game"};
  SaveContents c = read_contents(text, notes.dropped);
  Parsed<GameState> restored = read_saved_game(c, notes.dropped);
  if (!restored) {
    const std::optional<std::string> damage = damage_note(text, 0);
    return ParseError{"the saved game: " + restored.error() +
                      (damage ? " (" + damage->substr(0, damage->find(';')) + ")" : "")};
  }
  if (auto damage = damage_note(text, restored->line.size()))
    notes.dropped.insert(notes.dropped.begin(), *damage);
  std::map<std::string, GameState> kept = read_kept(c, text.version < 3, notes.dropped);
  c.other_sides[c.game] = {c.sides};
  return SavedGames{
      std::move(*restored), {c.sides, c.paused}, std::move(kept), std::move(c.other_sides)};
}

}  // namespace arcade::app
