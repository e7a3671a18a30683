// The app's screen at several sizes, as its own measurements say
// (App::state: "clipped", "smallest_target", "rect_NAME", see
// src/app/ui_audit.h), with screenshots of each size to look at:
//   1. on a phone, a swipe that starts on a long move list scrolls the
//      panel, so that the sections above the list stay reachable;
//   2. on a touch screen every control, a drop-down's rows among them, is
//      at least 44 points tall;
//   3. no text is cut by its box at 800x600, 1920x1080, and on a phone
//      upright and on its side: the status line, the game tabs, the
//      analysis's notes, the weights' fields at -5000;
//   4. the page and the board take their colours from the app's theme: the
//      site's files carry the app's background, the analysis's bar draws a
//      side in the colour the board draws its pieces.
//
//   node tests/e2e/layout_test.mjs SITE_DIR [ARTEFACT_DIR]
//
// Ends with the line "N passed, M failed"; exits non-zero after a failure.

import assert from 'node:assert/strict';
import {mkdirSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage, movesOf} from './app_page.mjs';
import {CheckRunner, launchChromium, near, serveDirectory} from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node layout_test.mjs SITE_DIR [ARTEFACT_DIR]');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

const TOUCH = {deviceScaleFactor: 3, hasTouch: true, isMobile: true};
const SIZES = {
  small: {viewport: {width: 800, height: 600}},
  desktop: {viewport: {width: 1280, height: 800}},
  large: {viewport: {width: 1920, height: 1080}},
  phone: {viewport: {width: 390, height: 844}, ...TOUCH},
  phone_landscape: {viewport: {width: 844, height: 390}, ...TOUCH},
  // The phone at one pixel a point: the same layout and touch, a ninth of
  // the pixels to draw (the swipes' many frames, CI's time).
  phone_1x: {viewport: {width: 390, height: 844}, ...TOUCH, deviceScaleFactor: 1},
};
// Apple's and Google's least touch target, which docs/playing.md promises.
const TOUCH_TARGET = 44;

async function openApp(browser, url, size) {
  const context = await browser.newContext(SIZES[size]);
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(url);
  await app.frames(3);
  return {context, app};
}

const rectOf = (state, name) => {
  const value = state[`rect_${name}`];
  assert.ok(value, `the state has no rect_${name}`);
  const [left, top, width, height] = value.split(' ').map(Number);
  return {left, top, width, height};
};

// Connect Four moves that end nobody's game: each the first column that
// neither fills up nor makes four in a row (a brute force over the board).
function longConnectFour(count) {
  const cols = 7, rows = 6, board = Array.from({length: cols}, () => []);
  const at = (c, r) => (c >= 0 && c < cols && r >= 0 ? board[c][r] : undefined);
  const wins = (c, r, side) => [[1, 0], [0, 1], [1, 1], [1, -1]].some(([dc, dr]) => {
    let n = 1;
    for (const s of [1, -1])
      for (let k = 1; at(c + s * k * dc, r + s * k * dr) === side; ++k) ++n;
    return n >= 4;
  });
  const moves = [];
  for (let ply = 0; ply < count; ++ply) {
    const side = ply % 2;
    const column = [0, 1, 2, 3, 4, 5, 6].find((c) => {
      if (board[c].length >= rows) return false;
      board[c].push(side);
      const bad = wins(c, board[c].length - 1, side);
      board[c].pop();
      return !bad;
    });
    board[column].push(side);
    moves.push(String(column + 1));
  }
  return moves;
}

// A finger's drag from `from` to `to` (CSS px) in `steps` moves, a frame
// apart, as the touch screen reports it.
async function swipe(app, cdp, from, to, steps = 4) {
  const point = (t) => [{x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t}];
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: point(0)});
  await app.frames(1);
  for (let i = 1; i <= steps; ++i) {
    await cdp.send('Input.dispatchTouchEvent', {type: 'touchMove', touchPoints: point(i / steps)});
    await app.frames(1);
  }
  await cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  await app.frames(2);
}

const within = (rect, outer) =>
    rect.top >= outer.top - 0.5 && rect.top + rect.height <= outer.top + outer.height + 0.5;

