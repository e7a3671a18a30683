// A page of the Minimax Arcade app in headless Chromium, driven the way the
// page lets scripts drive it: Module.ccall('arcade_command' | 'arcade_state')
// (src/app/platform/platform_web.cpp), with the console watched. Shared by the app's tests.

import assert from 'node:assert/strict';
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';

import {decodePng, until} from './lib.mjs';

// Runs in the page: resolves after `count` animation frames.
export function afterFrames(count) {
  return new Promise((resolve) => {
    const tick = () => (--count <= 0 ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  });
}

// "key value" lines into an object; a key without a value maps to ''.
export function parseState(text) {
  const state = {};
  for (const line of text.split('\n')) {
    if (!line) continue;
    const space = line.indexOf(' ');
    state[space < 0 ? line : line.slice(0, space)] = space < 0 ? '' : line.slice(space + 1);
  }
  return state;
}

export const movesOf = (state) => (state.moves ? state.moves.split(' ') : []);

// The board's rectangle in CSS pixels, as the app's layout placed it in its
// last frame: {left, top, width, height}.
export function boardRectOf(state) {
  const [left, top, width, height] = state.board_rect.split(' ').map(Number);
  return {left, top, width, height};
}

export class AppPage {
  // `artefactDir`: where screenshot(name) writes; `warnings`: an array that
  // collects console warnings (printed by the test, not failures).
  constructor(page, artefactDir, warnings = []) {
    this.page = page;
    this.artefactDir = artefactDir;
    this.errors = [];  // console errors and uncaught exceptions: each fails a check
    page.on('pageerror', (error) => this.errors.push(`page error: ${error}`));
    page.on('console', (message) => {
      // Where it came from: for "Failed to load resource", the address.
      const where = message.location() && message.location().url;
      if (message.type() === 'error') {
        this.errors.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
      }
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // A request cut short because the page navigated away (a reload while
    // the engine's worker restarts) is not a failure of the site.
    // A response the server refused: its address, which the console's own
    // "Failed to load resource" line leaves out.
    page.on('response', (response) => {
      if (response.status() >= 400) this.errors.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      const reason = request.failure() ? request.failure().errorText : '';
      if (reason !== 'net::ERR_ABORTED') {
        this.errors.push(`request failed: ${request.url()} ${reason}`);
      }
    });
  }

  // Navigates (or reloads) and waits for the app's main(); resolves to the
  // page's clock (ms since navigation) when it had run.
  async load(url) {
    if (url) {
      await this.page.goto(url);
    } else {
      await this.page.reload();
    }
    // The page's overlay shows a loading failure (page.js's fail()): stop
    // waiting then, and say why.
    const outcome = await this.page.waitForFunction(() => {
      if (window.Module && window.Module.calledRun) return {ranAt: performance.now()};
      const panel = document.getElementById('panel');
      return panel && panel.classList.contains('failed') && {failed: panel.textContent};
    }, null, {timeout: 30000, polling: 'raf'});
    const {ranAt, failed} = await outcome.jsonValue();
    if (failed) throw new Error(`the page failed to load: ${failed.trim().replace(/\s+/g, ' ')}`);
    return ranAt;
  }

  // Runs an App::command line; resolves to its reply.
  reply(line) {
    return this.page.evaluate(
        (text) => Module.ccall('arcade_command', 'string', ['string'], [text]), line);
  }

  async command(line) { assert.equal(await this.reply(line), 'ok', `command '${line}'`); }

  async commands(...lines) {
    for (const line of lines) await this.command(line);
  }

  async state() {
    return parseState(
        await this.page.evaluate(() => Module.ccall('arcade_state', 'string', [], [])));
  }

  // Waits until `predicate(state)` holds; resolves to that state.
  waitState(predicate, what, timeoutMs = 10000) {
    return until(async () => {
      const state = await this.state();
      return predicate(state) ? state : null;
    }, what, timeoutMs);
  }

  frames(count) { return this.page.evaluate(afterFrames, count); }

  // The board's rectangle once a frame has laid it out.
  async boardRect() {
    await this.frames(3);
    return boardRectOf(await this.state());
  }

  // The centre of a cell (column from the left, row from the top) of a
  // board of `cols` x `rows`, in CSS pixels.
  async cellCentre(column, row, cols, rows) {
    const r = await this.boardRect();
    return {x: r.left + ((column + 0.5) * r.width) / cols, y: r.top + ((row + 0.5) * r.height) / rows};
  }

  // A click the way a person makes one: the pointer arrives, then a press
  // and a release a few frames apart, so that ImGui sees each in a frame.
  async click({x, y}) {
    await this.page.mouse.move(x, y);
    await this.frames(2);
    await this.page.mouse.down();
    await this.frames(2);
    await this.page.mouse.up();
    await this.frames(2);
  }

  async screenshot(name) {
    const png = await this.page.screenshot();
    if (name) writeFileSync(join(this.artefactDir, name), png);
    return decodePng(png);
  }

  assertNoErrors(what) { assert.deepEqual(this.errors, [], `${what}: console or page errors`); }
}
