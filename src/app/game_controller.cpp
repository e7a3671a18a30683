#include "app/game_controller.h"

#include <charconv>
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

// A whole signed number, or 0: the engine's lines are read without
// exceptions, which the web build does not catch.
long long number_or_zero(const std::string& text) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size() ? value : 0;
}

// Reads an `info` line into what the UI shows.
Thinking parse_info(const std::vector<std::string>& w) {
  Thinking t;
  for (std::size_t i = 1; i + 1 < w.size(); ++i) {
    if (w[i] == "depth")
      t.depth = static_cast<int>(number_or_zero(w[i + 1]));
    else if (w[i] == "nodes")
      t.nodes = static_cast<std::uint64_t>(number_or_zero(w[i + 1]));
    else if (w[i] == "nps")
      t.nps = static_cast<std::uint64_t>(number_or_zero(w[i + 1]));
    else if (w[i] == "score")
      t.score = score_in_words(w[i + 1] == "draw" ? "draw" : w[i + 1] + " " + w[i + 2]);
    else if (w[i] == "pv") {
      t.pv.assign(w.begin() + static_cast<long>(i) + 1, w.end());
      break;
    }
  }
  return t;
}

}  // namespace

std::string score_in_words(const std::string& protocol_score) {
  const std::vector<std::string> w = split_words(protocol_score);
  if (w.empty()) return "";
  if (w[0] == "draw") return "draw";
  if (w.size() < 2) return protocol_score;
  const int n = static_cast<int>(number_or_zero(w[1]));
  if (w[0] == "win" || w[0] == "loss") {
    const int moves = (n + 1) / 2;
    return std::string(w[0] == "win" ? "wins in " : "loses in ") + std::to_string(moves) +
           (moves == 1 ? " move" : " moves");
  }
  const int tenths = (n >= 0 ? n + 5 : n - 5) / 10;
  if (tenths == 0) return "even";
  std::string text = std::to_string(tenths);
  return tenths > 0 ? text.insert(0, 1, '+') : text;
}

GameController::GameController(EngineClient& engine) : engine_(engine) {
  new_game(game_names().front());
}

std::optional<std::string> GameController::new_game(const std::string& game,
                                                    const std::string& start) {
  std::unique_ptr<GameSession> session = make_session(game);
  if (!session) return "unknown game '" + game + "'";
  if (auto problem = session->set_position(start, {})) return problem;
  abandon_searches();
  game_ = game;
  start_ = start;
  session_ = std::move(session);
  moves_.clear();
  redo_.clear();
  hint_.clear();
  engine_error_.clear();
  return std::nullopt;
}

std::optional<std::string> GameController::apply(const std::string& start,
                                                 const std::vector<std::string>& moves) {
  if (auto problem = session_->set_position(start, moves)) return problem;
  moves_ = moves;
  hint_.clear();
  return std::nullopt;
}

std::optional<std::string> GameController::play(const std::string& move) {
  if (game_over()) return "the game is over";
  if (sides_[side_to_move()].ai) return "it is the AI's turn";
  std::vector<std::string> next = moves_;
  next.push_back(move);
  abandon_searches();
  if (auto problem = apply(start_, next)) return problem;
  redo_.clear();
  return std::nullopt;
}

void GameController::undo() {
  if (moves_.empty()) return;
  abandon_searches();
  std::vector<std::string> moves = moves_;
  const bool any_person = !sides_[0].ai || !sides_[1].ai;
  do {
    redo_.push_back(moves.back());
    moves.pop_back();
  } while (any_person && !moves.empty() && sides_[moves.size() % 2].ai);
  if (!any_person) paused_ = true;  // else the AI would replay the move at once
  apply(start_, moves);
}

void GameController::redo() {
  if (redo_.empty()) return;
  abandon_searches();
  std::vector<std::string> moves = moves_;
  moves.push_back(redo_.back());
  if (!apply(start_, moves)) redo_.pop_back();
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
  hint_.clear();
  start_search(/*hint=*/true);
}

void GameController::move_now() {
  if (search_request_) engine_.stop();  // its bestmove still arrives and is played
}

int GameController::side_to_move() const {
  return static_cast<int>(moves_.size() % 2);
}

int GameController::winner() const {
  switch (session_->outcome()) {
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

std::string GameController::position_command() const {
  return "position " + start_ + (moves_.empty() ? "" : " moves " + join_words(moves_));
}

void GameController::start_search(bool hint) {
  const int level = hint ? kLevelCount : sides_[side_to_move()].level;
  // A new `game` starts a fresh session (and table): only when it changed.
  if (engine_game_ != game_) engine_.send("game " + game_);
  engine_game_ = game_;
  engine_.send("setoption name Level value " + std::to_string(level));
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
  if (w[0] == "info" && w.size() > 2 && w[1] == "depth" && w[2] != "0") {
    if (reply.line.find(" move ") == std::string::npos) thinking_ = parse_info(w);
    return;
  }
  if (w[0] != "bestmove" || w.size() < 2) return;
  if (for_hint) {
    hint_request_ = 0;
    if (w[1] != "(none)") hint_ = w[1];
    return;
  }
  search_request_ = 0;
  if (w[1] == "(none)") return;
  std::vector<std::string> next = moves_;
  next.push_back(w[1]);
  if (auto problem = apply(start_, next))
    engine_error_ = "the engine's move: " + *problem;
  else
    redo_.clear();
}

std::string GameController::save() const {
  std::ostringstream out;
  out << kSaveHeader << "\ngame " << game_ << "\nstart " << start_ << "\nmoves "
      << join_words(moves_) << "\nredo " << join_words(redo_) << "\npaused " << paused_ << '\n';
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
  std::unique_ptr<GameSession> session = make_session(game);
  if (!session) return "the saved game names an unknown game '" + game + "'";
  std::vector<std::string> replayed = moves;
  for (auto it = redo.rbegin(); it != redo.rend(); ++it) replayed.push_back(*it);
  if (session->set_position(start, replayed)) redo.clear();  // keep the game, drop a bad redo
  if (auto problem = session->set_position(start, moves)) return "the saved game: " + *problem;
  abandon_searches();
  game_ = game;
  start_ = start;
  session_ = std::move(session);
  moves_ = moves;
  redo_ = redo;
  sides_ = sides;
  paused_ = paused;
  hint_.clear();
  return std::nullopt;
}

}  // namespace arcade::app
