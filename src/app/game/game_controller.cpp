#include "app/game/game_controller.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "engine/clock.h"
#include "games/registry.h"

namespace arcade::app {

GameController::GameController(EngineClient& engine) : engines_{EngineLink(engine)} {
  show(std::move(*read_game(game_names().front(), "startpos", {})));
}

GameController::ReadOnly::ReadOnly(ReadOnly&& other) noexcept
    : game_(std::exchange(other.game_, nullptr)) {}

GameController::ReadOnly::~ReadOnly() {
  if (game_) --game_->readers_;
}

GameController::ReadOnly GameController::read_only() const {
  ++readers_;
  return ReadOnly(this);
}

void GameController::check_writable(const char* change) const {
  if (readers_ == 0) return;
  // Going on would free a position the frame still reads: a use after free,
  // which the browser shows as a random "table index is out of bounds".
  std::fprintf(stderr,
               "arcade: GameController::%s while a frame reads the game; a control must "
               "post its change to run after the frame (AppContext::later)\n",
               change);
  std::abort();
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
  check_writable("new_game");
  ++person_actions_;
  Parsed<GameState> fresh = read_game(game, start, {});
  if (!fresh) return fresh.error();
  replace_game(std::move(*fresh));
  return std::nullopt;
}

std::optional<std::string> GameController::switch_game(const std::string& game) {
  check_writable("switch_game");
  ++person_actions_;
  if (game == board_.game) return std::nullopt;
  std::optional<GameState> next = kept_games_.take(game);
  if (!next) {
    Parsed<GameState> fresh = read_game(game, "startpos", {});
    if (!fresh) return fresh.error();
    next = std::move(*fresh);
  }
  keep_current();
  kept_games_.set_replaced(std::nullopt);
  show(std::move(*next));
  return std::nullopt;
}

void GameController::rematch() {
  check_writable("rematch");
  ++person_actions_;
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
    replaced = kept_games_.take(next.game);
  }
  // A game without moves has nothing to bring back: the one before stays.
  if (replaced && has_moves(*replaced))
    kept_games_.set_replaced(std::move(replaced));
  else if (!same_game)
    kept_games_.set_replaced(std::nullopt);
  show(std::move(next));
}

void GameController::show(GameState next) {
  abandon_searches();
  use_sides_of(next.game);
  board_ = std::move(next);
  ai_.forget_moves();
  ai_.clear_error();
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
  if (!fresh) kept_games_.keep(std::move(current));
}

SessionScore GameController::score(const std::string& game) const {
  return kept_games_.score(game, board_);
}

// --- Moves, undo and redo ---

void GameController::set_line(std::vector<PlayedMove> line) {
  board_.position = board_.start->clone();
  for (const PlayedMove& m : line) board_.position->play(m.move);
  board_.line = std::move(line);
  ai_.forget_moves();
  if (board_.redo.empty()) board_.browsing = false;
  note_end();
}

void GameController::play_unchecked(Move move) {
  GameView& position = *board_.position;
  board_.line.push_back(
      {move, position.move_to_text(move), position.move_cells(move), position.move_words(move)});
  position.play(move);
  ai_.forget_hint();
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
  check_writable("play");
  ++person_actions_;
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
  check_writable("play");
  const Parsed<Move> parsed = position().move_from_text(move);
  if (!parsed) return parsed.error();
  return play(*parsed);
}

int GameController::side_after(const std::vector<PlayedMove>& line) const {
  // Replayed: turns need not alternate (a Pac-Man round is his move, then
  // each ghost's, all the ghosts' side).
  std::unique_ptr<GameView> walk = board_.start->clone();
  for (const PlayedMove& played : line) walk->play(played.move);
  return walk->side_to_move();
}

int GameController::side_to_move_at(std::size_t plies) const {
  const auto end =
      board_.line.begin() + static_cast<std::ptrdiff_t>(std::min(plies, board_.line.size()));
  return side_after({board_.line.begin(), end});
}

void GameController::undo() {
  check_writable("undo");
  ++person_actions_;
  if (board_.line.empty()) {
    std::optional<GameState> back = kept_games_.take_replaced();
    if (!back) return;
    const std::array<SideSettings, 2> sides = back->sides;
    show(std::move(*back));  // the new game goes: it has just been started
    sides_ = sides;
    return;
  }
  abandon_searches();
  std::vector<PlayedMove> line = board_.line;
  const bool any_person = !sides_[0].ai || !sides_[1].ai;
  do {
    board_.redo.push_back(line.back());
    line.pop_back();
  } while (any_person && !line.empty() && sides_[side_after(line)].ai);
  if (!any_person) paused_ = true;  // else the AI would replay the move at once
  set_line(std::move(line));
}

