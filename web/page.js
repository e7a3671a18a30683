// The page around the app (arcade_app.js + .wasm, built from src/app/platform/main.cpp),
// loaded by index.html. A file of its own, not an inline <script>, so that the
// site runs under a Content-Security-Policy without 'unsafe-inline'.
//
// 1. Checks that the browser has WebAssembly and WebGL 2, and says what is
//    missing instead of loading anything.
// 2. Keeps the canvas's pixel size at its CSS size times devicePixelRatio,
//    on every resize and when the ratio changes (browser zoom, another
//    monitor). SDL (the app's window) does the same on the window's resize
//    event and tells the app, so the app's drawable size (in pixels) and
//    window size (in CSS pixels) follow: read them each frame with
//    SDL_GL_GetDrawableSize and SDL_GetWindowSize. A change of ratio alone
//    is passed on as a resize event, so that SDL sees it too.
//    Without SDL, C++ can ask the page: window.arcadeCanvasMetrics() returns
//    [CSS width, CSS height, devicePixelRatio, canvas.width, canvas.height],
//    e.g. EM_JS(double, canvas_metric, (int i), { return arcadeCanvasMetrics()[i]; });
//    (or Emscripten's emscripten_get_element_css_size("#canvas", ...) and
//    emscripten_get_device_pixel_ratio()).
// 3. Loads the scripts below in order, showing the app's download progress,
//    and hides the overlay once the app runs. A failure at any point shows
//    the overlay again with the reason in a player's words (a file that did
//    not download, or arrived damaged or cut short: a script that does not
//    parse, a wasm that does not compile, a script that ran without starting
//    the app), its technical detail in small type, and two ways on: Retry
//    (a reload) and Reload without the cache (the service worker and its
//    caches go first, so a bad copy kept for offline play cannot come back).
// 4. Offline: once the app runs, registers the service worker
//    (service_worker.js), which keeps the whole site for visits without a
//    network. Before loading anything, a page that finds a newer build
//    installed and waiting hands over to it and reloads, when it is the
//    site's only page (see service_worker.js): a new build is used from the
//    next load on, never under a running game.
// 5. Links: the URL's fragment (https://.../#game=connect4&moves=4.4) goes to
//    the app, once it runs and on every `hashchange`, as the command
//    "link FRAGMENT" (the fragment as it is in the URL, without the "#"); the
//    app answers "ok" or "error ..." and shows its own notice on an error.
//    Either way the fragment is removed from the address bar
//    (history.replaceState), so that a reload restores the player's saved
//    game rather than the link: before the app is given it, so that not
//    even a link that crashed the app could stick. The text goes through the
//    app's heap, whatever its length (not the stack, which a long link
//    overflowed); the app refuses one over 65,536 characters, with a notice.
//    Pasted text (the `paste` event) goes to the app's clipboard the same
//    way, for the Ctrl+V that ImGui reads at the next frame.
// 6. A crash is said, not hidden. Once the app runs, a trap or abort of its
//    WebAssembly (a RuntimeError out of any call into the module, whoever
//    made it: every export is guarded; Emscripten's onAbort; a window
//    'error' or 'unhandledrejection' whose error came through the module)
//    stops its main loop before another frame, shows "Something went wrong.
//    Your game is saved." over the frozen game, with Reload, and
//    arcadeState() turns null. Stopping the loop is what keeps the saved
//    game whole: the app writes its save at the end of each frame, and
//    after a trap in the middle of an action its memory may hold that
//    action half done; the save is the game as it was before the action.
// 7. For tests, tools and the app:
//    window.arcadeState()      {game, moves: [...], position} from the app's
//                              state lines (position null while the app has
//                              no such line), or null before the app runs;
//    window.arcadeCopyText(t)  copies t to the clipboard: a Promise of
//                              whether it worked (navigator.clipboard, or a
//                              hidden textarea and execCommand('copy') where
//                              that is missing or refused). From C++:
//                              EM_JS(void, copy, (const char* t),
//                                    { arcadeCopyText(UTF8ToString(t)); });
//
// Everything is inside one function: the app's script declares many globals
// of its own, and a clash of names would break loading. The page shares only
// window.Module (Emscripten's settings) and the window.arcade* functions.
(function() {
'use strict';

// In load order: engine_client.js (the engine's Web Worker, used by the app)
// must come before the app.
const SCRIPTS = ['engine_client.js', 'arcade_app.js'];
const WASM = 'arcade_app.wasm';

const canvas = document.getElementById('canvas');
const overlay = document.getElementById('overlay');
const statusLine = document.getElementById('status');
const progress = document.getElementById('progress');
const detailLine = document.getElementById('detail');
const actions = document.getElementById('actions');
// What a crash says, a sentence a line where both do not fit (style.css).
const CRASH_SENTENCES = ['Something went wrong.', 'Your game is saved.'];
// The caches of the service worker (service_worker.js's CACHE_PREFIX).
const CACHE_PREFIX = 'minimax-arcade-';
// How long the app may take from its compiled wasm to its first frame before
// the page offers a retry (a slow phone with a software WebGL takes a few
// seconds; this is far beyond).
const START_PATIENCE_MS = 45000;

// Progress after a failure (the wasm's download ending after a script
// failed to parse) would hide the reason: it is dropped.
function setStatus(text) {
  if (!document.getElementById('panel').classList.contains('failed')) statusLine.textContent = text;
}

// Says why the game cannot run; the first reason stays (what follows from
// it would only hide it). `detail`: the technical cause, in small type (for
// a bug report). `recover`: offer Retry and Reload without the cache (a
// browser that lacks a feature gains nothing from them).
function fail(text, detail = '', recover = true) {
  const panel = document.getElementById('panel');
  if (panel.classList.contains('failed')) return;
  panel.classList.add('failed');
  overlay.hidden = false;
  progress.hidden = true;
  statusLine.textContent = text;
  detailLine.textContent = detail;
  detailLine.hidden = !detail;
  if (recover) offerRecovery();
  console.error('Minimax Arcade: ' + text + (detail ? ' (' + detail + ')' : ''));
}

function offerRecovery() {
  actions.hidden = false;
  document.getElementById('retry').onclick = () => location.reload();
  document.getElementById('reload-clean').onclick = reloadWithoutCache;
}

// Drops the service worker and the site's caches, then reloads: the page
// and every file come from the server again, whatever copy was kept.
async function reloadWithoutCache() {
  statusLine.textContent = 'Reloading…';
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch (error) {
    // No service workers here (an insecure origin): nothing to drop.
  }
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX))
                          .map((name) => caches.delete(name)));
  } catch (error) {
    // No cache storage: nothing to drop.
  }
  location.reload();
}

