#include "app/game/game_controller.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "engine/clock.h"
#include "engine/level.h"
#include "engine/protocol.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

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
  p.thinking = {};
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
    thinking_ = p.thinking;
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
  const bool for_ponder = p.request && reply.request == p.request;
  if (std::holds_alternative<PonderFinished>(reply.reply) && for_ponder)
    p.finished.push_back(p.position);
  if (const auto* info = std::get_if<SearchInfoLine>(&reply.reply); info && for_ponder)
    p.thinking = *info;
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

std::optional<std::string> GameController::open_link(const std::string& link) {
  if (auto problem = text_too_long(link)) return problem;
  Parsed<GameState> opened = read_link(link);
  if (!opened) return brief(opened.error());
  replace_game(std::move(*opened));
  return std::nullopt;
}

std::optional<std::string> GameController::open_text(const std::string& text) {
  if (auto problem = text_too_long(text)) return problem;
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

std::string GameController::save() const {
  return write_save(board_, {sides_, paused_}, kept_, other_sides_);
}

std::optional<std::string> GameController::load(const std::string& saved, SaveNotes* notes_out) {
  SaveNotes unread;
  Parsed<SavedGames> read = read_save(saved, notes_out ? *notes_out : unread);
  if (!read) return read.error();
  SavedGames& games = *read;
  let_go(take_current());
  for (const auto& [name, gone] : kept_) let_go(gone);
  set_previous(std::nullopt);
  kept_ = std::move(games.kept);
  // The sides of the games before the load go with them.
  sides_game_.clear();
  other_sides_ = std::move(games.other_sides);
  show(std::move(games.board));
  paused_ = games.board_sides.paused;
  return std::nullopt;
}

}  // namespace arcade::app
