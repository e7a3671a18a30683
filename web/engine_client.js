// window.arcadeEngine: the page's Web Workers that run the engine
// (engine_worker.js), one per connection. Load it with a <script> tag before
// the app's own script: connection 0's worker starts now, so that the engine
// loads while the app does.
//
// This file only carries lines. The protocol's rules (answering `stop`,
// `isready` and `ponderhit` while the worker searches, pondering in slices,
// restarting a worker after a stop, what a new worker is given) are C++:
// src/app/engine_link/worker_relay.h, in the app's WebAssembly, which calls
// these through src/app/engine_link/engine_client_web.cpp. They cannot live
// in the worker: a search runs inside one of its message handlers, which
// reads no message until it ends.
//
//   arcadeEngine.open()                  a new connection's number C (its own worker);
//                                        the calls below take C (none: connection 0)
//   arcadeEngine.listen(C, callback)     calls back whenever the worker has said
//                                        something; events(C) then gives it
//   arcadeEngine.post(C, request, line)  one protocol line to the worker
//   arcadeEngine.check(C, request, line) a `position` line for the worker to judge
//   arcadeEngine.restart(C, replay, retry)  ends the worker and starts a new one,
//                                        given the lines of `replay` ("\x1e"
//                                        between them) as request 0; retry: after
//                                        a failure, downloading again what did not load
//   arcadeEngine.events(C)               what the workers said since the last call, as
//                                        "\x1e"-joined records of "\x1f"-separated fields:
//                                        R games solvers (loaded; the games, and those with
//                                        an exact solver, when told), L request line (one
//                                        reply line), D request ok ms (the line handled; ok
//                                        0 after an error; ms the worker's time),
//                                        C request refused error (a checked line's verdict)
//   arcadeEngine.ready(C)                true once a worker has loaded (false while failed)
//   arcadeEngine.failure(C)              why the engine cannot run, or '': its worker did
//                                        not start (engine_worker.js missing, an HTTP
//                                        error), its wasm did not compile (cut short), or
//                                        it stopped with an error
//   arcadeEngine.report(C, state, inflight, slices)  the relay's figures, for stats()
//   arcadeEngine.stats(C)                load and restart figures and the relay's, for tests
//
// Messages to the worker (engine_worker.js): {wasmModule, describe} (the
// compiled engine, or null; describe: tell the games), then {request, line}
// or {request, check: line}. From it: {ready: true, games, solvers},
// {failed: text}, {request, lines: [...]}, {request, done: true, ok, ms} and
// {request, checked: true, error}. Messages of a worker replaced are dropped.
(function() {
'use strict';

const RECORD = '\x1e';
const FIELD = '\x1f';
// Restart times kept for stats(): enough for any test, bounded for a page
// that stays open for days.
const KEPT_RESTART_TIMES = 1000;

const scriptUrl = typeof document !== 'undefined' && document.currentScript ?
    document.currentScript.src :
    location.href;
const workerUrl = new URL('engine_worker.js', scriptUrl).href;
const wasmUrl = new URL('arcade_engine_worker.wasm', scriptUrl).href;

// The engine compiled once for every worker of every connection; null where
// the page cannot compile it (the worker then does).
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

// Whether a worker has told the games (the first to load is asked).
let described = false;

class WorkerConnection {
  constructor() {
    this.events = [];       // records not yet taken
    this.listener = null;   // called when events arrive
    this.loaded = false;    // the first worker has loaded (a restart does not unset it)
    this.relay = {state: [], inflight: 0, slices: 0};  // report()'s
    // restarts: workers replaced after a stop; restartMs: the time from each
    // new worker's start to its loading (the latest ones, for tests).
    this.times = {startupMs: null, restarts: 0, restartMs: [], failed: null, retries: 0};
    this.wasmModule = compileEngine();
    this.start([], false);
  }

  start(replay, restarted) {
    const begun = performance.now();
    const worker = new Worker(workerUrl);
    this.worker = worker;
    worker.onmessage = (event) => {
      if (worker === this.worker) this.receive(event.data, begun, restarted);
    };
    // A worker script that did not load (a 404, a 503, no connection) or
    // threw: the worker is of no more use, until a retry.
    worker.onerror = (event) => {
      if (worker === this.worker) this.fail(event.message || 'the engine worker did not start');
    };
    this.wasmModule.then(
        (wasmModule) => worker.postMessage({wasmModule, describe: !described}));
    for (const line of replay) worker.postMessage({request: 0, line});
  }

  restart(replay, retry) {
    this.worker.terminate();
    if (retry) {
      this.times.failed = null;
      ++this.times.retries;
      this.wasmModule = compileEngine(true);
    } else {
      ++this.times.restarts;
    }
    this.start(replay ? replay.split(RECORD) : [], true);
  }

  fail(text) {
    this.times.failed = text;
    console.error('engine: ' + text);
  }

  receive(message, begun, restarted) {
    if (message.ready) {
      this.loadedAfter(performance.now() - begun, restarted);
      if (message.games) described = true;
      const games = (message.games || []).join(' ');
      this.event(['R', games, (message.solvers || []).join(' ')]);
    } else if (message.failed) {
      return this.fail(message.failed);
    } else if (message.checked) {
      this.event(['C', message.request, message.error === null ? 0 : 1, message.error || '']);
    } else if (message.done) {
      this.event(['D', message.request, message.ok ? 1 : 0, message.ms]);
    } else {
      for (const line of message.lines) this.event(['L', message.request, line]);
    }
    if (this.listener) this.listener();
  }

  loadedAfter(elapsed, restarted) {
    if (restarted) {
      this.times.restartMs.push(elapsed);
      if (this.times.restartMs.length > KEPT_RESTART_TIMES) this.times.restartMs.shift();
    } else {
      this.times.startupMs = elapsed;
    }
    this.loaded = true;
  }

  event(fields) { this.events.push(fields.join(FIELD)); }

  takeEvents() {
    const text = this.events.join(RECORD);
    this.events = [];
    return text;
  }

  stats() {
    return {
      ...this.times,
      state: this.relay.state.slice(),
      inflight: this.relay.inflight,
      slices: this.relay.slices,
    };
  }
}

const connections = [new WorkerConnection()];
const connection = (c) => connections[c || 0];

self.arcadeEngine = {
  open: () => connections.push(new WorkerConnection()) - 1,
  listen: (c, listener) => {
    connection(c).listener = listener;
  },
  post: (c, request, line) => connection(c).worker.postMessage({request, line}),
  check: (c, request, line) => connection(c).worker.postMessage({request, check: line}),
  restart: (c, replay, retry) => connection(c).restart(replay, retry),
  events: (c) => connection(c).takeEvents(),
  ready: (c) => connection(c).loaded && connection(c).times.failed === null,
  failure: (c) => connection(c).times.failed || '',
  report: (c, state, inflight, slices) => {
    connection(c).relay = {state: state ? state.split(RECORD) : [], inflight, slices};
  },
  stats: (c) => connection(c).stats(),
};
})();
