// The site offline, installable, opening links: in headless Chromium, from a
// copy of the site served by a small static server of this file (one that
// can stop and start again on the same port: the same origin, so the same
// service worker). Named checks, in order:
//   - first visit: the app runs, the service worker takes control of the page
//     and its cache holds every file of the site (but the worker itself),
//     under the name of this build's version;
//   - the manifest: served, parsed by Chromium without errors, its fields,
//     and its icons (and the favicon's and Apple's) PNGs whose headers give
//     the sizes it states;
//   - links: the fragment is removed from the address after the app took it,
//     at start and on `hashchange`; and `#game=connect4&moves=4.4` gives
//     arcadeState() {game: 'connect4', moves: ['4', '4']} (this one needs the
//     app's `link` command);
//   - window.arcadeCopyText copies (the clipboard API, and its fallback when
//     the API refuses);
//   - offline: with the context offline and the server stopped, a reload
//     loads the app from the service worker (every response from it), it
//     draws, and an AI-against-AI game is played to its end, with a worker
//     restart ("move now" during a search) in the middle of another;
//   - a new build: the server back, a changed file and a new version in the
//     worker; the open page is left alone, the new worker installs and
//     waits; the next load uses it (its cache alone remains, the changed file
//     is served).
//
//   node tests/e2e/offline_test.mjs SITE_DIR
//
// Chromium is /usr/bin/chromium unless CHROMIUM_PATH says otherwise.

import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

import {CheckRunner, decodePng, launchChromium, serveFiles, siteVersion, until} from './lib.mjs';

const [siteDir] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node offline_test.mjs SITE_DIR');
  process.exit(2);
}

// Resolves once the app's main() has run (arcadeState() is null before).
async function appRuns(page, timeout = 30000) {
  const outcome = await page.waitForFunction(() => {
    if (window.Module && Module.calledRun && window.arcadeState && arcadeState()) return {ran: true};
    const panel = document.getElementById('panel');
    return panel && panel.classList.contains('failed') && {failed: panel.textContent};
  }, null, {timeout, polling: 100});
  const {failed} = await outcome.jsonValue();
  assert.ok(!failed, `the page failed to load: ${failed}`);
}

const command = (page, line) =>
    page.evaluate((text) => Module.ccall('arcade_command', 'string', ['string'], [text]), line);

async function commands(page, ...lines) {
  for (const line of lines) assert.equal(await command(page, line), 'ok', line);
}

// The app's state lines as an object (see csp_test.mjs).
async function state(page) {
  const text = await page.evaluate(() => Module.ccall('arcade_state', 'string', [], []));
  return Object.fromEntries(text.split('\n').filter(Boolean).map((line) => {
    const space = line.indexOf(' ');
    return space < 0 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)];
  }));
}

async function waitState(page, predicate, what, timeoutMs = 30000) {
  return until(async () => {
    const s = await state(page);
    return predicate(s) ? s : null;
  }, what, timeoutMs);
}

// Runs in the page: the PNG signature, width and height of `url` (IHDR).
async function pngSize(url) {
  const response = await fetch(url);
  const bytes = new DataView(await response.arrayBuffer());
  const signature = bytes.getUint32(0) === 0x89504e47 && bytes.getUint32(4) === 0x0d0a1a0a;
  return {
    status: response.status,
    type: response.headers.get('Content-Type'),
    png: signature,
    size: `${bytes.getUint32(16)}x${bytes.getUint32(20)}`,
  };
}

// A screenshot that shows a drawn frame: not one flat colour, nor the page's
// background alone (the canvas is cleared and drawn on each frame).
async function drawnFrame(page) {
  const shot = decodePng(await page.screenshot());
  const colours = new Set();
  for (let y = 0; y < shot.height; y += 8) {
    for (let x = 0; x < shot.width; x += 8) colours.add(shot.pixel(x, y).join(','));
  }
  return colours.size >= 16 && colours.size;
}

// The checks, in order; `t` holds what they share: {page, context, url,
// port, server, copy, version, cacheName, siteFiles, infos, problems}.

async function firstVisit(t) {
  const {page} = t;
  await page.goto(t.url);
  await appRuns(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null,
                             {timeout: 30000});
  const cached = await page.evaluate(async () => {
    const found = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      found[name] = keys.map((r) => new URL(r.url).pathname.slice(1)).sort();
    }
    return found;
  });
  assert.deepEqual(Object.keys(cached), [t.cacheName], 'the caches');
  assert.deepEqual(cached[t.cacheName], t.siteFiles, 'the cached files');
  console.log(`  cache ${t.cacheName}: ${t.siteFiles.length} files`);
}

