// No control crashes the app (issue 32): the built site in headless
// Chromium, driven by real clicks, keys, taps and swipes only.
//
//   1. The menu sweep, on a desktop page: every choice of every menu of
//      every game. Each game's tab (found by its colour in the top bar),
//      its minimax lab (every control the lab and its weights draw, found
//      by colour: the algorithm, the options, the node limit's list, run,
//      replay, zoom, the weights' presets, Pac-Man's comparison), the
//      analysis, each level for each side in the players' drop-downs, each
//      start in the start drop-down and "Your own ..." with its Cancel; the
//      settings menu's items. The app says where it drew its controls
//      (App::state's `widgets` and `rect_*` lines, in points); a drop-down's
//      rows lie under it at the theme's pitch (src/app/theme.cpp).
//   2. The browser monkey: a seeded stream of at least 2,000 actions across
//      the games, on the desktop page and on a phone-sized touch page
//      (390x844, pixel ratio 3) at once: clicks and taps at random points
//      and on the controls the state names, on the board and the move list,
//      drop-downs opened and a random row chosen, the settings menu, keys
//      (arrows, Enter, Space, W A S D, N U R H S P M A L, Escape), swipes,
//      a few frames between actions so that the AI thinks.
//
// After every action: a console error, a page error, or arcadeState()
// turning null or empty fails the check, naming the game, the menu and the
// choice (the sweep, which then goes on in a fresh page) or printing the
// seed and the last actions (the monkey, which stops).
//
//   node tests/e2e/menu_monkey_test.mjs SITE_DIR [ARTEFACT_DIR] [--seed=N] [--actions=N]
//                                       [--monkey-only]
//
// The seed and the monkey's length also come from MONKEY_SEED and
// MONKEY_ACTIONS. Prints FIGURE lines: the sweep's choices and the monkey's
// actions, each with its time.

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage} from './app_page.mjs';
import {bytes, CheckRunner, decodePng, DESKTOP, launchChromium, near, PHONE, serveDirectory}
    from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const flagOf = (name) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : undefined;
};
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts')] =
    process.argv.slice(2).filter((a) => !a.startsWith('--'));
