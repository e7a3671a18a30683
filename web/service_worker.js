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
//      installs the new worker: it fills its own cache from the network,
//      asking the server to revalidate (no stale copies from the HTTP cache),
//      and checks each file against the list: its size and its SHA-256,
//      written by the build. A failed download, or a file that differs (a
//      half-finished deployment, a truncated upload served with status 200,
//      a proxy's error page), fails the install: the new cache is deleted,
//      the old worker and its cache keep serving, and the browser tries again
//      on a later visit. So no cache ever holds a file the list does not
//      vouch for, and a file missing from the cache comes from the network.
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
//      every file (it was filled and checked whole at install).
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
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(SITE_FILES.map((file) => cacheChecked(cache, file)));
  } catch (error) {
    // Nothing of a build that is not whole stays behind.
    await caches.delete(CACHE);
    throw error;
  }
}

// Downloads one file of the list and caches it if it is the build's own:
// the size and the SHA-256 the build wrote for it.
async function cacheChecked(cache, {name, size, sha256}) {
  // 'no-cache': revalidated with the server (a 304 costs no download), so
  // the HTTP cache cannot hand over a file of an older build.
  const response = await fetch(new Request(name, {cache: 'no-cache'}));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength !== size) {
    throw new Error(`${name}: ${bytes.byteLength} bytes, the build's has ${size}`);
  }
  const sum = hex(await crypto.subtle.digest('SHA-256', bytes));
  if (sum !== sha256) throw new Error(`${name}: not the build's file (SHA-256 ${sum})`);
  // Only the type goes with the bytes: the body is decoded already, so a
  // Content-Encoding or a compressed Content-Length would now be false.
  const headers = {'Content-Length': String(size)};
  const type = response.headers.get('Content-Type');
  if (type) headers['Content-Type'] = type;
  await cache.put(name, new Response(bytes, {status: 200, headers}));
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

// Whether this build's cache holds every file of its list (a browser may
// evict caches under storage pressure).
async function cacheWhole() {
  const cache = await caches.open(CACHE);
  const held = new Set((await cache.keys()).map((request) => request.url));
  return SITE_FILES.every(({name}) => held.has(new URL(name, self.location).href));
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

async function respond(request) {
  const cache = await caches.open(CACHE);
  const navigation = request.mode === 'navigate';
  let cached = await cache.match(request, {ignoreSearch: navigation});
  if (!cached && navigation && isSiteFolder(request.url)) cached = await cache.match(INDEX);
  return cached || fetch(request);
}

// Whether `url` is the site's folder itself (the page), with any query.
function isSiteFolder(url) {
  const {pathname} = new URL(url);
  return pathname === new URL(self.registration.scope).pathname;
}
