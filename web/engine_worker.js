// The engine's Web Worker (started by engine_client.js). It loads the
// WebAssembly engine (arcade_engine_worker.js + .wasm, found beside this file)
// and hands it each message from the page, one protocol line at a time.
//
// Messages from the page: {wasmModule} first, then {request, line}.
// Messages to the page:
//   {ready: true}                    the engine has loaded
//   {failed: text}                   it could not load
//   {request, line}                  one output line of request `request`
//   {request, done: true, ok}        request handled; ok is false after an error line
//
// A long command (go, solve, perft) runs inside its message's handler, so
// messages that arrive meanwhile wait in the worker's queue (so
// engine_client.js answers `stop`, and `isready` during a long command,
// itself); output lines are posted as they are written, so `info` lines reach
// the page during the search.
'use strict';

importScripts('arcade_engine_worker.js');

let handleLine = null;  // the engine's arcade_engine_handle, once loaded
const early = [];       // messages that arrived while the engine loaded

// Called by the engine (EM_JS in src/app/engine_worker.cpp) for each line.
self.arcadeWorkerReply = (request, line) => postMessage({request, line});

function run(message) {
  const ok = handleLine(message.request, message.line) !== 0;
  postMessage({request: message.request, done: true, ok});
}

// The first message is {wasmModule}: the engine compiled once by the page
// and shared by every worker it starts, so that a restart does not compile
// again (null: fetch and compile here).
self.onmessage = (event) => {
  if ('wasmModule' in event.data) {
    load(event.data.wasmModule);
  } else if (handleLine) {
    run(event.data);
  } else {
    early.push(event.data);
  }
};

function load(wasmModule) {
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
        handleLine = engine.cwrap('arcade_engine_handle', 'number', ['number', 'string']);
        postMessage({ready: true});
        for (const message of early.splice(0)) run(message);
      })
      .catch((error) => postMessage({failed: String(error)}));
}