async function manifestAndIcons(t) {
  const {page, url} = t;
  const head = await page.evaluate(() => ({
    manifest: document.querySelector('link[rel=manifest]')?.href,
    theme: document.querySelector('meta[name=theme-color]')?.content,
    icon: document.querySelector('link[rel=icon]')?.href,
    apple: document.querySelector('link[rel=apple-touch-icon]')?.href,
  }));
  assert.equal(head.manifest, `${url}manifest.webmanifest`);
  // The app's background, as the app says it (palette.h; the build writes
  // it into the page's files).
  const state = await page.evaluate(() => Module.ccall('arcade_state', 'string', [], []));
  const background = (state.match(/^theme_background (#[0-9a-f]{6})$/m) || [])[1];
  assert.ok(background, 'the app\'s state has no theme_background');
  assert.equal(head.theme, background);
  const served = await page.evaluate(async (address) => {
    const response = await fetch(address);
    return {
      status: response.status,
      type: response.headers.get('Content-Type'),
      text: await response.text(),
    };
  }, head.manifest);
  assert.equal(served.status, 200);
  const manifest = JSON.parse(served.text);
  assert.equal(manifest.name, 'Minimax Arcade');
  assert.ok(manifest.short_name, 'a short_name');
  assert.equal(manifest.start_url, '.');
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.background_color, background);
  assert.equal(manifest.theme_color, background);

  // Chromium's own reading of it (what installing the app uses).
  const cdp = await t.context.newCDPSession(page);
  const read = await cdp.send('Page.getAppManifest');
  await cdp.detach();
  assert.equal(read.url, head.manifest, 'the manifest Chromium found');
  assert.deepEqual(read.errors, [], 'Chromium\'s manifest errors');

  const icons = [];
  for (const icon of manifest.icons) {
    const got = await page.evaluate(pngSize, new URL(icon.src, url).href);
    icons.push({...icon, got});
    assert.equal(got.status, 200, `${icon.src}: status`);
    assert.ok(got.png, `${icon.src}: not a PNG`);
    assert.equal(got.type, icon.type, `${icon.src}: Content-Type`);
    assert.equal(got.size, icon.sizes, `${icon.src}: size`);
  }
  const purposes = (icon) => (icon.purpose || 'any').split(' ');
  const has = (sizes, purpose) =>
      icons.some((icon) => icon.sizes === sizes && purposes(icon).includes(purpose));
  assert.ok(has('192x192', 'any'), 'a 192x192 icon');
  assert.ok(has('512x512', 'any'), 'a 512x512 icon');
  assert.ok(icons.some((icon) => purposes(icon).includes('maskable')), 'a maskable icon');
  const favicon = await page.evaluate(pngSize, head.icon);
  const apple = await page.evaluate(pngSize, head.apple);
  assert.ok(favicon.png && favicon.size === '32x32', `favicon ${favicon.size}`);
  assert.ok(apple.png && apple.size === '180x180', `Apple icon ${apple.size}`);
  const listed = icons.map((icon) => `${icon.got.size} ${purposes(icon).join('+')}`);
  console.log(`  manifest (${served.type}): icons ${listed.join(', ')}; ` +
              `favicon ${favicon.size}, Apple's ${apple.size}`);
}

async function linkLeavesAddress(t) {
  const {page, url} = t;
  await page.goto(`${url}#game=tictactoe&moves=b2`);
  await appRuns(page);
  await page.waitForFunction(() => location.hash === '', null, {timeout: 10000});
  assert.equal(await page.evaluate(() => location.href), url, 'the address after the link');
  // On hashchange, while the app runs.
  await page.evaluate(() => { location.hash = 'game=tictactoe&moves=a1'; });
  await page.waitForFunction(() => location.hash === '', null, {timeout: 10000});
  assert.equal(await page.evaluate(() => location.href), url, 'the address after hashchange');
}

async function linkSetsGame(t) {
  const {page, url, infos} = t;
  infos.length = 0;
  await page.goto(`${url}#game=connect4&moves=4.4`);
  await appRuns(page);
  await page.waitForFunction(() => location.hash === '', null, {timeout: 10000});
  const got = await page.evaluate(() => arcadeState());
  const said = infos.filter((text) => text.includes('link'));
  assert.deepEqual(
      {game: got.game, moves: got.moves}, {game: 'connect4', moves: ['4', '4']},
      `arcadeState() after the link${said.length ? ` (the page said: ${said.join('; ')})` : ''}`);
}

async function stateAndCopy(t) {
  const {page} = t;
  await commands(page, 'side 0 person', 'side 1 person', 'game tictactoe');
  const got = await page.evaluate(() => arcadeState());
  assert.equal(got.game, 'tictactoe');
  assert.deepEqual(got.moves, []);
  assert.ok(got.position === null || typeof got.position === 'string', 'position');
  // The clipboard API (the context was granted the permission).
  assert.equal(await page.evaluate(() => arcadeCopyText('copied 1')), true, 'clipboard API');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'copied 1');
  // Its fallback, when the API refuses.
  const fallback = await page.evaluate(async () => {
    const api = navigator.clipboard.writeText;
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused'));
    try {
      return await arcadeCopyText('copied 2');
    } finally {
      navigator.clipboard.writeText = api;
    }
  });
  assert.equal(fallback, true, 'the execCommand fallback');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'copied 2');
  assert.equal(await page.evaluate(() => document.querySelectorAll('textarea').length), 0,
               'the fallback\'s textarea is gone');
}