const SEED = Number(flagOf('seed') ?? process.env.MONKEY_SEED ?? 32);
const ACTIONS = Number(flagOf('actions') ?? process.env.MONKEY_ACTIONS ?? 2000);
const MONKEY_ONLY = process.argv.includes('--monkey-only');  // to rerun a seed
if (!siteDir || !Number.isSafeInteger(SEED) || !Number.isSafeInteger(ACTIONS) || ACTIONS < 1) {
  console.error('usage: node menu_monkey_test.mjs SITE_DIR [ARTEFACT_DIR] [--seed=N] [--actions=N] ' +
                '[--monkey-only]');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

// --- The app's measures ---------------------------------------------------

// In points, from src/app/theme.cpp and app_layout.cpp: a list's row is a
// line of text (a finger's height on a touch screen) and the gap between
// items; a popup's padding; the top bar's height.
const ROW = {desktop: 16, touch: 44};
const GAP_Y = {desktop: 10, touch: 12};
const GAP_X = 10;
const POPUP_PAD = 14;
const TOP_BAR = 56;
// The top bar's empty stretch between the name and the tabs: a click there
// closes an open popup and does nothing else.
const NEUTRAL = {x: 250, y: TOP_BAR / 2};

// The palette's colours of a control (src/app/theme.h): raised, hovered,
// pressed, accent (a primary button, the chosen tab) and the accent
// hovered; a popup's border.
const CONTROL_COLOURS = [
  [0.153, 0.184, 0.255], [0.196, 0.235, 0.325], [0.235, 0.282, 0.392], [0.298, 0.490, 1.000],
  [0.388, 0.565, 1.000],
].map(bytes);
const LINE_COLOUR = bytes([0.200, 0.235, 0.310]);

// A small seeded generator (mulberry32): the same actions for the same seed.
function randomGenerator(seed) {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// --- What the app says --------------------------------------------------

function stateText(app) {
  return app.page.evaluate(() => Module.ccall('arcade_state', 'string', [], []));
}

// The state and arcadeState() in one trip to the page (the monkey's every
// action asks for both).
async function probe(app) {
  const {text, shown} = await app.page.evaluate(() => {
    const shown = window.arcadeState();
    return {text: shown ? Module.ccall('arcade_state', 'string', [], []) : '', shown};
  });
  return {...readState(text), shown};
}

// The state's lines as {key: value}, and where the last frame drew its
// controls: the `widgets` line ("name:left,top,width,height") and the
// `rect_NAME left top width height` lines (names may hold spaces).
function readState(text) {
  const state = {}, rects = new Map();
  for (const line of text.split('\n')) {
    const rect = line.match(/^rect_(.+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+)$/);
    if (rect) {
      const [x, y, w, h] = rect.slice(2).map(Number);
      rects.set(rect[1], {x, y, w, h});
      continue;
    }
    const space = line.indexOf(' ');
    if (line) state[space < 0 ? line : line.slice(0, space)] = space < 0 ? '' : line.slice(space + 1);
  }
  for (const word of (state.widgets || '').split(' ').filter(Boolean)) {
    const at = word.lastIndexOf(':');
    const [x, y, w, h] = word.slice(at + 1).split(',').map(Number);
    rects.set(word.slice(0, at), {x, y, w, h});
  }
  return {state, rects};
}
const look = async (app) => readState(await stateText(app));
const centre = (r) => ({x: r.x + r.w / 2, y: r.y + r.h / 2});
const bottom = (r) => r.y + r.h;
const boardOf = (state) => {
  const [x, y, w, h] = state.board_rect.split(' ').map(Number);
  return {x, y, w, h};
};

// Why the app is not well: the page's console errors and uncaught
// exceptions since the last look, and arcadeState() null (the app no longer
// runs) or empty. An empty list when all is well.
async function troubles(app, shown = undefined) {
  const found = [...app.errors];
  app.errors.length = 0;
  if (shown === undefined) {
    try {
      shown = await app.page.evaluate(() => window.arcadeState());
    } catch (error) {
      found.push(`arcadeState() threw: ${error.message.split('\n')[0]}`);
      return found;
    }
  }
  if (shown === null) found.push('arcadeState() is null: the app no longer runs');
  else if (!shown.game || shown.position === null) found.push(`arcadeState() is empty: ${JSON.stringify(shown)}`);
  return found;
}

// --- Input, as a person gives it -------------------------------------------

// A press and a release a frame apart, the pointer there first, so that
// Dear ImGui sees the press in one frame and the release in the next.
async function click(app, {x, y}, after = 1) {
  await Promise.all([app.page.mouse.move(x, y), app.page.mouse.down()]);
  await app.frames(1);
  await app.page.mouse.up();
  await app.frames(after);
}

async function press(app, key) {
  await Promise.all([app.page.keyboard.down(key), app.page.keyboard.up(key)]);
  await app.frames(1);
}

// A finger's tap and swipe, as the touch screen reports them.
async function tap(phone, {x, y}) {
  await phone.cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: [{x, y}]});
  await phone.app.frames(1);
  await phone.cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  await phone.app.frames(1);
}

async function swipe(phone, from, to, steps = 3) {
  const at = (t) => [{x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t}];
  await phone.cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: at(0)});
  for (let i = 1; i <= steps; ++i) {
    await phone.app.frames(1);
    await phone.cdp.send('Input.dispatchTouchEvent', {type: 'touchMove', touchPoints: at(i / steps)});
  }
  await phone.app.frames(1);
  await phone.cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []});
  await phone.app.frames(1);
}

// The centre of row `row` of the list a drop-down at `combo` opens under
// it, the rows `pitch` apart.
function rowUnder(combo, row, touch) {
  const kind = touch ? 'touch' : 'desktop';
  return {
    x: combo.x + Math.min(combo.w / 2, 60),
    y: bottom(combo) + POPUP_PAD + row * (ROW[kind] + GAP_Y[kind]) + ROW[kind] / 2,
  };
}

