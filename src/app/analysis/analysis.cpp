#include "app/analysis/analysis.h"

#include <algorithm>

#include "engine/level.h"
#include "engine/parsed.h"
#include "engine/worker_pool.h"

namespace arcade::app {
namespace {

// The position on the board is searched twice: first to a fixed depth, which
// gives figures at once (and exact ones where the game is small or solved),
// then with the time a player waits for a considered answer, which lets a
// game's solver in (Connect Four's answers only once it has proven a score).
// Earlier positions, scored for the graph, get a glance each.
constexpr int kQuickDepth = 10;
constexpr int kQuickMs = 500;
constexpr int kFullMs = 3000;
constexpr GoLimits kHistorySearch{.movetime_ms = 300};
// Where a solver proved the position but not every move in the time, the
// moves without an exact score get more passes, each twice as long, up to
// kMostPasses in all (the engine keeps its table, and what it proved).
// Split over engines, a move's position gets the engines' share of the
// pass's time, but never so little that a search says nothing; each engine
// has a table of its own, so a solver cannot reuse what it found below one
// move for the next as one engine does: there the moves without an exact
// score get the longer passes even with no proof of the position, each
// engine keeping its moves (and its table's knowledge of them).
constexpr int kMostPasses = 4;
constexpr int kLeastSplitMs = 100;

using Kind = EngineScore::Kind;

// The score of a position whose game is over, for its side to move.
EngineScore final_score(Outcome outcome) {
  switch (outcome) {
    case Outcome::kWon:
      return {Kind::kWin, 0};
    case Outcome::kLost:
      return {Kind::kLoss, 0};
    default:
      return {Kind::kDraw, 0};
  }
}

// A move's score from the score of the position it leads to: the other
// side's view, and one ply further from the end.
EngineScore move_score(const EngineScore& after) {
  EngineScore score = after.flipped();
  if (score.kind == Kind::kWin || score.kind == Kind::kLoss) ++score.value;  // not a margin
  return score;
}

bool exact(const EngineScore& score) {
  return score.kind != Kind::kHeuristic;
}

GoLimits pass_go(bool quick, int ms, int depth) {
  return GoLimits{.depth = quick ? depth : 0, .movetime_ms = ms};
}

std::string cell_name(Cell c) {
  // Appended rather than `string + string`: g++ 12 warns falsely (-Wrestrict)
  // on the inlined concatenation of two temporaries.
  std::string name(1, static_cast<char>('a' + c.col));
  name += std::to_string(c.row + 1);
  return name;
}

}  // namespace

std::vector<BoardLabel> board_labels(const AnalysisResult& result, const GameView& position,
                                     std::optional<Cell> selected) {
  std::vector<BoardLabel> labels;
  for (const MoveScore& m : result.moves) {
    const Parsed<Move> move = position.move_from_text(m.text);
    if (!move) continue;
    const MoveCells cells = position.move_cells(*move);
    // A pass has no cell to label: the panel's list says it in words.
    if (cells.is_pass()) continue;
    if (selected && cells.moves_a_piece() && !(*cells.from == *selected)) continue;
    const Cell to = *cells.to;
    const bool best = m.score == result.moves.front().score;
    auto same = std::find_if(labels.begin(), labels.end(),
                             [&](const BoardLabel& l) { return l.cell == to; });
    if (same == labels.end()) {
      labels.push_back({to, m.score, {m.text}, "", best});
    } else if (same->score == m.score) {
      same->moves.push_back(m.text);
    } else if (same->score.better_than(m.score)) {
      *same = {to, m.score, {m.text}, cells.from ? cell_name(*cells.from) : "", best};
    } else if (same->piece.empty() && same->moves.size() == 1) {
      // The label already there is the worse one: it now names its piece.
      const Parsed<Move> worse = position.move_from_text(same->moves.front());
      const std::optional<Cell> from = worse ? position.move_cells(*worse).from : std::nullopt;
      if (from) same->piece = cell_name(*from);
    }
  }
  return labels;
}

Analysis::Analysis(EngineClient& engine) {
  lanes_.emplace_back(&engine);
}

void Analysis::set_helpers(const std::vector<EngineClient*>& helpers) {
  stop();
  lanes_.erase(lanes_.begin() + 1, lanes_.end());
  for (EngineClient* helper : helpers) lanes_.emplace_back(helper);
  history_game_.clear();  // the next update starts over, split or not
}

bool Analysis::searching() const {
  return std::any_of(lanes_.begin(), lanes_.end(), [](const Lane& l) { return l.request != 0; });
}

void Analysis::stop() {
  for (Lane& lane : lanes_) stop(lane);
}

void Analysis::stop(Lane& lane) {
  if (lane.request) lane.engine.stop();
  lane.request = 0;
  lane.target.reset();
  lane.partial.reset();
}

bool Analysis::read_replies() {
  bool replied = false;
  for (Lane& lane : lanes_) {
    for (const LinkReply& reply : lane.engine.poll()) {
      handle(lane, reply);
      replied = true;
    }
  }
  return replied;
}

bool Analysis::update(const GameController& game) {
  const bool replied = read_replies();
  sync_history(game);
  const std::vector<Target> wanted = wanted_targets(game);
  const auto running = [&](const Target& t) {
    return std::any_of(lanes_.begin(), lanes_.end(),
                       [&](const Lane& l) { return l.request && l.target->same_search(t); });
  };
  for (Lane& lane : lanes_) {
    if (lane.request && std::none_of(wanted.begin(), wanted.end(),
                                     [&](const Target& t) { return lane.target->same_search(t); }))
      stop(lane);
  }
  for (const Target& target : wanted) {
    if (running(target)) continue;
    const std::optional<std::size_t> own = lane_of(target);
    auto idle = std::find_if(lanes_.begin(), lanes_.end(), [&](const Lane& l) {
      return !l.request && l.engine.ready() && (!own || &l == &lanes_[*own]);
    });
    if (idle != lanes_.end()) start(*idle, target);
  }
  return replied;
}

// Keeps the scores of the positions the game still goes through: those up to
// where its line now differs from the line they were found for.
void Analysis::sync_history(const GameController& game) {
  const std::string game_key = game.game() + " " + game.start_position();
  const std::vector<std::string> moves = game.moves();
  if (game_key == history_game_ && moves == history_moves_) return;
  std::size_t same = 0;  // moves both lines share
  if (game_key == history_game_) {
    while (same < moves.size() && same < history_moves_.size() &&
           moves[same] == history_moves_[same])
      ++same;
  } else {
    history_.clear();
  }
  history_.resize(std::min(history_.size(), same + 1));
  history_.resize(moves.size() + 1);
  history_game_ = game_key;
  history_moves_ = moves;
  current_.reset();  // the board shows another position
  current_searches_ = 0;
  if (game.game_over()) {
    const EngineScore mover = final_score(game.position().outcome());
    history_.back() = game.side_to_move() == 0 ? mover : mover.flipped();
    current_ = AnalysisResult{0, mover, 0, 0, {}, {}, true};
  }
  make_split_moves(game);
}

// The board's moves for the engines to split, those that end the game
// scored at once.
void Analysis::make_split_moves(const GameController& game) {
  split_moves_.clear();
  if (!split() || game.game_over()) return;
  split_ply_ = game.line().size();
  split_side_ = game.side_to_move();
  for (const Move move : game.legal_moves()) {
    SplitMove m;
    m.move = move;
    m.text = game.position().move_to_text(move);
    std::unique_ptr<GameView> after = game.position().clone();
    after->play(move);
    if (after->outcome() == Outcome::kOngoing) {
      m.position = game.engine_position_after(move);
    } else {
      m.score = move_score(final_score(after->outcome()));
      m.pv = {m.text};
      m.searched = true;
    }
    split_moves_.push_back(std::move(m));
  }
  while (passes_left() && split_searched()) end_pass();
}

std::vector<Analysis::Target> Analysis::wanted_targets(const GameController& game) const {
  if (game.ai_thinking()) return {};  // its own search is shown meanwhile
  std::vector<Target> out;
  if (!game.game_over() && passes_left()) {
    current_targets(game, out);
    return out;
  }
  for (std::size_t ply = game.line().size(); ply-- > 0 && out.size() < lanes_.size();) {
    if (history_[ply]) continue;
    out.push_back({game.game(), game.engine_position(ply), ply, game.side_to_move_at(ply), false,
                   false, std::nullopt, kHistorySearch});
  }
  return out;
}

// This pass's searches of the board's position: one, or one a move not yet
// searched in it.
void Analysis::current_targets(const GameController& game, std::vector<Target>& out) const {
  const bool quick = current_searches_ == 0;
  const int ms = quick ? kQuickMs : kFullMs << std::max(0, current_searches_ - 1);
  Target target{game.game(),
                game.engine_position(),
                game.line().size(),
                game.side_to_move(),
                true,
                quick,
                std::nullopt,
                pass_go(quick, ms, kQuickDepth)};
  if (!split()) {
    out.push_back(target);
    return;
  }
  const auto searchable = std::count_if(split_moves_.begin(), split_moves_.end(),
                                        [](const SplitMove& m) { return m.position.has_value(); });
  const int share = std::clamp(
      ms * static_cast<int>(lanes_.size()) / std::max<int>(1, static_cast<int>(searchable)),
      kLeastSplitMs, kFullMs << std::max(0, current_searches_ - 1));
  target.go = pass_go(quick, share, kQuickDepth - 1);
  for (const SplitMove& m : split_moves_) {
    if (m.searched) continue;
    target.position = *m.position;
    target.move = m.move;
    out.push_back(target);
  }
}

void Analysis::start(Lane& lane, const Target& target) {
  EngineLink& engine = lane.engine;
  engine.set_game(target.game);
  // The column scores split over the machine's threads, shared among the
  // engines (the web worker's protocol keeps 1: it has no threads).
  const int threads = std::max(1, hardware_threads() / static_cast<int>(lanes_.size()));
  engine.set_options(
      {.level = kLevelCount, .root_scores = !target.move.has_value(), .threads = threads});
  if (weights_) engine.set_weights(*weights_);
  engine.set_position(target.position);
  lane.request = engine.go(target.go);
  lane.target = target;
  lane.partial.reset();
  if (target.current && !target.move) shows_partial_ = false;
}

void Analysis::handle(Lane& lane, const LinkReply& reply) {
  if (reply.request != lane.request || !lane.request) return;
  if (std::holds_alternative<BestMove>(reply.reply))
    finish(lane);
  else if (const auto* move = std::get_if<MoveInfoLine>(&reply.reply))
    take_move_info(lane, *move);
  else if (const auto* info = std::get_if<SearchInfoLine>(&reply.reply))
    take_search_info(lane, *info);
}

void Analysis::take_move_info(Lane& lane, const MoveInfoLine& move) {
  const Target& target = *lane.target;
  if (target.move || !lane.partial || move.depth != lane.partial->depth) return;
  lane.partial->moves.push_back({kNoMove, move.move, move.score});
  std::stable_sort(
      lane.partial->moves.begin(), lane.partial->moves.end(),
      [](const MoveScore& a, const MoveScore& b) { return a.score.better_than(b.score); });
  if (shows_partial_ && target.current) current_ = lane.partial;
}

void Analysis::take_search_info(Lane& lane, const SearchInfoLine& info) {
  if (!info.score) return;
  lane.nps = measured_nps(info);  // 0 for a search too short to measure
  const Target& target = *lane.target;
  if (target.move) {
    record_move(target, info);
    return;
  }
  lane.partial = AnalysisResult{info.depth, *info.score, info.nodes, lane.nps, info.pv, {}, false};
  record(*lane.target, *lane.partial);
}

// A search answered with its move: its target is done.
void Analysis::finish(Lane& lane) {
  const Target target = *lane.target;
  lane.request = 0;
  lane.target.reset();
  lane.partial.reset();
  if (!target.current) return;
  if (!target.move) {
    end_pass();
    return;
  }
  if (SplitMove* m = split_move(target)) m->searched = true;
  if (split_searched()) end_pass();
}

// A move's position is searched by the same engine in every pass: move i
// of k engines by engine i mod k. Other searches go to any engine.
std::optional<std::size_t> Analysis::lane_of(const Target& target) const {
  if (!target.move) return std::nullopt;
  for (std::size_t i = 0; i < split_moves_.size(); ++i)
    if (split_moves_[i].move == *target.move) return i % lanes_.size();
  return std::nullopt;
}

// The split move whose position a search is of, if it is still one.
Analysis::SplitMove* Analysis::split_move(const Target& target) {
  auto m = std::find_if(split_moves_.begin(), split_moves_.end(), [&](const SplitMove& s) {
    return target.move && s.move == *target.move && s.position == target.position;
  });
  return m == split_moves_.end() ? nullptr : &*m;
}

bool Analysis::split_searched() const {
  return std::all_of(split_moves_.begin(), split_moves_.end(),
                     [](const SplitMove& m) { return m.searched; });
}

// Whether the board's position gets another pass: two, then more while
// moves lack an exact score (see kMostPasses).
bool Analysis::passes_left() const {
  if (current_searches_ < 2) return true;
  if (current_searches_ >= kMostPasses) return false;
  if (split())
    return std::any_of(split_moves_.begin(), split_moves_.end(),
                       [](const SplitMove& m) { return !m.score || !exact(*m.score); });
  return current_ && exact(current_->score) &&
         std::any_of(current_->moves.begin(), current_->moves.end(),
                     [](const MoveScore& m) { return !exact(m.score); });
}

// One pass over the board's position ended: the next searches the moves
// again, after the second only those without an exact score.
void Analysis::end_pass() {
  ++current_searches_;
  for (SplitMove& m : split_moves_)
    if (m.position) m.searched = current_searches_ >= 2 && m.score && exact(*m.score);
  show_split();
  if (current_ && !passes_left()) current_->done = true;
}

// A result replaces the one shown unless it knows less: the second search on
// the position starts again from depth 1 where no solver answers.
void Analysis::record(const Target& target, const AnalysisResult& result) {
  if (target.current) {
    const bool is_exact = exact(result.score);
    if (!shows_partial_ && current_ && !is_exact && result.depth < current_->depth) return;
    // A solver that proved the position but had no time left for each move
    // leaves the moves' scores of the search before it.
    std::vector<MoveScore> moves =
        result.moves.empty() && current_ && !shows_partial_ ? current_->moves : result.moves;
    current_ = result;
    current_->moves = std::move(moves);
    shows_partial_ = true;
  }
  if (target.ply < history_.size())
    history_[target.ply] = target.side_to_move == 0 ? result.score : result.score.flipped();
}

// A line on the position after a move: the move's score, unless it knows
// less than the one the move has (a shallower heuristic depth of the second
// pass, or a heuristic score after an exact one).
void Analysis::record_move(const Target& target, const SearchInfoLine& info) {
  SplitMove* m = split_move(target);
  if (!m) return;
  const EngineScore score = move_score(*info.score);
  const int depth = info.depth + 1;
  const bool knows_less = m->score && (exact(*m->score) ? !exact(score) : depth < m->depth);
  m->nodes = info.nodes;
  if (!knows_less) {
    m->score = score;
    m->depth = depth;
    m->pv = {m->text};
    m->pv.insert(m->pv.end(), info.pv.begin(), info.pv.end());
  }
  show_split();
}

// Shows the split moves' scores once every move has one.
void Analysis::show_split() {
  std::optional<AnalysisResult> result = split_result();
  if (!result) return;
  result->done = !passes_left();
  current_ = std::move(result);
  if (split_ply_ < history_.size())
    history_[split_ply_] = split_side_ == 0 ? current_->score : current_->score.flipped();
}

// The position's score is its best move's; its depth the least any searched
// move reached.
std::optional<AnalysisResult> Analysis::split_result() const {
  if (split_moves_.empty()) return std::nullopt;
  AnalysisResult result;
  result.depth = 0;
  for (const SplitMove& m : split_moves_) {
    if (!m.score) return std::nullopt;
    result.moves.push_back({m.move, m.text, *m.score});
    result.nodes += m.nodes;
    if (m.position && (result.depth == 0 || m.depth < result.depth)) result.depth = m.depth;
  }
  result.depth = std::max(result.depth, 1);
  for (const Lane& lane : lanes_) result.nps += lane.nps;  // each engine's latest
  std::stable_sort(
      result.moves.begin(), result.moves.end(),
      [](const MoveScore& a, const MoveScore& b) { return a.score.better_than(b.score); });
  result.score = result.moves.front().score;
  for (const SplitMove& m : split_moves_)
    if (m.text == result.moves.front().text) result.pv = m.pv;
  return result;
}

}  // namespace arcade::app