async function offlineReload(t) {
  const {page, context} = t;
  await context.setOffline(true);
  await t.server.close();
  const responses = [];
  const listen = (response) => responses.push(response);
  page.on('response', listen);
  try {
    await page.reload();
    await appRuns(page);
    const colours = await until(() => drawnFrame(page), 'a drawn frame', 15000);
    assert.equal(await page.evaluate(() => navigator.onLine), false, 'navigator.onLine');
    const elsewhere = responses.filter((r) => !r.fromServiceWorker()).map((r) => r.url());
    assert.deepEqual(elsewhere, [], 'responses not from the service worker');
    console.log(`  ${responses.length} responses, all from the service worker; ` +
                `a frame of ${colours} colours`);
  } finally {
    page.off('response', listen);
  }
}

async function offlineGame(t) {
  const {page} = t;
  // No pace between the AI's moves (700 ms, for people to follow): a whole
  // game played offline is the check, not its speed.
  await commands(page, 'pref pace 0', 'side 0 ai 1', 'side 1 ai 1', 'game tictactoe');
  const done = await waitState(page, (s) => s.over === '1', 'the game to end', 60000);
  const moves = done.moves.split(' ').filter(Boolean);
  assert.ok(moves.length >= 5, `moves ${done.moves}`);
  // A Perfect search stopped by "move now" replaces the engine's worker:
  // the new one loads from the cache too.
  await commands(page, 'side 0 person', 'side 1 person', 'game connect4 13577533', 'side 0 ai 5');
  await waitState(page, (s) => s.thinking === '1', 'the AI to think');
  await page.waitForTimeout(300);
  await commands(page, 'movenow');
  await waitState(page, (s) => s.moves.split(' ').filter(Boolean).length === 1,
                  'the move played now', 10000);
  await commands(page, 'side 0 person');
  const stats = await until(async () => {
    const now = await page.evaluate(() => arcadeEngine.stats());
    return now.restartMs.length > 0 && now;
  }, 'the new worker to load', 15000);
  assert.equal(stats.failed, null, 'the worker failed');
  console.log(`  Tic-tac-toe, AI against AI: ${done.moves}; the engine's worker restarted ` +
              `in ${stats.restartMs[0].toFixed(0)} ms`);
}

// Runs in the page: the waiting worker's state and the caches.
async function workers() {
  const registration = await navigator.serviceWorker.getRegistration();
  return {
    waiting: registration && registration.waiting && registration.waiting.state,
    controlled: navigator.serviceWorker.controller !== null,
    caches: (await caches.keys()).sort(),
    style: await (await fetch('style.css')).text(),
  };
}