// The start drop-down's rows, once open: its starts, then (after a
// separator) "Your own ..." (the `own_start_open` widget), whose place
// gives the number of starts above it.
function startRows(combo, own, touch) {
  const kind = touch ? 'touch' : 'desktop';
  const pitch = ROW[kind] + GAP_Y[kind];
  const separator = 1 + GAP_Y[kind];
  const ownTop = own.y + Math.floor(GAP_Y[kind] / 2);  // the row drawn, without its share of the gap
  const count = Math.round((ownTop - separator - bottom(combo) - POPUP_PAD) / pitch);
  const rows = [];
  for (let i = 0; i < count; ++i) rows.push(rowUnder(combo, i, touch));
  return {rows, own: centre(own)};
}

// --- Controls found by their colour ----------------------------------------

// The controls drawn in `clip` (points) of a page at `scale` pixels a
// point: each region of a control's colours (a button, a box, a field, a
// slider, a radio button), as {x, y, w, h} in points.
async function controlsIn(app, clip, scale) {
  const png = decodePng(await app.page.screenshot({clip}));
  const {width, height, pixel} = png;
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; ++y)
    for (let x = 0; x < width; ++x) {
      const p = pixel(x, y);
      if (CONTROL_COLOURS.some((c) => near(p, c, 2))) mask[y * width + x] = 1;
    }
  const found = [];
  const stack = [];
  for (let start = 0; start < mask.length; ++start) {
    if (mask[start] !== 1) continue;
    let left = width, top = height, right = -1, low = -1;
    mask[start] = 2;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop(), x = i % width, y = (i - x) / width;
      left = Math.min(left, x), right = Math.max(right, x);
      top = Math.min(top, y), low = Math.max(low, y);
      for (const j of [x > 0 ? i - 1 : -1, x + 1 < width ? i + 1 : -1, i - width, i + width])
        if (j >= 0 && j < mask.length && mask[j] === 1) {
          mask[j] = 2;
          stack.push(j);
        }
    }
    const w = (right - left + 1) / scale, h = (low - top + 1) / scale;
    // A scrollbar's thumb and a glyph's stroke are no controls.
    if (w >= 14 && h >= 14) found.push({x: clip.x + left / scale, y: clip.y + top / scale, w, h});
  }
  return found;
}

// Whether a popup opened under `control`: its border runs down from the
// control's bottom at the control's left edge.
async function popupUnder(app, control) {
  const clip = {x: Math.max(0, control.x - 3), y: bottom(control), width: 8, height: 220};
  const png = decodePng(await app.page.screenshot({clip}));
  for (let x = 0; x < png.width; ++x) {
    let run = 0, end = -1;
    for (let y = 0; y < png.height; ++y) {
      run = near(png.pixel(x, y), LINE_COLOUR, 6) ? run + 1 : 0;
      if (run >= 24) end = y;
    }
    if (end >= 0) return {bottom: bottom(control) + end + 10};  // the rounded corner's 10
  }
  return null;
}

// --- The sweep ------------------------------------------------------------

class Sweep {
  constructor(browser, url) {
    this.browser = browser;
    this.url = url;
    this.failures = [];
    this.choices = 0;
    this.menus = new Set();
    this.foundByColour = 0;
  }

  async open() {
    if (this.context) await this.context.close();
    this.context = await this.browser.newContext(DESKTOP);
    this.app = new AppPage(await this.context.newPage(), artefactDir);
    await this.app.load(this.url);
    await this.app.frames(3);
    this.width = DESKTOP.viewport.width;
  }

  // Runs one choice: `body` clicks; then the app must be well. A failure
  // is noted with `where` and the sweep goes on in a fresh page. Resolves
  // to whether the app survived.
  async choice(where, body) {
    ++this.choices;
    this.menus.add(where.split(' > ').slice(0, 2).join(' > '));
    let found;
    try {
      await body();
      await this.app.frames(1);
      found = await troubles(this.app);
    } catch (error) {
      found = [...(await troubles(this.app).catch(() => [])), `${error.message.split('\n')[0]}`];
    }
    if (found.length === 0) return true;
    const said = `${where}: ${found.join('; ')}`;
    console.log(`  FAILED ${said}`);
    this.failures.push(said);
    await this.app.screenshot(`menu_sweep_failure_${this.failures.length}.png`).catch(() => {});
    await this.open();
    return false;
  }

