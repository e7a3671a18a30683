#include "engine/worker_relay.h"

#include <algorithm>
#include <set>
#include <utility>

#include "engine/parsed.h"

namespace arcade {
namespace {

// A ponder's slices: long enough that a slice's set-up (a new search from
// depth 1, which the tables make quick) costs little, short enough that
// ponderhit and stop wait little for the slice in flight.
constexpr double kSliceMs = 50;
// The request numbers of slices and position checks: far above any the app
// gives (each client counts its own), below 2^53 (JavaScript carries them).
constexpr std::uint64_t kSliceRequests = std::uint64_t{1} << 52;

// A line's words as the engine splits them; one empty word for a blank line.
std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> words = split_words(line);
  if (words.empty()) words.emplace_back();
  return words;
}

// A line's first word, without splitting the rest (a tree's reply is up to
// a million long lines).
std::string_view first_word(std::string_view line) {
  const std::size_t begin = std::min(line.find_first_not_of(" \t\r\n"), line.size());
  const std::size_t end = std::min(line.find_first_of(" \t\r\n", begin), line.size());
  return line.substr(begin, end - begin);
}

// A ponder's `go` as the search ponderhit runs when its slices have not
// finished: the same limits, without `ponder`.
std::string search_line(GoCommand go) {
  go.ponder = false;
  return command_line(go);
}

// A ponder's slice: its `go` without `ponder`, with the slice's movetime.
std::string slice_search(GoCommand go) {
  go.ponder = false;
  go.movetime_ms = static_cast<std::int64_t>(kSliceMs);
  return command_line(go);
}

// What a long command stopped before it began answers at once (a go: none,
// a stand-in search runs instead).
std::string stopped_line(const EngineCommand& command) {
  return event_lines(stopped_answer(command)).front();
}

bool is_state_command(const EngineCommand& command) {
  return std::holds_alternative<GameCommand>(command) ||
         std::holds_alternative<OptionCommand>(command) ||
         std::holds_alternative<PositionCommand>(command);
}

// The engine's games and those with an exact solver, told by the first
// worker that loads (the same engine in every worker).
struct Described {
  bool known = false;
  std::set<std::string, std::less<>> games;
  std::set<std::string, std::less<>> solvers;
  std::string first;
};

Described& described() {
  static Described instance;
  return instance;
}

std::set<std::string, std::less<>> word_set(std::string_view text) {
  const std::vector<std::string> words = split_words(text);
  return {words.begin(), words.end()};
}

// The accepted state lines with `line` after them, less those that no longer
// count, in order: what a new worker replays so that its own Protocol
// decides as the old one did (each game's weights included). A line no
// longer counts when a later one undoes it:
//   - a `position` after a later `position` or `game` (which starts its game
//     at its start);
//   - a shared option after a later setting of it (it outlives `game`);
//   - a weight after a later setting of it, or a later `Weights` preset, for
//     the same game: weights are remembered per game, so each is replayed
//     in its game, after the `game` line that chose it;
//   - a `game` line that no kept weight follows before the next one (the
//     last one always counts).
std::vector<std::string> remember_state_line(std::vector<std::string> log, std::string line) {
  struct Entry {
    std::string text;
    std::optional<EngineCommand> command;
    std::optional<std::string> option;
    bool shared = false;  // an option every game shares
    std::string game;     // "" before any `game` line: the engine's first game
  };
  log.push_back(std::move(line));
  std::vector<Entry> entries;
  std::string game;
  for (std::string& text : log) {
    std::optional<EngineCommand> command = command_of(text);
    if (const auto* g = command ? std::get_if<GameCommand>(&*command) : nullptr) game = g->name;
    const auto* o = command ? std::get_if<OptionCommand>(&*command) : nullptr;
    std::optional<std::string> option;
    if (o) option = option_name(*o);
    entries.push_back({std::move(text), std::move(command), option, o && is_shared(*o), game});
  }
  std::vector<std::string> kept;
  std::set<std::string> shared;   // shared options set later
  std::set<std::string> weights;  // game + '\n' + weight, set later
  bool positioned = false;        // a later `position` or `game`
  bool chosen = false;            // a later `game`
  bool weighted = false;          // a kept weight between this line and the next `game`
  for (auto e = entries.rbegin(); e != entries.rend(); ++e) {
    bool keep = true;
    const bool position = e->command && std::holds_alternative<PositionCommand>(*e->command);
    if (position) {
      keep = !std::exchange(positioned, true);
    } else if (e->command && std::holds_alternative<GameCommand>(*e->command)) {
      keep = !chosen || weighted;
      positioned = chosen = true;
      weighted = false;
    } else if (e->option && e->shared) {
      keep = shared.insert(*e->option).second;
    } else if (e->option) {
      const std::string key = e->game + '\n' + *e->option;
      keep = !weights.contains(key) && !weights.contains(e->game + "\nWeights");
      weights.insert(key);
      weighted = weighted || keep;
    }
    if (keep) kept.push_back(std::move(e->text));
  }
  std::reverse(kept.begin(), kept.end());
  return kept;
}

}  // namespace