async function checkPhoneSwipe(browser, url) {
  const {context, app} = await openApp(browser, url, 'phone_1x');
  try {
    const moves = longConnectFour(16);
    await app.commands('game connect4', 'side 0 person', 'side 1 person', 'new');
    for (const move of moves) await app.command(`play ${move}`);
    const played = await app.waitState((s) => movesOf(s).length === moves.length, 'the long game');
    assert.equal(played.over, '0', 'the long game has not ended');
    // The analysis open, as a learner has it: the toggle then is far above
    // the move list.
    await app.command('analysis on');
    const cdp = await app.page.context().newCDPSession(app.page);
    // Down the panel, swiping on its bottom, until the move list reaches
    // its top (or the panel its end).
    let state = await app.state();
    const panel = rectOf(state, 'panel');
    const x = panel.left + panel.width / 2;
    const shown = (list) => Math.min(list.top + list.height, panel.top + panel.height) -
        Math.max(list.top, panel.top);
    for (let i = 0, last = ''; i < 12 && rectOf(state, 'moves').top > panel.top; ++i) {
      await swipe(app, cdp, {x, y: panel.top + panel.height - 10}, {x, y: panel.top + 30});
      state = await app.state();
      console.log(`  down the panel: the move list at ${rectOf(state, 'moves').top}`);
      if (state.rect_moves === last) break;  // the panel's end
      last = state.rect_moves;
    }
    const list = rectOf(state, 'moves');
    console.log(`  panel ${JSON.stringify(panel)}, move list ${JSON.stringify(list)}`);
    assert.ok(shown(list) >= 40, 'the move list does not show in the panel');
    // Back up, swiping from the panel's top: each swipe moves the panel
    // with the finger, those that start on a move of the list too, until
    // Analysis shows.
    let onList = 0;
    for (let i = 0; i < 10 && !within(rectOf(state, 'analysis_toggle'), panel); ++i) {
      const list = rectOf(state, 'moves'), before = rectOf(state, 'analysis_toggle');
      const y = panel.top + 20, x = list.left + list.width * 0.3;  // a move, not a gap
      const startsOnList = list.top < y && y < list.top + list.height;
      await swipe(app, cdp, {x, y}, {x, y: y + 200});
      state = await app.state();
      const moved = rectOf(state, 'analysis_toggle').top - before.top;
      console.log(`  swipe ${i} ${startsOnList ? 'on' : 'off'} the list: the panel moved ${moved}`);
      assert.ok(moved > 160, `a swipe ${startsOnList ? 'on' : 'off'} the move list moved the panel ${moved} points, not 200`);
      onList += startsOnList;
      assert.equal(movesOf(state).length, moves.length,
                   `a swipe ${startsOnList ? 'on' : 'off'} the move list went to another move`);
    }
    assert.ok(onList > 0, 'no swipe started on the move list');
    await app.screenshot('layout_phone_back_up.png');
    const toggle = rectOf(state, 'analysis_toggle');
    assert.ok(within(toggle, panel),
              `swipes on the move list never bring Analysis (${JSON.stringify(toggle)}) into ` +
                  `the panel (${JSON.stringify(panel)})`);
    assert.equal(movesOf(state).length, moves.length, 'a swipe went to another move');
    app.assertNoErrors('swiping on a phone');
  } finally {
    await context.close();
  }
}

async function checkTouchTargets(browser, url) {
  const {context, app} = await openApp(browser, url, 'phone');
  try {
    await app.commands('game tictactoe', 'side 0 person', 'side 1 ai 2', 'new', 'analysis on');
    await app.frames(3);
    let state = await app.state();
    console.log(`  closed: smallest ${state.smallest_target}`);
    const who = rectOf(state, 'side1_who');
    await app.page.touchscreen.tap(who.left + who.width / 2, who.top + who.height / 2);
    await app.frames(4);
    await app.screenshot('layout_phone_dropdown.png');
    state = await app.state();
    console.log(`  a drop-down open: smallest ${state.smallest_target}`);
    assert.ok(state.smallest_target, 'no touch target measured');
    const [height, ...what] = state.smallest_target.split(' ');
    assert.ok(Number(height) >= TOUCH_TARGET - 0.5,
              `${what.join(' ')} is ${height} points tall on a touch screen`);
    // AI against AI, paused: Resume (the heading's small button on a
    // desktop) is a finger's size too.
    await app.page.touchscreen.tap(who.left + who.width / 2, who.top + who.height / 2);
    await app.commands('side 0 ai 1', 'side 1 ai 1', 'pause');
    await app.frames(4);
    state = await app.state();
    await app.screenshot('layout_phone_paused.png');
    console.log(`  paused AI against AI: smallest ${state.smallest_target}`);
    const [paused, ...pausedWhat] = state.smallest_target.split(' ');
    assert.ok(Number(paused) >= TOUCH_TARGET - 0.5,
              `${pausedWhat.join(' ')} is ${paused} points tall on a touch screen`);
    app.assertNoErrors('touch targets');
  } finally {
    await context.close();
  }
}