  // The games' tabs: the controls in the top bar left of Settings, in the
  // state's order of games.
  async findTabs() {
    const {state, rects} = await look(this.app);
    const frame = rects.get('side0_who').h;
    const settingsLeft = this.width - 12 - (frame + 70);
    const inBar = await controlsIn(this.app, {x: 0, y: 0, width: this.width, height: TOP_BAR}, 1);
    const tabs = inBar.filter((c) => c.x + c.w < settingsLeft).sort((a, b) => a.x - b.x);
    const games = state.games.split(' ');
    assert.equal(tabs.length, games.length, `the top bar's tabs: ${JSON.stringify(tabs)}`);
    this.tabs = new Map(games.map((g, i) => [g, centre(tabs[i])]));
    this.settings = {x: this.width - 12 - (frame + 70) / 2, y: TOP_BAR / 2};
    return games;
  }

  async toGame(game) {
    await click(this.app, this.tabs.get(game), 2);
    const {state} = await look(this.app);
    assert.equal(state.game, game, `a click on ${game}'s tab`);
  }

  async gameChoice(game, where, body) {
    return this.choice(`${game} > ${where}`, async () => {
      if ((await look(this.app)).state.game !== game) await this.toGame(game);
      await body();
    });
  }

  async everyTab() {
    for (const game of this.tabs.keys()) await this.choice(`${game} > its tab`, () => this.toGame(game));
  }

  // Each row of a side's drop-down: Person, then the AI at each level,
  // ending on Person (no AI thinks while the other menus are swept).
  async players(game) {
    for (const side of [1, 0]) {
      for (const row of [1, 2, 3, 4, 5, 0]) {
        const label = row === 0 ? 'Person' : `AI level ${row}`;
        await this.gameChoice(game, `side ${side}'s player > ${label}`, async () => {
          const combo = (await look(this.app)).rects.get(`side${side}_who`);
          await click(this.app, centre(combo), 2);
          await click(this.app, rowUnder(combo, row, false));
          const said = (await look(this.app)).state[`side${side}`];
          assert.match(said, row === 0 ? /^human / : new RegExp(`^ai ${row}$`),
                       `side ${side} after its row '${label}'`);
        });
      }
    }
  }

  // Each start in the start drop-down, "Your own ..." and its Cancel, then
  // back to the first start.
  async starts(game, menu) {
    const open = async () => {
      const {rects} = await look(this.app);
      await click(this.app, centre(rects.get('start')), 2);
      const own = (await look(this.app)).rects.get('own_start_open');
      assert.ok(own, 'the start drop-down opened ("Your own ..." drawn)');
      return startRows(rects.get('start'), own, false);
    };
    let count = 0;
    await this.gameChoice(game, `${menu} > open`, async () => {
      if (!(await look(this.app)).rects.get('start')) return;  // one start: no drop-down
      count = (await open()).rows.length;
      await click(this.app, NEUTRAL);
    });
    if (count === 0) return;
    const names = [];
    for (let row = 1; row <= count; ++row) {
      const which = row < count ? row : 0;  // the first start last
      await this.gameChoice(game, `${menu} > row ${which + 1} of ${count}`, async () => {
        await click(this.app, (await open()).rows[which], 3);
        const {state} = await look(this.app);
        names.push((state.share.match(/start=([^&]*)/) || [])[1] || state.start);
      });
    }
    await this.gameChoice(game, `${menu} > Your own ... > Cancel`, async () => {
      await click(this.app, (await open()).own, 2);
      const play = (await look(this.app)).rects.get('own_start_play');
      assert.ok(play, 'the own start\'s box and its Play it button');
      await click(this.app, {x: play.x + play.w + GAP_X + play.w / 2, y: play.y + play.h / 2}, 2);
      assert.ok(!(await look(this.app)).rects.get('own_start'), 'Cancel closes the box');
    });
    console.log(`  ${game}: ${menu}: ${names.join(', ')}`);
  }