WorkerRelay::WorkerRelay(WorkerPort& port) : port_(port), next_slice_(kSliceRequests) {}

// Section 1. Lines from the app.

void WorkerRelay::send(std::uint64_t request, const std::string& line) {
  if (checking_) return checking_->waiting.push_back({request, line, false});
  if (auto too_long = line_length_error(line)) return answer(request, "error " + *too_long);
  const std::vector<std::string> words = words_of(line);
  const std::string& command = words[0];
  if (command.empty()) return;  // an empty line: nothing, as natively
  if (auto refused = refusal(words)) return answer(request, "error " + *refused);
  if (command == "stop") return stop();
  if (command == "ponderhit") return ponderhit(request);
  pass(request, line);
}

// A line read and not refused: to the worker, or held behind a ponder.
void WorkerRelay::pass(std::uint64_t request, const std::string& line) {
  if (checking_) return checking_->waiting.push_back({request, line, true});
  const std::vector<std::string> words = words_of(line);
  const std::optional<EngineCommand> command = command_of(line);
  // A line the engine refuses changes nothing, the ponder included: the
  // worker answers its error between two slices.
  if (awaiting_hit() && !command && words[0] != kIsReadyLine) return post(request, line, command);
  if (awaiting_hit() && command && ends_ponder(*command)) {
    const std::optional<bool> takes = takes_ponder_end(*command);
    if (!takes) return check_position(request, line);
    if (!*takes) return post(request, line, command);
    stop();
  }
  // Natively `isready` is read while a long command runs; here the worker
  // would only read it after.
  const std::vector<InFlight> running = unfinished();
  const bool busy = ponder_ || std::any_of(running.begin(), running.end(),
                                           [](const InFlight& m) { return m.is_long(); });
  if (words[0] == kIsReadyLine && busy) return answer(request, event_lines(ReadyEvent{}).front());
  if (ponder_) return held_.push_back({request, line});
  if (command && is_ponder(*command)) return start_ponder(request, std::get<GoCommand>(*command));
  post(request, line, command);
}

void WorkerRelay::post(std::uint64_t request, const std::string& line, std::size_t received,
                       std::vector<TaggedLine> after) {
  post(request, line, command_of(line), received, std::move(after));
}

// The line read already (pass): not read again.
void WorkerRelay::post(std::uint64_t request, const std::string& line,
                       std::optional<EngineCommand> command, std::size_t received,
                       std::vector<TaggedLine> after) {
  inflight_.push_back(
      {request, line, std::move(command), false, received, received, std::move(after)});
  port_.post(request, line);
}

// A reply the relay gives itself, where the engine gives it: after the
// replies of the lines before it that the engine answers before reading it
// (those ahead of the first long command still running), so at once while a
// long command runs.
void WorkerRelay::answer(std::uint64_t request, const std::string& line) {
  InFlight* last = nullptr;
  for (InFlight& m : inflight_) {
    if (!m.is_long())
      last = &m;
    else if (!m.complete)
      break;
  }
  if (last)
    last->after.push_back({request, line});
  else
    replies_.push_back({request, line});
}

// Why the engine refuses `words` as it reads them, where the relay can tell
// (the checks that need no game, and `solve` in a game without a solver).
// `game` lines it cannot judge yet (the worker has not told the games) make
// the game read unknown.
std::optional<std::string> WorkerRelay::refusal(const std::vector<std::string>& words) {
  if (auto problem = command_error(words)) return problem;
  const Described& d = described();
  const std::string& command = words[0];
  if (command == "game" && !d.known)
    read_game_.reset();
  else if (command == "game" && words.size() == 2 && d.games.contains(words[1]))
    read_game_ = words[1];
  if (command != "solve" || !read_game_ || !d.known) return std::nullopt;
  const std::string& game = read_game_->empty() ? d.first : *read_game_;
  if (d.solvers.contains(game)) return std::nullopt;
  return "no exact solver for " + game;
}

// Whether the engine takes a line that ends a ponder, which then ends it (a
// bad one changes nothing): nothing if only the worker can tell.
std::optional<bool> WorkerRelay::takes_ponder_end(const EngineCommand& command) const {
  const Described& d = described();
  if (const auto* game = std::get_if<GameCommand>(&command))
    return !d.known || d.games.contains(game->name);
  if (std::holds_alternative<PositionCommand>(command)) return std::nullopt;
  return true;
}

