// window.arcadeEngine: the page's side of the engine, which runs in a Web
// Worker (engine_worker.js). src/app/engine_client_web.cpp calls it; load it
// with a <script> tag before the app's own script.
//
//   arcadeEngine.send(request, line)  hands one protocol line to the engine
//   arcadeEngine.stop()               ends every search sent so far, at once
//   arcadeEngine.poll()               the replies since the last call, as text:
//                                     "request\x1fline" records joined by "\x1e"
//   arcadeEngine.ready()              true once the engine has loaded
//   arcadeEngine.stats()              load and restart times, for tests
//
// Stopping without SharedArrayBuffer. A search runs inside one message
// handler of the worker, which cannot read a `stop` message until it ends.
// So stop() answers for the engine: the search's bestmove is the first move
// of the last `info ... pv` line it sent (the best move of its last finished
// iteration, as a native stop gives). Then the worker is terminated and a new
// one is started, given the state the old one had (the accepted `game`,
// `setoption` and `position` lines, replayed with request 0, whose replies are
// dropped) and then every line the old worker had not finished. A search that
// had sent no `info` yet, or had not begun, is answered by the new worker
// with `go depth 1` under its own request number: its move arrives a moment
// later (a worker restart) rather than at once, but it is a real move.
(function() {
'use strict';

const RECORD = '\x1e';
const FIELD = '\x1f';
const STATE_COMMANDS = new Set(['game', 'setoption', 'position']);

const scriptUrl = typeof document !== 'undefined' && document.currentScript ?
    document.currentScript.src :
    location.href;
const workerUrl = new URL('engine_worker.js', scriptUrl).href;
const wasmUrl = new URL('arcade_engine_worker.wasm', scriptUrl).href;

// The engine compiled once, for every worker; null where the page cannot
// compile it (the worker then does).
function compileEngine() {
  const compiled = WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch(wasmUrl)) :
                                                  Promise.reject(new Error('no compileStreaming'));
  return compiled.catch(() => fetch(wasmUrl).then((r) => r.arrayBuffer()).then(WebAssembly.compile))
      .catch(() => null);
}

function words(line) { return line.trim().split(/\s+/); }

function isGo(line) { return words(line)[0] === 'go'; }

// The option a `setoption name N value V` line sets, or null.
function optionName(line) {
  const w = words(line);
  return w[0] === 'setoption' && w[1] === 'name' ? w[2] : null;
}

// Keeps, in order, the fewest lines that rebuild the engine's state.
// `game` makes a new session: earlier positions and Hash sizes no longer
// count, while the other options (Level, Seed, ...) belong to the protocol
// and outlive it.
function remember(log, line) {
  const command = words(line)[0];
  const option = optionName(line);
  const obsolete = (old) => {
    const oldCommand = words(old)[0];
    if (command === 'game') {
      return oldCommand === 'game' || oldCommand === 'position' || optionName(old) === 'Hash';
    }
    if (command === 'position') return oldCommand === 'position';
    return option !== null && optionName(old) === option;
  };
  return log.filter((old) => !obsolete(old)).concat([line]);
}

class EngineConnection {
  constructor() {
    this.replies = [];            // {request, line} not yet polled
    this.inflight = [];           // {request, line, complete} sent to the worker, not yet done
    this.log = [];                // accepted state lines, to replay after a restart
    this.lastPvMove = new Map();  // go request -> first pv move of its last info
    this.loaded = false;
    this.times = {startupMs: null, restartMs: [], failed: null};
    this.wasmModule = compileEngine();
    this.start(null);
  }

  // Starts a worker. `replay`: lines for it before anything else.
  start(replay) {
    const begun = performance.now();
    const worker = new Worker(workerUrl);
    this.worker = worker;
    worker.onmessage = (event) => {
      if (worker === this.worker) this.receive(event.data, begun, replay !== null);
    };
    worker.onerror = (event) => {
      if (worker === this.worker) this.times.failed = event.message || 'the engine worker failed';
    };
    this.wasmModule.then((wasmModule) => worker.postMessage({wasmModule}));
    for (const message of replay || []) worker.postMessage(message);
  }

  receive(message, begun, restarted) {
    if (message.ready) {
      const elapsed = performance.now() - begun;
      if (restarted) {
        this.times.restartMs.push(elapsed);
      } else {
        this.times.startupMs = elapsed;
      }
      this.loaded = true;
    } else if (message.failed) {
      this.times.failed = message.failed;
      console.error('engine: ' + message.failed);
    } else if (message.done) {
      this.finished(message);
    } else if (message.request !== 0) {
      this.note(message);
      this.replies.push({request: message.request, line: message.line});
    }
  }

  finished(message) {
    const index = this.inflight.findIndex((m) => m.request === message.request);
    if (index < 0) return;  // a replayed line (request 0)
    const [done] = this.inflight.splice(index, 1);
    this.lastPvMove.delete(done.request);
    if (message.ok && STATE_COMMANDS.has(words(done.line)[0])) {
      this.log = remember(this.log, done.line);
    }
  }

  // Remembers what stop() needs: the running search's latest pv, and which
  // lines have finished their work although their `done` has not arrived (a
  // go once it answered, any other line once it replied).
  note(message) {
    const first = words(message.line)[0];
    const entry = this.inflight.find((m) => m.request === message.request);
    if (entry && (!isGo(entry.line) || first === 'bestmove' || first === 'error')) {
      entry.complete = true;
    }
    if (first !== 'info') return;
    const at = message.line.indexOf(' pv ');
    if (at >= 0) this.lastPvMove.set(message.request, words(message.line.slice(at + 4))[0]);
  }

  send(request, line) {
    if (words(line)[0] === 'stop') return this.stop();
    this.inflight.push({request, line, complete: false});
    this.worker.postMessage({request, line});
  }

  // Ends every search sent so far. The one running answers with its last pv
  // move; one that has sent no info yet, or has not begun (queued behind
  // other lines, or the worker still loads), is searched again to depth 1 by
  // the new worker. Unfinished lines keep their order and request numbers.
  stop() {
    const unfinished = this.inflight.filter((m) => !m.complete);
    if (!unfinished.some((m) => isGo(m.line))) return;
    const resend = [];
    for (const m of unfinished) {
      const move = isGo(m.line) ? this.lastPvMove.get(m.request) : undefined;
      if (move !== undefined) {
        this.replies.push({request: m.request, line: 'bestmove ' + move});
      } else {
        resend.push({request: m.request, line: isGo(m.line) ? 'go depth 1' : m.line});
      }
    }
    this.worker.terminate();
    this.lastPvMove.clear();
    this.inflight = resend.map((m) => ({request: m.request, line: m.line, complete: false}));
    this.start(this.log.map((line) => ({request: 0, line})).concat(resend));
  }

  poll() {
    const text = this.replies.map((r) => r.request + FIELD + r.line).join(RECORD);
    this.replies = [];
    return text;
  }

  ready() { return this.loaded; }

  stats() { return this.times; }
}

// Started now, so that the engine loads while the page's app does.
const connection = new EngineConnection();

self.arcadeEngine = {
  send: (request, line) => connection.send(request, line),
  stop: () => connection.stop(),
  poll: () => connection.poll(),
  ready: () => connection.ready(),
  stats: () => connection.stats(),
};
})();