  async analysis(game) {
    for (const on of ['1', '0']) {
      await this.gameChoice(game, `Analysis ${on === '1' ? 'on' : 'off'}`, async () => {
        const toggle = (await look(this.app)).rects.get('analysis_toggle');
        await click(this.app, {x: toggle.x + toggle.h / 2, y: centre(toggle).y}, 2);
        assert.equal((await look(this.app)).state.analysis, on, 'the analysis toggled');
      });
    }
  }

  // The settings menu's rows, up from "Keep moving" (the `steady` widget):
  // each checkbox ticked and unticked, the pace's slider set.
  async settingsMenu(game) {
    const pref = (state, name) => state.prefs.match(new RegExp(`${name} (\\d+)`))[1];
    const rows = [['Sound', 'sound', 202], ['Animations', 'motion', 158], ['the AI\'s pace', 'pace', 88],
                  ['Think on your time', 'think', 44], ['Keep moving', 'steady', 0]];
    for (const [label, name, above] of rows) {
      for (const time of name === 'pace' ? [1] : [1, 2]) {
        await this.gameChoice(game, `Settings > ${label}${time === 2 ? ' again' : ''}`, async () => {
          await click(this.app, this.settings, 2);
          const steady = (await look(this.app)).rects.get('steady');
          assert.ok(steady, 'the settings menu opened (Keep moving drawn)');
          const before = pref((await look(this.app)).state, name);
          // A checkbox by its box; the slider at a third of its track.
          const x = name === 'pace' ? steady.x + 100 : steady.x + steady.h / 2;
          await click(this.app, {x, y: centre(steady).y - above}, 2);
          const after = pref((await look(this.app)).state, name);
          assert.notEqual(after, before, `${label}: the preference changed`);
          await click(this.app, NEUTRAL, 2);
        });
      }
    }
  }

  // The lab, opened by its checkbox (the row above Analysis), and every
  // control under it found by colour, clicked bottom up (a click changes
  // the layout below it, not above); a drop-down's rows each chosen. The
  // panel scrolls (the wheel) until its end.
  async lab(game) {
    let labBox;
    await this.gameChoice(game, 'Minimax lab on', async () => {
      const {rects} = await look(this.app);
      const toggle = rects.get('analysis_toggle');
      labBox = {x: toggle.x, y: toggle.y - toggle.h - GAP_Y.desktop, w: toggle.h, h: toggle.h};
      await click(this.app, centre(labBox), 2);
      assert.equal((await look(this.app)).state.lab, '1', 'the lab opened');
    });
    const clicked = new Set();
    for (let pass = 0; pass < 16; ++pass) {
      await this.app.page.mouse.move(NEUTRAL.x, NEUTRAL.y);
      await this.app.frames(2);
      const {state, rects} = await look(this.app);
      if (state.lab !== '1') return;
      const panel = rects.get('panel');
      // How far the panel has scrolled: Undo is its first control.
      const scrolled = 70 - rects.get('button_Undo').y;
      const end = rects.get('share_field').y - rects.get('share_field').h - GAP_Y.desktop - 2;
      const key = (c) => `${Math.round((c.x + c.w / 2) / 8)}:${Math.round((c.y + scrolled) / 8)}`;
      const found = (await controlsIn(this.app, {x: panel.x, y: panel.y, width: panel.w, height: panel.h}, 1))
          .filter((c) => c.y + scrolled > bottom(labBox) && bottom(c) < end &&
                         c.y >= panel.y && bottom(c) <= bottom(panel) - 1 && !clicked.has(key(c)))
          .sort((a, b) => bottom(b) - bottom(a) || b.x - a.x);
      if (found.length === 0) {
        if (bottom(rects.get('share_field')) <= bottom(panel)) break;  // the panel's end shows
        await this.app.page.mouse.move(panel.x + panel.w / 2, panel.y + panel.h / 2);
        await this.app.page.mouse.wheel(0, 300);
        await this.app.frames(3);
        continue;
      }
      for (const control of found) {
        clicked.add(key(control));
        ++this.foundByColour;
        const where = `lab > the control at ${Math.round(control.x)},${Math.round(control.y + scrolled)} ` +
                      `(${Math.round(control.w)}x${Math.round(control.h)})`;
        let popup = null;
        const survived = await this.gameChoice(game, where, async () => {
          await click(this.app, centre(control));
          if (control.h > 30 && control.h < 38 && control.w >= 60) popup = await popupUnder(this.app, control);
          if (popup) await click(this.app, NEUTRAL);
        });
        if (!survived) return;
        if (!popup) continue;
        const pitch = ROW.desktop + GAP_Y.desktop;
        const count = Math.round((popup.bottom - bottom(control) - 2 * POPUP_PAD + GAP_Y.desktop) / pitch);
        for (let row = 0; row < count; ++row) {
          const ok = await this.gameChoice(game, `${where} > row ${row + 1} of ${count}`, async () => {
            await click(this.app, centre(control), 2);
            await click(this.app, rowUnder(control, row, false), 2);
          });
          if (!ok) return;
        }
      }
    }
    await this.gameChoice(game, 'Minimax lab off', async () => {
      for (let i = 0; i < 30 && (await look(this.app)).rects.get('button_Undo').y < 70; ++i) {
        await this.app.page.mouse.move(1088, 400);
        await this.app.page.mouse.wheel(0, -600);
        await this.app.frames(2);
      }
      await click(this.app, centre(labBox), 2);
      assert.equal((await look(this.app)).state.lab, '0', 'the lab closed');
    });
  }
}

