// Helpers for the browser tests: a static server for a site, headless
// Chromium with WebGL 2, a PNG decoder for screenshots, and a small runner
// that runs named checks one after another and keeps going after a failure.
//
// Why a runner of our own: each test file launches Chromium once and runs
// several checks in it; one failed check should not hide the others, and
// ctest wants a non-zero exit and a one-line summary.

import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {extname, join, normalize} from 'node:path';
import {inflateSync} from 'node:zlib';
import {chromium} from 'playwright-core';

// SwiftShader gives WebGL 2 without a GPU; the rest keeps Chromium quiet
// and offline (see /work/shared/notes/toolchain.md).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

// python3's http.server for `dir` on a free port of 127.0.0.1. Resolves to
// {port, url, close()}.
// A desktop-sized browser context whose pages see `processors` as
// navigator.hardwareConcurrency (0: the machine's own), as on a machine of
// that many processors, for the app's helper workers.
export async function newDesktopContext(browser, processors = 0) {
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  if (processors) {
    await context.addInitScript((n) => {
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => n});
    }, processors);
  }
  return context;
}

export function serveDirectory(dir) {
  const server = spawn(
      'python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
      {stdio: ['ignore', 'pipe', 'ignore']});
  return new Promise((resolve, reject) => {
    let banner = '';
    server.stdout.on('data', (chunk) => {
      banner += chunk;
      const found = banner.match(/port (\d+)/);
      if (!found) return;
      const port = Number(found[1]);
      resolve({port, url: `http://127.0.0.1:${port}/`, close: () => server.kill()});
    });
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`http.server exited with ${code}`)));
  });
}

// The Content-Type of each kind of file the site has.
export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

// A static server of our own for `dir` on 127.0.0.1:`port` (0: a free one),
// for tests that need what python's cannot give: `headers` on every response
// (a Content-Security-Policy, say), the requests seen, a port kept across a
// restart. Resolves to {port, url, requests, close()}; `requests` lists
// "STATUS /path"; close() resolves once the port is free.
export function serveFiles(dir, {port = 0, headers = {}} = {}) {
  const requests = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    const file = normalize(join(dir, path === '/' ? 'index.html' : path));
    let body = null;
    if (file.startsWith(normalize(dir))) {
      try {
        body = readFileSync(file);
      } catch {
        // Not found: answered below.
      }
    }
    const status = body ? 200 : 404;
    requests.push(`${status} ${path}`);
    response.writeHead(status, {
      'Content-Type': (body && CONTENT_TYPES[extname(file)]) || 'text/plain; charset=utf-8',
      ...headers,
    });
    response.end(body || 'not found');
  });
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const actual = server.address().port;
      resolve({
        port: actual,
        url: `http://127.0.0.1:${actual}/`,
        requests,
        close: () => new Promise((done) => {
          server.close(done);
          for (const socket of sockets) socket.destroy();  // keep-alive ones too
        }),
      });
    });
  });
}

// The Paeth predictor of the PNG specification (section 9.4).
function paeth(left, up, upLeft) {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

function predict(filter, left, up, upLeft) {
  if (filter === 0) return 0;
  if (filter === 1) return left;
  if (filter === 2) return up;
  if (filter === 3) return (left + up) >> 1;
  if (filter === 4) return paeth(left, up, upLeft);
  throw new Error(`PNG: unknown filter type ${filter}`);
}

// The chunks of a PNG file: the header fields and the joined image data.
function readChunks(png) {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG file');
  const header = {};
  const data = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      Object.assign(header, {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8],
        colourType: body[9],
        interlace: body[12],
      });
    } else if (type === 'IDAT') {
      data.push(body);
    }
    at += length + 12;  // length, type, body, CRC
  }
  return {header, data: inflateSync(Buffer.concat(data))};
}

