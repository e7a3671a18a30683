// No control crashes the app (issue 32): the built site in headless
// Chromium, driven by Chromium's own input only (clicks, keys, taps and
// swipes through the DevTools protocol, as a person's arrive).
//
//   1. The menu sweep, on a desktop page: every choice of every menu of
//      every game. Each game's tab; each start in the start drop-down and
//      "Your own ..." with its Cancel, on a game without moves and again
//      after the rest; each level of each side in the players' drop-downs;
//      the analysis; the settings menu's items; the minimax lab's controls
//      (its algorithms, options, node limit's list, run, replay and zoom,
//      Pac-Man's comparison) in a two-player game and in Pac-Man, and each
//      game's weights (their presets, each term's field and buttons). The
//      app says where it drew most controls (App::state's `widgets` and
//      `rect_*` lines, in points); a drop-down's rows lie under it at the
//      theme's pitch (src/app/theme.cpp); the tabs and the lab's and the
//      weights' controls are found by the theme's colours of a control in a
//      screenshot (src/app/theme.h).
//   2. The browser monkey: a seeded stream of at least 2,000 actions across
//      the games, on that desktop page and on a phone-sized touch page
//      (390x844, pixel ratio 3) at once: clicks and taps at random points
//      and on the controls the state names, on the board and the move list,
//      drop-downs opened and a random row chosen, the settings menu, the
//      tabs, the wheel, swipes, keys (arrows, Enter, Space, W A S D,
//      N U R H S P M A L, Escape; now and then in the frame of a click's
//      release), and frames between actions so that the AI thinks.
//
// After every action: a console error, a page error, or arcadeState()
// turning null or empty fails the check, naming the game, the menu and the
// choice (the sweep, which then goes on in a fresh page) or printing the
// seed and the last actions (the monkey, which stops).
//
// Time: a click takes three frames (Dear ImGui's input queue takes the
// move, the press and the release a frame each), a key one; a tap through
// the DevTools protocol about 80 ms. The sweep waits out each click before
// it looks (about a minute for every menu); the monkey does not (about
// 0.1 s an action on the desktop page, 0.6 s on the phone's, which takes a
// twentieth of the actions). The desktop page is small (800x600, the
// layout test's smallest).
//
//   node tests/e2e/menu_monkey_test.mjs SITE_DIR [ARTEFACT_DIR] [--seed=N] [--actions=N]
//                                       [--monkey-only]
//
// The seed and the monkey's length also come from MONKEY_SEED and
// MONKEY_ACTIONS (at least 1). FIGURE lines: the sweep's choices and the
// monkey's actions, each with its time.

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage} from './app_page.mjs';
import {bytes, CheckRunner, decodePng, launchChromium, near, PHONE, serveDirectory} from './lib.mjs';

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
  console.error('usage: node menu_monkey_test.mjs SITE_DIR [ARTEFACT_DIR] [--seed=N] ' +
                '[--actions=N] [--monkey-only]');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

const DESKTOP_SMALL = {viewport: {width: 800, height: 600}};
const PHONE_SHARE = 0.05;

// --- The app's measures ---------------------------------------------------

// In points, from src/app/theme.cpp and screen_layout.h: a list's row is a
// line of text (a finger's height on a touch screen), the gap between
// items, a window's padding, the top bar's height.
const ROW = {desktop: 16, touch: 44};
const GAP_Y = {desktop: 10, touch: 12};
const GAP_X = 10;
const PAD_Y = 14;
const TOP_BAR = 56;
// The mark left of the app's name in the top bar: a click there closes an
// open popup and does nothing else, at any size.
const NEUTRAL = {x: 20, y: TOP_BAR / 2};

// The palette's colours of a control (src/app/theme.h): raised, hovered,
// pressed, accent (a primary button, the chosen tab, a tick) and the
// accent hovered; a popup's border.
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

// The state's lines as {key: value}, and where the last frame drew its
// controls: the `widgets` line ("name:left,top,width,height") and the
// `rect_NAME left top width height` lines (a name may hold spaces).
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

const look = async (app) =>
    readState(await app.page.evaluate(() => Module.ccall('arcade_state', 'string', [], [])));