async function sweepMenus(browser, url) {
  const started = Date.now();
  const sweep = new Sweep(browser, url);
  await sweep.open();
  const games = await sweep.findTabs();
  await sweep.everyTab();
  for (const game of games) {
    // The starts first, on a game without moves (the replaced game is
    // then dropped, not kept for undo), and again after the lab (its
    // comparison may still run) and the AI's levels.
    await sweep.starts(game, 'start');
    if (game === games[0]) await sweep.settingsMenu(game);
    await sweep.lab(game);
    await sweep.analysis(game);
    await sweep.players(game);
    await sweep.starts(game, 'start again');
    console.log(`  ${game}: swept (${sweep.choices} choices so far)`);
  }
  await sweep.context.close();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`FIGURE menu_sweep: ${sweep.choices} choices in ${sweep.menus.size} menus of ` +
              `${games.length} games by clicks (${sweep.foundByColour} lab controls found by colour), ` +
              `${sweep.failures.length} failed, in ${seconds} s`);
  assert.deepEqual(sweep.failures, [], 'choices after which the app failed');
}

// --- The monkey -----------------------------------------------------------

const KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', 'Space', 'w', 'a', 's',
              'd', 'n', 'u', 'r', 'h', 's', 'p', 'm', 'a', 'l', 'Escape'];

// One page's share of the monkey: its own stream of actions from the seed.
class Monkey {
  constructor(label, context, app, touch, seed) {
    this.label = label;
    this.context = context;
    this.app = app;
    this.touch = touch;
    this.random = randomGenerator(seed);
    this.done = 0;
    this.log = [];
    const {width, height} = (touch ? PHONE : DESKTOP).viewport;
    this.width = width;
    this.height = height;
  }

  int(n) { return Math.floor(this.random() * n); }
  pick(list) { return list[this.int(list.length)]; }
  within(r) { return {x: r.x + 1 + this.random() * (r.w - 2), y: r.y + 1 + this.random() * (r.h - 2)}; }
  anywhere() { return {x: this.random() * this.width, y: this.random() * this.height}; }
  round(p) { return `${Math.round(p.x)},${Math.round(p.y)}`; }

  // A point of a control may lie off the screen (the panel scrolls): a
  // finger or a pointer reaches the screen's edge only.
  async press({x, y}) {
    const on = {x: Math.min(Math.max(x, 1), this.width - 1), y: Math.min(Math.max(y, 1), this.height - 1)};
    return this.touch ? tap(this, on) : click(this.app, on);
  }

  // The controls the state names: the widgets and the rectangles, the
  // panel as a whole left out (a point in it is a random click's job).
  named(rects) { return [...rects.keys()].filter((n) => n !== 'panel' && n !== 'tooltip'); }