// Everything that may be cut at `size`: each game's tab and status line, the
// analysis's note on a book position, the lab's weights at +-5000.
async function checkNothingClipped(browser, url, size) {
  const {context, app} = await openApp(browser, url, size);
  const found = [];
  const look = async (what, shot) => {
    await app.frames(4);
    const state = await app.state();
    if (state.clipped) found.push(`${what}: ${state.clipped}`);
    if (shot) await app.screenshot(`layout_${size}_${shot}.png`);
    return state;
  };
  try {
    for (const game of ['tictactoe', 'wolfsheep']) {
      await app.commands(`game ${game}`, 'side 0 person', 'side 1 person', 'new');
      await look(game, game);
    }
    await app.commands('game connect4', 'side 0 person', 'side 1 person', 'new', 'play 4',
                       'analysis on');
    await app.waitState((s) => Number(s.analysis_depth) > 0, 'the analysis of a book position');
    await look('the analysis', 'analysis');
    await app.commands('analysis off', 'lab on');
    const terms = (await app.state()).eval_terms.split(' ').map((t) => t.split(':')[0]);
    // -5000 is the widest of the weights the issue saw cut ("500(", "-500").
    for (const term of terms) await app.command(`weight ${term} -5000`);
    await look('weights -5000', 'weights');
    await app.commands('lab off');
    assert.deepEqual(found, [], `text cut at ${size}`);
    app.assertNoErrors(`the screen at ${size}`);
  } finally {
    await context.close();
  }
}

const hex = (rgb) => '#' + rgb.map((c) => c.toString(16).padStart(2, '0')).join('');
const rgbOf = (text) => [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));

async function checkColours(browser, url) {
  const {context, app} = await openApp(browser, url, 'desktop');
  try {
    const state = await app.state();
    const background = state.theme_background;
    assert.match(background || '', /^#[0-9a-f]{6}$/, 'the app says its background');
    // The site's files: the app's background, and no other.
    const files = {
      'style.css': /--background:\s*(#[0-9a-fA-F]{6})/,
      'index.html': /name="theme-color" content="(#[0-9a-fA-F]{6})"/,
      'manifest.webmanifest': /"background_color":\s*"(#[0-9a-fA-F]{6})"/,
    };
    for (const [file, pattern] of Object.entries(files)) {
      const text = readFileSync(join(siteDir, file), 'utf8');
      const found = text.match(pattern);
      assert.ok(found, `${file} names no background`);
      assert.equal(found[1].toLowerCase(), background, `${file}'s background`);
    }
    const manifest = JSON.parse(readFileSync(join(siteDir, 'manifest.webmanifest'), 'utf8'));
    assert.equal(manifest.theme_color.toLowerCase(), background, 'the manifest\'s theme colour');
    // The canvas's clear colour, in the top bar's corner.
    const shot = await app.screenshot();
    assert.ok(near(shot.pixel(2, 2), rgbOf(background), 2),
              `the app clears to ${shot.pixel(2, 2)}, its theme says ${background}`);
    // X's colour: the analysis's bar and the board's cross.
    await app.commands('game tictactoe', 'side 0 person', 'side 1 person', 'new', 'play b2',
                       'analysis on');
    await app.waitState((s) => Number(s.analysis_depth) > 0, 'the analysis');
    await app.frames(4);
    const after = await app.state();
    const [first] = after.theme_sides.split(' ');
    const bar = rectOf(after, 'evaluation_bar');
    const panelShot = await app.screenshot('layout_colours.png');
    const barPixel = panelShot.pixel(Math.round(bar.left + 3), Math.round(bar.top + bar.height / 2));
    assert.ok(near(barPixel, rgbOf(first), 2), `the bar draws X in ${hex(barPixel)}, the theme ${first}`);
    const board = (await app.boardRect());
    let crossPixels = 0;
    for (let y = board.top + board.height / 3; y < board.top + (2 * board.height) / 3; ++y)
      for (let x = board.left + board.width / 3; x < board.left + (2 * board.width) / 3; ++x)
        if (near(panelShot.pixel(Math.round(x), Math.round(y)), rgbOf(first), 3)) ++crossPixels;
    console.log(`  X: ${first}, the bar ${hex(barPixel)}, ${crossPixels} pixels of the cross`);
    assert.ok(crossPixels > 50, `the board's cross has ${crossPixels} pixels of ${first}`);
    app.assertNoErrors('colours');
  } finally {
    await context.close();
  }
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
const runner = new CheckRunner();
try {
  const url = server.url;
  await runner.check('a swipe on the move list scrolls the phone\'s panel',
                     () => checkPhoneSwipe(browser, url));
  await runner.check('touch targets of 44 points, drop-downs too', () => checkTouchTargets(browser, url));
  // 1280x800 is e2e_player's and e2e_app's; the others are where text was cut.
  for (const size of ['small', 'large', 'phone', 'phone_landscape'])
    await runner.check(`no text cut at ${size}`, () => checkNothingClipped(browser, url, size));
  await runner.check('the page and the board in the theme\'s colours', () => checkColours(browser, url));
} finally {
  await browser.close();
  server.close();
}
runner.finish();