// The state and arcadeState() in one trip to the page (the monkey asks for
// both after every action).
async function probe(app) {
  const {text, shown} = await app.page.evaluate(() => {
    const shown = window.arcadeState();
    return {text: shown ? Module.ccall('arcade_state', 'string', [], []) : '', shown};
  });
  return {...readState(text), shown};
}

const centre = (r) => ({x: r.x + r.w / 2, y: r.y + r.h / 2});
const bottom = (r) => r.y + r.h;
const boardOf = (state) => {
  const [x, y, w, h] = (state.board_rect || '0 0 0 0').split(' ').map(Number);
  return {x, y, w, h};
};

// Why the app is not well: the page's console errors and uncaught
// exceptions since the last look, and arcadeState() null (the app no longer
// runs) or empty; `shown`, arcadeState() if already asked. Empty when all
// is well.
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
  if (shown === null) {
    found.push('arcadeState() is null: the app no longer runs');
  } else if (!shown.game || shown.position === null) {
    found.push(`arcadeState() is empty: ${JSON.stringify(shown)}`);
  }
  return found;
}

// --- Input, as a person gives it -------------------------------------------

// The pointer there, pressed and released, then `after` frames. All three
// reach the page at once, as a quick click does; Dear ImGui's input queue
// takes them a frame each (the move, the press, the release), so the click
// is whole three frames on. `alongside` (a key, say) goes with them.
async function click(app, {x, y}, after = 1, alongside = null) {
  await Promise.all([app.page.mouse.move(x, y), app.page.mouse.down(), app.page.mouse.up(),
                     alongside && alongside()]);
  await app.frames(after);
}

const pressKey = (app, key) => Promise.all([app.page.keyboard.down(key), app.page.keyboard.up(key)]);