  // One random action on the page whose state is `state` and `rects`;
  // resolves to its description.
  async act(state, rects) {
    const roll = this.random();
    const board = boardOf(state);
    const game = state.game;
    if (roll < 0.14) {
      const p = this.anywhere();
      await this.press(p);
      return `${game}: ${this.touch ? 'tap' : 'click'} at ${this.round(p)}`;
    }
    if (roll < 0.32) {
      const names = this.named(rects);
      const name = this.pick(names);
      const p = this.within(rects.get(name));
      await this.press(p);
      return `${game}: ${this.touch ? 'tap' : 'click'} on ${name} at ${this.round(p)}`;
    }
    if (roll < 0.42) {
      if (this.touch && board.w > 20 && this.random() < 0.6) {
        const from = this.within(board);
        const length = 40 + this.random() * 120;
        const [dx, dy] = this.pick([[1, 0], [-1, 0], [0, 1], [0, -1]]);
        await swipe(this, from, {x: from.x + dx * length, y: from.y + dy * length});
        return `${game}: swipe on the board from ${this.round(from)} by ${dx * length | 0},${dy * length | 0}`;
      }
      const p = this.within(board);
      await this.press(p);
      return `${game}: ${this.touch ? 'tap' : 'click'} on the board at ${this.round(p)}`;
    }
    if (roll < 0.56) {
      const key = this.pick(KEYS);
      await press(this.app, key);
      return `${game}: key ${key}`;
    }
    if (roll < 0.72) return this.dropDown(state, rects);
    if (roll < 0.78) {
      const moves = [...rects.keys()].filter((n) => /^move\d+$/.test(n));
      if (moves.length === 0) return this.tab();
      const name = this.pick(moves);
      await this.press(centre(rects.get(name)));
      return `${game}: the move list's ${name}`;
    }
    if (roll < 0.84) return this.tab();
    if (roll < 0.88) return this.settingsRow(rects, game);
    if (roll < 0.93) {
      const panel = rects.get('panel');
      const dy = (this.random() < 0.5 ? -1 : 1) * (100 + this.int(300));
      if (this.touch) {
        const from = {x: panel.x + panel.w / 2, y: panel.y + panel.h / 2};
        await swipe(this, from, {x: from.x, y: from.y + dy / 2});
      } else {
        await this.app.page.mouse.move(panel.x + panel.w / 2, panel.y + panel.h / 2);
        await this.app.page.mouse.wheel(0, dy);
        await this.app.frames(1);
      }
      return `${game}: the panel scrolled by ${dy}`;
    }
    const frames = 4 + this.int(20);
    await this.app.frames(frames);
    return `${game}: ${frames} frames`;
  }

  async tab() {
    // The tabs share the top bar's middle on a desktop, the second row on a phone.
    const p = this.touch ? {x: 16 + this.random() * (this.width - 32), y: TOP_BAR + 20}
                         : {x: this.width / 2 - 260 + this.random() * 520, y: TOP_BAR / 2};
    await this.press(p);
    return `a tab at ${this.round(p)}`;
  }

  async dropDown(state, rects) {
    const combos = ['start', 'side0_who', 'side1_who'].filter((n) => rects.has(n));
    const name = this.pick(combos);
    const combo = rects.get(name);
    await this.press(centre(combo));
    await this.app.frames(1);
    let point, what;
    if (name === 'start') {
      const own = (await look(this.app)).rects.get('own_start_open');
      if (!own) {
        point = this.anywhere();
        what = `a point ${this.round(point)} (no list showed)`;
      } else {
        const {rows, own: ownRow} = startRows(combo, own, this.touch);
        const row = this.int(rows.length + 1);
        point = row < rows.length ? rows[row] : ownRow;
        what = row < rows.length ? `row ${row + 1} of ${rows.length}` : 'Your own ...';
      }
    } else {
      // Person or the quick levels mostly: Expert and Perfect think for
      // seconds (the sweep chooses each of them).
      const row = this.random() < 0.85 ? this.int(4) : 4 + this.int(2);
      point = rowUnder(combo, row, this.touch);
      what = `row ${row + 1} of 6`;
    }
    await this.press(point);
    return `${state.game}: the ${name} drop-down, ${what} at ${this.round(point)}`;
  }

