// The site's service worker (registered by page.js): after one visit the page
// loads and plays with no network.
//
// What it keeps. Every file of the site but this one, in one cache per build:
// "minimax-arcade-" + the build's content hash. The list and the hash are
// written into this file when the site is assembled (cmake/assemble_site.cmake
// replaces the lines between the markers below), so a new build is a new
// service worker to the browser, which installs it beside the old one.
//
// How it serves. From its own build's cache, falling back to the network
// (a file the cache lacks, another origin, a query string). A navigation to
// the site's folder gets the cached index.html.
//
// A new build, step by step:
//   1. The browser finds this file changed (it checks on every visit) and
//      installs the new worker. It fills its own cache, file by file: a
//      file its cache holds already (the same version) stays; one an older
//      build's cache holds with the same bytes is copied from there; any
//      other comes from the network, asking the server to revalidate (no
//      stale copies from the HTTP cache). Each is checked against the list
//      (its size and SHA-256, written by the build; a .wasm must validate
//      too) before it goes in. A failed download or a file that differs (a
//      half-finished deployment, a truncated upload served with status 200,
//      a proxy's error page, line ends rewritten by an upload) fails the
//      install: the old worker and its cache keep serving, and the browser
//      tries again on a later visit. So no cache ever holds a file the list
//      does not vouch for, and a file missing from the cache comes from the
//      network.
//   2. The new worker waits: a page keeps the version it loaded. The running
//      game never sees a file of another build (the engine's worker is
//      restarted during a game, and its script must match the engine the
//      page compiled), and nothing reloads by itself.
//   3. The next load takes it: page.js, as a page starts, asks a waiting
//      worker to take over when that page is the site's only one (the
//      message "activate" below); the page then reloads itself, before the
//      app has started. With several tabs open it waits until they all close,
//      as browsers do.
//   4. Activated, it deletes the other builds' caches, once its own holds
//      every file of its list, each checked again.
//
// The last good build keeps working, offline too, whatever a deployment
// uploads: no cache is deleted before a whole, checked one replaces it. A
// failed install deletes only a cache it made itself. A worker of the same
// version as the one serving (its bytes changed, not its files: a re-upload,
// an edited comment) shares that worker's cache: it only adds files that
// match, never replaces one, and a list that contradicts a file the cache
// holds fails its install. Without this, such a worker, failing, deleted the
// cache the old one was serving from (issue 32).
'use strict';

// @site-begin (replaced when the site is assembled)
const SITE_VERSION = 'unassembled';
const SITE_FILES = [];
// @site-end

const CACHE_PREFIX = 'minimax-arcade-';
const CACHE = CACHE_PREFIX + SITE_VERSION;
const INDEX = new URL('index.html', self.location).href;

self.addEventListener('install', (event) => {
  event.waitUntil(fillCache());
});

async function fillCache() {
  // A cache of this version that is there already is another worker's,
  // serving now (this one is of the same version, its bytes changed), or
  // what an install cut off by the browser had checked in: kept either way.
  const shared = await caches.has(CACHE);
  const cache = await caches.open(CACHE);
  // Every file tried, the last settled before any cleanup: a put still under
  // way could otherwise land after it.
  const results = await Promise.allSettled(SITE_FILES.map((file) => cacheChecked(cache, file)));
  const failed = results.find((result) => result.status === 'rejected');
  if (!failed) return;
  // Part of a build is no build: dropped, unless another worker serves it.
  if (!shared) await caches.delete(CACHE);
  throw failed.reason;
}

// Puts one file of the list in `cache` unless the cache holds it already:
// the copy an older build's cache holds if its bytes are the build's own,
// else a download checked the same way.
async function cacheChecked(cache, file) {
  const held = await cache.match(file.name);
  if (held) {
    // Never replaced: a list that says otherwise about a file of its own
    // version is the one that is wrong.
    const problem = await mismatch(file, await held.arrayBuffer());
    if (problem) throw new Error(`${problem}; the cached copy is kept`);
    return;
  }
  const response = await kept(file) || await downloaded(file);
  await cache.put(file.name, response);
}