// A finger's tap and swipe, as the touch screen reports them.
async function tap(phone, {x, y}, alongside = null) {
  await Promise.all([
    phone.cdp.send('Input.dispatchTouchEvent', {type: 'touchStart', touchPoints: [{x, y}]}),
    phone.cdp.send('Input.dispatchTouchEvent', {type: 'touchEnd', touchPoints: []}),
    alongside && alongside(),
  ]);
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

// The centre of row `row` of the list that a drop-down at `combo` opens
// under it.
function rowUnder(combo, row, touch) {
  const kind = touch ? 'touch' : 'desktop';
  return {
    x: combo.x + Math.min(combo.w / 2, 60),
    y: bottom(combo) + PAD_Y + row * (ROW[kind] + GAP_Y[kind]) + ROW[kind] / 2,
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
  const count = Math.round((ownTop - separator - bottom(combo) - PAD_Y) / pitch);
  const rows = [];
  for (let i = 0; i < count; ++i) rows.push(rowUnder(combo, i, touch));
  return {rows, own: centre(own)};
}

// Settings, at the top bar's right: as wide as a control is tall and 70
// points more (top_bar.cpp).
function settingsButton(width, rects, touch) {
  const frame = rects.get('side0_who') ? rects.get('side0_who').h : touch ? 44 : 34;
  return {x: width - 12 - (frame + 70) / 2, y: TOP_BAR / 2, left: width - 12 - (frame + 70)};
}

// --- Controls found by their colour ----------------------------------------

// The controls drawn in `clip` (points) of a page at `scale` pixels a
// point: each region of a control's colours (a button, a box, a field, a
// slider, a radio button), as {x, y, w, h} in points.
async function controlsIn(app, clip, scale) {
  const {width, height, pixel} = decodePng(await app.page.screenshot({clip}));
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; ++y)
    for (let x = 0; x < width; ++x)
      if (CONTROL_COLOURS.some((c) => near(pixel(x, y), c, 2))) mask[y * width + x] = 1;
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

// The games' tabs, in the state's order of games, and Settings: the
// controls of the top bar (its second row on a phone) left of Settings.
async function topBar(app, width, touch) {
  const {state, rects} = await look(app);
  const settings = settingsButton(width, rects, touch);
  const band = touch ? {x: 0, y: TOP_BAR, width, height: TOP_BAR} : {x: 0, y: 0, width, height: TOP_BAR};
  const found = (await controlsIn(app, band, touch ? PHONE.deviceScaleFactor : 1))
                    .filter((c) => touch || c.x + c.w < settings.left)
                    .sort((a, b) => a.x - b.x);
  const games = state.games.split(' ');
  assert.equal(found.length, games.length, `the tabs: ${JSON.stringify(found)}`);
  return {games, tabs: new Map(games.map((g, i) => [g, centre(found[i])])), settings};
}

// Whether a drop-down's list opened under `control`: its border runs down
// from the control's bottom at the control's left edge. Its bottom if so.
async function listUnder(app, control) {
  const clip = {x: Math.max(0, control.x - 3), y: bottom(control), width: 8, height: 220};
  const png = decodePng(await app.page.screenshot({clip}));
  for (let x = 0; x < png.width; ++x) {
    let run = 0, end = -1;
    for (let y = 0; y < png.height; ++y) {
      run = near(png.pixel(x, y), LINE_COLOUR, 6) ? run + 1 : 0;
      if (run >= 24) end = y;
    }
    if (end >= 0) return bottom(control) + end + 10;  // and the rounded corner's 10
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
    this.width = DESKTOP_SMALL.viewport.width;
  }

  // A click whose effect the next look sees: Dear ImGui takes a queued
  // move, press and release in a frame each (io.ConfigInputTrickleEventQueue),
  // and the change a control posts shows in the frame after.
  click(point) { return click(this.app, point, 4); }

  async open() {
    if (this.context) await this.context.close();
    this.context = await this.browser.newContext(DESKTOP_SMALL);
    this.app = new AppPage(await this.context.newPage(), artefactDir);
    await this.app.load(this.url);
    await this.app.frames(3);
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
      found = [...(await troubles(this.app).catch(() => [])), error.message.split('\n')[0]];
    }
    if (found.length === 0) return true;
    const said = `${where}: ${found.join('; ')}`;
    console.log(`  FAILED ${said}`);
    this.failures.push(said);
    await this.app.screenshot(`menu_sweep_failure_${this.failures.length}.png`).catch(() => {});
    await this.open();
    return false;
  }

  // Scrolls the panel (the wheel) until the control `name` shows whole.
  async reveal(name) {
    for (let i = 0; i < 10; ++i) {
      const {rects} = await look(this.app);
      const control = rects.get(name), panel = rects.get('panel');
      if (!control || (control.y >= panel.y && bottom(control) <= bottom(panel))) return;
      await this.app.page.mouse.move(panel.x + panel.w / 2, panel.y + panel.h / 2);
      await this.app.page.mouse.wheel(0, bottom(control) > bottom(panel) ? 200 : -200);
      await this.app.frames(2);
    }
  }

  async toGame(game) {
    await this.click(this.tabs.get(game));
    assert.equal((await look(this.app)).state.game, game, `a click on ${game}'s tab`);
  }

  gameChoice(game, where, body) {
    return this.choice(`${game} > ${where}`, async () => {
      if ((await look(this.app)).state.game !== game) await this.toGame(game);
      await body();
    });
  }

  async everyTab() {
    ({tabs: this.tabs, settings: this.settings} = await topBar(this.app, this.width, false));
    for (const game of this.tabs.keys())
      await this.choice(`${game} > its tab`, () => this.toGame(game));
    return [...this.tabs.keys()];
  }

  // Each row of a side's drop-down, ending on Person (so that no AI thinks
  // while the other menus are swept).
  async players(game) {
    for (const side of [1, 0]) {
      for (const row of [1, 2, 3, 4, 5, 0]) {
        const label = row === 0 ? 'Person' : `AI level ${row}`;
        await this.gameChoice(game, `side ${side}'s player > ${label}`, async () => {
          const combo = (await look(this.app)).rects.get(`side${side}_who`);
          await this.click(centre(combo));
          await this.click(rowUnder(combo, row, false));
          const said = (await look(this.app)).state[`side${side}`];
          assert.match(said, row === 0 ? /^human / : new RegExp(`^ai ${row}$`),
                       `side ${side} after its row '${label}'`);
        });
      }
    }
  }

  // Each start in the start drop-down, the first last, then "Your own ..."
  // and its Cancel.
  async starts(game, menu) {
    const open = async () => {
      const {rects} = await look(this.app);
      await this.click(centre(rects.get('start')));
      const own = (await look(this.app)).rects.get('own_start_open');
      assert.ok(own, 'the start drop-down opened ("Your own ..." drawn)');
      return startRows(rects.get('start'), own, false);
    };
    let count = 0;
    await this.gameChoice(game, `${menu} > open`, async () => {
      if (!(await look(this.app)).rects.get('start')) return;  // one start: no drop-down
      count = (await open()).rows.length;
      await this.click(NEUTRAL);
    });
    if (count === 0) return;
    const names = [];
    for (let row = 1; row <= count; ++row) {
      const which = row % count;
      await this.gameChoice(game, `${menu} > row ${which + 1} of ${count}`, async () => {
        await this.click((await open()).rows[which]);
        const {state} = await look(this.app);
        names.push((state.share.match(/start=([^&]*)/) || [])[1] || state.start);
      });
    }
    await this.gameChoice(game, `${menu} > Your own ... > Cancel`, async () => {
      await this.click((await open()).own);
      await this.reveal('own_start_play');
      const play = (await look(this.app)).rects.get('own_start_play');
      assert.ok(play, 'the own start\'s box and its Play it button');
      await this.click({x: play.x + play.w + GAP_X + play.w / 2, y: play.y + play.h / 2});
      assert.ok(!(await look(this.app)).rects.get('own_start'), 'Cancel closes the box');
    });
    console.log(`  ${game}: ${menu}: ${names.join(', ')}`);
  }

  async analysis(game) {
    for (const on of ['1', '0']) {
      await this.gameChoice(game, `Analysis ${on === '1' ? 'on' : 'off'}`, async () => {
        const toggle = (await look(this.app)).rects.get('analysis_toggle');
        await this.click({x: toggle.x + toggle.h / 2, y: centre(toggle).y});
        assert.equal((await look(this.app)).state.analysis, on, 'the analysis toggled');
      });
    }
  }

  // The settings menu's rows, up from "Keep moving" (the `steady` widget),
  // in points: each checkbox ticked and unticked, the pace's slider set.
  async settingsMenu(game) {
    const pref = (state, name) => state.prefs.match(new RegExp(`${name} (\\d+)`))[1];
    const rows = [['Sound', 'sound', 202], ['Animations', 'motion', 158],
                  ['the AI\'s pace', 'pace', 88], ['Think on your time', 'think', 44],
                  ['Keep moving', 'steady', 0]];
    for (const [label, name, above] of rows) {
      for (const time of name === 'pace' ? [1] : [1, 2]) {
        await this.gameChoice(game, `Settings > ${label}${time === 2 ? ' again' : ''}`, async () => {
          await this.click(this.settings);
          const {state, rects} = await look(this.app);
          const steady = rects.get('steady');
          assert.ok(steady, 'the settings menu opened (Keep moving drawn)');
          // A checkbox by its box; the slider at a third of its track.
          const x = name === 'pace' ? steady.x + 100 : steady.x + steady.h / 2;
          await this.click({x, y: centre(steady).y - above});
          const after = pref((await look(this.app)).state, name);
          assert.notEqual(after, pref(state, name), `${label}: the preference changed`);
          await this.click(NEUTRAL);
        });
      }
    }
  }

  // The lab, opened by its checkbox (the row above Analysis). With `all`
  // every control under it, else the weights' only (from the "Evaluation"
  // header down, the panel's whole width), found by colour and clicked
  // bottom up: a click changes the layout under it, not above. A slider
  // is clicked at a quarter of its track (the lab's depth: a short
  // search), a drop-down's rows each chosen. The panel scrolls (the wheel)
  // to its end.
  async lab(game, all) {
    let labBox;
    const opened = await this.gameChoice(game, 'Minimax lab on', async () => {
      const toggle = (await look(this.app)).rects.get('analysis_toggle');
      labBox = {x: toggle.x, y: toggle.y - toggle.h - GAP_Y.desktop, w: toggle.h, h: toggle.h};
      await this.click(centre(labBox));
      assert.equal((await look(this.app)).state.lab, '1', 'the lab opened');
    });
    if (!opened) return;
    const clicked = new Set();
    let weightsTop = all ? 0 : Infinity;
    for (let pass = 0; pass < 16; ++pass) {
      await this.app.page.mouse.move(NEUTRAL.x, NEUTRAL.y);
      await this.app.frames(2);
      const {state, rects} = await look(this.app);
      if (state.lab !== '1') return;
      const panel = rects.get('panel'), share = rects.get('share_field');
      // Content points: how far the panel has scrolled (Undo is its first
      // control) added.
      const scrolled = panel.y + PAD_Y - rects.get('button_Undo').y;
      const end = share.y - share.h - GAP_Y.desktop - 2;  // Copy link's top
      const key = (c) => `${Math.round((c.x + c.w / 2) / 8)}:${Math.round((c.y + scrolled) / 8)}`;
      const shown = await controlsIn(
          this.app, {x: panel.x, y: panel.y, width: panel.w, height: panel.h}, 1);
      const header = shown.find((c) => c.y + scrolled > bottom(labBox) && c.w > panel.w - 40);
      if (header) weightsTop = Math.min(weightsTop, header.y + scrolled);
      const found = shown
          .filter((c) => c.y + scrolled > bottom(labBox) && c.y + scrolled >= weightsTop &&
                         bottom(c) < end && c.y >= panel.y && bottom(c) <= bottom(panel) - 1 &&
                         !clicked.has(key(c)))
          .sort((a, b) => bottom(b) - bottom(a) || b.x - a.x);
      if (found.length === 0) {
        if (bottom(share) <= bottom(panel)) break;  // the panel's end shows
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
        let list = null;
        const at = control.w > 3 * control.h ? {x: control.x + control.w / 4, y: centre(control).y}
                                              : centre(control);
        const survived = await this.gameChoice(game, where, async () => {
          await this.click(at);
          if (control.h > 30 && control.h < 38 && control.w >= 60) list = await listUnder(this.app, control);
          if (list) await this.click(NEUTRAL);
        });
        if (!survived) return;
        if (!list) continue;
        const pitch = ROW.desktop + GAP_Y.desktop;
        const count = Math.round((list - bottom(control) - 2 * PAD_Y + GAP_Y.desktop) / pitch);
        for (let row = 0; row < count; ++row) {
          const ok = await this.gameChoice(game, `${where} > row ${row + 1} of ${count}`, async () => {
            await this.click(centre(control));
            await this.click(rowUnder(control, row, false));
          });
          if (!ok) return;
        }
      }
    }
    await this.gameChoice(game, 'Minimax lab off', async () => {
      const panel = (await look(this.app)).rects.get('panel');
      for (let i = 0; i < 30; ++i) {
        const undo = (await look(this.app)).rects.get('button_Undo');
        if (undo.y >= panel.y + PAD_Y) break;
        await this.app.page.mouse.move(panel.x + panel.w / 2, panel.y + panel.h / 2);
        await this.app.page.mouse.wheel(0, -600);
        await this.app.frames(2);
      }
      await this.click(centre(labBox));
      assert.equal((await look(this.app)).state.lab, '0', 'the lab closed');
    });
  }
}

async function sweepMenus(browser, url) {
  const started = Date.now();
  const sweep = new Sweep(browser, url);
  await sweep.open();
  const games = await sweep.everyTab();
  for (const game of games) {
    const times = [];
    const timed = async (what, body) => {
      const from = Date.now();
      await body();
      times.push(`${what} ${((Date.now() - from) / 1000).toFixed(1)} s`);
    };
    // The starts first, on a game without moves (a start replaces it then,
    // not keeping it for undo), and again after the lab (Pac-Man's
    // comparison may still run) and the AI's levels.
    await timed('starts', () => sweep.starts(game, 'start'));
    if (game === games[0]) await timed('settings', () => sweep.settingsMenu(game));
    // The lab's controls are a two-player game's or a game of agents'.
    await timed('lab', () => sweep.lab(game, game === 'connect4' || game === 'pacman'));
    await timed('analysis', () => sweep.analysis(game));
    await timed('players', () => sweep.players(game));
    await timed('starts again', () => sweep.starts(game, 'start again'));
    console.log(`  ${game}: ${sweep.choices} choices so far: ${times.join(', ')}`);
  }
  await sweep.context.close();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`FIGURE menu_sweep: ${sweep.choices} choices in ${sweep.menus.size} menus of ` +
              `${games.length} games by clicks (${sweep.foundByColour} of the lab's and the ` +
              `weights' controls found by colour), ${sweep.failures.length} failed, in ${seconds} s`);
  assert.deepEqual(sweep.failures, [], 'choices after which the app failed');
}