  // Settings, then one of its rows (up from Keep moving), then closed.
  async settingsRow(rects, game) {
    const frame = rects.get('side0_who') ? rects.get('side0_who').h : 34;
    await this.press({x: this.width - 12 - (frame + 70) / 2, y: TOP_BAR / 2});
    const steady = (await look(this.app)).rects.get('steady');
    if (!steady) return `${game}: Settings (no menu showed)`;
    const above = this.pick([0, 1, 2, 4, 5]) * (steady.h + GAP_Y[this.touch ? 'touch' : 'desktop']);
    const p = {x: steady.x + steady.h / 2 + (above === 0 ? 0 : this.random() * 200), y: centre(steady).y - above};
    await this.press(p);
    await this.press(this.touch ? {x: 200, y: 20} : NEUTRAL);
    return `${game}: Settings, the row at ${this.round(p)}`;
  }
}

async function runMonkey(browser, url) {
  const started = Date.now();
  const phoneShare = Math.round(ACTIONS * 0.4);
  const plan = [['desktop', DESKTOP, false, ACTIONS - phoneShare], ['phone', PHONE, true, phoneShare]];
  const monkeys = [];
  for (const [label, options, touch, quota] of plan) {
    const context = await browser.newContext(options);
    const app = new AppPage(await context.newPage(), artefactDir);
    await app.load(url);
    await app.frames(3);
    const monkey = new Monkey(label, context, app, touch, SEED * 2 + (touch ? 1 : 0));
    if (touch) monkey.cdp = await context.newCDPSession(app.page);
    monkey.quota = quota;
    monkeys.push(monkey);
  }
  let failure = null;
  const run = async (monkey) => {
    let seen = await probe(monkey.app);
    while (monkey.done < monkey.quota && !failure) {
      let what;
      try {
        what = await monkey.act(seen.state, seen.rects);
        // Now and then some frames more: the AI thinks, an animation runs.
        if (monkey.random() < 0.2) await monkey.app.frames(1 + monkey.int(4));
      } catch (error) {
        what = `an action that threw: ${error.message.split('\n')[0]}`;
      }
      ++monkey.done;
      monkey.log.push(`#${monkey.done} ${what}`);
      if (monkey.log.length > 25) monkey.log.shift();
      let found;
      try {
        seen = await probe(monkey.app);
        found = await troubles(monkey.app, seen.shown);
      } catch (error) {
        found = [...monkey.app.errors, `the page: ${error.message.split('\n')[0]}`];
      }
      if (found.length && !failure) failure = {monkey, found};
    }
  };
  await Promise.all(monkeys.map(run));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const total = monkeys.reduce((n, m) => n + m.done, 0);
  const counts = monkeys.map((m) => `${m.done} ${m.label}`).join(', ');
  console.log(`FIGURE browser_monkey: ${total} actions (${counts}) with seed ${SEED} in ${seconds} s`);
  if (failure) {
    const {monkey, found} = failure;
    await monkey.app.screenshot('menu_monkey_failure.png').catch(() => {});
    console.log(`  the monkey (seed ${SEED}) failed on the ${monkey.label} page after action ` +
                `#${monkey.done}: ${found.join('; ')}`);
    console.log(`  its last actions (rerun: --seed=${SEED} --actions=${ACTIONS} --monkey-only):`);
    for (const line of monkey.log) console.log(`    ${line}`);
  }
  for (const m of monkeys) await m.context.close();
  if (failure) throw new Error(`the ${failure.monkey.label} page after action #${failure.monkey.done}: ` +
                               failure.found.join('; '));
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
const runner = new CheckRunner();
const started = Date.now();
try {
  if (!MONKEY_ONLY) {
    await runner.check('every choice of every menu of every game, by clicks',
                       () => sweepMenus(browser, server.url));
  }
  await runner.check(`a seeded browser monkey: ${ACTIONS} actions, seed ${SEED}`,
                     () => runMonkey(browser, server.url));
} finally {
  await browser.close();
  server.close();
}
console.log(`FIGURE menu_monkey: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
runner.finish();
