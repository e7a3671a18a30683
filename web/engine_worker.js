// The engine's Web Worker (started by engine_client.js). It loads the
// WebAssembly engine (arcade_engine_worker.js + .wasm, found beside this file)
// and hands it each message from the page, one protocol line at a time.
//
// Messages from the page: {wasmModule, describe} first, then {request, line}
// or {request, check: line} (a `position` line to judge, not to run).
// Messages to the page:
//   {ready: true, games, solvers}    the engine has loaded; with `describe`, also
//                                    its games and those with an exact solver
//   {request, checked: true, error}  why the engine would refuse the checked
//                                    line, or null
//   {failed: text}                   it could not load
//   {request, lines: [line, ...]}    output lines of request `request`, in order
//   {request, done: true, ok, ms}    request handled; ok is false after an error line;
//                                    ms: how long the engine took (a ponder's slice that
//                                    took less than its movetime finished on its own)
//
// Output lines are posted in batches: a `tree` gives up to a million lines,
// and one message each would cost the page far more than the lines do. The
// lines of the message being handled are collected and posted when its
// handling ends, when a batch reaches BATCH_LINES, and at once after an
// `info` or `bestmove` line, so that a search's progress reaches the page
// while it runs. Every batch of a request comes before its `done`.
//
// A long command (go, solve, perft, tree) runs inside its message's handler,
// so messages that arrive meanwhile wait in the worker's queue (so the
// app's WorkerRelay, src/app/engine_link/worker_relay.h, answers `stop`, and
// `isready` during a long command, itself).
'use strict';

importScripts('arcade_engine_worker.js');

let handleLine = null;  // hands a line to the engine (see load), once loaded
let checkLine = null;   // judges a `position` line (see load)
const early = [];       // messages that arrived while the engine loaded

// Large enough that a big tree takes few messages, small enough that the
// page sees a long reply arrive in steps rather than as one large copy.
const BATCH_LINES = 2000;
let batch = null;  // {request, lines}: lines not yet posted

function flush() {
  if (batch) postMessage(batch);
  batch = null;
}

// Lines a page waits for during a search: posted at once.
function urgent(line) { return line.startsWith('info') || line.startsWith('bestmove'); }

// Called by the engine (EM_JS in src/worker/engine_worker.cpp) for each line.
self.arcadeWorkerReply = (request, line) => {
  if (batch && batch.request !== request) flush();
  if (!batch) batch = {request, lines: []};
  batch.lines.push(line);
  if (batch.lines.length >= BATCH_LINES || urgent(line)) flush();
};

function run(message) {
  if ('check' in message) {
    postMessage({request: message.request, checked: true, error: checkLine(message.check) || null});
    return;
  }
  const begun = performance.now();
  const ok = handleLine(message.request, message.line) !== 0;
  const ms = performance.now() - begun;
  flush();
  postMessage({request: message.request, done: true, ok, ms});
}

// The first message is {wasmModule}: the engine compiled once by the page
// and shared by every worker it starts, so that a restart does not compile
// again (null: fetch and compile here).
self.onmessage = (event) => {
  if ('wasmModule' in event.data) {
    load(event.data.wasmModule, event.data.describe);
  } else if (handleLine) {
    run(event.data);
  } else {
    early.push(event.data);
  }
};

function load(wasmModule, describe) {
  const settings = {};
  if (wasmModule) {
    settings.instantiateWasm = (imports, receive) => {
      WebAssembly.instantiate(wasmModule, imports)
          .then((instance) => receive(instance, wasmModule))
          .catch((error) => postMessage({failed: String(error)}));
      return {};
    };
  }
  createArcadeEngine(settings)
      .then((engine) => {
        handleLine = lineHandler(engine, 'arcade_engine_handle', 'number', ['number']);
        checkLine = lineHandler(engine, 'arcade_engine_position_error', 'string', []);
        const ready = {ready: true};
        if (describe) {
          const [games, solvers] =
              engine.ccall('arcade_engine_games', 'string', [], []).split('\n');
          ready.games = games.split(' ');
          ready.solvers = solvers ? solvers.split(' ') : [];
        }
        postMessage(ready);
        for (const message of early.splice(0)) run(message);
      })
      .catch((error) => postMessage({failed: String(error)}));
}

// The engine's function `name` (arguments `before`, then a line and its
// size), called with the line through the heap: cwrap's 'string' copies it
// onto the stack, which a line of a few hundred kilobytes overflows (the
// worker died silently). Its length is passed, so that a NUL in the line is
// a character as natively, not its end. The page refuses lines over the
// protocol's cap (the WorkerRelay), so the copy stays small.
function lineHandler(engine, name, result, before) {
  const call = engine.cwrap(name, result, before.concat(['number', 'number']));
  return (...args) => {
    const line = args.pop();
    const size = engine.lengthBytesUTF8(line) + 1;
    const text = engine._malloc(size);
    if (!text) return call(...args, 0, 0);
    try {
      engine.stringToUTF8(line, text, size);
      return call(...args, text, size - 1);
    } finally {
      engine._free(text);
    }
  };
}
