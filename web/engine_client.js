// window.arcadeEngine: the page's side of the engine, which runs in a Web
// Worker (engine_worker.js). src/app/engine_link/engine_client_web.cpp calls it; load it
// with a <script> tag before the app's own script.
//
//   arcadeEngine.send(request, line)  hands one protocol line to the engine
//   arcadeEngine.stop()               ends every long command sent so far, at once
//   arcadeEngine.poll()               the replies since the last call, as text:
//                                     "request\x1fline" records joined by "\x1e"
//   arcadeEngine.ready()              true once the engine has loaded (false again
//                                     while it has failed)
//   arcadeEngine.failure()            why the engine cannot run, or '': its worker
//                                     did not start (engine_worker.js missing, an
//                                     HTTP error), its wasm did not compile (cut
//                                     short), or it stopped with an error
//   arcadeEngine.retry()              after a failure: a new worker, downloading
//                                     what did not load again, given the state and
//                                     every line not answered (as after a stop)
//   arcadeEngine.stats()              load and restart figures and the state, for tests
//   arcadeEngine.open()               a new connection's number C: an engine of its
//                                     own (the analysis panel's), in a worker of its
//                                     own; the calls above take C as a last argument
//                                     (none: connection 0, started with the page)
//
// The answers are the native protocol's (src/engine/protocol.h, with a
// background thread). Long commands are `go`, `solve`, `perft N` and `tree`;
// every other line waits for the long commands before it, then runs in order.
// Each request gets its replies once, tagged with its number.
//
// Messages to the worker (engine_worker.js): {wasmModule, describe} (the
// compiled engine, or null; describe: tell the games), then {request, line},
// one protocol line each, or {request, check: line}, a `position` line to
// judge during a ponder. From it: {ready: true, games, solvers} (the games
// and those with an exact solver, when asked), {failed: text},
// {request, lines: [...]} (output lines of `request` in order: the worker
// batches them, sending `info` and `bestmove` lines at once and at most a
// few thousand lines a message), {request, done: true, ok} after the last
// batch of `request` and {request, checked: true, error} (the verdict on a
// checked line: the engine's error, or null). Each line of a batch is taken
// exactly as a line of its own would be. Request 0 is the replayed state
// after a restart: its lines are dropped.
//
// Stopping without SharedArrayBuffer. A long command runs inside one message
// handler of the worker, which cannot read a `stop` message until it ends.
// So stop() answers for the engine, as a native `stop` ends every long
// command read before it:
//   - a search that has sent an `info ... pv` line: `bestmove M` at once, M
//     the first move of that pv (the best move of its last finished
//     iteration);
//   - a search that had sent no `info` yet, or had not begun (queued behind
//     other lines, or the worker still loads): searched again to depth 1 by
//     the new worker under its own request number (a real move, as natively,
//     a worker restart later rather than at once);
//   - `solve`: `solution stopped`; `perft N`: `perft N stopped`; `tree`:
//     `tree stopped` (after any of its node lines that arrived before: they
//     belong to no complete tree), at once, whether it ran or waited
//     (natively a waiting one answers so when its turn comes: replies of
//     different requests may come in another order).
// Then the worker is terminated and a new one is started, given the state the
// old one had (the accepted `game`, `setoption` and `position` lines in their
// order, less those later ones undid: see remember; replayed with request 0,
// whose replies are dropped, so that the new worker's own Protocol rebuilds
// every option and each game's weights) and then every line the old worker
// had not finished, in order and with its own number.
//
// Lines are read as natively (Protocol::handle): words split on space, tab,
// CR and LF only; a line over 65,536 bytes, an unknown command, words after
// a command that takes none and `solve` in a game without a solver are
// refused by this connection with the engine's error, where the engine
// gives it (at once while a long command runs), and change nothing. Other
// bad lines are refused by the worker when it reads them (after a running
// search, where the native engine refuses them at once).
//
// `isready` is answered by this connection while a long command is in flight
// (natively it is read at once; the worker would read it only after the
// command). Otherwise the worker answers it, after the lines before it.
//
// Pondering without losing the work to `stop`. Natively `go ponder` searches
// until `ponderhit` or `stop` (src/engine/protocol.h); here the worker could
// read neither during a search, and terminating it would throw its tables
// away, which hold what the ponder found. So this connection ponders in
// slices: the same search as a plain `go` with the ponder's depth and nodes
// and a movetime of SLICE_MS, under request numbers of its own (from
// SLICE_REQUESTS; their replies are not passed on), one slice after the
// other. Between slices the worker reads messages, and each slice starts
// from the session's tables (the search's and the Connect Four solver's),
// which the earlier slices filled, so the work adds up. A slice that ends
// before its time (timed in the worker) has finished the search (a proven
// result, or the depth or nodes reached): the ponder then holds its move and
// sends no more slices, and says so as natively, with `info string ponder
// finished` under the ponder's request number.
//   - `ponderhit`: a finished ponder answers at once with its move; else the
//     search the `go` asked for (its limits, without `ponder`) runs under
//     the ponder's request number, after the slice in flight (at most
//     SLICE_MS, a moment later than natively), and the tables give it the
//     ponder's work.
//   - `stop`: the move of the last slice, at once, or of the first slice
//     when it ends; no restart for the ponder. If a restart is due for other
//     long commands, the slice in flight dies with the worker, and a ponder
//     that had no move yet is searched again to depth 1, as a stopped `go`.
//   - `position`, `go`, `newgame`/`ucinewgame` and `game` end the ponder
//     first, as `stop` would (as natively); a bad one changes nothing, the
//     ponder included: its error comes from the worker between two slices
//     (a `position` is judged there, arcade_engine_position_error, and the
//     lines after it wait for the verdict, at most a slice).
//   - Other lines sent during a ponder wait for it to answer (as natively
//     they wait behind it); a `stop` also ends the long ones among them (a
//     `go` answers with a depth-1 search, `solve`, `perft` and `tree` as
//     stopped).
// Of a ponder's `info` lines only the last with a pv of each slice that
// gave a move is passed on, before its `ponder finished` (each slice starts
// from depth 1, and its last line is the deepest it reached): as natively, a
// finished ponder has said what it found before ponderhit answers with its
// move alone.
(function() {
'use strict';

const RECORD = '\x1e';
const FIELD = '\x1f';
const STATE_COMMANDS = new Set(['game', 'setoption', 'position']);
// The protocol's commands, and those that take no words after them: the
// page refuses other lines when it reads them, as the engine does
// (Protocol::handle), so that their errors come in the engine's order while
// the worker searches.
const COMMANDS = new Set([
  'game', 'position', 'go', 'ponderhit', 'stop', 'isready', 'setoption', 'd', 'perft', 'moves',
  'solve', 'tree', 'eval', 'newgame', 'ucinewgame', 'help', 'quit',
]);
const TAKES_NO_WORDS = new Set([
  'isready', 'quit', 'stop', 'ponderhit', 'd', 'moves', 'solve', 'eval', 'newgame', 'ucinewgame',
  'help',
]);
// The engine's games and those with an exact solver, told by the first
// worker that loads (see send).
const described = {games: null, solvers: null, first: null};
// The lines that end a ponder awaiting its ponderhit, as natively.
const ENDS_PONDER = new Set(['position', 'go', 'newgame', 'ucinewgame', 'game']);
// A ponder's slices: long enough that a slice's set-up (a new search from
// depth 1, which the tables make quick) costs little, short enough that
// ponderhit and stop wait little for the slice in flight.
const SLICE_MS = 50;
// A finished ponder's line (kPonderFinished in src/engine/protocol.h).
const PONDER_FINISHED = 'info string ponder finished';
// The request numbers of slices: far above any the app gives (each
// connection counts its own), below 2^53.
const SLICE_REQUESTS = 2 ** 52;
// Restart times kept for stats(): enough for any test, bounded for a page
// that stays open for days.
const KEPT_RESTART_TIMES = 1000;

const scriptUrl = typeof document !== 'undefined' && document.currentScript ?
    document.currentScript.src :
    location.href;
const workerUrl = new URL('engine_worker.js', scriptUrl).href;
const wasmUrl = new URL('arcade_engine_worker.wasm', scriptUrl).href;

// The engine compiled once, for every worker; null where the page cannot
// compile it (the worker then does).
// Compiled once for every connection (see arcadeEngine.open).
let compiledEngine = null;
let engineCompiled = false;  // the last compile gave a module (not null)
// again: compile anew if the last try gave nothing (a retry after a failure).
function compileEngine(again = false) {
  if (!compiledEngine || (again && !engineCompiled)) {
    compiledEngine = compileEngineNow().then((module) => {
      engineCompiled = module !== null;
      return module;
    });
  }
  return compiledEngine;
}

function compileEngineNow() {
  const compiled = WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(wasmUrl)) :
                                                  Promise.reject(new Error('no compileStreaming'));
  return compiled.catch(() => fetch(wasmUrl).then((r) => r.arrayBuffer()).then(WebAssembly.compile))
      .catch(() => null);
}

// A line's words as the engine splits them (split_words in
// src/engine/parsed.h): on space, tab, CR and LF only, so that a word with a
// no-break space in it is no command here either.
function words(line) {
  const found = line.split(/[ \t\r\n]+/).filter((word) => word !== '');
  return found.length ? found : [''];
}

// A line's first word, without splitting the rest (a tree's reply is up to a
// million long lines).
function firstWord(line) { return /^[ \t\r\n]*([^ \t\r\n]*)/.exec(line)[1]; }

// The longest line the engine reads, in bytes of UTF-8 without its line end
// (Protocol::handle refuses longer ones whole, with kLineTooLong's words).
const MAX_LINE_BYTES = 65536;
const encoder = new TextEncoder();

// The refusal of a line over MAX_LINE_BYTES, or null. The page answers it
// itself, at once as natively, and so sends the worker no megabytes.
function tooLong(line) {
  if (line.length * 3 <= MAX_LINE_BYTES) return null;  // 3 bytes a UTF-16 unit at most
  const end = line.endsWith('\r\n') ? 2 : line.endsWith('\n') || line.endsWith('\r') ? 1 : 0;
  const bytes = encoder.encode(line).length - end;
  if (bytes <= MAX_LINE_BYTES) return null;
  return `error line too long: ${bytes} bytes (at most ${MAX_LINE_BYTES})`;
}

// Whether `text` is a whole number from `low` to `high` as the protocol reads
// numbers (decimal digits only). BigInt: the limits of `go` exceed 2^53.
function isNumber(text, low, high) {
  if (!/^[0-9]+$/.test(text)) return false;
  const value = BigInt(text);
  return value >= low && value <= high;
}

// Whether `go` with these words searches (true) or is an error at once. As
// Protocol::command_go reads them: depth 1-1000, movetime and nodes from 1.
function searches(goWords) {
  for (let i = 1; i < goWords.length; ++i) {
    const key = goWords[i];
    if (key === 'infinite' || key === 'ponder') continue;
    const high = key === 'depth' ? 1000n : 2n ** 63n - 1n;
    if (!['depth', 'movetime', 'nodes'].includes(key)) return false;
    if (!isNumber(goWords[++i] || '', 1n, high)) return false;
  }
  return true;
}

const isSwitch = (value) => value === 'on' || value === 'off';
// The parameters of `tree` and their values, as Protocol's
// parse_tree_request reads them (limit: kMaxTreeLimit).
const TREE_PARAMETERS = new Map([
  ['depth', (value) => isNumber(value, 1n, 64n)],
  ['limit', (value) => isNumber(value, 0n, 1000000n)],
  ['algorithm', (value) => value === 'minimax' || value === 'alphabeta'],
  ['ordering', isSwitch],
  ['table', isSwitch],
  ['deepening', isSwitch],
]);

// Whether `tree` with these words searches (true) or is an error at once:
// key-value pairs, each key known and its value valid, `depth` among them.
function treeSearches(treeWords) {
  let hasDepth = false;
  for (let i = 1; i < treeWords.length; i += 2) {
    const valid = TREE_PARAMETERS.get(treeWords[i]);
    if (!valid || i + 1 >= treeWords.length || !valid(treeWords[i + 1])) return false;
    hasDepth = hasDepth || treeWords[i] === 'depth';
  }
  return hasDepth;
}

// The long command a line starts ('go', 'solve', 'perft' or 'tree'), or
// null: a quick command, or one that the engine rejects at once (a malformed
// `go`, `perft` or `tree` is answered with an error, so stop() leaves it to
// the engine).
function longCommand(line) {
  const w = words(line);
  if (w[0] === 'go') return searches(w) ? 'go' : null;
  if (w[0] === 'solve') return 'solve';
  if (w[0] === 'perft') return w.length === 2 && isNumber(w[1], 0n, 64n) ? 'perft' : null;
  if (w[0] === 'tree') return treeSearches(w) ? 'tree' : null;
  return null;
}

// Whether a reply line of a long command of `kind` is its last: a search's
// `bestmove`, a tree's `tree nodes ...` (its node lines come before), the
// one line of `solve` and `perft`; an error ends any of them.
function answers(kind, first) {
  if (first === 'error') return true;
  if (kind === 'go') return first === 'bestmove';
  if (kind === 'tree') return first === 'tree';
  return true;
}

// Whether a `go` line ponders.
function isPonder(line) {
  const w = words(line);
  return w[0] === 'go' && w.includes('ponder');
}

// A ponder's slice: its `go` without `ponder` and `movetime`, then the
// slice's movetime (after any `infinite`, which clears the limits before it).
function sliceLine(goWords) {
  const kept = [];
  for (let i = 0; i < goWords.length; ++i) {
    if (goWords[i] === 'ponder') continue;
    if (goWords[i] === 'movetime') {
      ++i;
      continue;
    }
    kept.push(goWords[i]);
  }
  return kept.concat(['movetime', String(SLICE_MS)]).join(' ');
}

// The depth-1 search that stands in for a stopped one: already the quickest
// real move, so stop() leaves it running.
function isStandIn(line) { return words(line).join(' ') === 'go depth 1'; }

// What a stopped `solve`, `perft N` or `tree` answers (Protocol's wording).
function stoppedAnswer(line) {
  const w = words(line);
  if (w[0] === 'tree') return 'tree stopped';
  return w[0] === 'solve' ? 'solution stopped' : `perft ${w[1]} stopped`;
}

// The option a `setoption name N value V` line sets, or null.
function optionName(line) {
  const w = words(line);
  return w[0] === 'setoption' && w[1] === 'name' ? w[2] : null;
}

// The options every game shares (Protocol::command_setoption); any other
// option is a weight, of the game current when it was set.
const SHARED_OPTIONS = new Set([
  'Hash', 'Threads', 'Level', 'Seed', 'Algorithm', 'OwnBook', 'Table', 'Ordering', 'RandomTies',
  'RootScores', 'Iterative',
]);

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
function remember(log, line) {
  let game = '';  // before any `game` line: the engine's first game
  const entries = log.concat([line]).map((text) => {
    const w = words(text);
    if (w[0] === 'game') game = w[1];
    return {text, command: w[0], option: w[0] === 'setoption' ? w[2] : null, game};
  });
  const kept = [];
  const shared = new Set();   // shared options set later
  const weights = new Set();  // game + '\n' + weight, set later
  let positioned = false;     // a later `position` or `game`
  let chosen = false;         // a later `game`
  let weighted = false;       // a kept weight between this line and the next `game`
  for (let i = entries.length - 1; i >= 0; --i) {
    const e = entries[i];
    let keep = true;
    if (e.command === 'position') {
      keep = !positioned;
      positioned = true;
    } else if (e.command === 'game') {
      keep = !chosen || weighted;
      positioned = chosen = true;
      weighted = false;
    } else if (SHARED_OPTIONS.has(e.option)) {
      keep = !shared.has(e.option);
      shared.add(e.option);
    } else if (e.option !== null) {
      const key = e.game + '\n' + e.option;
      keep = !weights.has(key) && !weights.has(e.game + '\nWeights');
      weights.add(key);
      weighted = weighted || keep;
    }
    if (keep) kept.push(e.text);
  }
  return kept.reverse();
}

class EngineConnection {
  constructor() {
    this.replies = [];            // {request, line} not yet polled
    this.inflight = [];           // lines sent to the worker, not yet done (see post)
    this.log = [];                // accepted state lines, to replay after a restart
    this.lastPvMove = new Map();  // go request -> first pv move of its last info
    this.loaded = false;          // the first worker has loaded (a restart does not unset it)
    this.ponder = null;           // the `go ponder` awaiting ponderhit or stop (see startPonder)
    this.checking = null;         // a `position` line the worker judges during a ponder
    this.readGame = '';           // the game the lines read choose ('' the first, null unknown)
    this.held = [];               // {request, line, stopped} sent during the ponder, waiting
    this.nextSlice = SLICE_REQUESTS;
    this.slices = 0;              // slices sent, for stats()
    // restarts: workers replaced by stop(); restartMs: the time from each
    // new worker's start to its loading (the latest ones, for tests).
    this.times = {startupMs: null, restarts: 0, restartMs: [], failed: null, retries: 0};
    this.wasmModule = compileEngine();
    this.start(null);
  }

  // Starts a worker. `replay`: the state lines for it (request 0) before
  // anything else; null for the first worker.
  start(replay) {
    const begun = performance.now();
    const worker = new Worker(workerUrl);
    this.worker = worker;
    worker.onmessage = (event) => {
      if (worker === this.worker) this.receive(event.data, begun, replay !== null);
    };
    // A worker script that did not load (a 404, a 503, no connection) or
    // threw: the worker is of no more use, until retry().
    worker.onerror = (event) => {
      if (worker === this.worker) {
        this.times.failed = event.message || 'the engine worker did not start';
        console.error('engine: ' + this.times.failed);
      }
    };
    this.wasmModule.then(
        (wasmModule) => worker.postMessage({wasmModule, describe: described.games === null}));
    for (const line of replay || []) worker.postMessage({request: 0, line});
    // A verdict the old worker owed (a retry): the new one judges the line.
    const c = this.checking;
    if (c) worker.postMessage({request: c.checkRequest, check: c.line});
  }

  receive(message, begun, restarted) {
    if (message.ready) {
      const elapsed = performance.now() - begun;
      if (restarted) {
        this.times.restartMs.push(elapsed);
        if (this.times.restartMs.length > KEPT_RESTART_TIMES) this.times.restartMs.shift();
      } else {
        this.times.startupMs = elapsed;
      }
      this.loaded = true;
      if (message.games && described.games === null) {
        described.games = new Set(message.games);
        described.solvers = new Set(message.solvers);
        described.first = message.games[0];
      }
    } else if (message.failed) {
      this.times.failed = message.failed;
      console.error('engine: ' + message.failed);
    } else if (message.checked) {
      this.checked(message);
    } else if (message.request >= SLICE_REQUESTS) {
      this.sliceMessage(message);
    } else if (message.done) {
      this.finished(message);
    } else if (message.request !== 0) {
      this.replyAll(message.request, message.lines);
    }
  }

  finished(message) {
    const index = this.inflight.findIndex((m) => m.request === message.request);
    if (index < 0) return;  // a replayed line (request 0)
    const [done] = this.inflight.splice(index, 1);
    this.lastPvMove.delete(done.request);
    this.replies.push(...done.after);
    if (message.ok && STATE_COMMANDS.has(words(done.line)[0])) {
      this.log = remember(this.log, done.line);
    }
  }

  // Passes on a batch of reply lines of one request, each as a line of its
  // own (the entry in flight is the same for all: only a `done` changes it).
  replyAll(request, lines) {
    const entry = this.inflight.find((m) => m.request === request);
    for (const line of lines) this.reply(entry, request, line);
  }

  // Passes a reply on, and remembers what stop() needs: the running search's
  // latest pv, which long commands have answered although their `done` has
  // not arrived (see answers()), and how many lines each other line has
  // given (`d` and `help` give several). A line that stop() sent again to the
  // new worker gives the same lines again: those already passed on are
  // dropped.
  reply(entry, request, line) {
    const first = firstWord(line);
    if (entry && entry.kind === null) {
      if (entry.skip > 0) {
        --entry.skip;
        return;
      }
      ++entry.received;
    } else if (entry && answers(entry.kind, first)) {
      entry.complete = true;
    }
    this.replies.push({request, line});
    if (first !== 'info') return;
    const at = line.indexOf(' pv ');
    if (at >= 0) this.lastPvMove.set(request, words(line.slice(at + 4))[0]);
  }

  // Sends a line to the current worker. `received`: how many of its reply
  // lines have been passed on already (by an earlier worker); `after`: the
  // answers this connection gave to later lines, passed on after its replies
  // (see answer).
  post(request, line, received, after = []) {
    const kind = longCommand(line);
    this.inflight.push({request, line, kind, complete: false, received, skip: received, after});
    this.worker.postMessage({request, line});
  }

  // A reply this connection gives itself, where the engine gives it: after
  // the replies of the lines before it that the engine answers before
  // reading it (those ahead of the first long command still running), so at
  // once while a long command runs.
  answer(request, line) {
    let last = null;
    for (const m of this.inflight) {
      if (m.kind === null) {
        last = m;
      } else if (!m.complete) {
        break;
      }
    }
    if (last) {
      last.after.push({request, line});
    } else {
      this.replies.push({request, line});
    }
  }

  // Why the engine refuses `lineWords` as it reads them, where the page can
  // tell (Protocol::handle's checks that need no game, and `solve` in a game
  // without a solver), or null. `game` lines it cannot judge yet (the
  // worker has not told the games) change the game read to unknown.
  refusal(lineWords) {
    const command = lineWords[0];
    if (!COMMANDS.has(command)) return `unknown command '${command}' (try help)`;
    if (TAKES_NO_WORDS.has(command) && lineWords.length > 1) return 'usage: ' + command;
    if (command === 'game' && described.games === null) {
      this.readGame = null;
    } else if (command === 'game' && this.isGame(lineWords)) {
      this.readGame = lineWords[1];
    }
    const game = this.readGame === '' ? described.first : this.readGame;
    if (command === 'solve' && game && !described.solvers.has(game)) {
      return 'no exact solver for ' + game;
    }
    return null;
  }

  // Whether a `game` line names one of the engine's games.
  isGame(lineWords) { return lineWords.length === 2 && described.games.has(lineWords[1]); }

  // Whether the engine takes a line that ends a ponder, which then ends it
  // (a bad one changes nothing): null if only the worker can tell.
  takesPonderEnd(lineWords) {
    const command = lineWords[0];
    if (command === 'go') return searches(lineWords);
    if (command === 'game') return described.games === null || this.isGame(lineWords);
    if (command === 'position') return null;
    return true;
  }

  // A `position` line during a ponder: the worker judges it between two
  // slices (arcade_engine_position_error); every line after it waits for
  // the verdict (see checked).
  checkPosition(request, line) {
    this.checking = {request, line, checkRequest: this.nextSlice++, waiting: []};
    this.worker.postMessage({request: this.checking.checkRequest, check: line});
  }

  // The verdict on a `position` line: refused, its error and the ponder goes
  // on; taken, the ponder ends and the line runs. Then the lines that waited.
  checked(message) {
    const c = this.checking;
    if (!c || message.request !== c.checkRequest) return;
    this.checking = null;
    if (message.error !== null) {
      this.answer(c.request, 'error ' + message.error);
    } else {
      this.stop();
      this.pass(c.request, c.line);
    }
    for (const w of c.waiting) {
      if (w.read) {
        this.pass(w.request, w.line);
      } else {
        this.send(w.request, w.line);
      }
    }
  }

  unfinished() { return this.inflight.filter((m) => !m.complete); }

  // A line from the app (request null: a stop() of the app's).
  send(request, line) {
    if (this.checking) return this.checking.waiting.push({request, line, read: false});
    const tooLongError = tooLong(line);
    if (tooLongError) return this.answer(request, tooLongError);
    const lineWords = words(line);
    const command = lineWords[0];
    if (command === '') return;  // an empty line: nothing, as natively
    const refused = this.refusal(lineWords);
    if (refused) return this.answer(request, 'error ' + refused);
    if (command === 'stop') return this.stop();
    if (command === 'ponderhit') return this.ponderhit(request);
    this.pass(request, line);
  }

  // A line read and not refused: to the worker, or held behind a ponder.
  pass(request, line) {
    if (this.checking) return this.checking.waiting.push({request, line, read: true});
    const lineWords = words(line);
    const command = lineWords[0];
    if (this.awaitingHit() && ENDS_PONDER.has(command)) {
      const takes = this.takesPonderEnd(lineWords);
      if (takes === null) return this.checkPosition(request, line);
      // A bad one: the worker answers its error between two slices.
      if (!takes) return this.post(request, line, 0);
      this.stop();
    }
    // Natively `isready` is read while a long command runs; here the worker
    // would only read it after.
    const busy = this.ponder || this.unfinished().some((m) => m.kind !== null);
    if (command === 'isready' && busy) return this.answer(request, 'readyok');
    if (this.ponder) {
      this.held.push({request, line, stopped: false, hit: false});
      return;
    }
    if (isPonder(line) && longCommand(line) === 'go') return this.startPonder(request, line);
    this.post(request, line, 0);
  }

  // Whether a ponder runs that ponderhit would hit (not one already stopped,
  // which only waits for its first slice's move).
  awaitingHit() { return this.ponder !== null && !this.ponder.answerWhenSliced; }

  // A `go ponder` (see the top of this file): slices until ponderhit or stop.
  startPonder(request, line) {
    const goWords = words(line).filter((w) => w !== 'ponder');
    this.ponder = {
      request,
      search: goWords.join(' '),  // what ponderhit runs when the slices have not finished
      slice: sliceLine(goWords),
      best: null,                 // the move of the last slice
      finished: false,            // a slice ended before its time
      sliceRequest: null,         // the slice in the worker
      sliceBest: null,            // its move, once its bestmove came
      sliceInfo: null,            // its last `info` line with a pv
      answerWhenSliced: false,    // stopped before any slice ended
    };
    this.sendSlice();
  }

  sendSlice() {
    const p = this.ponder;
    p.sliceRequest = this.nextSlice++;
    p.sliceBest = null;
    p.sliceInfo = null;
    ++this.slices;
    this.worker.postMessage({request: p.sliceRequest, line: p.slice});
  }

  // A slice's replies: only its move counts. Those of a ponder already
  // answered, or of a worker replaced, are dropped.
  sliceMessage(message) {
    const p = this.ponder;
    if (!p || message.request !== p.sliceRequest) return;
    if (!message.done) {
      for (const line of message.lines) {
        const first = firstWord(line);
        if (first === 'bestmove') p.sliceBest = words(line)[1];
        if (first === 'info' && line.includes(' pv ')) p.sliceInfo = line;
      }
      return;
    }
    p.sliceRequest = null;
    if (p.sliceBest !== null) {
      p.best = p.sliceBest;
      if (p.sliceInfo !== null) this.replies.push({request: p.request, line: p.sliceInfo});
      // Timed by the worker, so that neither the messages' way nor a busy
      // page makes a finished search look cut short.
      p.finished = message.ms < SLICE_MS;
      if (p.finished) this.replies.push({request: p.request, line: PONDER_FINISHED});
    }
    if (p.answerWhenSliced && p.best !== null) return this.answerPonder();
    if (!p.finished) this.sendSlice();
  }

  answerPonder() {
    const p = this.ponder;
    this.ponder = null;
    this.replies.push({request: p.request, line: 'bestmove ' + p.best});
    this.releaseHeld();
  }

  // The lines that waited for the ponder, in order, as if sent now; those a
  // stop ended answer as stopped.
  releaseHeld() {
    const held = this.held;
    this.held = [];
    for (const h of held) {
      const kind = h.stopped ? longCommand(h.line) : null;
      if (kind === 'go') {
        this.post(h.request, 'go depth 1', 0);
      } else if (kind !== null) {
        this.replies.push({request: h.request, line: stoppedAnswer(h.line)});
      } else if (h.hit) {
        this.pass(h.request, words(h.line).filter((w) => w !== 'ponder').join(' '));
      } else {
        this.pass(h.request, h.line);
      }
    }
  }

  // Hits the ponder that awaits it: the one running, or one that waits among
  // the held lines (after a stopped ponder) with no line after it that ends
  // it; that one will run as a plain `go`.
  ponderhit(request) {
    const p = this.ponder;
    if (!this.awaitingHit()) {
      const last = [...this.held].reverse().find((h) => ENDS_PONDER.has(words(h.line)[0]));
      if (p && last && isPonder(last.line) && !last.stopped && !last.hit) {
        last.hit = true;
      } else {
        this.answer(request, 'error ponderhit: no go ponder awaits it');
      }
      return;
    }
    if (p.finished) return this.answerPonder();
    this.ponder = null;
    this.post(p.request, p.search, 0);
    this.releaseHeld();
  }

  // Ends every long command sent so far (see the top of this file). Nothing
  // to end (no long command in flight, or only depth-1 searches, already
  // the quickest real move): no restart. A ponder is answered without one.
  stop() {
    const p = this.ponder;
    for (const h of this.held) h.stopped = true;
    const unfinished = this.unfinished();
    const restart = unfinished.some((m) => m.kind !== null && !isStandIn(m.line));
    if (p && p.best === null && !restart) {
      p.answerWhenSliced = true;  // its first slice answers, in a moment
      return;
    }
    if (restart) this.restart(unfinished);
    if (!p) return;
    if (p.best !== null) return this.answerPonder();
    // Its slice died with the worker: a real move from the new one.
    this.ponder = null;
    this.post(p.request, 'go depth 1', 0);
    this.releaseHeld();
  }

  restart(unfinished) {
    this.worker.terminate();
    ++this.times.restarts;
    this.start(this.log);
    const pvMoves = this.lastPvMove;
    this.lastPvMove = new Map();
    this.inflight = [];
    for (const m of unfinished) {
      if (m.kind === 'go' && pvMoves.has(m.request)) {
        this.replies.push({request: m.request, line: 'bestmove ' + pvMoves.get(m.request)});
      } else if (m.kind === 'solve' || m.kind === 'perft' || m.kind === 'tree') {
        this.replies.push({request: m.request, line: stoppedAnswer(m.line)});
      } else if (m.kind === 'go') {
        this.post(m.request, 'go depth 1', 0);
      } else {
        this.post(m.request, m.line, m.received, m.after);
      }
    }
  }

  poll() {
    const text = this.replies.map((r) => r.request + FIELD + r.line).join(RECORD);
    this.replies = [];
    return text;
  }

  ready() { return this.loaded && this.times.failed === null; }

  failure() { return this.times.failed || ''; }

  // A new worker after a failure (see the top of this file). Lines the dead
  // worker had not answered are sent again; their replies so far are kept.
  retry() {
    if (this.times.failed === null) return;
    this.times.failed = null;
    this.worker.terminate();
    ++this.times.retries;
    this.wasmModule = compileEngine(true);
    this.start(this.log);
    const unfinished = this.inflight;
    this.inflight = [];
    for (const m of unfinished) this.post(m.request, m.line, m.received, m.after);
    if (this.ponder && this.ponder.sliceRequest !== null) this.sendSlice();
  }

  // For tests: also the state a restarted worker is given, and how many
  // lines are in flight.
  stats() {
    return {
      ...this.times,
      state: this.log.slice(),
      inflight: this.inflight.length,
      slices: this.slices,
    };
  }
}

// Started now, so that the engine loads while the page's app does. More
// connections (each its own worker, table and state) come from open().
const connections = [new EngineConnection()];
const connection = (c) => connections[c || 0];

self.arcadeEngine = {
  send: (request, line, c) => connection(c).send(request, line),
  stop: (c) => connection(c).send(null, 'stop'),
  poll: (c) => connection(c).poll(),
  ready: (c) => connection(c).ready(),
  failure: (c) => connection(c).failure(),
  retry: (c) => connection(c).retry(),
  stats: (c) => connection(c).stats(),
  open: () => connections.push(new EngineConnection()) - 1,
};
})();