// --- The monkey -----------------------------------------------------------

const KEYS = ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', 'Space', 'w', 'a', 's',
              'd', 'n', 'u', 'r', 'h', 's', 'p', 'm', 'a', 'l', 'Escape'];

// One page's share of the monkey: its own stream of actions from the seed.
class Monkey {
  constructor(label, app, touch, seed, quota) {
    this.label = label;
    this.app = app;
    this.touch = touch;
    this.random = randomGenerator(seed);
    this.quota = quota;
    this.done = 0;
    this.log = [];
    this.later = [];  // keys that went with a release, noted after the action
    ({width: this.width, height: this.height} = (touch ? PHONE : DESKTOP_SMALL).viewport);
  }

  int(n) { return Math.floor(this.random() * n); }
  pick(list) { return list[this.int(list.length)]; }
  within(r) { return {x: r.x + 1 + this.random() * (r.w - 2), y: r.y + 1 + this.random() * (r.h - 2)}; }
  anywhere() { return {x: this.random() * this.width, y: this.random() * this.height}; }
  at(p) { return `${Math.round(p.x)},${Math.round(p.y)}`; }
  get verb() { return this.touch ? 'tap' : 'click'; }

  note(what) {
    ++this.done;
    this.log.push(`#${this.done} ${what}`);
    if (this.log.length > 30) this.log.shift();
  }

