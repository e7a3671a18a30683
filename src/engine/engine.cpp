#include "engine/engine.h"

#include <algorithm>
#include <random>
#include <utility>

#include "engine/overloaded.h"
#include "engine/parsed.h"

namespace arcade {
namespace {

// The Algorithm option as a game can take it: expectimax, set in a game of
// chance, searches a game without chance by alpha-beta (the option outlives
// the game, and plain minimax would be far slower).
Algorithm algorithm_for(const GameSession& game, Algorithm algorithm) {
  if (algorithm == Algorithm::kExpectimax && !game.has_chance()) return Algorithm::kAlphaBeta;
  return algorithm;
}

std::string joined(const std::vector<std::string>& words, const char* separator) {
  std::string text;
  for (const std::string& word : words) text.append(text.empty() ? "" : separator).append(word);
  return text;
}

// What is wrong with a weight option for `game`, if anything.
std::optional<std::string> weight_error(const WeightsOption* preset, const WeightOption* weight,
                                        const GameSession& game) {
  if (preset) {
    const std::vector<std::string> presets = game.weight_presets();
    if (std::find(presets.begin(), presets.end(), preset->preset) != presets.end())
      return std::nullopt;
    return "option Weights: no weights '" + preset->preset + "' in " +
           std::string(game.game_name()) + " (" + joined(presets, ", ") + ")";
  }
  const std::vector<WeightedTerm> terms = game.weights();
  if (std::none_of(terms.begin(), terms.end(),
                   [&](const WeightedTerm& t) { return t.name == weight->term; }))
    return "unknown option '" + weight->term + "' (try help)";
  if (weight->weight) return std::nullopt;
  return "option " + weight->term + ": '" + weight->given + "' is not a weight from " +
         std::to_string(-kMaxWeight) + " to " + std::to_string(kMaxWeight);
}

// What is wrong with an option for `game`, if anything (its value read).
std::optional<std::string> option_error(const OptionCommand& option, const GameSession& game) {
  if (const auto* algorithm = std::get_if<AlgorithmOption>(&option)) {
    if (algorithm->algorithm == Algorithm::kExpectimax && !game.has_chance())
      return "option Algorithm: expectimax needs agents that move at random, and " +
             std::string(game.game_name()) + " has none";
    return std::nullopt;
  }
  if (const auto* opponents = std::get_if<OpponentsOption>(&option)) {
    const std::vector<std::string> models = game.opponent_models();
    if (models.empty())
      return "option Opponents: " + std::string(game.game_name()) +
             " has no opponents to model (a game of more than two agents has)";
    if (std::find(models.begin(), models.end(), opponents->model) != models.end())
      return std::nullopt;
    return "option Opponents: '" + opponents->model + "' is not " + joined(models, "|");
  }
  const auto* preset = std::get_if<WeightsOption>(&option);
  const auto* weight = std::get_if<WeightOption>(&option);
  if (preset || weight) return weight_error(preset, weight, game);
  return std::nullopt;
}

// What is wrong with a match for `game`, if anything: a game without agents
// of chance, or an opponents or model word it does not know.
std::optional<std::string> match_error(const MatchCommand& m, const GameSession& game) {
  if (!game.has_chance())
    return "match needs a game of more than two agents, and " + std::string(game.game_name()) +
           " has two";
  const std::vector<std::string> models = game.opponent_models();
  const auto known = [&](const std::optional<std::string>& word) {
    return !word || std::find(models.begin(), models.end(), *word) != models.end();
  };
  if (known(m.opponents) && known(m.model)) return std::nullopt;
  const std::string all = joined(models, "|");
  return known(m.opponents) ? "match model: '" + *m.model + "' is not " + all
                            : "match opponents: '" + *m.opponents + "' is not " + all;
}

// What is out of range in a command's values, if anything, in the words
// the protocol's codec uses for the same value written as text: the typed
// API takes no more than the protocol does.
std::optional<std::string> range_error(const EngineCommand& command) {
  const auto outside = [](const std::string& what, std::int64_t value, std::int64_t lo,
                          std::int64_t hi,
                          const std::string& expected) -> std::optional<std::string> {
    if (value >= lo && value <= hi) return std::nullopt;
    return what + ": '" + std::to_string(value) + "' is not " + expected;
  };
  if (const auto* tree = std::get_if<TreeCommand>(&command)) {
    if (auto wrong = outside("tree depth", tree->depth, 1, 64, "a depth from 1 to 64"))
      return wrong;
    if (tree->limit > kMaxTreeLimit)
      return "tree limit: '" + std::to_string(tree->limit) + "' is not a limit from 0 to " +
             std::to_string(kMaxTreeLimit);
  }
  if (const auto* perft = std::get_if<PerftCommand>(&command))
    return outside("perft", perft->depth, 0, 64, "a depth from 0 to 64");
  if (const auto* go = std::get_if<GoCommand>(&command)) {
    if (go->depth) return outside("go depth", *go->depth, 1, 1000, "a valid number");
    if (go->movetime_ms)
      return outside("go movetime", *go->movetime_ms, 1, kMaxMovetimeMs, "a valid number");
    if (go->nodes && *go->nodes == 0) return "go nodes: '0' is not a valid number";
  }
  if (const auto* match = std::get_if<MatchCommand>(&command)) {
    const std::string most = "a number from 1 to ";
    if (auto wrong = outside("match games", match->games, 1, kMaxMatchGames,
                             most + std::to_string(kMaxMatchGames)))
      return wrong;
    if (match->depth)
      return outside("match depth", *match->depth, 1, kMaxMatchDepth,
                     most + std::to_string(kMaxMatchDepth));
  }
  const auto* option = std::get_if<OptionCommand>(&command);
  if (!option) return std::nullopt;
  if (const auto* hash = std::get_if<HashOption>(option))
    return outside("option Hash", static_cast<std::int64_t>(hash->megabytes), 1, kMaxHashMegabytes,
                   "a size in MB from 1 to " + std::to_string(kMaxHashMegabytes));
  if (const auto* threads = std::get_if<ThreadsOption>(option))
    return outside("option Threads", threads->threads, 1, kMaxThreads,
                   "a thread count from 1 to " + std::to_string(kMaxThreads));
  if (const auto* level = std::get_if<LevelOption>(option))
    return outside("option Level", level->level, 1, kLevelCount,
                   "a level from 1 to " + std::to_string(kLevelCount));
  const auto* weight = std::get_if<WeightOption>(option);
  if (weight && weight->weight)
    return outside(
        "option " + weight->term, *weight->weight, -kMaxWeight, kMaxWeight,
        "a weight from " + std::to_string(-kMaxWeight) + " to " + std::to_string(kMaxWeight));
  return std::nullopt;
}

}  // namespace

bool is_long(const EngineCommand& command) {
  return std::holds_alternative<GoCommand>(command) ||
         std::holds_alternative<SolveCommand>(command) ||
         std::holds_alternative<PerftCommand>(command) ||
         std::holds_alternative<TreeCommand>(command) ||
         std::holds_alternative<MatchCommand>(command);
}

bool ends_ponder(const EngineCommand& command) {
  return std::holds_alternative<PositionCommand>(command) ||
         std::holds_alternative<GoCommand>(command) ||
         std::holds_alternative<NewGameCommand>(command) ||
         std::holds_alternative<GameCommand>(command);
}

bool is_ponder(const EngineCommand& command) {
  const auto* go = std::get_if<GoCommand>(&command);
  return go && go->ponder;
}

bool answers(const EngineCommand& command, const EngineEvent& event) {
  if (std::holds_alternative<ErrorEvent>(event)) return true;
  if (std::holds_alternative<GoCommand>(command))
    return std::holds_alternative<BestMoveEvent>(event);
  if (std::holds_alternative<TreeCommand>(command))
    return std::holds_alternative<TreeEndEvent>(event);
  return true;
}

GoCommand stand_in_search() {
  GoCommand go;
  go.depth = 1;
  return go;
}

bool is_stand_in(const EngineCommand& command) {
  const auto* go = std::get_if<GoCommand>(&command);
  return go && go->depth == 1 && !go->movetime_ms && !go->nodes && !go->ponder;
}

EngineEvent stopped_answer(const EngineCommand& command) {
  if (const auto* perft = std::get_if<PerftCommand>(&command))
    return PerftEvent{perft->depth, std::nullopt};
  if (std::holds_alternative<TreeCommand>(command)) return TreeEndEvent{.stopped = true};
  if (std::holds_alternative<MatchCommand>(command)) return MatchEvent{.stopped = true};
  return SolutionEvent{"", true};
}

Engine::Engine(SessionFactory factory, std::vector<std::string> game_names, Listener listener,
               bool background)
    : factory_(std::move(factory)),
      game_names_(std::move(game_names)),
      listener_(std::move(listener)),
      background_(background),
      session_(factory_(game_names_.front())),
      read_game_(game_names_.front()) {
  // A player meets a different game each time unless a seed is set.
  options_.random_ties = true;
  options_.seed = std::random_device{}();
  if (background_) thread_ = std::thread([this] { run_queue(); });
}

Engine::~Engine() {
  finish();
  {
    std::lock_guard lock(mutex_);
    shutdown_ = true;
  }
  work_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Engine::deliver(std::uint64_t tag, const EngineEvent& event) {
  std::lock_guard lock(output_mutex_);
  listener_(tag, event);
}

bool Engine::submit(EngineCommand command, std::uint64_t tag) {
  std::unique_lock lock(mutex_);
  // Refused when submitted, never queued: a bad command changes nothing, a
  // running search or a ponder included, and its error comes at once.
  if (auto problem = refusal(command)) {
    deliver(tag, ErrorEvent{*problem});
    return false;
  }
  if (const auto* game = std::get_if<GameCommand>(&command)) read_game_ = game->name;
  if (ponder_number_ && ends_ponder(command)) stop_everything_read(lock);
  Queued queued{++received_, tag, std::move(command)};
  if (background_ && is_ponder(queued.command)) ponder_number_ = queued.number;
  if (!background_) {
    lock.unlock();
    stop_ = false;  // nothing can stop a search here but its own limits
    execute(queued, false);
    return true;
  }
  if (busy_ || is_long(queued.command)) {
    busy_ = true;
    queue_.push_back(std::move(queued));
    work_.notify_one();
    return true;
  }
  // Idle and quick: answered here and now, so its events come before submit
  // returns.
  execute(queued, false);
  answered_ = queued.number;
  return true;
}

// Under mutex_.
std::optional<std::string> Engine::refusal(const EngineCommand& command) {
  if (auto wrong = range_error(command)) return wrong;
  if (const auto* game = std::get_if<GameCommand>(&command)) {
    if (std::find(game_names_.begin(), game_names_.end(), game->name) != game_names_.end())
      return std::nullopt;
    return "unknown game '" + game->name + "' (games: " + join_words(game_names_) + ")";
  }
  // Nothing reads ponderhit while a search runs in the caller's thread.
  if (is_ponder(command) && !background_)
    return "go ponder needs a protocol that reads while it searches (the web client "
           "ponders in slices of its own)";
  if (const auto* option = std::get_if<OptionCommand>(&command))
    return option_error(*option, game_read());
  const auto* tree = std::get_if<TreeCommand>(&command);
  if (tree && tree->expectimax_named && !game_read().has_chance())
    return "tree algorithm: expectimax needs agents that move at random, and " +
           std::string(game_read().game_name()) + " has none";
  if (const auto* match = std::get_if<MatchCommand>(&command))
    return match_error(*match, game_read());
  if (std::holds_alternative<SolveCommand>(command) && !game_read().has_solver())
    return "no exact solver for " + std::string(game_read().game_name());
  if (const auto* position = std::get_if<PositionCommand>(&command))
    return game_read().check_position(position->start, position->moves);
  return std::nullopt;
}

// Under mutex_. While idle the session is the caller's to read; while busy
// the Engine's thread owns it, and the commands queued may change its game.
const GameSession& Engine::game_read() {
  if (!busy_) return *session_;
  if (!checker_ || checker_->game_name() != read_game_) checker_ = factory_(read_game_);
  return *checker_;
}

void Engine::stop() {
  std::unique_lock lock(mutex_);
  stop_everything_read(lock);
}

void Engine::stop_everything_read(std::unique_lock<std::mutex>& lock) {
  stop_through_ = received_;
  stop_ = true;
  ponder_number_ = 0;
  ponder_.notify_all();
  changed_.wait(lock, [this] { return answered_ >= stop_through_ || !busy_; });
}

// The ponder it hits may still wait in the queue: it then runs as a normal
// search.
void Engine::ponderhit(std::uint64_t tag) {
  std::unique_lock lock(mutex_);
  if (!ponder_number_) return deliver(tag, ErrorEvent{"ponderhit: no go ponder awaits it"});
  const std::uint64_t number = std::exchange(ponder_number_, 0);
  if (running_ == number) {
    ponder_hit_ = true;
    stop_ = true;  // ends the unbounded search; ponder_search goes on under the limits
    ponder_.notify_all();
    return;
  }
  for (Queued& queued : queue_)
    if (queued.number == number) queued.hit = true;
}

void Engine::finish() {
  std::unique_lock lock(mutex_);
  closing_ = true;
  stop_everything_read(lock);
}

void Engine::wait() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !busy_; });
}