// The words for a file of the game that failed: `error` is what the browser
// said.
function damagedFile(name, error) {
  fail('The game could not start: its file ' + name + ' arrived damaged or cut short. ' +
           'Retry, or reload without the cache if that does not help.',
       String(error && error.message || error));
}

function missingFile(name, why) {
  fail('The game could not start: its file ' + name + ' did not load (' + why + '). ' +
           'Check the connection and retry.',
       '');
}

// What this browser lacks, or an empty list.
function missingFeatures() {
  const missing = [];
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.compile !== 'function') {
    missing.push('WebAssembly');
  }
  // Only whether the browser knows WebGL 2: startWebGl() makes the context.
  if (typeof WebGL2RenderingContext !== 'function') missing.push('WebGL 2');
  return missing;
}

// The canvas's size in CSS pixels, rounded down to whole device pixels the
// way SDL rounds it, so that both set the same size.
function canvasMetrics() {
  const rect = canvas.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  return [rect.width, rect.height, ratio, canvas.width, canvas.height];
}
window.arcadeCanvasMetrics = canvasMetrics;

function fitCanvas() {
  const [width, height, ratio] = canvasMetrics();
  const pixelWidth = Math.max(1, Math.floor(width * ratio));
  const pixelHeight = Math.max(1, Math.floor(height * ratio));
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
}