  // A click or a tap; a point off the screen (a control of a panel that
  // scrolls) at the screen's edge, where a finger or a pointer reaches.
  // Now and then a key goes with the release, in its frame.
  async press({x, y}, game) {
    const on = {x: Math.min(Math.max(x, 1), this.width - 1), y: Math.min(Math.max(y, 1), this.height - 1)};
    const key = !this.touch && this.random() < 0.25 ? this.pick(KEYS) : null;
    const alongside = key ? () => pressKey(this.app, key) : null;
    await (this.touch ? tap(this, on, alongside) : click(this.app, on, 1, alongside));
    if (key) this.later.push(`${game}: key ${key}, with the release`);
    return on;
  }

  // The controls the state names: the widgets and the rectangles, the
  // panel as a whole left out (a point in it is a random click's job).
  named(rects) { return [...rects.keys()].filter((n) => n !== 'panel' && n !== 'tooltip'); }

  // One random action (and, with a click's release, perhaps a key) on the
  // page whose state is `state` and `rects`; notes each.
  async act(state, rects) {
    const roll = this.random();
    const board = boardOf(state);
    const game = state.game;
    let what;
    if (roll < 0.14) {
      what = `${this.verb} at ${this.at(await this.press(this.anywhere(), game))}`;
    } else if (roll < 0.32) {
      const name = this.pick(this.named(rects));
      what = `${this.verb} on ${name} at ${this.at(await this.press(this.within(rects.get(name)), game))}`;
    } else if (roll < 0.44) {
      if (this.touch && this.random() < 0.6) {
        const from = this.within(board);
        const length = 40 + this.random() * 120;
        const [dx, dy] = this.pick([[1, 0], [-1, 0], [0, 1], [0, -1]]);
        await swipe(this, from, {x: from.x + dx * length, y: from.y + dy * length});
        what = `swipe on the board from ${this.at(from)} by ${Math.round(dx * length)},${Math.round(dy * length)}`;
      } else {
        what = `${this.verb} on the board at ${this.at(await this.press(this.within(board), game))}`;
      }
    } else if (roll < (this.touch ? 0.47 : 0.58)) {
      const key = this.pick(KEYS);
      await pressKey(this.app, key);
      await this.app.frames(1);
      what = `key ${key}`;
    } else if (roll < 0.74) {
      what = await this.dropDown(rects, game);
    } else if (roll < 0.8) {
      const moves = [...rects.keys()].filter((n) => /^move\d+$/.test(n));
      const name = moves.length ? this.pick(moves) : 'moves';
      const p = moves.length ? centre(rects.get(name)) : this.within(rects.get('moves') || board);
      what = `${this.verb} on the move list's ${name} at ${this.at(await this.press(p, game))}`;
    } else if (roll < 0.86) {
      const [tab, p] = this.pick([...this.tabs]);
      await this.press(p, game);
      what = `${this.verb} on ${tab}'s tab`;
    } else if (roll < 0.9) {
      what = await this.settingsRow(rects, game);
    } else if (roll < 0.95) {
      const panel = rects.get('panel');
      const dy = (this.random() < 0.5 ? -1 : 1) * (100 + this.int(300));
      const from = centre(panel);
      if (this.touch) {
        await swipe(this, from, {x: from.x, y: Math.min(Math.max(from.y - dy / 2, 1), this.height - 1)});
      } else {
        await this.app.page.mouse.move(from.x, from.y);
        await this.app.page.mouse.wheel(0, dy);
        await this.app.frames(1);
      }
      what = `the panel scrolled by ${dy}`;
    } else {
      const frames = 4 + this.int(16);
      await this.app.frames(frames);
      what = `${frames} frames`;
    }
    this.note(`${game}: ${what}`);
    for (const also of this.later.splice(0)) this.note(also);
  }