// The Engine's thread: runs the queue whenever there is one. A quick command
// runs under the lock, as it would on the caller's thread; a long one
// without, so that stop and ponderhit are taken meanwhile.
void Engine::run_queue() {
  std::unique_lock lock(mutex_);
  while (true) {
    work_.wait(lock, [this] { return shutdown_ || !queue_.empty(); });
    if (queue_.empty()) return;
    const Queued queued = std::move(queue_.front());
    queue_.pop_front();
    if (is_long(queued.command)) {
      const bool stopped_before_start = stopped(queued.number);
      stop_ = stopped_before_start;
      running_ = queued.number;
      ponder_hit_ = false;
      lock.unlock();
      execute(queued, stopped_before_start);
      lock.lock();
      running_ = 0;
    } else {
      execute(queued, false);
    }
    // A ponder that ended without ponderhit or stop (an error) awaits none.
    if (ponder_number_ == queued.number) ponder_number_ = 0;
    answered_ = queued.number;
    if (queue_.empty()) busy_ = false;
    changed_.notify_all();
  }
}

void Engine::execute(const Queued& queued, bool stopped_before_start) {
  current_tag_ = queued.tag;
  if (stopped_before_start && !std::holds_alternative<GoCommand>(queued.command))
    return emit(stopped_answer(queued.command));
  std::visit(Overloaded{
                 [&](const GameCommand& c) { run_game(c); },
                 [&](const PositionCommand& c) { run_position(c); },
                 [&](const GoCommand& c) { run_go(queued, c, stopped_before_start); },
                 [&](const OptionCommand& c) { run_option(c); },
                 [&](const PerftCommand& c) { run_perft(c); },
                 [&](const SolveCommand&) { run_solve(); },
                 [&](const TreeCommand& c) { run_tree(c); },
                 [&](const MatchCommand& c) { run_match(c); },
                 [&](const EvalCommand&) { emit(EvalEvent{session_->evaluation()}); },
                 [&](const BoardCommand&) {
                   emit(BoardEvent{session_->diagram(), session_->position_text()});
                 },
                 [&](const MovesCommand&) { emit(MovesEvent{session_->legal_moves()}); },
                 [&](const NewGameCommand&) { session_->clear_table(); },
                 [&](const HelpCommand&) { run_help(); },
             },
             queued.command);
}