// matchMedia fires once when the ratio leaves its current value; watch again
// with the new one.
function watchPixelRatio() {
  const query = window.matchMedia('(resolution: ' + window.devicePixelRatio + 'dppx)');
  query.addEventListener('change', () => {
    window.dispatchEvent(new Event('resize'));
    watchPixelRatio();
  }, {once: true});
}

// The app's wasm, fetched and compiled from the start, while the scripts
// load (Emscripten would fetch it only once arcade_app.js runs): a promise of
// the compiled module. The WebGL context is made once the compile is under
// way: making it holds the main thread (SwiftShader: a few tenths of a
// second), which would stall the download, while the compile runs on other
// threads.
let compiledApp = null;
function compileApp() {
  if (!compiledApp) {
    compiledApp = fetch(WASM)
                      .catch((error) => {
                        missingFile(WASM, 'no connection to the server');
                        throw error;
                      })
                      .then((response) => {
                        if (!response.ok) {
                          missingFile(WASM, 'the server answered ' + response.status);
                          throw new Error(WASM + ': HTTP ' + response.status);
                        }
                        return readWithProgress(response);
                      })
                      .then((bytes) => {
                        setStatus('Starting…');
                        progress.removeAttribute('value');
                        const compiling = WebAssembly.compile(bytes).catch((error) => {
                          damagedFile(WASM, error);
                          throw error;
                        });
                        startWebGl();
                        watchStart();
                        return compiling;
                      });
  }
  return compiledApp;
}

// Emscripten calls this instead of fetching the wasm itself.
let appScriptRan = false;
function instantiateWasm(imports, receiveInstance) {
  appScriptRan = true;
  compileApp()
      .then((module) => WebAssembly.instantiate(module, imports)
                            .then((instance) => receiveInstance(guarded(instance), module)))
      .catch((error) => damagedFile(WASM, error));  // the first reason stays
  return {};  // the exports arrive later, through receiveInstance
}

// The instance as Emscripten sees it, each exported function wrapped so
// that an error out of the module is seen here whoever called it (the
// page, Emscripten's glue, a test), even when the caller catches it. The
// main loop and event handlers call through the function table instead:
// their errors reach the window's 'error' (watchCrashes).
function guarded(instance) {
  const exports = {};
  for (const [name, value] of Object.entries(instance.exports)) {
    exports[name] = typeof value !== 'function' ? value : function(...args) {
      try {
        return value.apply(this, args);
      } catch (error) {
        // Not Emscripten's own control flow ('unwind', ExitStatus: no Error).
        if (error instanceof Error) appCrashed(error);
        throw error;
      }
    };
  }
  return {exports};
}

function megabytes(bytes) { return (bytes / 1048576).toFixed(1); }

