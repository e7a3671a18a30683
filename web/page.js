// The page around the app (arcade_app.js + .wasm, built from src/app/main.cpp),
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
//    the overlay again with the reason.
//
// Everything is inside one function: the app's script declares many globals
// of its own, and a clash of names would break loading. The page shares only
// window.Module (Emscripten's settings) and window.arcadeCanvasMetrics.
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

function setStatus(text) { statusLine.textContent = text; }

function fail(text) {
  document.getElementById('panel').classList.add('failed');
  overlay.hidden = false;
  progress.hidden = true;
  setStatus(text);
  console.error('Minimax Arcade: ' + text);
}

// What this browser lacks, or an empty list.
function missingFeatures() {
  const missing = [];
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    missing.push('WebAssembly');
  }
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) {
    missing.push('WebGL 2');
  } else {
    const loseContext = gl.getExtension('WEBGL_lose_context');
    if (loseContext) loseContext.loseContext();  // only a test: free it now
  }
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

// Emscripten calls this instead of fetching the wasm itself: the same
// download, read piece by piece to show its progress.
function instantiateWasm(imports, receiveInstance) {
  fetch(WASM)
      .then((response) => {
        if (!response.ok) throw new Error(WASM + ': HTTP ' + response.status);
        return readWithProgress(response);
      })
      .then((bytes) => {
        setStatus('Starting…');
        progress.removeAttribute('value');
        return WebAssembly.instantiate(bytes, imports);
      })
      .then((result) => receiveInstance(result.instance, result.module))
      .catch((error) => fail('Could not load the game: ' + error.message));
  return {};  // the exports arrive later, through receiveInstance
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

function loadScripts(names) {
  if (names.length === 0) return;
  const script = document.createElement('script');
  script.src = names[0];
  script.onload = () => loadScripts(names.slice(1));
  script.onerror = () => fail('Could not load ' + names[0] + '.');
  document.body.appendChild(script);
}

// Emscripten's module settings, read by arcade_app.js when it loads.
window.Module = {
  canvas,
  instantiateWasm,
  onRuntimeInitialized: () => overlay.hidden = true,
  onAbort: (what) => fail('The game stopped: ' + what),
};

const missing = missingFeatures();
if (missing.length > 0) {
  const them = missing.length > 1 ? 'both' : 'it';
  fail(
      `This browser lacks ${missing.join(' and ')}, which the game needs. ` +
      `Current versions of Firefox, Chrome, Edge and Safari have ${them}.`);
} else {
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  window.addEventListener('resize', fitCanvas);
  fitCanvas();
  watchPixelRatio();
  loadScripts(SCRIPTS);
}
})();
