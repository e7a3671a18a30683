// The site under a strict Content-Security-Policy, as a host may serve it:
// every response (the page, its scripts, the engine's worker script, the
// wasm files) carries the header below, sent by a small server in this file.
// In headless Chromium it checks that:
//   - the site's JavaScript has no eval() or new Function() (emcc's output
//     linked with -sDYNAMIC_EXECUTION=0), nor does the page inline any;
//   - the page loads with no `securitypolicyviolation` event, no console or
//     page error (in the page or the engine's worker) and no failed request;
//   - the app draws the Tic-tac-toe board, a click plays b2 and the AI
//     answers through its worker, and "move now" during a Perfect search at
//     Connect Four (which replaces the worker) plays a move;
//   - the policy is enforced: an inline script added at the end is refused,
//     with a `securitypolicyviolation` event (so the listener works).
//
//   node tests/e2e/csp_test.mjs SITE_DIR
//
// Chromium is /usr/bin/chromium unless CHROMIUM_PATH says otherwise.

import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';

import {bytes, decodePng, launchChromium, near, serveFiles, until} from './lib.mjs';

const [siteDir] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node csp_test.mjs SITE_DIR');
  process.exit(2);
}

// The policy for hosts (see docs/playing.md).
const POLICY = [
  `default-src 'self'`,
  `script-src 'self' 'wasm-unsafe-eval'`,
  `worker-src 'self'`,
  `connect-src 'self'`,
  `img-src 'self' data:`,
  `style-src 'self'`,
  `object-src 'none'`,
  `base-uri 'none'`,
  `frame-ancestors 'none'`,
].join('; ');

// The site served with the policy on every response, never from the cache.
const serveWithPolicy = (dir) =>
    serveFiles(dir, {headers: {'Content-Security-Policy': POLICY, 'Cache-Control': 'no-store'}});