async function readWithProgress(response) {
  // A compressed response's length is not the length read: then no bar.
  const compressed = response.headers.get('Content-Encoding') !== null;
  const total = Number(response.headers.get('Content-Length')) || 0;
  if (!response.body || compressed || !total) return response.arrayBuffer();
  const reader = response.body.getReader();
  const chunks = [];
  let received = 0;
  progress.max = total;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    progress.value = Math.min(received, total);
    setStatus('Loading… ' + megabytes(received) + ' of ' + megabytes(total) + ' MB');
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

// The app's WebGL 2 context, made before the app runs (it takes it: Emscripten's
// GL_PREINITIALIZED_CONTEXT) so that its start-up, a large part of the time
// to the first board under a software WebGL, overlaps the wasm's compile
// (made once the download ends: compileApp). The attributes are those SDL
// asks for. A browser that knows
// WebGL 2 but cannot start it (a blocked GPU, no software fallback) is told
// so here.
function startWebGl() {
  const gl = canvas.getContext('webgl2', {
    alpha: false,
    depth: true,
    stencil: false,
    antialias: false,
    premultipliedAlpha: true,
    preserveDrawingBuffer: false,
  });
  if (!gl) {
    fail('This browser could not start WebGL 2, which the game needs. ' +
         'Turning on hardware acceleration in its settings may help.');
    throw new Error('no WebGL 2 context');  // the app is not started
  }
  Module.preinitializedWebGLContext = gl;
}

// Downloads the scripts side by side and runs them in order (a script added
// by code runs as soon as it arrives unless async is turned off).
function loadScripts(names) {
  for (const name of names) {
    const script = document.createElement('script');
    script.src = name;
    script.async = false;
    script.onerror = () => missingFile(name, 'the server did not send it');
    script.onload = () => checkScriptRan(name);
    document.body.appendChild(script);
  }
}

// A script that does not parse (cut short in transfer, or half-deployed)
// says so only here, as an error event of the window with its address.
function watchScriptErrors() {
  window.addEventListener('error', (event) => {
    const name = SCRIPTS.find((script) => event.filename && new URL(event.filename).pathname
                                                                  .endsWith('/' + script));
    if (name && !Module.calledRun) damagedFile(name, event.message);
  });
}

// Errors out of the running app that no guarded call saw: the main loop's
// frames and the event handlers call the module through its function table.
// Only the module's: a trap, or an error whose stack passes through the
// app's script or wasm.
function watchCrashes() {
  const fromApp = (error) => error instanceof Error &&
                             (error instanceof WebAssembly.RuntimeError ||
                              /arcade_app\.(js|wasm)/.test(String(error.stack)));
  window.addEventListener('error', (event) => {
    if (Module.calledRun && fromApp(event.error)) appCrashed(event.error);
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (Module.calledRun && fromApp(event.reason)) appCrashed(event.reason);
  });
}

let crashed = false;

// The app crashed (see 6. at the top): no frame after this one, the
// message, nothing more for the app. Before the app ran it is a failure to
// start instead.
function appCrashed(error) {
  if (crashed) return;
  if (!Module.calledRun) {
    fail('The game stopped with an error. Retry to start it again.', describe(error));
    return;
  }
  crashed = true;
  try {
    Module.pauseMainLoop();
  } catch (ignored) {
    // No main loop yet: nothing to stop.
  }
  showCrash(describe(error));
}

function describe(error) {
  if (!(error instanceof Error)) return String(error);
  return error.name === 'Error' ? error.message : `${error.name}: ${error.message}`;
}

// The overlay over the frozen game: the words, Reload (focused, so that
// Enter reloads), the technical cause in small type. The dead app hears no
// more keys: they stop at the window before its handlers.
function showCrash(detail) {
  const panel = document.getElementById('panel');
  if (panel.classList.contains('failed')) return;
  panel.classList.add('failed', 'crashed');
  overlay.classList.add('over-game');
  overlay.hidden = false;
  progress.hidden = true;
  statusLine.replaceChildren();
  CRASH_SENTENCES.forEach((text, i) => {
    const sentence = document.createElement('span');
    sentence.className = 'sentence';
    sentence.textContent = text;
    statusLine.append(...(i > 0 ? [' ', sentence] : [sentence]));
  });
  detailLine.textContent = detail;
  detailLine.hidden = !detail;
  for (const button of actions.querySelectorAll('button')) button.hidden = button.id !== 'reload';
  actions.hidden = false;
  const reload = document.getElementById('reload');
  reload.onclick = () => location.reload();
  for (const type of ['keydown', 'keypress', 'keyup']) {
    window.addEventListener(type, (event) => event.stopPropagation(), true);
  }
  reload.focus({preventScroll: true});
  console.error('Minimax Arcade: the app crashed (' + detail + ')');
}

// A script cut where its text still parses runs without doing its part:
// engine_client.js defines arcadeEngine, and arcade_app.js calls
// instantiateWasm as it runs (Emscripten's createWasm, at its top level).
function checkScriptRan(name) {
  const ran = name === 'arcade_app.js' ? appScriptRan : typeof window.arcadeEngine === 'object';
  if (!ran) damagedFile(name, name + ' ran without starting the game');
}

// The app compiled but not running long after: a retry, without taking the
// start away (it may yet come).
function watchStart() {
  setTimeout(() => {
    if (Module.calledRun || document.getElementById('panel').classList.contains('failed')) return;
    setStatus('Starting is taking longer than it should.');
    offerRecovery();
  }, START_PATIENCE_MS);
}

// Calls `use(pointer)` with `text` as UTF-8 in the app's heap, freed after.
// Not ccall's 'string' arguments: they are copied onto the stack (1 MB), and
// a link of a few hundred thousand characters overflowed it, a crash.
function withHeapText(text, use) {
  const size = Module.lengthBytesUTF8(text) + 1;
  const pointer = Module._malloc(size);
  if (!pointer) throw new Error('no memory for ' + size + ' bytes of text');
  try {
    Module.stringToUTF8(text, pointer, size);
    return use(pointer);
  } finally {
    Module._free(pointer);
  }
}

// The app's text interface (src/app/platform/platform_web.cpp): "ok" or "error ..." for a
// command; "key value" lines for the state. A line of any length: the app
// refuses what is too long, with a notice.
function appCommand(line) {
  return withHeapText(line, (pointer) => Module.UTF8ToString(Module._arcade_command(pointer)));
}

// The app's state text, or null while it does not run: before main() (its
// state is empty then) and after a crash.
function appStateText() {
  if (!window.Module || !Module.calledRun || crashed) return null;
  try {
    return Module.ccall('arcade_state', 'string', [], []) || null;
  } catch (error) {
    return null;
  }
}

// {game, moves, position}: see the top of this file.
function arcadeState() {
  const text = appStateText();
  if (text === null) return null;
  const values = new Map();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    const key = space < 0 ? line : line.slice(0, space);
    if (key && !values.has(key)) values.set(key, space < 0 ? '' : line.slice(space + 1));
  }
  return {
    game: values.has('game') ? values.get('game') : null,
    moves: (values.get('moves') || '').split(' ').filter(Boolean),
    position: values.has('position') ? values.get('position') : null,
  };
}
window.arcadeState = arcadeState;

