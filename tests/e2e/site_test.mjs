// The web build's site as a visitor gets it: served by a plain static server
// (python3's http.server), opened in headless Chromium (playwright-core, with
// SwiftShader for WebGL 2). For a device pixel ratio of 1 and of 2, and after
// a resize, checks that:
//   - the page loads the app with no error or warning in the console and
//     hides its loading overlay;
//   - the canvas fills the window, its pixel size being its CSS size times
//     the ratio;
//   - the app draws: the screenshot's top-left corner is the app's background
//     (theme.h's palette::kBackground: the clear colour and the top bar's),
//     and the panel's colour (palette::kSurface) covers at least 1% of it,
//     wherever the app's layout puts it.
//
//   node tests/e2e/site_test.mjs SITE_DIR [SCREENSHOT.png]
//
// Saves the last screenshot when a path is given. Chromium is
// /usr/bin/chromium unless CHROMIUM_PATH says otherwise.

import assert from 'node:assert/strict';
import {writeFileSync} from 'node:fs';

import {decodePng, launchChromium, serveDirectory} from './lib.mjs';

const [siteDir, screenshotPath] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node site_test.mjs SITE_DIR [SCREENSHOT.png]');
  process.exit(2);
}

const PANEL = [0.110, 0.133, 0.188];  // theme.h: palette::kSurface
const toByte = (value) => Math.round(value * 255);
const WINDOW_RGB = PANEL.map(toByte);

const close = (a, b) => a.every((value, i) => Math.abs(value - b[i]) <= 2);

// Waits until the app has drawn a few frames after the last change.
async function settle(page) {
  await page.waitForFunction(
      () => document.getElementById('overlay').hidden, null, {timeout: 30000});
  await page.evaluate(afterFrames, 10);
}

// Runs in the page: resolves after `count` animation frames.
function afterFrames(count) {
  return new Promise((resolve) => {
    const tick = () => (--count === 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
}

async function checkView(page, ratio, label) {
  await settle(page);
  const view = page.viewportSize();
  const metrics = await page.evaluate(() => window.arcadeCanvasMetrics());
  const [cssWidth, cssHeight, pageRatio, width, height] = metrics;
  assert.equal(pageRatio, ratio, `${label}: devicePixelRatio`);
  assert.deepEqual([cssWidth, cssHeight], [view.width, view.height], `${label}: canvas CSS size`);
  assert.deepEqual(
      [width, height], [view.width * ratio, view.height * ratio], `${label}: canvas pixel size`);

  const png = await page.screenshot();
  if (screenshotPath) writeFileSync(screenshotPath, png);
  const shot = decodePng(png);
  assert.deepEqual([shot.width, shot.height], [width, height], `${label}: screenshot size`);
  const corner = shot.pixel(0, 0);
  // The clear colour: the app's background, as the app says it (palette.h).
  const state = await page.evaluate(() => Module.ccall('arcade_state', 'string', [], []));
  const hex = state.match(/^theme_background #([0-9a-f]{6})$/m);
  assert.ok(hex, `${label}: the app's state has no theme_background`);
  const CLEAR_RGB = [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16));
  assert.ok(
      close(corner, CLEAR_RGB), `${label}: corner ${corner}, not the clear colour ${CLEAR_RGB}`);
  let background = 0, total = 0;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      ++total;
      if (close(shot.pixel(x, y), WINDOW_RGB)) ++background;
    }
  }
  assert.ok(
      background >= total / 100,
      `${label}: the panel's colour ${WINDOW_RGB} at ${background} of ${total} points`);
  console.log(
      `${label}: canvas ${cssWidth}x${cssHeight} CSS px = ${width}x${height} px, ` +
      `window background at ${background}/${total} points`);
}

async function run(browser, url, ratio) {
  const context =
      await browser.newContext({viewport: {width: 960, height: 600}, deviceScaleFactor: ratio});
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  const started = Date.now();
  await page.goto(url);
  await checkView(page, ratio, `ratio ${ratio}`);
  console.log(`ratio ${ratio}: running ${Date.now() - started} ms after navigation`);
  await page.setViewportSize({width: 700, height: 500});
  await checkView(page, ratio, `ratio ${ratio}, resized`);
  await context.close();
  assert.deepEqual(problems, [], 'console errors or warnings');
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
try {
  for (const ratio of [1, 2]) await run(browser, server.url, ratio);
  console.log('site test passed');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
}
