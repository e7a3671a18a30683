// A crash is said, not hidden (issue 32): in headless Chromium, the app's
// WebAssembly made to die three ways, each after a few moves of a game:
//   - a trap (the test-only command `crash`: __builtin_trap) in the middle
//     of an action: a move played and the trap in the same task, as a
//     control whose handler crashed half-way would leave it, on a desktop;
//   - std::abort (`crash abort`, Emscripten's abort and onAbort), on a phone;
//   - an error thrown inside one of the app's frames (WebGL's clear(), made
//     to throw after a move), which no call from a script sees: the
//     window's 'error'.
// Each time the page says "Something went wrong. Your game is saved." over
// the frozen game with one button, Reload, a finger's size; arcadeState()
// is null; no frame after the crash writes the save (the stored game stays
// the one from before the action that crashed, 30 frames later still); and
// Reload (a click, a tap, the Enter key) reopens that game. Screenshots:
// crash-desktop.png (1280x800) and crash-phone.png (390x844 at pixel ratio
// 3) in ARTIFACTS_DIR.
//
//   node tests/e2e/crash_test.mjs SITE_DIR [ARTIFACTS_DIR]

import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

import {AppPage, movesOf} from './app_page.mjs';
import {CheckRunner, DESKTOP, launchChromium, PHONE, serveFiles} from './lib.mjs';

const [siteDir, artifactsArg] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node crash_test.mjs SITE_DIR [ARTIFACTS_DIR]');
  process.exit(2);
}
const artifacts = artifactsArg || mkdtempSync(join(tmpdir(), 'arcade-crash-shots-'));
mkdirSync(artifacts, {recursive: true});

const CRASH_LINE = 'Something went wrong. Your game is saved.';
const SAVE_KEY = 'minimax-arcade';  // the app's localStorage key (platform_web.cpp)

const savedText = (page) => page.evaluate((key) => localStorage.getItem(key), SAVE_KEY);

// A page of its own with two people at `game`, `moves` played, the save
// written (frames drawn since the last move). No service worker: a reload
// comes from the server.
async function gameInPlay(t, options, game, moves) {
  const context = await t.browser.newContext({...options, serviceWorkers: 'block'});
  const app = new AppPage(await context.newPage(), artifacts);
  await app.load(t.server.url);
  await app.commands('side 0 person', 'side 1 person', `game ${game}`);
  for (const move of moves) await app.command(`play ${move}`);
  await app.frames(5);
  const saved = await savedText(app.page);
  assert.ok(saved && saved.includes(moves.join(' ')), `the save before the crash: ${saved}`);
  return {context, app, saved};
}

// The overlay as a person sees it.
function crashPanel() {
  const overlay = document.getElementById('overlay');
  const visible = (e) => e.offsetParent !== null;
  return {
    shown: !overlay.hidden && getComputedStyle(overlay).display !== 'none',
    text: document.getElementById('status').innerText,
    buttons: [...document.querySelectorAll('#actions button')].filter(visible).map((b) => ({
      label: b.innerText,
      height: b.getBoundingClientRect().height,
      focused: document.activeElement === b,
    })),
    state: window.arcadeState(),
  };
}

// The message, its one button, no app state; the stored game unchanged
// 30 frames later (the app, had it run on, saved at the end of the next).
async function assertCrashSaid(app, saved, what) {
  await app.page
      .waitForFunction(() => !document.getElementById('overlay').hidden, null,
                       {timeout: 10000, polling: 50})
      .catch(() => {});  // what shows instead is said below
  const panel = await app.page.evaluate(crashPanel);
  assert.ok(panel.shown, `${what}: the overlay is not shown (${JSON.stringify(panel)})`);
  assert.equal(panel.text, CRASH_LINE, `${what}: the message`);
  assert.deepEqual(panel.buttons.map((b) => b.label), ['Reload'], `${what}: the buttons`);
  assert.ok(panel.buttons[0].height >= 44, `${what}: Reload is ${panel.buttons[0].height}px tall`);
  assert.ok(panel.buttons[0].focused, `${what}: Reload has the keyboard`);
  assert.equal(panel.state, null, `${what}: arcadeState() after the crash`);
  await app.frames(30);
  assert.equal(await savedText(app.page), saved, `${what}: the save after the crash`);
}

