// The web build's site as a visitor gets it: served by a plain static server
// (python3's http.server), opened in headless Chromium (playwright-core, with
// SwiftShader for WebGL 2). For a device pixel ratio of 1 and of 2, and after
// a resize, checks that:
//   - the page loads the app with no error or warning in the console and
//     hides its loading overlay;
//   - the canvas fills the window, its pixel size being its CSS size times
//     the ratio;
//   - the app draws: the screenshot's bottom-right corner is the app's clear
//     colour (main.cpp's glClearColor), and an ImGui window's background
//     (ImGui's dark style WindowBg, 0.06 gray at alpha 0.94 over the clear
//     colour) covers at least 1% of it, wherever the app's layout puts it.
//
//   node tests/e2e/site_test.mjs SITE_DIR [SCREENSHOT.png]
//
// Saves the last screenshot when a path is given. Chromium is
// /usr/bin/chromium unless CHROMIUM_PATH says otherwise.

import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {writeFileSync} from 'node:fs';
import {inflateSync} from 'node:zlib';
import {chromium} from 'playwright-core';

const [siteDir, screenshotPath] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node site_test.mjs SITE_DIR [SCREENSHOT.png]');
  process.exit(2);
}

const CLEAR = [0.09, 0.11, 0.15];  // main.cpp's glClearColor
const WINDOW_BG = 0.06;            // ImGui's StyleColorsDark WindowBg ...
const WINDOW_ALPHA = 0.94;         // ... and its alpha
const toByte = (value) => Math.round(value * 255);
const CLEAR_RGB = CLEAR.map(toByte);
const WINDOW_RGB = CLEAR.map((c) => toByte(WINDOW_BG * WINDOW_ALPHA + c * (1 - WINDOW_ALPHA)));

// python3's static server on a free port; resolves to [process, port].
function serve(dir) {
  const server = spawn(
      'python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
      {stdio: ['ignore', 'pipe', 'ignore']});
  return new Promise((resolve, reject) => {
    let text = '';
    server.stdout.on('data', (chunk) => {
      text += chunk;
      const match = text.match(/port (\d+)/);
      if (match) resolve([server, Number(match[1])]);
    });
    server.on('exit', (code) => reject(new Error('http.server exited with ' + code)));
  });
}

// Decodes an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's
// screenshots are) into {width, height, pixel(x, y) -> [r, g, b]}.
function decodePng(png) {
  assert.equal(png.toString('latin1', 1, 4), 'PNG');
  let offset = 8;
  let width = 0, height = 0, channels = 0;
  const data = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert.equal(body[8], 8, 'bit depth');
      assert.equal(body[12], 0, 'interlace');
      channels = {2: 3, 6: 4}[body[9]];
      assert.ok(channels, 'colour type ' + body[9]);
    } else if (type === 'IDAT') {
      data.push(body);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; ++y) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; ++i) {
      const x = raw[y * (stride + 1) + 1 + i];
      const a = i >= channels ? pixels[y * stride + i - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i] : 0;
      const c = i >= channels && y > 0 ? pixels[(y - 1) * stride + i - channels] : 0;
      pixels[y * stride + i] = (x + unfilter(filter, a, b, c)) & 0xff;
    }
  }
  function pixel(x, y) {
    const start = y * stride + x * channels;
    return [...pixels.subarray(start, start + 3)];
  }
  return {width, height, pixel};
}

function unfilter(filter, a, b, c) {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return a;
    case 2:
      return b;
    case 3:
      return (a + b) >> 1;
    case 4: {
      const p = a + b - c;
      const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    default:
      throw new Error('PNG filter ' + filter);
  }
}

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
  const corner = shot.pixel(width - 1, height - 1);
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
      `${label}: ImGui window background ${WINDOW_RGB} at ${background} of ${total} points`);
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

const [server, port] = await serve(siteDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  for (const ratio of [1, 2]) await run(browser, `http://127.0.0.1:${port}/`, ratio);
  console.log('site test passed');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser.close();
  server.kill();
}