// A `position` line during a ponder: the worker judges it between two slices
// (arcade_engine_position_error); every line after it waits for the verdict.
void WorkerRelay::check_position(std::uint64_t request, const std::string& line) {
  checking_ = Checking{request, line, next_slice_++, {}};
  port_.check(checking_->check_request, line);
}

std::vector<TaggedLine> WorkerRelay::take_replies() {
  return std::exchange(replies_, {});
}

std::vector<WorkerRelay::InFlight> WorkerRelay::unfinished() const {
  std::vector<InFlight> found;
  std::copy_if(inflight_.begin(), inflight_.end(), std::back_inserter(found),
               [](const InFlight& m) { return !m.complete; });
  return found;
}

// Section 2. What the worker says.

void WorkerRelay::on_ready(std::string_view games, std::string_view solvers) {
  Described& d = described();
  if (d.known || games.empty()) return;
  d.known = true;
  d.games = word_set(games);
  d.solvers = word_set(solvers);
  d.first = split_words(games).front();
}

void WorkerRelay::on_line(std::uint64_t request, std::string line) {
  if (request >= kSliceRequests) return slice_line(request, line);
  if (request != 0) reply(request, line);  // request 0: the replayed state's
}

void WorkerRelay::on_done(std::uint64_t request, bool ok, double ms) {
  if (request < kSliceRequests) return finished(request, ok);
  if (ponder_ && request == ponder_->slice_request) slice_done(ms);
}

// Passes a reply on, and remembers what stop needs: the running search's
// latest pv, which long commands have answered although their `done` has not
// come (see answers), and how many lines each other line has given (`d` and
// `help` give several). A line sent again to a new worker gives the same
// lines again: those already passed on are dropped.
void WorkerRelay::reply(std::uint64_t request, const std::string& line) {
  auto entry = std::find_if(inflight_.begin(), inflight_.end(),
                            [&](const InFlight& m) { return m.request == request; });
  if (entry != inflight_.end() && !entry->is_long()) {
    if (entry->skip > 0) {
      --entry->skip;
      return;
    }
    ++entry->received;
  }
  // A tree's node lines, up to a million of them, are told by their first
  // word, unread; any other line of a long command is read once.
  const bool node = first_word(line) == "node";
  const EngineEvent event = node || entry == inflight_.end() || !entry->is_long()
                                ? EngineEvent{TextEvent{}}
                                : read_event(line);
  if (!node && entry != inflight_.end() && entry->is_long() && answers(*entry->command, event))
    entry->complete = true;
  replies_.push_back({request, line});
  const auto* info = std::get_if<InfoEvent>(&event);
  if (info && !info->report.pv.empty()) last_pv_move_[request] = info->report.pv.front();
}

void WorkerRelay::finished(std::uint64_t request, bool ok) {
  auto entry = std::find_if(inflight_.begin(), inflight_.end(),
                            [&](const InFlight& m) { return m.request == request; });
  if (entry == inflight_.end()) return;  // a replayed line (request 0)
  InFlight done = std::move(*entry);
  inflight_.erase(entry);
  last_pv_move_.erase(done.request);
  replies_.insert(replies_.end(), done.after.begin(), done.after.end());
  if (ok && done.command && is_state_command(*done.command))
    state_ = remember_state_line(std::move(state_), done.line);
}

// The verdict on a `position` line: refused, its error and the ponder goes
// on; taken, the ponder ends and the line runs. Then the lines that waited.
void WorkerRelay::on_checked(std::uint64_t request, std::optional<std::string> error) {
  if (!checking_ || request != checking_->check_request) return;
  Checking c = std::move(*checking_);
  checking_.reset();
  if (error) {
    answer(c.request, "error " + *error);
  } else {
    stop();
    pass(c.request, c.line);
  }
  for (const Waiting& w : c.waiting) {
    if (w.read)
      pass(w.request, w.line);
    else
      send(w.request, w.line);
  }
}

// Section 3. Pondering in slices (see the header).

void WorkerRelay::start_ponder(std::uint64_t request, const GoCommand& go) {
  Ponder p;
  p.request = request;
  p.search = search_line(go);
  p.slice = slice_search(go);
  ponder_ = std::move(p);
  send_slice();
}

void WorkerRelay::send_slice() {
  ponder_->slice_request = next_slice_++;
  ponder_->slice_best.reset();
  ponder_->slice_info.reset();
  ++slices_;
  port_.post(*ponder_->slice_request, ponder_->slice);
}

// A slice's replies: only its move and last pv count. Those of a ponder
// already answered, or of a worker replaced, are dropped.
void WorkerRelay::slice_line(std::uint64_t request, const std::string& line) {
  if (!ponder_ || request != ponder_->slice_request) return;
  const EngineEvent event = read_event(line);
  if (const auto* best = std::get_if<BestMoveEvent>(&event)) ponder_->slice_best = best->move;
  const auto* info = std::get_if<InfoEvent>(&event);
  if (info && !info->report.pv.empty()) ponder_->slice_info = line;
}