void Engine::run_game(const GameCommand& c) {
  session_ = factory_(c.name);
  if (hash_megabytes_) session_->set_table_megabytes(*hash_megabytes_);
  session_->set_own_book(own_book_);
  session_->set_threads(threads_);
  restore_weights();
  if (opponents_ && !session_->opponent_models().empty()) session_->set_opponents(*opponents_);
}

void Engine::run_position(const PositionCommand& c) {
  if (auto problem = session_->set_position(c.start, c.moves)) error(*problem);
}

void Engine::run_go(const Queued& queued, const GoCommand& c, bool stopped_before_start) {
  SearchLimits limits;
  SearchOptions options = options_;
  options.algorithm = algorithm_for(*session_, options.algorithm);
  apply_level(level_, limits, options);
  // A multi-agent game's level is its own: a depth in rounds, no flaws (its
  // algorithm and opponents were set with the Level option).
  if (const std::optional<AgentLevel> agent_level = session_->agent_level(level_)) {
    limits.depth = agent_level->depth;
    options.root_noise = 0;
    options.mistake_rate = 0;
    options.use_oracle = false;
  }
  if (c.infinite) limits = {};
  if (c.depth) limits.depth = *c.depth;
  // Beyond kMaxMovetimeMs a deadline would leave the clock's range; no
  // search gets near it anyway.
  if (c.movetime_ms) limits.movetime_ms = std::min(*c.movetime_ms, kMaxMovetimeMs);
  if (c.nodes) limits.nodes = *c.nodes;
  const bool pondering = c.ponder && !queued.hit && !stopped_before_start;
  if (session_->outcome() != Outcome::kOngoing && !pondering) return emit(BestMoveEvent{});
  // Advancing the seed per search keeps "same seed, same game" while the moves
  // of one game do not all repeat the same draw.
  options_.seed = options_.seed * 6364136223846793005ull + 1442695040888963407ull;
  if (pondering) return answer_go(ponder_search(queued, limits, options));
  // A search stopped before it began still owes a real move: a depth-1
  // search takes microseconds, so it runs without the stop flag.
  const std::atomic<bool> not_stopped{false};
  if (stopped_before_start) limits = {.depth = *stand_in_search().depth};
  answer_go(search(limits, options, stopped_before_start ? not_stopped : stop_));
}