// The fragment of the address, without its "#" ('' for none).
function fragment() { return location.hash.slice(1); }

// Removes the fragment from the address, then gives it to the app: first,
// so that a link that harmed the app could not do it again at every reload.
function takeLink() {
  const link = fragment();
  if (!link || appStateText() === null) return;
  history.replaceState(history.state, '', location.pathname + location.search);
  let reply;
  try {
    reply = appCommand('link ' + link);
  } catch (error) {
    reply = 'error ' + error.message;
  }
  // The app shows its own notice; this line is for whoever reads the console.
  if (reply !== 'ok') console.info('Minimax Arcade: link: ' + reply.slice(0, 300));
}

// A paste (Ctrl+V, the browser's menu) reaches the app's text fields:
// Emscripten's SDL has no system clipboard, so the page puts the pasted text
// in the app's (SDL's) just before ImGui reads it: the key's event comes
// first and the app reads it at its next frame. Pages of text too: the app
// refuses a paste over its cap with a notice.
function passPaste(event) {
  const text = event.clipboardData ? event.clipboardData.getData('text/plain') : '';
  if (!text || appStateText() === null) return;
  withHeapText(text, (pointer) => Module._arcade_set_clipboard(pointer));
}

// Runs once main() has run: Emscripten calls onRuntimeInitialized just
// before main(), in the same task, so the next task sees the app. A later
// main() (none today) is waited for, a frame at a time, for a few seconds.
function whenAppRuns(callback, framesLeft = 300) {
  if (appStateText() !== null) return callback();
  if (framesLeft > 0) requestAnimationFrame(() => whenAppRuns(callback, framesLeft - 1));
}

function appStarted() {
  takeLink();
  window.addEventListener('hashchange', takeLink);
  document.addEventListener('paste', passPaste);
  registerServiceWorker();
}

// Copies `text`; resolves to whether it worked. The clipboard API needs a
// secure context and may be refused (permissions, no user gesture in some
// browsers): then the old way, a selected textarea and execCommand('copy').
async function arcadeCopyText(text) {
  text = String(text);
  if (navigator.clipboard && navigator.clipboard.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (error) {
      // Refused: the old way below.
    }
  }
  return copyThroughTextarea(text);
}
window.arcadeCopyText = arcadeCopyText;