void WorkerRelay::slice_done(double ms) {
  Ponder& p = *ponder_;
  p.slice_request.reset();
  if (p.slice_best) {
    p.best = p.slice_best;
    if (p.slice_info) replies_.push_back({p.request, *p.slice_info});
    // Timed by the worker, so that neither the messages' way nor a busy
    // page makes a finished search look cut short.
    p.finished = ms < kSliceMs;
    if (p.finished) replies_.push_back({p.request, std::string(kPonderFinished)});
  }
  if (p.answer_when_sliced && p.best) return answer_ponder();
  if (!p.finished) send_slice();
}

void WorkerRelay::answer_ponder() {
  const Ponder p = std::move(*ponder_);
  ponder_.reset();
  replies_.push_back({p.request, event_lines(BestMoveEvent{*p.best}).front()});
  release_held();
}

// The lines that waited for the ponder, in order, as if sent now; those a
// stop ended answer as stopped.
void WorkerRelay::release_held() {
  const std::vector<Held> held = std::exchange(held_, {});
  for (const Held& h : held) {
    const std::optional<EngineCommand> command = command_of(h.line);
    const bool stopped = h.stopped && command && is_long(*command);
    if (stopped && std::holds_alternative<GoCommand>(*command))
      post(h.request, command_line(stand_in_search()));
    else if (stopped)
      replies_.push_back({h.request, stopped_line(*command)});
    else if (h.hit && command && is_ponder(*command))
      pass(h.request, search_line(std::get<GoCommand>(*command)));
    else
      pass(h.request, h.line);
  }
}

// Hits the ponder that awaits it: the one running, or one that waits among
// the held lines (after a stopped ponder) with no line after it that ends
// it; that one will run as a plain `go`.
void WorkerRelay::ponderhit(std::uint64_t request) {
  if (!awaiting_hit()) {
    const auto ends = [](const Held& h) {
      const std::optional<EngineCommand> command = command_of(h.line);
      return command && ends_ponder(*command);
    };
    auto last = std::find_if(held_.rbegin(), held_.rend(), ends);
    if (ponder_ && last != held_.rend() && is_ponder(*command_of(last->line)) && !last->stopped &&
        !last->hit)
      last->hit = true;
    else
      answer(request, "error ponderhit: no go ponder awaits it");
    return;
  }
  if (ponder_->finished) return answer_ponder();
  const Ponder p = std::move(*ponder_);
  ponder_.reset();
  post(p.request, p.search);
  release_held();
}

// Section 4. Stop, restart and retry.

// Ends every long command sent so far (see the header). A ponder is
// answered without a restart.
void WorkerRelay::stop() {
  for (Held& h : held_) h.stopped = true;
  const std::vector<InFlight> running = unfinished();
  const bool due = std::any_of(running.begin(), running.end(), [](const InFlight& m) {
    return m.is_long() && !is_stand_in(*m.command);
  });
  if (ponder_ && !ponder_->best && !due) {
    ponder_->answer_when_sliced = true;  // its first slice answers, in a moment
    return;
  }
  if (due) restart(running);
  if (!ponder_) return;
  if (ponder_->best) return answer_ponder();
  // Its slice died with the worker: a real move from the new one.
  const std::uint64_t request = ponder_->request;
  ponder_.reset();
  post(request, command_line(stand_in_search()));
  release_held();
}

void WorkerRelay::restart(const std::vector<InFlight>& unfinished) {
  port_.restart(state_, /*retry=*/false);
  if (checking_) port_.check(checking_->check_request, checking_->line);
  const std::map<std::uint64_t, std::string> pv_moves = std::exchange(last_pv_move_, {});
  inflight_.clear();
  for (const InFlight& m : unfinished) {
    const auto pv = pv_moves.find(m.request);
    const bool go = m.is_long() && std::holds_alternative<GoCommand>(*m.command);
    if (go && pv != pv_moves.end())
      replies_.push_back({m.request, event_lines(BestMoveEvent{pv->second}).front()});
    else if (go)
      post(m.request, command_line(stand_in_search()));
    else if (m.is_long())
      replies_.push_back({m.request, stopped_line(*m.command)});
    else
      post(m.request, m.line, m.received, m.after);
  }
}

// Lines the dead worker had not answered are sent again; their replies so
// far are kept.
void WorkerRelay::retry() {
  if (!port_.failed()) return;
  port_.restart(state_, /*retry=*/true);
  if (checking_) port_.check(checking_->check_request, checking_->line);
  const std::vector<InFlight> lines = std::exchange(inflight_, {});
  for (const InFlight& m : lines) post(m.request, m.line, m.received, m.after);
  if (ponder_ && ponder_->slice_request) send_slice();
}

}  // namespace arcade