// The move, after how it was chosen when that was not simply the search's
// first.
void Engine::answer_go(const SearchReport& report) {
  if (!report.best.empty() && (report.slip || report.tied > 1))
    emit(MoveChoiceEvent{report.best, report.tied, report.slip});
  emit(BestMoveEvent{report.best});
}

SearchReport Engine::search(const SearchLimits& limits, const SearchOptions& options,
                            const std::atomic<bool>& stop) {
  return session_->search(limits, options, stop, [this](const SearchReport& r) {
    emit(InfoEvent{r});
    for (const SearchReport::RootScore& root : r.root_scores)
      emit(RootScoreEvent{r.depth, root.move, root.score, root.proven, r.in_points});
  });
}

// Until ponderhit the clock does not run: only depth and nodes bound the
// search. What it finds stays in the session's tables, so the search after
// ponderhit, under the real limits, starts where it left off.
SearchReport Engine::ponder_search(const Queued& queued, const SearchLimits& limits,
                                   const SearchOptions& options) {
  SearchLimits unbounded = limits;
  unbounded.movetime_ms = 0;
  SearchReport report;  // no move when the game is over
  bool finished = true;
  if (session_->outcome() == Outcome::kOngoing) {
    report = search(unbounded, options, stop_);
    finished = !stop_;
  }
  if (finished) emit(PonderFinishedEvent{});
  std::unique_lock lock(mutex_);
  ponder_.wait(lock, [&] { return ponder_hit_ || stopped(queued.number); });
  if (stopped(queued.number) || finished) return report;
  stop_ = false;
  lock.unlock();
  return search(limits, options, stop_);
}