function copyThroughTextarea(text) {
  const focused = document.activeElement;
  const area = document.createElement('textarea');
  area.className = 'copy-buffer';  // out of sight (style.css): no inline style
  area.value = text;
  area.setAttribute('readonly', '');  // no on-screen keyboard on phones
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch (error) {
    copied = false;
  }
  area.remove();
  // The canvas keeps the keyboard (the game's shortcuts).
  if (focused && typeof focused.focus === 'function') focused.focus({preventScroll: true});
  return copied;
}

// Offline play: the service worker keeps the site (service_worker.js).
// Registered once the app runs, so that its downloads (revalidations of the
// files just loaded) do not slow the first start. Not on file: URLs or
// insecure origins, where browsers have no service workers.
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('service_worker.js').catch((error) => {
    console.info('Minimax Arcade: no offline play: ' + error.message);
  });
}

// A newer build waiting to take over (see service_worker.js): if this page
// is the site's only one, it takes over and the page reloads, before the app
// has loaded anything. Resolves to true when the page is about to reload.
//
// Once it has asked, the page never loads the app itself unless the worker
// says no: a yes, or no answer, ends in a reload, so that no page runs with
// files of two builds. The ask waits for the page's own requests (its
// stylesheet, icons, the manifest) to end: Chromium activates a worker that
// skips waiting only once the worker it replaces is idle, and one asked while
// requests are in flight puts the switch off until that worker's idle
// timeout (about 30 s). At most one try a minute in a tab, so that a build
// that fails to take over cannot make the page reload again and again.
async function newBuildTakesOver() {
  const container = navigator.serviceWorker;
  if (!container || !container.controller) return false;
  const registration = await container.getRegistration().catch(() => null);
  if (!registration || !registration.waiting) return false;
  const TRIED = 'minimax-arcade-takeover';
  try {
    const tried = Number(sessionStorage.getItem(TRIED)) || 0;
    if (Math.abs(Date.now() - tried) < 60000) return false;
    sessionStorage.setItem(TRIED, String(Date.now()));
  } catch (error) {
    return false;  // no session storage: no guard against a loop, so no try
  }
  await new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', resolve, {once: true});
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const waiting = registration.waiting;
  if (!waiting) return false;
  const outcome = await new Promise((resolve) => {
    container.addEventListener('controllerchange', () => resolve('changed'), {once: true});
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => {
      if (event.data && event.data.activating === false) resolve('refused');
      else setStatus('Updating…');
    };
    waiting.postMessage('activate', [channel.port2]);
    setTimeout(() => resolve('timeout'), 45000);
  });
  if (outcome === 'refused') return false;
  location.reload();
  return true;
}

// Emscripten's module settings, read by arcade_app.js when it loads.
window.Module = {
  canvas,
  instantiateWasm,
  onRuntimeInitialized: () => {
    overlay.hidden = true;
    setTimeout(() => whenAppRuns(appStarted), 0);
  },
  // Emscripten's abort() (std::abort, a failed allocation): its RuntimeError
  // follows, but a caller may catch it.
  onAbort: (what) => appCrashed(new Error(what ? 'abort: ' + what : 'abort() was called')),
};

const missing = missingFeatures();
if (missing.length > 0) {
  const them = missing.length > 1 ? 'both' : 'it';
  fail(
      `This browser lacks ${missing.join(' and ')}, which the game needs. ` +
      `Current versions of Firefox, Chrome, Edge and Safari have ${them}.`,
      '', false);
} else {
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  window.addEventListener('resize', fitCanvas);
  fitCanvas();
  watchPixelRatio();
  const start = () => {
    compileApp().catch(() => {});  // compileApp reports a failure
    watchScriptErrors();
    watchCrashes();
    loadScripts(SCRIPTS);
  };
  newBuildTakesOver().then((reloading) => reloading || start(), start);
}
})();