// The file from an older build's cache, if that copy is the build's own.
async function kept(file) {
  const response = await caches.match(file.name);
  if (!response) return null;
  const bytes = await response.arrayBuffer();
  if (await mismatch(file, bytes)) return null;
  return checkedResponse(file, bytes, response.headers.get('Content-Type'));
}

async function downloaded(file) {
  // 'no-cache': revalidated with the server (a 304 costs no download), so
  // the HTTP cache cannot hand over a file of an older build.
  const response = await fetch(new Request(file.name, {cache: 'no-cache'}));
  if (!response.ok) throw new Error(`${file.name}: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  const problem = await mismatch(file, bytes);
  if (problem) throw new Error(problem);
  return checkedResponse(file, bytes, response.headers.get('Content-Type'));
}

// Why `bytes` are not the build's file `file`, or '' when they are: its
// size, its SHA-256, and for a module, that it validates (a list that
// vouched for a cut-short one would otherwise install a build that cannot
// start).
async function mismatch({name, size, sha256}, bytes) {
  if (bytes.byteLength !== size) {
    return `${name}: ${bytes.byteLength} bytes, the build's has ${size}`;
  }
  const sum = hex(await crypto.subtle.digest('SHA-256', bytes));
  if (sum !== sha256) return `${name}: not the build's file (SHA-256 ${sum})`;
  if (name.endsWith('.wasm') && !validWasm(bytes)) return `${name}: not a valid WebAssembly module`;
  return '';
}

function validWasm(bytes) {
  try {
    return WebAssembly.validate(bytes);
  } catch (error) {
    return true;  // no WebAssembly here (or a policy refuses it): size and sum must do
  }
}

// Only the type goes with the bytes: the body is decoded already, so a
// Content-Encoding or a compressed Content-Length would now be false.
function checkedResponse({size}, bytes, type) {
  const headers = {'Content-Length': String(size)};
  if (type) headers['Content-Type'] = type;
  return new Response(bytes, {status: 200, headers});
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

// Whether this build's cache holds every file of its list, each the build's
// own (a browser may evict caches under storage pressure).
async function cacheWhole() {
  if (!(await caches.has(CACHE))) return false;
  const cache = await caches.open(CACHE);
  for (const file of SITE_FILES) {
    const held = await cache.match(file.name);
    if (!held || await mismatch(file, await held.arrayBuffer())) return false;
  }
  return true;
}

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    if (await cacheWhole()) {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
                            .map((name) => caches.delete(name)));
    }
    // On a first visit the page that registered the worker is served from
    // now on (its engine worker restarts from the cache too).
    await self.clients.claim();
  })());
});

// "activate" (from page.js, to a waiting worker): take over now if the asking
// page is the site's only one. Answers {activating} on the message's port at
// once (the activation itself follows, once the old worker is idle).
self.addEventListener('message', (event) => {
  if (event.data !== 'activate' || !event.ports[0]) return;
  event.waitUntil((async () => {
    const scope = self.registration.scope;
    const pages = (await self.clients.matchAll({type: 'window', includeUncontrolled: true}))
                      .filter((client) => client.url.startsWith(scope));
    const alone = pages.length === 1 && event.source && pages[0].id === event.source.id;
    event.ports[0].postMessage({activating: alone});
    if (alone) await self.skipWaiting();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(respond(request));
});

// Reads its cache without opening it: opening makes an empty one when it is
// gone, which a later worker of this version would take for another's.
async function respond(request) {
  const navigation = request.mode === 'navigate';
  let cached = await caches.match(request, {cacheName: CACHE, ignoreSearch: navigation});
  if (!cached && navigation && isSiteFolder(request.url)) {
    cached = await caches.match(INDEX, {cacheName: CACHE});
  }
  return cached || fetch(request);
}

// Whether `url` is the site's folder itself (the page), with any query.
function isSiteFolder(url) {
  const {pathname} = new URL(url);
  return pathname === new URL(self.registration.scope).pathname;
}