  // A drop-down opened and one of its rows chosen.
  async dropDown(rects, game) {
    const name = this.pick(['start', 'side0_who', 'side1_who'].filter((n) => rects.has(n)));
    const combo = rects.get(name);
    await this.press(centre(combo), game);
    await this.app.frames(1);
    let point, what;
    if (name === 'start') {
      const own = (await look(this.app)).rects.get('own_start_open');
      if (!own) {
        point = this.anywhere();
        what = 'no list showed, a point';
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
    return `the ${name} drop-down, ${what} at ${this.at(await this.press(point, game))}`;
  }

  // Settings, then one of its rows (up from Keep moving), then closed.
  async settingsRow(rects, game) {
    await this.press(settingsButton(this.width, rects, this.touch), game);
    await this.app.frames(1);
    const steady = (await look(this.app)).rects.get('steady');
    if (!steady) return 'Settings (no menu showed)';
    const above = this.pick([0, 44, 88, 158, 202]) * (this.touch ? 56 / 44 : 1);
    const p = {x: steady.x + steady.h / 2 + this.random() * (above === 88 ? 200 : 0),
               y: centre(steady).y - above};
    await this.press(p, game);
    await this.press(NEUTRAL, game);
    return `Settings, the row at ${this.at(p)}`;
  }
}

async function runMonkey(browser, url) {
  const started = Date.now();
  const phoneQuota = Math.round(ACTIONS * PHONE_SHARE);
  const monkeys = [];
  for (const [label, options, touch, quota] of [
           ['desktop', DESKTOP_SMALL, false, ACTIONS - phoneQuota],
           ['phone', PHONE, true, phoneQuota]]) {
    if (quota === 0) continue;
    const context = await browser.newContext(options);
    const app = new AppPage(await context.newPage(), artefactDir);
    await app.load(url);
    await app.frames(3);
    const monkey = new Monkey(label, app, touch, SEED * 2 + (touch ? 1 : 0), quota);
    monkey.context = context;
    if (touch) monkey.cdp = await context.newCDPSession(app.page);
    ({tabs: monkey.tabs} = await topBar(app, monkey.width, touch));
    monkeys.push(monkey);
  }
  let failure = null;
  const run = async (monkey) => {
    let seen = await probe(monkey.app);
    while (monkey.done < monkey.quota && !failure) {
      try {
        await monkey.act(seen.state, seen.rects);
        // Now and then some frames more: the AI thinks, an animation runs.
        if (monkey.random() < 0.15) await monkey.app.frames(1 + monkey.int(4));
      } catch (error) {
        monkey.note(`an action that threw: ${error.message.split('\n')[0]}`);
      }
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
  // One page after the other: their frames share the GPU process, and a
  // phone's frame (three times the pixels) would hold up the desktop's.
  for (const monkey of monkeys) {
    const from = Date.now();
    await run(monkey);
    monkey.seconds = (Date.now() - from) / 1000;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const total = monkeys.reduce((n, m) => n + m.done, 0);
  const counts = monkeys.map((m) => `${m.done} ${m.label} in ${m.seconds.toFixed(1)} s`).join(', ');
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
  if (failure) {
    throw new Error(`the ${failure.monkey.label} page after action #${failure.monkey.done}: ` +
                    failure.found.join('; '));
  }
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
