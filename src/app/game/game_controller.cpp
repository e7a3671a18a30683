#include "app/game/game_controller.h"

#include <algorithm>
#include <sstream>
#include <string_view>
#include <utility>

#include "engine/clock.h"
#include "engine/level.h"
#include "engine/protocol.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

// A save's first line: "minimax-arcade-save <version>". Version 1 had no
// kept games; it reads as version 2 without them. Both had one set of sides
// for every game, and no "sides" lines (version 3). Version 4 added the
// "end" line.
constexpr std::string_view kSaveName = "minimax-arcade-save";
constexpr int kSaveVersion = 4;
// A search's time budget: enough for the deep levels, short enough to play
// (the strongest level's is kPerfectMoveTimeMs, engine/level.h).
constexpr int kMoveTimeMs = 1500;
// Thinking on the person's time: the levels that do (Expert, Perfect), and
// how long each of the person's replies is pondered before the next one's
// turn. The engine's tables keep what each turn found, so the replies are
// pondered round after round while the person thinks: half a second covers
// Connect Four's seven replies in under four seconds.
constexpr int kPonderLevel = 4;
constexpr double kPonderTurnSeconds = 0.5;
// What separates the moves of a link or of a pasted move list.
constexpr std::string_view kMoveSeparators = " .,\t\r\n";

// The parts of `text` between any of `separators`, empty ones left out.
std::vector<std::string> split_any(std::string_view text, std::string_view separators) {
  std::vector<std::string> parts;
  std::size_t at = text.find_first_not_of(separators);
  while (at != std::string_view::npos) {
    const std::size_t end = std::min(text.find_first_of(separators, at), text.size());
    parts.emplace_back(text.substr(at, end - at));
    at = text.find_first_not_of(separators, end);
  }
  return parts;
}

std::string joined(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (const std::string& part : parts) out.append(out.empty() ? "" : separator).append(part);
  return out;
}

std::vector<std::string> texts(const std::vector<PlayedMove>& moves) {
  std::vector<std::string> out;
  for (const PlayedMove& m : moves) out.push_back(m.text);
  return out;
}

// The moves undone, the next first (they are kept with the next last).
std::vector<std::string> redo_texts(const std::vector<PlayedMove>& redo) {
  std::vector<std::string> out = texts(redo);
  std::reverse(out.begin(), out.end());
  return out;
}

int winner_of(const GameView& position) {
  switch (position.outcome()) {
    case Outcome::kLost:
      return 1 - position.side_to_move();
    case Outcome::kWon:
      return position.side_to_move();
    default:
      return -1;
  }
}

// 300020 as "300,020": a count as a player reads it in a notice.
std::string grouped(std::size_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// Characters as a person counts them: UTF-8's continuation bytes are part
// of the character before.
std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::optional<std::string> too_long(std::string_view text) {
  const std::size_t count = characters(text);
  if (count <= kMaxLinkChars) return std::nullopt;
  return "it is too long (" + grouped(count) + " characters; at most " + grouped(kMaxLinkChars) +
         ")";
}

std::optional<std::string> too_many_moves(std::size_t count) {
  if (count <= kMaxGameMoves) return std::nullopt;
  return "the game has " + grouped(count) + " moves (at most " + grouped(kMaxGameMoves) + ")";
}

// `text` cut to `bytes` or less (never inside a character), "..." said
// where it was cut: a notice that quoted pages of pasted text would cover
// the screen.
std::string brief(std::string text, std::size_t bytes = 300) {
  if (text.size() <= bytes) return text;
  while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) --bytes;
  return text.substr(0, bytes) + "...";
}

// Reads the move `text` where `position` stands, plays it there and adds it
// to `line`; or says why it is not legal (numbered from the game's start).
std::optional<std::string> read_move(GameView& position, const std::string& text,
                                     std::vector<PlayedMove>& line) {
  const Parsed<Move> move = position.move_from_text(text);
  if (!move)
    return "move " + std::to_string(line.size() + 1) + " (" + brief(text, 24) +
           ") is not legal in " + std::string(position.title()) + " here: " + move.error();
  line.push_back({*move, position.move_to_text(*move), position.move_cells(*move)});
  position.play(*move);
  return std::nullopt;
}

// A pasted word that is no move may be moves of one character each, as
// Connect Four's "4453": reads all of them, or none.
bool read_characters(std::unique_ptr<GameView>& position, const std::string& word,
                     std::vector<PlayedMove>& line) {
  if (word.size() < 2) return false;
  std::unique_ptr<GameView> tried = position->clone();
  std::vector<PlayedMove> tried_line = line;
  for (char c : word)
    if (read_move(*tried, std::string(1, c), tried_line)) return false;
  position = std::move(tried);
  line = std::move(tried_line);
  return true;
}

