#include "app/game/game_controller.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

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

}  // namespace arcade::app