async function newBuild(t) {
  const {page, context, copy} = t;
  await context.setOffline(false);
  t.server = await serveFiles(copy, {port: t.port});
  // What the assembly of a changed site would write: a file changed, and
  // another version in the worker.
  const next = 'test-next-build';
  const marker = '/* the next build */';
  appendFileSync(join(copy, 'style.css'), `\n${marker}\n`);
  const worker = join(copy, 'service_worker.js');
  const source = readFileSync(worker, 'utf8');
  // The worker checks each file against its size and SHA-256 in the list.
  const style = readFileSync(join(copy, 'style.css'));
  const entry = /\{name: 'style\.css', size: \d+, sha256: '[0-9a-f]{64}'\}/;
  assert.match(source, entry, 'style.css in the worker\'s list');
  const sum = createHash('sha256').update(style).digest('hex');
  writeFileSync(worker,
                source.replace(`const SITE_VERSION = '${t.version}';`, `const SITE_VERSION = '${next}';`)
                    .replace(entry, `{name: 'style.css', size: ${style.length}, sha256: '${sum}'}`));

  // Chromium checks the worker after a navigation; asked here too (an
  // update() that never settles must not hang the test).
  await page.reload();
  await appRuns(page);
  await page.evaluate(() => { window.sameDocument = true; });
  await page.evaluate(() => Promise.race([
    navigator.serviceWorker.getRegistration().then((r) => r.update()).catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 10000)),
  ]));
  await page.waitForFunction(
      () => navigator.serviceWorker.getRegistration().then(
          (r) => r && r.waiting && r.waiting.state === 'installed'),
      null, {timeout: 90000, polling: 200});
  const running = await page.evaluate(workers);
  assert.ok(await page.evaluate(() => window.sameDocument === true), 'the page reloaded by itself');
  assert.deepEqual(running.caches, [t.cacheName, `minimax-arcade-${next}`].sort(),
                   'the caches with the new build waiting');
  assert.ok(!running.style.includes(marker), 'the running page got the new build\'s style.css');

  // The next load: the page hands over to the new build and reloads.
  await page.reload();
  await appRuns(page);
  const after = await until(async () => {
    const now = await page.evaluate(workers);
    return !now.waiting && now.controlled && now.caches.length === 1 && now;
  }, 'the new build to take over and its old cache to go', 15000);
  assert.deepEqual(after.caches, [`minimax-arcade-${next}`], 'the caches after the next load');
  assert.ok(after.style.includes(marker), 'the next load did not get the new build\'s style.css');
  console.log(`  ${t.cacheName} replaced by minimax-arcade-${next} on the next load`);
}

async function main() {
  const copy = mkdtempSync(join(tmpdir(), 'arcade-offline-'));
  cpSync(siteDir, copy, {recursive: true});
  const version = siteVersion(copy);
  const server = await serveFiles(copy);
  const t = {
    copy,
    version,
    cacheName: `minimax-arcade-${version}`,
    siteFiles: readdirSync(copy).filter((name) => name !== 'service_worker.js').sort(),
    server,
    port: server.port,
    url: server.url,
    infos: [],
    problems: [],
  };
  const browser = await launchChromium();
  const checks = new CheckRunner();
  try {
    t.context = await browser.newContext({viewport: {width: 960, height: 600}});
    await t.context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: t.url});
    t.page = await t.context.newPage();
    t.page.on('pageerror', (error) => t.problems.push(`page error: ${error}`));
    t.page.on('console', (message) => {
      if (message.type() === 'error') t.problems.push(`console error: ${message.text()}`);
      if (message.type() === 'info') t.infos.push(message.text());
    });

    await checks.check('first visit: the service worker controls the page and caches the site',
                       () => firstVisit(t));
    await checks.check('the manifest: served, parsed, its icons PNGs of the sizes it states',
                       () => manifestAndIcons(t));
    await checks.check('a link: the fragment leaves the address once the app took it',
                       () => linkLeavesAddress(t));
    await checks.check('a link sets the game: #game=connect4&moves=4.4 (the app\'s link command)',
                       () => linkSetsGame(t));
    await checks.check('arcadeState() and arcadeCopyText()', () => stateAndCopy(t));
    await checks.check('offline, no server: a reload loads the app from the service worker',
                       () => offlineReload(t));
    await checks.check('offline: a game is played and the engine\'s worker restarts',
                       () => offlineGame(t));
    await checks.check('a new build: installed beside the running page, used on the next load',
                       () => newBuild(t));
    await checks.check('no console or page errors', () => assert.deepEqual(t.problems, []));
    await t.context.close();
  } finally {
    await browser.close();
    await t.server.close();
    rmSync(copy, {recursive: true, force: true});
  }
  checks.finish();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