// Decodes the PNGs Chromium writes (8-bit RGB or RGBA, not interlaced) into
// {width, height, pixel(x, y) -> [r, g, b]}.
export function decodePng(png) {
  const {header, data} = readChunks(png);
  const channels = {2: 3, 6: 4}[header.colourType];
  if (header.depth !== 8 || !channels || header.interlace !== 0) {
    throw new Error(`PNG: unsupported format ${JSON.stringify(header)}`);
  }
  const {width, height} = header;
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; ++y) {
    const filter = data[y * (stride + 1)];
    const row = y * stride;
    for (let i = 0; i < stride; ++i) {
      const left = i >= channels ? pixels[row + i - channels] : 0;
      const up = y > 0 ? pixels[row - stride + i] : 0;
      const upLeft = i >= channels && y > 0 ? pixels[row - stride + i - channels] : 0;
      pixels[row + i] = (data[y * (stride + 1) + 1 + i] + predict(filter, left, up, upLeft)) & 255;
    }
  }
  const pixel = (x, y) => {
    const at = y * stride + x * channels;
    return [pixels[at], pixels[at + 1], pixels[at + 2]];
  };
  return {width, height, pixel};
}

// Whether two colours differ by at most `tolerance` in every channel.
export function near(a, b, tolerance = 3) {
  return a.every((value, i) => Math.abs(value - b[i]) <= tolerance);
}

// A colour given in 0..1 (as in the shaders) in 0..255.
export const bytes = (rgb) => rgb.map((c) => Math.round(c * 255));

// The p-th percentile of `values` (any order): the value below which p% lie.
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }

// Timings are figures, not pass marks: a test prints what it measured as a
// FIGURE line beside its goal, and fails only beyond SANITY_FACTOR times the
// goal, which a busy machine does not reach but a hang or a blocked thread
// does. tools/bench_app.sh sets ARCADE_BENCH=1: the tests then measure at
// full length (more samples, the whole data files) on a quiet machine.
export const BENCH = process.env.ARCADE_BENCH === '1';
export const SANITY_FACTOR = 10;

// Prints `FIGURE name: value unit (goal at most G unit: met|missed)` and
// asserts the sanity bound.
export function timingFigure(name, value, goal, {unit = 'ms', detail = ''} = {}) {
  console.log(`FIGURE ${name}: ${value.toFixed(1)} ${unit} (goal at most ${goal} ${unit}: ` +
              `${value <= goal ? 'met' : 'missed'})${detail ? `; ${detail}` : ''}`);
  const bound = goal * SANITY_FACTOR;
  assert.ok(value <= bound, `${name}: ${value.toFixed(1)} ${unit}, beyond the sanity bound of ` +
                                `${bound} ${unit} (${SANITY_FACTOR} times the goal of ${goal} ${unit})`);
}

// Polls `probe` (an async function) until it returns a truthy value, which
// it resolves to; throws `what` after `timeoutMs`.
export async function until(probe, what, timeoutMs = 10000, intervalMs = 50) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await sleep(intervalMs);
  }
}

// Runs checks in order, printing each result, and ends with the summary
// line "N passed, M failed".
export class CheckRunner {
  constructor() {
    this.passed = 0;
    this.failed = 0;
  }

  async check(name, body) {
    const started = Date.now();
    try {
      await body();
      ++this.passed;
      console.log(`PASS ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      ++this.failed;
      console.log(`FAIL ${name} (${Date.now() - started} ms)`);
      console.log(`  ${error && error.stack ? error.stack : error}`.replace(/\n/g, '\n  '));
    }
  }

  // Prints the summary; the process's exit code is non-zero after a failure.
  finish() {
    console.log(`${this.passed} passed, ${this.failed} failed`);
    if (this.failed > 0) process.exitCode = 1;
  }
}

// The version the site's assembly wrote into its service worker.
export function siteVersion(dir) {
  const found = readFileSync(join(dir, 'service_worker.js'), 'utf8')
                    .match(/^const SITE_VERSION = '([^']+)';$/m);
  assert.ok(found, 'service_worker.js has no SITE_VERSION line: was the site assembled?');
  return found[1];
}

// The browser contexts the tests open: a desktop, and a phone at pixel ratio
// 3 with touch.
export const DESKTOP = {viewport: {width: 1280, height: 800}};
export const PHONE =
    {viewport: {width: 390, height: 844}, deviceScaleFactor: 3, hasTouch: true, isMobile: true};