// `reload` (a click, a tap or a key on Reload) reloads the page, and the
// app reopens `game` with `moves`.
async function assertReloadReopens(app, reload, game, moves, what) {
  await Promise.all([app.page.waitForEvent('load'), reload()]);
  await app.page.waitForFunction(() => window.arcadeState && window.arcadeState() !== null, null,
                                 {timeout: 30000});
  const state = await app.state();
  assert.equal(state.game, game, `${what}: the game after Reload`);
  assert.deepEqual(movesOf(state), moves, `${what}: the moves after Reload`);
  assert.equal(await app.page.evaluate(() => document.getElementById('overlay').hidden), true,
               `${what}: the overlay after Reload`);
}

async function centre(page, selector) {
  const box = await page.locator(selector).boundingBox();
  return {x: box.x + box.width / 2, y: box.y + box.height / 2};
}

async function trapMidAction(t) {
  const moves = ['b2', 'a1', 'c3'];
  const {context, app, saved} = await gameInPlay(t, DESKTOP, 'tictactoe', moves);
  try {
    // A move, then the trap, in one task: no frame between them.
    const thrown = await app.page.evaluate(() => {
      const command = (line) => Module.ccall('arcade_command', 'string', ['string'], [line]);
      if (command('play a3') !== 'ok') return 'play a3 refused';
      try {
        command('crash');
        return 'no crash';
      } catch (error) {
        return `${error.name}: ${error.message}`;
      }
    });
    assert.match(thrown, /^RuntimeError: unreachable/, 'the trap');
    await assertCrashSaid(app, saved, 'a trap');
    await app.page.screenshot({path: join(artifacts, 'crash-desktop.png')});
    const at = await centre(app.page, '#reload');
    await assertReloadReopens(app, () => app.page.mouse.click(at.x, at.y), 'tictactoe', moves,
                              'a trap');
    console.log(`  "${CRASH_LINE}"; the half-played a3 not saved; Reload: ${moves.join(' ')}`);
  } finally {
    await context.close();
  }
}

async function abortOnPhone(t) {
  const moves = ['4', '4', '3', '5'];
  const {context, app, saved} = await gameInPlay(t, PHONE, 'connect4', moves);
  try {
    const thrown = await app.page.evaluate(() => {
      try {
        Module.ccall('arcade_command', 'string', ['string'], ['crash abort']);
        return 'no crash';
      } catch (error) {
        return `${error.name}: ${error.message}`;
      }
    });
    assert.match(thrown, /^RuntimeError: Aborted/, 'the abort');
    await assertCrashSaid(app, saved, 'an abort');
    await app.page.screenshot({path: join(artifacts, 'crash-phone.png')});
    const at = await centre(app.page, '#reload');
    await assertReloadReopens(app, () => app.page.touchscreen.tap(at.x, at.y), 'connect4', moves,
                              'an abort');
    console.log(`  Reload tapped: Connect Four ${moves.join(' ')} again`);
  } finally {
    await context.close();
  }
}

// The WebGL context's clear() is the first thing a drawn frame does, before
// the app builds it and writes the save (main.cpp's draw_frame): made to
// throw, the frame after a move dies before that move is saved.
async function errorInFrame(t) {
  const moves = ['b2', 'a1'];
  const {context, app, saved} = await gameInPlay(t, DESKTOP, 'tictactoe', moves);
  try {
    await app.page.evaluate(() => {
      Module.ccall('arcade_command', 'string', ['string'], ['play c3']);
      Module.preinitializedWebGLContext.clear = () => {
        throw new Error('the graphics broke (a test)');
      };
    });
    await assertCrashSaid(app, saved, 'an error in a frame');
    await assertReloadReopens(app, () => app.page.keyboard.press('Enter'), 'tictactoe', moves,
                              'an error in a frame');
    console.log('  the frame\'s error said; Enter on Reload reopens the game');
  } finally {
    await context.close();
  }
}

async function main() {
  const t = {server: await serveFiles(siteDir), browser: await launchChromium()};
  const checks = new CheckRunner();
  try {
    await checks.check('a trap in the middle of an action: said, the game before it saved, Reload',
                       () => trapMidAction(t));
    await checks.check('std::abort on a phone: said, Reload tapped reopens the game',
                       () => abortOnPhone(t));
    await checks.check('an error inside a frame: said, Enter reloads the game before it',
                       () => errorInFrame(t));
  } finally {
    await t.browser.close();
    await t.server.close();
  }
  console.log(`  screenshots in ${artifacts}`);
  checks.finish();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