// submit checked the option against this game; checked again here, as the
// game may have changed since.
void Engine::run_option(const OptionCommand& c) {
  if (auto problem = option_error(c, *session_)) return error(*problem);
  std::visit(
      Overloaded{
          [&](const HashOption& o) {
            // A session may hold two tables of this size (the search's and a
            // game solver's): 64 MB keeps the web build well inside its
            // 256 MB of memory.
            hash_megabytes_ = o.megabytes;
            session_->set_table_megabytes(o.megabytes);
          },
          [&](const ThreadsOption& o) {
            // A host without a search thread (the web build, without
            // pthreads) may start none: there the solver stays on the
            // calling thread.
            threads_ = background_ ? o.threads : 1;
            session_->set_threads(threads_);
          },
          [&](const LevelOption& o) {
            level_ = o.level;
            if (const std::optional<AgentLevel> agent_level = session_->agent_level(level_)) {
              options_.algorithm = agent_level->algorithm;
              const std::vector<std::string> models = session_->opponent_models();
              opponents_ = models.at(static_cast<std::size_t>(agent_level->opponents));
              session_->set_opponents(*opponents_);
            }
          },
          [&](const SeedOption& o) { options_.seed = o.seed; },
          [&](const AlgorithmOption& o) { options_.algorithm = o.algorithm; },
          [&](const OpponentsOption& o) {
            opponents_ = o.model;
            session_->set_opponents(o.model);
          },
          [&](const OwnBookOption& o) {
            own_book_ = o.on;
            session_->set_own_book(own_book_);
          },
          [&](const FlagOption& o) {
            bool* flag = o.flag == SearchFlag::kTable        ? &options_.use_table
                         : o.flag == SearchFlag::kOrdering   ? &options_.use_ordering
                         : o.flag == SearchFlag::kRandomTies ? &options_.random_ties
                         : o.flag == SearchFlag::kRootScores ? &options_.root_scores
                                                             : &options_.iterative;
            *flag = o.on;
          },
          [&](const WeightsOption& o) { set_weight(&o, nullptr); },
          [&](const WeightOption& o) { set_weight(nullptr, &o); },
      },
      c);
}