// One game read from text, every part checked: its start, the moves played
// from there and the moves after them waiting to be redone. With `typed`,
// a word that is no move may be moves of one character each.
Parsed<GameState> read_game(const std::string& game, const std::string& start,
                            const std::vector<std::string>& moves,
                            const std::vector<std::string>& redo = {}, bool typed = false) {
  // Counted before any is read: reading is what the cap keeps short.
  if (auto problem = too_many_moves(moves.size() + redo.size())) return ParseError{*problem};
  std::unique_ptr<GameView> position = make_game_view(game);
  if (!position) return ParseError{"unknown game '" + game + "'"};
  if (auto problem = position->set_position(start)) return ParseError{*problem};
  GameState state;
  state.game = game;
  state.start_text = start;
  state.start = position->clone();
  std::vector<PlayedMove> all;
  for (const std::string& text : moves) {
    std::optional<std::string> problem = read_move(*position, text, all);
    if (problem && typed && read_characters(position, text, all)) problem.reset();
    if (problem) return ParseError{*problem};
    // A typed word may be many moves ("4453").
    if (auto many = too_many_moves(all.size() + redo.size())) return ParseError{*many};
  }
  state.line = all;
  state.position = position->clone();
  for (const std::string& text : redo)
    if (auto problem = read_move(*position, text, all)) return ParseError{*problem};
  state.redo.assign(all.rbegin(), all.rend() - static_cast<long>(state.line.size()));
  return state;
}

// --- Links: "game=connect4&moves=4.4.5.3" -----------------------------------