// Runs in the page before its own scripts: records every violation.
function watchViolations() {
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.cspViolations.push(
        `${event.effectiveDirective}: ${event.blockedURI || 'inline'} ` +
        `(${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
  });
}

// The site's scripts must not build code from strings: the policy allows
// neither (no 'unsafe-eval'). Inline scripts and style attributes in the page
// would need 'unsafe-inline'.
function checkSources() {
  const found = [];
  for (const name of readdirSync(siteDir)) {
    const text = readFileSync(join(siteDir, name), 'latin1');
    if (name.endsWith('.js')) {
      for (const pattern of [/\beval\s*\(/g, /\bnew\s+Function\s*\(/g, /\bFunction\s*\(\s*['"]/g]) {
        for (const match of text.matchAll(pattern)) {
          found.push(`${name}: ${text.slice(match.index - 40, match.index + 40)}`);
        }
      }
    }
    if (name.endsWith('.html')) {
      if (/<script(?![^>]*\bsrc=)[^>]*>/i.test(text)) found.push(`${name}: an inline <script>`);
      if (/<style\b|\sstyle\s*=|\son[a-z]+\s*=/i.test(text)) {
        found.push(`${name}: a <style> block, a style attribute or an inline handler`);
      }
      if (/http-equiv\s*=\s*["']?content-security-policy/i.test(text)) {
        found.push(`${name}: a <meta> policy (hosts send the header instead)`);
      }
    }
  }
  assert.deepEqual(found, [], 'code the policy would refuse');
}

const GRID_LINE = bytes([0.75, 0.77, 0.85]);  // shaders/board.frag's Tic-tac-toe lines

// The bounding box of the Tic-tac-toe grid's lines in a screenshot (CSS px
// at a device pixel ratio of 1), or null while fewer than 0.5% of the points
// show them. Its centre is b2's.
function gridBox(shot) {
  let count = 0, total = 0;
  const box = {left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity};
  for (let y = 0; y < shot.height; y += 2) {
    for (let x = 0; x < shot.width; x += 2) {
      ++total;
      if (!near(shot.pixel(x, y), GRID_LINE)) continue;
      ++count;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  return count > total / 200 ? {...box, count, total} : null;
}

const command = (page, line) =>
    page.evaluate((text) => Module.ccall('arcade_command', 'string', ['string'], [text]), line);

async function state(page) {
  const text = await page.evaluate(() => Module.ccall('arcade_state', 'string', [], []));
  return Object.fromEntries(text.split('\n').filter(Boolean).map((line) => {
    const space = line.indexOf(' ');
    return space < 0 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)];
  }));
}

const movesOf = (s) => (s.moves ? s.moves.split(' ') : []);

async function waitState(page, predicate, what, timeoutMs = 15000) {
  return until(async () => {
    const s = await state(page);
    return predicate(s) ? s : null;
  }, what, timeoutMs);
}

async function commands(page, ...lines) {
  for (const line of lines) assert.equal(await command(page, line), 'ok', line);
}

async function main() {
  checkSources();
  const server = await serveWithPolicy(siteDir);
  const browser = await launchChromium();
  const problems = [];
  try {
    const context = await browser.newContext({viewport: {width: 960, height: 600}});
    await context.addInitScript(watchViolations);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error}`));
    const watchConsole = (where) => (message) => {
      if (message.type() === 'error') problems.push(`console error (${where}): ${message.text()}`);
    };
    page.on('console', watchConsole('page'));
    page.on('worker', (worker) => worker.on('console', watchConsole('worker')));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));

    const started = Date.now();
    await page.goto(server.url);
    const outcome = await page.waitForFunction(() => {
      if (window.Module && window.Module.calledRun) return {ran: true};
      const panel = document.getElementById('panel');
      return panel && panel.classList.contains('failed') && {failed: panel.textContent};
    }, null, {timeout: 30000, polling: 'raf'});
    const {failed} = await outcome.jsonValue();
    assert.ok(!failed, `the page failed to load: ${failed}`);

    // The default game is Tic-tac-toe, a person against the AI.
    await commands(page, 'side 0 person', 'side 1 ai 3', 'game tictactoe');
    const grid = await until(
        async () => gridBox(decodePng(await page.screenshot())), 'the board drawn', 30000, 50);
    console.log(
        `board drawn ${Date.now() - started} ms after navigation: grid lines at ` +
        `${grid.count}/${grid.total} points, from ${[grid.left, grid.top]} ` +
        `to ${[grid.right, grid.bottom]}`);
    await page.mouse.move((grid.left + grid.right) / 2, (grid.top + grid.bottom) / 2);
    await page.waitForTimeout(100);
    await page.mouse.down();
    await page.waitForTimeout(100);
    await page.mouse.up();
    const played = await waitState(page, (s) => movesOf(s).length === 2, 'the AI to answer');
    assert.equal(movesOf(played)[0], 'b2', `moves ${played.moves}: the click was not b2`);
    console.log(`a click and the AI's answer: ${played.moves}`);

    // A Perfect search at Connect Four from a position past the book takes
    // seconds; "move now" stops it, which replaces the worker.
    await commands(page, 'side 0 person', 'side 1 person', 'game connect4 13577533', 'side 0 ai 5');
    await waitState(page, (s) => s.thinking === '1', 'the AI to think');
    await page.waitForTimeout(300);
    await commands(page, 'movenow');
    const moved =
        await waitState(page, (s) => movesOf(s).length === 1, 'the move played now', 5000);
    await commands(page, 'side 0 person');
    const stats = await until(async () => {
      const now = await page.evaluate(() => arcadeEngine.stats());
      return now.restartMs.length > 0 && now;
    }, 'the new worker to load');
    assert.ok(stats.restarts >= 1, 'the worker was replaced');
    assert.equal(stats.failed, null, 'the worker failed');
    console.log(
        `"move now" played ${moved.moves}; the new worker loaded in ` +
        `${stats.restartMs[0].toFixed(1)} ms`);

    const violations = await page.evaluate(() => window.cspViolations);
    assert.deepEqual(violations, [], 'securitypolicyviolation events');
    assert.deepEqual(problems, [], 'console errors, page errors, failed requests');
    const missing = server.requests.filter((r) => !r.startsWith('200'));
    assert.deepEqual(missing, [], 'requests the server could not answer');
    console.log(`requests: ${server.requests.join(', ')}`);

    // The control: an inline script is refused and reported.
    const before = problems.length;
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true;';
      document.body.appendChild(script);
    });
    const refused = await until(
        () => page.evaluate(() => window.cspViolations.length > 0 && window.cspViolations),
        'a violation for the inline script', 5000);
    assert.equal(await page.evaluate(() => window.inlineRan), undefined, 'the inline script ran');
    console.log(`control: ${refused[0]}; ${problems.length - before} console error(s) for it`);
    await context.close();
    console.log('CSP test passed');
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