// The game's own options (checked): the weights of its heuristic's terms,
// one by one or all at once (a preset).
void Engine::set_weight(const WeightsOption* preset, const WeightOption* weight) {
  const std::optional<std::string> problem =
      preset ? session_->use_weight_preset(preset->preset)
             : session_->set_weight(weight->term, *weight->weight);
  if (problem)
    return error("option " + (preset ? std::string("Weights") : weight->term) + ": " + *problem);
  weights_by_game_[std::string(session_->game_name())] = session_->weights();
}

void Engine::restore_weights() {
  const auto remembered = weights_by_game_.find(session_->game_name());
  if (remembered == weights_by_game_.end()) return;
  for (const WeightedTerm& term : remembered->second) session_->set_weight(term.name, term.weight);
}

void Engine::run_perft(const PerftCommand& c) {
  emit(PerftEvent{c.depth, session_->perft(c.depth, stop_)});
}

void Engine::run_solve() {
  Parsed<std::string> result = session_->solve(stop_);
  if (!result && stop_) return emit(SolutionEvent{"", true});
  if (!result) return error(result.error());
  emit(SolutionEvent{*result, false});
}

void Engine::run_tree(const TreeCommand& c) {
  TreeRequest request;
  request.depth = c.depth;
  request.algorithm = c.algorithm.value_or(algorithm_for(*session_, options_.algorithm));
  request.ordering = c.ordering.value_or(options_.use_ordering);
  request.table = c.table.value_or(options_.use_table);
  request.deepening = c.deepening;
  request.limit = c.limit;
  // A long tree says it is under way, as a search's iterations do.
  const SteadyClock::time_point started = SteadyClock::now();
  request.progress = [this, started](std::uint64_t nodes) {
    emit(TreeProgressEvent{nodes, ms_since(started)});
  };
  const TreeReport report = session_->tree(request, stop_);
  // A stopped search gives what it searched, for the learner to see how far
  // it got; handing over a large whole tree takes a while, and a stop ends
  // that (the nodes given are then a prefix of the tree's).
  for (const TreeNode& node : report.nodes) {
    if (stop_ && !report.stopped) break;
    emit(TreeNodeEvent{node, report.in_points});
  }
  emit(TreeEndEvent{report.nodes_searched, report.value, report.proven, report.in_points,
                    report.stopped || stop_});
}

// Whole games from the current position (engine/agent_match.h). What the
// command leaves out comes from the options: Algorithm, Seed, Opponents, and
// the Level's depth; agent 0 assumes the opponents as they play unless the
// command names a model.
void Engine::run_match(const MatchCommand& c) {
  if (auto problem = match_error(c, *session_)) return error(*problem);
  const std::optional<AgentLevel> level = session_->agent_level(level_);
  AgentMatchRequest request;
  request.games = c.games;
  request.algorithm = c.algorithm.value_or(options_.algorithm);
  request.seed = c.seed.value_or(options_.seed);
  if (c.depth)
    request.depth = *c.depth;
  else if (level)
    request.depth = level->depth;
  const std::vector<std::string> models = session_->opponent_models();
  const std::string word = c.opponents  ? *c.opponents
                           : opponents_ ? *opponents_
                           : level      ? models.at(static_cast<std::size_t>(level->opponents))
                                        : std::string();
  const auto at = std::find(models.begin(), models.end(), word);
  const auto model = std::find(models.begin(), models.end(), c.model.value_or(word));
  if (at == models.end() || model == models.end())
    return error("match opponents: '" + word + "' is not " + joined(models, "|"));
  request.opponents = static_cast<Opponents>(at - models.begin());
  request.model = static_cast<Opponents>(model - models.begin());
  const Parsed<AgentMatchResult> result = session_->match(request, stop_);
  if (!result) return error(result.error());
  if (result->stopped) return emit(MatchEvent{.stopped = true});
  emit(MatchEvent{false, result->games(), result->wins, result->losses, result->draws,
                  result->mean()});
}

void Engine::run_help() {
  emit(HelpEvent{game_names_, session_->has_chance(), session_->opponent_models(),
                 session_->weight_presets(), session_->weights()});
}

}  // namespace arcade