constexpr std::array<std::string_view, 5> kLinkKeys = {"game", "start", "position", "moves",
                                                       "redo"};

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A part of a link as written: '+' for a space, %XX for any byte.
std::string decoded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] == '%' && i + 2 < text.size() && hex_digit(text[i + 1]) >= 0 &&
               hex_digit(text[i + 2]) >= 0) {
      out += static_cast<char>(hex_digit(text[i + 1]) * 16 + hex_digit(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// A link's keys and values, each key once and known.
Parsed<std::map<std::string, std::string>> read_link_values(std::string_view link) {
  link.remove_prefix(std::min(link.find_first_not_of(" \t\r\n"), link.size()));
  link.remove_suffix(link.size() - std::min(link.find_last_not_of(" \t\r\n") + 1, link.size()));
  if (const std::size_t hash = link.find('#'); hash != std::string_view::npos)
    link.remove_prefix(hash + 1);
  std::map<std::string, std::string> values;
  for (const std::string& part : split_any(link, "&")) {
    const std::size_t equals = part.find('=');
    const std::string key = decoded(std::string_view(part).substr(0, equals));
    if (std::find(kLinkKeys.begin(), kLinkKeys.end(), key) == kLinkKeys.end())
      return ParseError{"unknown key '" + key + "'"};
    if (equals == std::string::npos) return ParseError{"the key '" + key + "' has no value"};
    if (!values.emplace(key, decoded(std::string_view(part).substr(equals + 1))).second)
      return ParseError{"the key '" + key + "' is given twice"};
  }
  return values;
}

// The start a link names, as the protocol writes it: a variant by its name
// ("start=c1") or a position string ("position=...").
Parsed<std::string> link_start(const GameView& game,
                               const std::map<std::string, std::string>& values) {
  const auto start = values.find("start");
  const auto position = values.find("position");
  if (start != values.end() && position != values.end())
    return ParseError{"a link gives a start or a position, not both"};
  if (position != values.end()) {
    if (auto problem = game.clone()->set_position(position->second))
      return ParseError{"the position is not one of " + std::string(game.title()) + ": " +
                        *problem};
    return position->second;
  }
  if (start == values.end()) return std::string("startpos");
  const std::vector<std::string_view> names = game.start_variant_names();
  const auto name = std::find(names.begin(), names.end(), start->second);
  if (name == names.end()) {
    std::string known;
    for (std::string_view n : names) known.append(known.empty() ? "" : ", ").append(n);
    return ParseError{"unknown start '" + start->second + "' for " + std::string(game.title()) +
                      " (" + known + ")"};
  }
  return game.start_variant_text(static_cast<std::size_t>(name - names.begin()));
}

Parsed<GameState> read_link(std::string_view link) {
  const Parsed<std::map<std::string, std::string>> values = read_link_values(link);
  if (!values) return ParseError{values.error()};
  const auto game = values->find("game");
  if (game == values->end()) return ParseError{"the link names no game (game=...)"};
  const std::unique_ptr<GameView> view = make_game_view(game->second);
  if (!view) return ParseError{"unknown game '" + game->second + "'"};
  const Parsed<std::string> start = link_start(*view, *values);
  if (!start) return ParseError{start.error()};
  const auto moves = values->find("moves");
  const auto redo = values->find("redo");
  return read_game(game->second, *start,
                   moves == values->end() ? std::vector<std::string>{}
                                          : split_any(moves->second, kMoveSeparators),
                   redo == values->end() ? std::vector<std::string>{}
                                         : split_any(redo->second, kMoveSeparators));
}

// A game as a link's fragment; the moves undone with `with_redo`.
std::string link_fragment(const GameState& state, bool with_redo) {
  std::string out = "game=" + state.game;
  const std::vector<std::string_view> variants = state.start->start_variant_names();
  const std::optional<std::size_t> variant = state.start->start_variant();
  if (variant && variants.size() > 1) out.append("&start=").append(variants[*variant]);
  if (!variant) {
    std::string position = state.start->position_text();
    std::replace(position.begin(), position.end(), ' ', '+');
    out += "&position=" + position;
  }
  if (!state.line.empty()) out += "&moves=" + joined(texts(state.line), ".");
  if (with_redo && !state.redo.empty()) out += "&redo=" + joined(redo_texts(state.redo), ".");
  return out;
}

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

// --- The session's score ---------------------------------------------------

void count(SessionScore& score, int winner, const std::array<SideSettings, 2>& sides) {
  if (sides[0].ai != sides[1].ai) {
    const int person = sides[0].ai ? 1 : 0;
    ++(winner < 0         ? score.versus_ai.draws
       : winner == person ? score.versus_ai.you
                          : score.versus_ai.ai);
  } else {
    ++(winner < 0 ? score.by_side.draws : winner == 0 ? score.by_side.first : score.by_side.second);
  }
}

// Counts `state` if it ended with a move played, as played when it ended.
void count_if_ended(SessionScore& score, const GameState& state) {
  if (!state.line.empty() && state.position->outcome() != Outcome::kOngoing)
    count(score, winner_of(*state.position), state.ended_by.value_or(state.sides));
}

bool has_moves(const GameState& state) {
  return !state.line.empty() || !state.redo.empty();
}

}  // namespace

GameController::GameController(EngineClient& engine) {
  ponderers_.emplace_back(&engine);
  show(std::move(*read_game(game_names().front(), "startpos", {})));
}

std::vector<std::string> GameController::moves() const {
  return texts(board_.line);
}

std::vector<std::string> GameController::redo_moves() const {
  return redo_texts(board_.redo);
}

// --- Games on the board, kept and replaced ---

std::optional<std::string> GameController::new_game(const std::string& game,
                                                    const std::string& start) {
  Parsed<GameState> fresh = read_game(game, start, {});
  if (!fresh) return fresh.error();
  replace_game(std::move(*fresh));
  return std::nullopt;
}

std::optional<std::string> GameController::switch_game(const std::string& game) {
  if (game == board_.game) return std::nullopt;
  std::optional<GameState> next;
  if (auto kept = kept_.find(game); kept != kept_.end()) {
    next = std::move(kept->second);
    kept_.erase(kept);
  } else {
    Parsed<GameState> fresh = read_game(game, "startpos", {});
    if (!fresh) return fresh.error();
    next = std::move(*fresh);
  }
  keep_current();
  set_previous(std::nullopt);
  show(std::move(*next));
  return std::nullopt;
}

void GameController::rematch() {
  Parsed<GameState> fresh = read_game(board_.game, board_.start_text, {});
  if (!fresh) return;  // never: the game's own start
  replace_game(std::move(*fresh));
  std::swap(sides_[0], sides_[1]);
}

void GameController::replace_game(GameState next) {
  const bool same_game = next.game == board_.game;
  std::optional<GameState> replaced;
  if (same_game) {
    replaced = take_current();
  } else {
    keep_current();
    if (auto kept = kept_.find(next.game); kept != kept_.end()) {
      replaced = std::move(kept->second);
      kept_.erase(kept);
    }
  }
  // A game without moves has nothing to bring back: the one before stays.
  if (replaced && has_moves(*replaced))
    set_previous(std::move(replaced));
  else if (!same_game)
    set_previous(std::nullopt);
  show(std::move(next));
}

void GameController::show(GameState next) {
  abandon_searches();
  use_sides_of(next.game);
  board_ = std::move(next);
  last_ai_move_.reset();
  hint_.reset();
  ai_moved_at_.reset();
  engine_error_.clear();
  note_end();
}

// The sides go with the game's name, not with the board: one game's choice
// never changes another's, and a game opened the first time has the
// defaults, not whatever the last game used.
void GameController::use_sides_of(const std::string& game) {
  if (game == sides_game_) return;
  if (!sides_game_.empty()) other_sides_[sides_game_] = {sides_, paused_};
  const auto known = other_sides_.find(game);
  const GameSides own = known == other_sides_.end() ? GameSides{kDefaultSides} : known->second;
  if (known != other_sides_.end()) other_sides_.erase(known);
  sides_ = own.sides;
  paused_ = own.paused;
  sides_game_ = game;
}

void GameController::note_end() {
  if (game_over() && !board_.ended_by) board_.ended_by = sides_;
}

GameState GameController::take_current() {
  GameState current = std::move(board_);
  current.sides = sides_;
  return current;
}

void GameController::keep_current() {
  const bool fresh = !has_moves(board_) && board_.start_text == "startpos";
  GameState current = take_current();
  if (!fresh) kept_.insert_or_assign(current.game, std::move(current));
}

void GameController::set_previous(std::optional<GameState> replaced) {
  if (previous_) let_go(*previous_);
  previous_ = std::move(replaced);
}

void GameController::let_go(const GameState& gone) {
  count_if_ended(let_go_[gone.game], gone);
}

SessionScore GameController::score(const std::string& game) const {
  SessionScore total;
  if (auto gone = let_go_.find(game); gone != let_go_.end()) total = gone->second;
  if (board_.game == game) count_if_ended(total, board_);
  if (auto kept = kept_.find(game); kept != kept_.end()) count_if_ended(total, kept->second);
  if (previous_ && previous_->game == game) count_if_ended(total, *previous_);
  return total;
}

// --- Moves, undo and redo ---

void GameController::set_line(std::vector<PlayedMove> line) {
  last_ai_move_.reset();
  board_.position = board_.start->clone();
  for (const PlayedMove& m : line) board_.position->play(m.move);
  board_.line = std::move(line);
  hint_.reset();
  ai_moved_at_.reset();
  if (board_.redo.empty()) board_.browsing = false;
  note_end();
}

void GameController::play_unchecked(Move move) {
  GameView& position = *board_.position;
  board_.line.push_back({move, position.move_to_text(move), position.move_cells(move)});
  position.play(move);
  hint_.reset();
  // The recorded move played again is the same game: the rest still waits.
  if (!board_.redo.empty() && board_.redo.back().move == move) {
    board_.redo.pop_back();
  } else {
    board_.redo.clear();
    board_.ended_by.reset();  // the recorded end, if any, is gone
  }
  if (board_.redo.empty()) board_.browsing = false;
  if (game_over()) board_.ended_by = sides_;  // won by whoever plays now
}

std::optional<std::string> GameController::play(Move move) {
  if (game_over()) return "the game is over";
  if (sides_[side_to_move()].ai) return "it is the AI's turn";
  const std::vector<Move> legal = legal_moves();
  if (std::find(legal.begin(), legal.end(), move) == legal.end()) return "an illegal move";
  // A ponder on this very reply becomes the AI's search (start_search).
  abandon_searches(/*keep_ponder=*/true);
  play_unchecked(move);
  return std::nullopt;
}

std::optional<std::string> GameController::play(const std::string& move) {
  const Parsed<Move> parsed = position().move_from_text(move);
  if (!parsed) return parsed.error();
  return play(*parsed);
}

int GameController::side_after(std::size_t plies) const {
  return static_cast<int>((board_.start->side_to_move() + plies) % 2);
}

void GameController::undo() {
  if (board_.line.empty()) {
    if (!previous_) return;
    GameState back = std::move(*previous_);
    previous_.reset();
    const std::array<SideSettings, 2> sides = back.sides;
    show(std::move(back));  // the new game goes: it has just been started
    sides_ = sides;
    return;
  }
  abandon_searches();
  std::vector<PlayedMove> line = board_.line;
  const bool any_person = !sides_[0].ai || !sides_[1].ai;
  do {
    board_.redo.push_back(line.back());
    line.pop_back();
  } while (any_person && !line.empty() && sides_[side_after(line.size())].ai);
  if (!any_person) paused_ = true;  // else the AI would replay the move at once
  set_line(std::move(line));
}

void GameController::redo() {
  if (board_.redo.empty()) return;
  abandon_searches();
  std::vector<PlayedMove> line = board_.line;
  const bool any_person = !sides_[0].ai || !sides_[1].ai;
  do {
    line.push_back(board_.redo.back());
    board_.redo.pop_back();
  } while (any_person && !board_.redo.empty() && sides_[side_after(line.size())].ai);
  set_line(std::move(line));
}

void GameController::go_to(std::size_t plies) {
  std::vector<PlayedMove> whole = board_.line;
  whole.insert(whole.end(), board_.redo.rbegin(), board_.redo.rend());
  if (plies > whole.size() || plies == board_.line.size()) return;
  abandon_searches();
  board_.redo.assign(whole.rbegin(), whole.rend() - static_cast<long>(plies));
  board_.browsing = true;  // until the moves after it are replayed or dropped
  whole.resize(plies);
  set_line(std::move(whole));
  if (board_.redo.empty() && sides_[side_to_move()].ai && !game_over()) paused_ = true;
}

bool GameController::viewing() const {
  return !board_.redo.empty() && (board_.browsing || waiting_for_redo());
}

void GameController::back_to_game() {
  if (board_.redo.empty()) return;
  abandon_searches();
  std::vector<PlayedMove> line = board_.line;
  line.insert(line.end(), board_.redo.rbegin(), board_.redo.rend());
  board_.redo.clear();
  set_line(std::move(line));
}

void GameController::play_on() {
  if (!viewing()) return;
  abandon_searches();
  board_.redo.clear();
  board_.browsing = false;
  board_.ended_by.reset();
  paused_ = false;  // play continues: the AI moves if it is its turn
}

bool GameController::waiting_for_redo() const {
  return !board_.redo.empty() && sides_[side_to_move()].ai && !game_over();
}

void GameController::swap_sides() {
  abandon_searches();
  std::swap(sides_[0], sides_[1]);
}

void GameController::set_side(int side, SideSettings settings) {
  if (sides_[side] != settings) abandon_searches();
  sides_[side] = settings;
}

void GameController::set_paused(bool paused) {
  if (paused) abandon_searches();
  paused_ = paused;
}

int GameController::winner() const {
  return winner_of(position());
}

// --- The engine ---

void GameController::request_hint() {
  if (game_over() || hint_request_ || sides_[side_to_move()].ai) return;
  hint_.reset();
  start_search(/*hint=*/true);
}

void GameController::move_now() {
  if (search_request_) {
    ponderers_[search_engine_].engine.stop();  // its best move still arrives and is played
    return;
  }
  if (!game_over() && sides_[side_to_move()].ai && !hint_request_ && ponderers_[0].engine.ready())
    start_search(/*hint=*/false);
}

bool GameController::update() {
  return update(seconds_since(SteadyClock::time_point{}));
}

bool GameController::read_replies() {
  bool replied = false;
  for (std::size_t i = 0; i < ponderers_.size(); ++i) {
    for (const LinkReply& reply : ponderers_[i].engine.poll()) {
      handle(reply, i);
      replied = true;
    }
  }
  return replied;
}

bool GameController::update(double now_seconds) {
  now_ = now_seconds;
  const bool replied = read_replies();
  if (ai_may_search(now_seconds)) start_search(/*hint=*/false);
  update_ponder();
  return replied;
}

bool GameController::ai_may_search(double now) const {
  if (game_over() || paused_ || !sides_[side_to_move()].ai || waiting_for_redo()) return false;
  if (search_request_ || hint_request_ || !ponderers_[0].engine.ready()) return false;
  const bool ai_against_ai = sides_[0].ai && sides_[1].ai;
  return !ai_against_ai || !ai_moved_at_ || now >= *ai_moved_at_ + ai_pace_ms_ / 1000.0;
}

void GameController::abandon_searches(bool keep_ponder) {
  if (hint_request_ || (search_request_ && search_engine_ == 0)) ponderers_[0].engine.stop();
  if (search_request_ && search_engine_ != 0) ponderers_[search_engine_].engine.stop();
  search_request_ = hint_request_ = 0;
  thinking_ = {};
  choice_.reset();
  if (!keep_ponder) end_ponder();
}

void GameController::set_pondering(bool on) {
  ponder_on_ = on;
  if (!on) end_ponder();
}

void GameController::set_engine_weights(EngineWeights weights) {
  // A ponder searched with the old ones: its answer is no longer the AI's.
  if (weights != engine_weights_) end_ponder();
  engine_weights_ = std::move(weights);
}

// A person is to move against the AI at a pondering level, and the engine
// has nothing else to do.
bool GameController::may_ponder() const {
  if (!ponder_on_ || game_over() || paused_ || !ponderers_[0].engine.ready()) return false;
  if (search_request_ || hint_request_) return false;
  const SideSettings& person = sides_[side_to_move()];
  const SideSettings& ai = sides_[1 - side_to_move()];
  return !person.ai && ai.ai && ai.level >= kPonderLevel;
}

bool GameController::pondering() const {
  return std::any_of(ponderers_.begin(), ponderers_.end(),
                     [](const Ponderer& p) { return p.request != 0; });
}

void GameController::set_ponder_helpers(const std::vector<EngineClient*>& helpers) {
  end_ponder();
  if (search_engine_ != 0) abandon_searches();  // a helper that goes may be searching
  search_engine_ = 0;
  ponderers_.erase(ponderers_.begin() + 1, ponderers_.end());
  for (EngineClient* helper : helpers) ponderers_.emplace_back(helper);
}

// Each ponder is sent as the AI's own search of that position would be
// (level, weights, movetime); the position of the next turn ends the one
// before (its best move is dropped: no request waits for it).
void GameController::update_ponder() {
  if (!may_ponder()) return end_ponder();
  const EnginePosition base = engine_position();
  if (base != ponder_base_) {
    ponder_base_ = base;
    for (Ponderer& p : ponderers_) {
      p.turn = 0;
      p.finished.clear();
    }
  }
  const std::vector<Move> replies = legal_moves();
  for (std::size_t i = 0; i < ponderers_.size(); ++i) update_ponder(i, replies);
}

// Ponderer i's share of the replies (i, i + k, ... of k ponderers), in
// turn, kPonderTurnSeconds each, round after round; a turn ends early when
// its ponder finishes, and a reply pondered to the end gets no more turns.
void GameController::update_ponder(std::size_t i, const std::vector<Move>& replies) {
  Ponderer& p = ponderers_[i];
  if (i >= replies.size() || !p.engine.ready()) return;
  const bool finished = p.request && p.has_finished(p.position);
  if (p.turn > 0 && !finished && now_ < p.started + kPonderTurnSeconds) return;
  const std::optional<EnginePosition> position = next_ponder_position(i, replies);
  p.started = now_;
  if (!position) return;                             // all of its share is done
  if (p.request && *position == p.position) return;  // its only reply left
  p.level = sides_[1 - side_to_move()].level;
  send_search_setup(p, p.level, *position);
  p.request = p.engine.go({.movetime_ms = move_time(p.level), .ponder = true});
  p.position = *position;
}

std::optional<EnginePosition> GameController::next_ponder_position(
    std::size_t i, const std::vector<Move>& replies) {
  Ponderer& p = ponderers_[i];
  const std::size_t k = ponderers_.size();
  const std::size_t share = (replies.size() - i + k - 1) / k;
  for (std::size_t tried = 0; tried < share; ++tried) {
    EnginePosition position = engine_position_after(replies[i + k * (p.turn++ % share)]);
    if (!p.has_finished(position)) return position;
  }
  return std::nullopt;
}

void GameController::end_ponder() {
  stop_ponders(ponderers_.size());
  ponder_base_.reset();
  for (Ponderer& p : ponderers_) p.finished.clear();
}

void GameController::stop_ponders(std::size_t kept) {
  // A ponder is the only request in flight on its engine then (any other
  // request on the main engine ends it when sent).
  for (std::size_t i = 0; i < ponderers_.size(); ++i) {
    if (i == kept || !ponderers_[i].request) continue;
    ponderers_[i].engine.stop();
    ponderers_[i].request = 0;
  }
}

EnginePosition GameController::engine_position_after(Move reply) const {
  EnginePosition after = engine_position();
  after.moves.push_back(position().move_to_text(reply));
  return after;
}

int GameController::move_time(int level) {
  return level == kLevelCount ? kPerfectMoveTimeMs : kMoveTimeMs;
}

// What comes before a search of `position` at `level`.
void GameController::send_search_setup(Ponderer& to, int level, const EnginePosition& position) {
  to.engine.set_game(board_.game);
  to.engine.set_options({.level = level});
  if (engine_weights_) to.engine.set_weights(*engine_weights_);
  to.engine.set_position(position);
}

EnginePosition GameController::engine_position(std::size_t plies) const {
  std::vector<std::string> played = moves();
  played.resize(std::min(plies, played.size()));
  return {board_.start_text, std::move(played)};
}

void GameController::start_search(bool hint) {
  const int level = hint ? kLevelCount : sides_[side_to_move()].level;
  thinking_ = {};
  choice_.reset();
  for (std::size_t i = 0; i < ponderers_.size() && !hint; ++i) {
    Ponderer& p = ponderers_[i];
    if (!p.request || p.position != engine_position() || p.level != level) continue;
    // The person played a reply being pondered on: that search goes on as
    // the AI's, its movetime from now, and answers at once if it is done.
    stop_ponders(i);
    p.engine.ponderhit();
    search_request_ = std::exchange(p.request, 0);
    search_engine_ = i;
    return;
  }
  // An engine that pondered this reply to the end and went on to another
  // holds the answer in its tables; else the main engine searches. The
  // position sent ends that engine's ponder (its best move is dropped); the
  // others' stop.
  const std::size_t e = hint ? 0 : engine_that_finished(engine_position());
  Ponderer& searcher = ponderers_[e];
  searcher.request = 0;
  if (!hint) stop_ponders(e);
  search_engine_ = e;
  send_search_setup(searcher, level, engine_position());
  const std::uint64_t request = searcher.engine.go({.movetime_ms = move_time(level)});
  (hint ? hint_request_ : search_request_) = request;
}

std::size_t GameController::engine_that_finished(const EnginePosition& position) const {
  for (std::size_t i = 0; i < ponderers_.size(); ++i)
    if (ponderers_[i].has_finished(position)) return i;
  return 0;
}

void GameController::handle(const LinkReply& reply, std::size_t from) {
  if (const auto* error = std::get_if<EngineError>(&reply.reply)) {
    if (!error->malformed) engine_error_ = error->message;
    return;
  }
  Ponderer& p = ponderers_[from];
  if (std::holds_alternative<PonderFinished>(reply.reply) && p.request &&
      reply.request == p.request)
    p.finished.push_back(p.position);
  const bool for_search =
      search_request_ && reply.request == search_request_ && from == search_engine_;
  const bool for_hint = hint_request_ && reply.request == hint_request_ && from == 0;
  if (!for_search && !for_hint) return;  // a reply to an abandoned request
  if (const auto* info = std::get_if<SearchInfoLine>(&reply.reply)) thinking_ = *info;
  if (const auto* choice = std::get_if<MoveChoice>(&reply.reply)) choice_ = *choice;
  if (const auto* best = std::get_if<BestMove>(&reply.reply)) take_best_move(*best, for_hint);
}

void GameController::take_best_move(const BestMove& best, bool for_hint) {
  if (for_hint) {
    hint_request_ = 0;
    const GameView& at = position();
    if (const Parsed<Move> hint = at.move_from_text(best.move))
      hint_ = PlayedMove{*hint, at.move_to_text(*hint), at.move_cells(*hint)};
    return;
  }
  search_request_ = 0;
  if (!best.move.empty()) take_engine_move(best.move);
}

void GameController::take_engine_move(const std::string& text) {
  const Parsed<Move> move = position().move_from_text(text);
  if (!move) {
    engine_error_ = "the engine's move: " + move.error();
    return;
  }
  const int mover = side_to_move();
  play_unchecked(*move);
  // The engine names the move in its own text; the board's may differ.
  std::optional<MoveChoice> choice;
  if (choice_ && choice_->move == text) {
    choice = choice_;
    choice->move = board_.line.back().text;
  }
  last_ai_move_ = AiMove{mover, board_.line.back().text, thinking_, choice};
  ai_moved_at_ = now_;
}

// --- Links and pasted text ---

std::string GameController::share_fragment() const {
  return link_fragment(board_, false);
}

std::optional<std::string> text_too_long(std::string_view text) {
  return too_long(text);
}

std::optional<std::string> GameController::open_link(const std::string& link) {
  if (auto problem = too_long(link)) return problem;
  Parsed<GameState> opened = read_link(link);
  if (!opened) return brief(opened.error());
  replace_game(std::move(*opened));
  return std::nullopt;
}

std::optional<std::string> GameController::open_text(const std::string& text) {
  if (auto problem = too_long(text)) return problem;
  const std::vector<std::string> words = split_any(text, kMoveSeparators);
  if (words.empty()) return "nothing to open: paste a link, moves or a position";
  if (text.find("game=") != std::string::npos) return open_link(text);
  // No position is words by the thousand: so many are moves.
  if (auto problem = too_many_moves(words.size())) return problem;
  Parsed<GameState> opened = read_game(board_.game, board_.start_text, words, {}, /*typed=*/true);
  if (!opened) {
    const std::string trimmed = joined(split_any(text, " \t\r\n"), " ");
    Parsed<GameState> at = read_game(board_.game, trimmed, {});
    if (!at)
      return brief("not a link, nor moves or a position of " + std::string(start().title()) +
                   ": as moves, " + opened.error() + "; as a position, " + at.error());
    opened = std::move(at);
  }
  replace_game(std::move(*opened));
  return std::nullopt;
}

// --- Saving ---

namespace {

// A saved game's lines, each without its line end (LF or CRLF) and trailing
// spaces, and what its reader can tell of how whole it is.
struct SaveLines {
  int version = 0;                 // the header's; 0: no save's header
  std::vector<std::string> lines;  // after the header, up to its "end" line
  enum class Damage { kNone, kZeroByte, kCutShort, kLinesMissing } damage = Damage::kNone;
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

// A save that ends inside a line was cut there (every version ends its
// lines): the line's last word may be a piece of a longer one ("a7" of
// "a7b6"), so it goes.
std::string without_cut_word(std::string_view line) {
  const std::size_t space = line.find_last_of(" \t");
  return without_trailing_space(line.substr(0, space == std::string_view::npos ? 0 : space));
}

// Version 4's last line counts the lines before it: no such line, the save
// was cut short; another count, lines went missing. Lines after it are
// passed over (the app adds its preferences' line there).
void check_end_line(SaveLines& text) {
  using Damage = SaveLines::Damage;
  const auto end = std::find_if(text.lines.begin(), text.lines.end(), [](const std::string& l) {
    return l == "end" || l.rfind("end ", 0) == 0;
  });
  if (end == text.lines.end()) {
    if (text.damage == Damage::kNone) text.damage = Damage::kCutShort;
    return;
  }
  const auto before = static_cast<std::uint64_t>(end - text.lines.begin()) + 1;  // and the header
  const std::optional<std::uint64_t> count = parse_number(
      std::string_view(*end).substr(std::min<std::size_t>(end->size(), 4)), 0, 1u << 30);
  if (count != before && text.damage == Damage::kNone) text.damage = Damage::kLinesMissing;
  if (count == before && text.damage == Damage::kZeroByte) text.damage = Damage::kNone;  // after it
  text.lines.erase(end, text.lines.end());
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
      if (out.damage == SaveLines::Damage::kNone) out.damage = SaveLines::Damage::kCutShort;
      break;
    }
    out.lines.push_back(without_trailing_space(text.substr(at, end - at)));
    at = end + 1;
  }
  if (out.lines.empty()) return out;
  out.version = save_version(out.lines.front());
  out.lines.erase(out.lines.begin());
  if (out.version >= 4) check_end_line(out);
  return out;
}

// What a save's lines hold.
struct SaveContents {
  std::string game, start = "startpos";
  std::vector<std::string> moves, redo, kept;
  std::array<SideSettings, 2> sides = kDefaultSides;
  struct Sides {
    std::array<SideSettings, 2> sides;
    bool paused = false;
  };
  std::map<std::string, Sides> other_sides;
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
                  " player (" + brief(value, 24) + ") did not read; it is " +
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

// Unknown lines are passed over without a note: the game is whole, and a
// player could do nothing about a line only a hand edit (or a later build
// of this version) wrote.
SaveContents read_contents(const SaveLines& text, std::vector<std::string>& notes) {
  const bool shared_sides = text.version < 3;
  SaveContents c;
  for (const std::string& line : text.lines) {
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "game")
      c.game = value;
    else if (key == "start")
      c.start = value;
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

// The game on the board: its moves up to the first illegal one, its redo
// moves (the next one first) up to the first illegal one; the game and its
// start must read, and the moves be within the cap.
Parsed<GameState> read_saved_game(const SaveContents& c, std::vector<std::string>& notes) {
  if (auto many = too_many_moves(c.moves.size() + c.redo.size())) return ParseError{*many};
  Parsed<GameState> empty = read_game(c.game, c.start, {});
  if (!empty) return empty;
  std::unique_ptr<GameView> position = empty->start->clone();
  const std::vector<std::string> redo_in_order(c.redo.rbegin(), c.redo.rend());
  const std::size_t played = playable(*position, c.moves);
  std::size_t redone = 0;
  if (played < c.moves.size()) {
    notes.push_back(
        dropped_move("move " + std::to_string(played + 1) + " (" + brief(c.moves[played], 24) + ")",
                     c.moves.size() - played - 1 + c.redo.size()));
  } else {
    redone = playable(*position, redo_in_order);
    if (redone < redo_in_order.size())
      notes.push_back(dropped_move("move " + std::to_string(redone + 1) + " to redo (" +
                                       brief(redo_in_order[redone], 24) + ")",
                                   redo_in_order.size() - redone - 1));
  }
  return read_game(c.game, c.start, {c.moves.begin(), c.moves.begin() + static_cast<long>(played)},
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
    case SaveLines::Damage::kNone:
      break;
  }
  return std::nullopt;
}

}  // namespace

std::string GameController::save() const {
  std::ostringstream out;
  out << kSaveName << ' ' << kSaveVersion << "\ngame " << board_.game << "\nstart "
      << board_.start_text << "\nmoves " << join_words(moves()) << "\nredo "
      << join_words(texts(board_.redo)) << "\npaused " << paused_ << '\n';
  for (int s = 0; s < 2; ++s) out << "side" << s << ' ' << side_text(sides_[s]) << '\n';
  for (const auto& [name, kept] : kept_) out << "kept " << link_fragment(kept, true) << '\n';
  for (const auto& [name, own] : other_sides_)
    out << "sides " << name << ' ' << side_text(own.sides[0]) << ' ' << side_text(own.sides[1])
        << (own.paused ? " paused" : "") << '\n';
  std::string text = out.str();
  return text + "end " + std::to_string(std::count(text.begin(), text.end(), '\n')) + "\n";
}

std::optional<std::string> GameController::load(const std::string& saved, SaveNotes* notes_out) {
  SaveNotes unread;
  SaveNotes& notes = notes_out ? *notes_out : unread;
  notes = {};
  // The loaders read a byte over the cap, no more: the size is not told.
  if (saved.size() > kMaxSaveBytes)
    return "it is larger than " + grouped(kMaxSaveBytes) + " bytes, the most a saved game may have";
  const SaveLines text = split_save(saved);
  if (text.version > kSaveVersion) {
    notes.newer = true;
    return "the saved game is from a newer version of Minimax Arcade";
  }
  if (text.version == 0) return "not a saved Minimax Arcade game";
  SaveContents c = read_contents(text, notes.dropped);
  Parsed<GameState> restored = read_saved_game(c, notes.dropped);
  if (!restored) {
    const std::optional<std::string> damage = damage_note(text, 0);
    return "the saved game: " + restored.error() +
           (damage ? " (" + damage->substr(0, damage->find(';')) + ")" : "");
  }
  if (auto damage = damage_note(text, restored->line.size()))
    notes.dropped.insert(notes.dropped.begin(), *damage);
  // Kept games: one that does not read goes, said; the game on the board's
  // name goes unsaid (the board's is the one played).
  const bool shared_sides = text.version < 3;
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
    notes.dropped.push_back(
        unreadable == 1 ? "A game kept in the saved game did not read and was left out."
                        : grouped(unreadable) +
                              " games kept in the saved game did not read and were left out.");
  c.other_sides[c.game] = {c.sides};
  let_go(take_current());
  for (const auto& [name, gone] : kept_) let_go(gone);
  set_previous(std::nullopt);
  kept_ = std::move(kept_games);
  // The sides of the games before the load go with them.
  sides_game_.clear();
  other_sides_.clear();
  for (const auto& [name, own] : c.other_sides) other_sides_[name] = {own.sides, own.paused};
  show(std::move(*restored));
  paused_ = c.paused;
  return std::nullopt;
}

}  // namespace arcade::app
