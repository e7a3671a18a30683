#include "app/game_controller.h"

#include <algorithm>
#include <sstream>

#include "engine/level.h"
#include "games/registry.h"

namespace arcade::app {
namespace {

constexpr const char* kSaveHeader = "minimax-arcade-save 1";
// A search's time budget: enough for the deep levels, short enough to play.
constexpr int kMoveTimeMs = 1500;
// The strongest level answers once it has proven a move, mostly at once (an
// opening book, solved tables); the budget only bounds the rare position the
// Connect Four solver needs seconds for, within the ten seconds a player
// should ever wait. The engine keeps a part of it for a fallback search.
constexpr int kPerfectMoveTimeMs = 9000;

// The moves of a line in notation read from `start` on, each checked in its
// position; or the first that is not legal, and why.
Parsed<std::vector<PlayedMove>> read_line(const GameView& start,
                                          const std::vector<std::string>& texts) {
  std::unique_ptr<GameView> position = start.clone();
  std::vector<PlayedMove> line;
  for (const std::string& text : texts) {
    const Parsed<Move> move = position->move_from_text(text);
    if (!move) return ParseError{"illegal move " + text + ": " + move.error()};
    line.push_back({*move, position->move_to_text(*move), position->move_cells(*move)});
    position->play(*move);
  }
  return line;
}

}  // namespace

GameController::GameController(EngineClient& engine) : engine_(engine) {
  new_game(game_names().front());
}

std::vector<std::string> GameController::moves() const {
  std::vector<std::string> texts;
  for (const PlayedMove& m : line_) texts.push_back(m.text);
  return texts;
}

std::optional<std::string> GameController::new_game(const std::string& game,
                                                    const std::string& start) {
  std::unique_ptr<GameView> view = make_game_view(game);
  if (!view) return "unknown game '" + game + "'";
  if (auto problem = view->set_position(start)) return problem;
  abandon_searches();
  game_ = game;
  start_text_ = start;
  start_ = std::move(view);
  set_line({});
  redo_.clear();
  engine_error_.clear();
  return std::nullopt;
}

void GameController::set_line(std::vector<PlayedMove> line) {
  last_ai_move_.reset();
  position_ = start_->clone();
  for (const PlayedMove& m : line) position_->play(m.move);
  line_ = std::move(line);
  hint_.reset();
}

void GameController::play_unchecked(Move move) {
  line_.push_back({move, position_->move_to_text(move), position_->move_cells(move)});
  position_->play(move);
  hint_.reset();
  redo_.clear();
}

std::optional<std::string> GameController::play(Move move) {
  if (game_over()) return "the game is over";
  if (sides_[side_to_move()].ai) return "it is the AI's turn";
  const std::vector<Move> legal = legal_moves();
  if (std::find(legal.begin(), legal.end(), move) == legal.end()) return "an illegal move";
  abandon_searches();
  play_unchecked(move);
  return std::nullopt;
}

std::optional<std::string> GameController::play(const std::string& move) {
  const Parsed<Move> parsed = position_->move_from_text(move);
  if (!parsed) return parsed.error();
  return play(*parsed);
}

int GameController::side_after(std::size_t plies) const {
  return static_cast<int>((start_->side_to_move() + plies) % 2);
}

void GameController::undo() {
  if (line_.empty()) return;
  abandon_searches();
  std::vector<PlayedMove> line = line_;
  const bool any_person = !sides_[0].ai || !sides_[1].ai;
  do {
    redo_.push_back(line.back());
    line.pop_back();
  } while (any_person && !line.empty() && sides_[side_after(line.size())].ai);
  if (!any_person) paused_ = true;  // else the AI would replay the move at once
  set_line(std::move(line));
}

void GameController::redo() {
  if (redo_.empty()) return;
  abandon_searches();
  std::vector<PlayedMove> line = line_;
  line.push_back(redo_.back());
  redo_.pop_back();
  set_line(std::move(line));
}

void GameController::go_to(std::size_t plies) {
  std::vector<PlayedMove> whole = line_;
  whole.insert(whole.end(), redo_.rbegin(), redo_.rend());
  if (plies > whole.size() || plies == line_.size()) return;
  abandon_searches();
  redo_.assign(whole.rbegin(), whole.rend() - static_cast<long>(plies));
  whole.resize(plies);
  set_line(std::move(whole));
  if (sides_[side_to_move()].ai && !game_over()) paused_ = true;
}

std::vector<std::string> GameController::redo_moves() const {
  std::vector<std::string> texts;
  for (auto it = redo_.rbegin(); it != redo_.rend(); ++it) texts.push_back(it->text);
  return texts;
}

void GameController::swap_sides() {
  abandon_searches();
  std::swap(sides_[0], sides_[1]);
}

void GameController::set_side(int side, SideSettings settings) {
  if (sides_[side].ai != settings.ai || sides_[side].level != settings.level) abandon_searches();
  sides_[side] = settings;
}

void GameController::set_paused(bool paused) {
  if (paused) abandon_searches();
  paused_ = paused;
}

void GameController::request_hint() {
  if (game_over() || hint_request_ || sides_[side_to_move()].ai) return;
  hint_.reset();
  start_search(/*hint=*/true);
}

void GameController::move_now() {
  if (search_request_) engine_.stop();  // its bestmove still arrives and is played
}

int GameController::winner() const {
  switch (position_->outcome()) {
    case Outcome::kLost:
      return 1 - side_to_move();
    case Outcome::kWon:
      return side_to_move();
    default:
      return -1;
  }
}

void GameController::update() {
  for (const EngineReply& reply : engine_.poll()) handle(reply);
  if (!game_over() && !paused_ && sides_[side_to_move()].ai && !search_request_ && !hint_request_ &&
      engine_.ready())
    start_search(/*hint=*/false);
}

void GameController::abandon_searches() {
  if (search_request_ || hint_request_) engine_.stop();
  search_request_ = hint_request_ = 0;
  thinking_ = {};
}

std::string GameController::position_command(std::size_t plies) const {
  std::vector<std::string> played = moves();
  played.resize(std::min(plies, played.size()));
  return "position " + start_text_ + (played.empty() ? "" : " moves " + join_words(played));
}

void GameController::start_search(bool hint) {
  const int level = hint ? kLevelCount : sides_[side_to_move()].level;
  // A new `game` starts a fresh session (and table): only when it changed.
  if (engine_game_ != game_) engine_.send("game " + game_);
  engine_game_ = game_;
  engine_.send("setoption name Level value " + std::to_string(level));
  for (const std::string& option : engine_options_) engine_.send(option);
  engine_.send(position_command());
  const int movetime = level == kLevelCount ? kPerfectMoveTimeMs : kMoveTimeMs;
  const std::uint64_t request = engine_.send("go movetime " + std::to_string(movetime));
  (hint ? hint_request_ : search_request_) = request;
  thinking_ = {};
}

void GameController::handle(const EngineReply& reply) {
  const std::vector<std::string> w = split_words(reply.line);
  if (w.empty()) return;
  if (w[0] == "error") {
    engine_error_ = reply.line.substr(6);
    return;
  }
  const bool for_search = reply.request == search_request_ && search_request_;
  const bool for_hint = reply.request == hint_request_ && hint_request_;
  if (!for_search && !for_hint) return;  // a reply to an abandoned request
  if (w[0] == "info") {
    if (std::optional<SearchInfoLine> info = read_search_info(w)) thinking_ = std::move(*info);
    return;
  }
  if (w[0] != "bestmove" || w.size() < 2) return;
  if (for_hint) {
    hint_request_ = 0;
    if (const Parsed<Move> hint = position_->move_from_text(w[1]))
      hint_ = PlayedMove{*hint, position_->move_to_text(*hint), position_->move_cells(*hint)};
    return;
  }
  search_request_ = 0;
  if (w[1] != "(none)") take_engine_move(w[1]);
}

void GameController::take_engine_move(const std::string& text) {
  const Parsed<Move> move = position_->move_from_text(text);
  if (!move) {
    engine_error_ = "the engine's move: " + move.error();
    return;
  }
  const int mover = side_to_move();
  play_unchecked(*move);
  last_ai_move_ = AiMove{mover, line_.back().text, thinking_};
}

std::string GameController::save() const {
  std::ostringstream out;
  std::vector<std::string> redo;
  for (const PlayedMove& m : redo_) redo.push_back(m.text);
  out << kSaveHeader << "\ngame " << game_ << "\nstart " << start_text_ << "\nmoves "
      << join_words(moves()) << "\nredo " << join_words(redo) << "\npaused " << paused_ << '\n';
  for (int s = 0; s < 2; ++s)
    out << "side" << s << ' ' << (sides_[s].ai ? "ai" : "human") << ' ' << sides_[s].level << '\n';
  return out.str();
}

std::optional<std::string> GameController::load(const std::string& saved) {
  std::istringstream in(saved);
  std::string line;
  if (!std::getline(in, line) || line != kSaveHeader) return "not a saved Minimax Arcade game";
  std::string game, start = "startpos";
  std::vector<std::string> moves, redo;
  std::array<SideSettings, 2> sides = sides_;
  bool paused = false;
  while (std::getline(in, line)) {
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "game")
      game = value;
    else if (key == "start")
      start = value;
    else if (key == "moves")
      moves = split_words(value);
    else if (key == "redo")
      redo = split_words(value);
    else if (key == "paused")
      paused = value == "1";
    else if (key == "side0" || key == "side1") {
      const std::vector<std::string> w = split_words(value);
      const std::optional<std::uint64_t> level =
          w.size() == 2 ? parse_number(w[1], 1, kLevelCount) : std::nullopt;
      if (!level || (w[0] != "ai" && w[0] != "human")) return "a bad side setting: " + line;
      sides[key[4] - '0'] = {w[0] == "ai", static_cast<int>(*level)};
    } else if (!key.empty()) {
      return "an unknown line in the saved game: " + line;
    }
  }
  std::unique_ptr<GameView> start_view = make_game_view(game);
  if (!start_view) return "the saved game names an unknown game '" + game + "'";
  if (auto problem = start_view->set_position(start)) return "the saved game: " + *problem;
  Parsed<std::vector<PlayedMove>> played = read_line(*start_view, moves);
  if (!played) return "the saved game: " + played.error();
  // The moves undone, the next to redo last; a bad redo is dropped, the game kept.
  std::vector<std::string> redone = moves;
  redone.insert(redone.end(), redo.rbegin(), redo.rend());
  Parsed<std::vector<PlayedMove>> redo_line = read_line(*start_view, redone);
  abandon_searches();
  game_ = game;
  start_text_ = start;
  start_ = std::move(start_view);
  set_line(std::move(*played));
  redo_.clear();
  if (redo_line)
    redo_.assign(redo_line->rbegin(), redo_line->rbegin() + static_cast<long>(redo.size()));
  sides_ = sides;
  paused_ = paused;
  return std::nullopt;
}

}  // namespace arcade::app