void GameController::redo() {
  check_writable("redo");
  ++person_actions_;
  if (board_.redo.empty()) return;
  abandon_searches();
  std::vector<PlayedMove> line = board_.line;
  const bool any_person = !sides_[0].ai || !sides_[1].ai;
  do {
    line.push_back(board_.redo.back());
    board_.redo.pop_back();
  } while (any_person && !board_.redo.empty() && sides_[side_after(line)].ai);
  set_line(std::move(line));
}

void GameController::go_to(std::size_t plies) {
  check_writable("go_to");
  ++person_actions_;
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
  check_writable("back_to_game");
  ++person_actions_;
  if (board_.redo.empty()) return;
  abandon_searches();
  std::vector<PlayedMove> line = board_.line;
  line.insert(line.end(), board_.redo.rbegin(), board_.redo.rend());
  board_.redo.clear();
  set_line(std::move(line));
}

void GameController::play_on() {
  check_writable("play_on");
  ++person_actions_;
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
  check_writable("swap_sides");
  ++person_actions_;
  abandon_searches();
  std::swap(sides_[0], sides_[1]);
}

void GameController::set_side(int side, SideSettings settings) {
  check_writable("set_side");
  ++person_actions_;
  if (sides_[side] != settings) abandon_searches();
  sides_[side] = settings;
}

void GameController::set_paused(bool paused) {
  check_writable("set_paused");
  ++person_actions_;
  if (paused) abandon_searches();
  paused_ = paused;
}

int GameController::winner() const {
  return winner_of(position());
}

// --- The engine: when the AI searches and ponders ---

void GameController::request_hint() {
  check_writable("request_hint");
  ++person_actions_;
  if (game_over() || ai_.hint_pending() || sides_[side_to_move()].ai) return;
  ai_.forget_hint();
  start_search(/*hint=*/true);
}

void GameController::move_now() {
  check_writable("move_now");
  ++person_actions_;
  if (ai_.searching()) return ai_.stop_search();  // its best move still arrives and is played
  if (!game_over() && sides_[side_to_move()].ai && !ai_.hint_pending() && engines_[0].ready())
    start_search(/*hint=*/false);
}

bool GameController::update() {
  return update(seconds_since(SteadyClock::time_point{}));
}

bool GameController::update(double now_seconds) {
  check_writable("update");
  now_ = now_seconds;
  const bool replied = read_replies();
  if (ai_may_search(now_seconds)) start_search(/*hint=*/false);
  update_ponder();
  return replied;
}

bool GameController::read_replies() {
  bool replied = false;
  for (std::size_t i = 0; i < engines_.size(); ++i) {
    for (const LinkReply& reply : engines_[i].poll()) {
      pondering_.handle(reply, i);
      if (std::optional<std::string> move = ai_.handle(reply, i, position()))
        take_engine_move(*move);
      replied = true;
    }
  }
  return replied;
}

bool GameController::ai_may_search(double now) const {
  if (game_over() || paused_ || !sides_[side_to_move()].ai || waiting_for_redo()) return false;
  if (!ai_.idle() || !engines_[0].ready()) return false;
  // A position the engine refused is not asked again (ai_turn.h).
  return ai_.pace_allows(now, sides_[0].ai && sides_[1].ai) && !ai_refused();
}

void GameController::abandon_searches(bool keep_ponder) {
  ai_.abandon();
  if (!keep_ponder) pondering_.end();
}

void GameController::start_search(bool hint) {
  const EnginePosition here = engine_position();
  if (hint) {
    pondering_.release(0);  // the hint's position ends the main engine's ponder
    return ai_.start_hint(search_setup(), here);
  }
  const int level = sides_[side_to_move()].level;
  // The person played a reply being pondered: that search becomes the AI's.
  if (std::optional<PonderHit> hit = pondering_.take_hit(here, level))
    return ai_.take_over(*hit, here);
  ai_.start(search_setup(), level, here, pondering_.hand_over(here));
}

std::optional<std::string> GameController::opponents_in_play() const {
  const std::vector<std::string> models = position().opponent_models();
  if (models.empty()) return std::nullopt;
  // The models come adversarial first (GameView::opponent_models).
  return sides_[1].ai ? position().opponents_at_level(sides_[1].level) : models.front();
}

void GameController::take_engine_move(const std::string& text) {
  const Parsed<Move> move = position().move_from_text(text);
  if (!move) return ai_.note_error("the engine's move: " + move.error());
  const int mover = side_to_move();
  play_unchecked(*move);
  ai_.played(mover, text, board_.line.back().text, now_);
}

void GameController::set_engine_weights(EngineWeights weights) {
  check_writable("set_engine_weights");
  // A ponder searched with the old ones: its answer is no longer the AI's.
  if (weights != engine_weights_) pondering_.end();
  engine_weights_ = std::move(weights);
}

bool GameController::may_ponder() const {
  if (game_over() || paused_ || !ai_.idle() || !engines_[0].ready()) return false;
  const SideSettings& person = sides_[side_to_move()];
  const SideSettings& ai = sides_[1 - side_to_move()];
  return !person.ai && ai.ai && Pondering::ponders_at(ai.level);
}

void GameController::update_ponder() {
  if (!may_ponder()) return pondering_.end();
  pondering_.update(search_setup(), sides_[1 - side_to_move()].level, position(), engine_position(),
                    now_);
}

void GameController::set_ponder_helpers(const std::vector<EngineClient*>& helpers) {
  check_writable("set_ponder_helpers");
  pondering_.end();
  ai_.leave_helpers();
  engines_.erase(engines_.begin() + 1, engines_.end());
  for (EngineClient* helper : helpers) engines_.emplace_back(*helper);
  pondering_.resize();
}

EnginePosition GameController::engine_position(std::size_t plies) const {
  std::vector<std::string> played = moves();
  played.resize(std::min(plies, played.size()));
  return {board_.start_text, std::move(played)};
}

EnginePosition GameController::engine_position_after(Move reply) const {
  EnginePosition after = engine_position();
  after.moves.push_back(position().move_to_text(reply));
  return after;
}

// --- Links and pasted text ---

std::string GameController::share_fragment() const {
  return link_fragment(board_, false);
}

std::optional<std::string> GameController::open_link(const std::string& link) {
  check_writable("open_link");
  ++person_actions_;
  if (auto problem = text_too_long(link)) return problem;
  Parsed<GameState> opened = read_link(link);
  if (!opened) return brief(visible(opened.error()));
  replace_game(std::move(*opened));
  return std::nullopt;
}

std::optional<std::string> GameController::open_text(const std::string& text) {
  check_writable("open_text");
  ++person_actions_;
  if (auto problem = text_too_long(text)) return problem;
  const std::vector<std::string> words = split_any(text, kMoveSeparators);
  if (words.empty()) return "nothing to open: paste a link, moves or a position";
  if (text.find("game=") != std::string::npos) return open_link(text);
  // No position is words by the thousand: so many are moves.
  if (auto problem = too_many_moves(words.size())) return problem;
  Parsed<GameState> opened = read_game(board_.game, board_.start_text, words, {}, /*typed=*/true);
  if (!opened) {
    // As given first (a maze's spaces side by side are cells), then its
    // words joined by one space (a position pasted over lines).
    const std::size_t from = std::min(text.find_first_not_of(" \t\r\n"), text.size());
    const std::string given = text.substr(from, text.find_last_not_of(" \t\r\n") + 1 - from);
    const std::string trimmed = joined(split_any(text, " \t\r\n"), " ");
    Parsed<GameState> at = read_game(board_.game, given, {});
    if (!at) at = read_game(board_.game, trimmed, {});
    if (!at)
      return brief(visible("not a link, nor moves or a position of " +
                           std::string(start().title()) + ": as moves, " + opened.error() +
                           "; as a position, " + at.error()));
    opened = std::move(at);
  }
  replace_game(std::move(*opened));
  return std::nullopt;
}

// --- Saving ---

std::string GameController::save() const {
  return write_save(board_, {sides_, paused_}, kept_games_.kept(), other_sides_);
}

std::optional<std::string> GameController::load(const std::string& saved, SaveNotes* notes_out) {
  check_writable("load");
  SaveNotes unread;
  Parsed<SavedGames> read = read_save(saved, notes_out ? *notes_out : unread);
  if (!read) return read.error();
  SavedGames& games = *read;
  kept_games_.let_go(take_current());
  kept_games_.replace_all(std::move(games.kept));
  // The sides of the games before the load go with them.
  sides_game_.clear();
  other_sides_ = std::move(games.other_sides);
  show(std::move(games.board));
  paused_ = games.board_sides.paused;
  return std::nullopt;
}

}  // namespace arcade::app
