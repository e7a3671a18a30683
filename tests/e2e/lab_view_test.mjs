// The minimax lab as a learner meets it, in headless Chromium: the board it
// covers takes no keys; a tree of an earlier position or other weights says
// it is stale; the node chart is to scale; Fit shows the whole tree (100,000
// nodes too) in the whole area; zooming keeps the chosen node in place; the
// replay shows its node as a board; a click on a node gives its details in
// the panel; the weights say when they cannot change anything; a pinch
// zooms on a phone. Screenshots (desktop, phone portrait and landscape) go
// to the artefact folder.
//
//   node tests/e2e/lab_view_test.mjs SITE_DIR [ARTEFACT_DIR]

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage, movesOf} from './app_page.mjs';
import {CheckRunner, launchChromium, serveDirectory} from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node lab_view_test.mjs SITE_DIR [ARTEFACT_DIR]');
  process.exit(2);
}

const DESKTOP = {width: 1280, height: 800};
const PHONE = {width: 390, height: 844};
const LANDSCAPE = {width: 844, height: 390};

const numbers = (text) => (text || '').trim().split(/\s+/).map(Number);
// The lab's rectangles and points from its state lines (points = CSS px).
const areaOf = (s) => {
  const [left, top, right, bottom] = numbers(s.lab_area);
  return {left, top, right, bottom, width: right - left, height: bottom - top};
};
const pointOf = (line) => {
  const [x, y] = numbers(line);
  return {x, y};
};
const inside = (p, a) => p.x > a.left && p.x < a.right && p.y > a.top && p.y < a.bottom;
const cameraZoom = (s) => numbers(s.lab_camera)[0];
// The chart's figures as {name: nodes} (null where none yet).
const labCounts = (s) => Object.fromEntries(s.lab_counts.trim().split(' ').map((w) => {
  const [name, nodes] = w.split(':');
  return [name, nodes === '-' ? null : Number(nodes)];
}));
const chartDone = (s) => s.lab_state === 'complete' && s.lab_counts && !s.lab_counts.includes(':-:');

// Scrolls the side panel by `ticks` turns of the wheel (over its right
// edge), a frame for each (ImGui takes one a frame).
async function scrollPanel(app, ticks) {
  const viewport = app.page.viewportSize();
  await app.page.mouse.move(viewport.width - 30, viewport.height - 60);
  for (let i = 0; i < Math.abs(ticks); ++i) {
    await app.page.mouse.wheel(0, Math.sign(ticks) * 100);
    await app.frames(1);
  }
  await app.frames(3);
}

// The smallest board zoom (lab_layout.h's kLabBoardZoom): nodes are boards there.
const BOARD_ZOOM = 56;

// Runs the lab and waits for its tree and chart (`whole`: every bar's figure;
// else the tree and whatever the chart can have, as a minimal tree of a
// minimax tree too large to fetch has none).
async function runLab(app, settings, what, whole = true) {
  await app.command(`lab run ${settings}`);
  await app.waitState((s) => (whole ? chartDone(s) : s.lab_state === 'complete'), what, 60000);
  await app.frames(3);
  return app.state();
}

// Enter (the keyboard's move) played b2 unseen under the lab, and the AI replied.
async function checkNoKeysUnderTheLab(app) {
  await app.commands('side 0 person', 'side 1 ai 1', 'game tictactoe', 'lab on');
  await app.frames(3);
  await app.page.keyboard.press('ArrowLeft');
  await app.page.keyboard.press('Enter');
  await app.page.keyboard.press('Enter');
  await app.command('key enter');
  await app.frames(10);
  assert.deepEqual(movesOf(await app.state()), [], 'a key played a move under the lab');
  await app.command('lab off');
  await app.frames(2);
  await app.page.keyboard.press('Enter');
  await app.page.keyboard.press('Enter');
  await app.waitState((s) => movesOf(s).length >= 1, 'Enter plays once the lab is closed');
  await app.commands('game tictactoe', 'side 1 person', 'lab on');
}

// A tree of an earlier position, or of other weights, says so.
async function checkStale(app) {
  let state = await runLab(app, 'depth 2 algorithm alphabeta', 'the first tree');
  assert.equal(state.lab_stale, '', 'a fresh tree is not stale');
  await app.command('play b2');
  await app.frames(3);
  state = await app.state();
  assert.match(state.lab_stale, /another position/, 'a move on the board');
  await app.screenshot('lab_stale.png');
  state = await runLab(app, 'depth 2', 'the tree of the new position');
  assert.equal(state.lab_stale, '', 'run again: fresh');
  const term = state.eval_terms.split(' ')[0].split(':');
  await app.command(`weight ${term[0]} ${Number(term[2]) + 7}`);
  await app.frames(2);
  assert.match((await app.state()).lab_stale, /other weights/, 'a changed weight');
  await app.command('weights default');
  await app.frames(2);
  assert.equal((await app.state()).lab_stale, '', 'the same weights again');
}

// The chart's bars are to scale: each bar's share is its count over the
// largest (the counts themselves are checked against a brute force in
// app_test.mjs).
async function checkChartToScale(app) {
  await app.commands('game tictactoe');
  const state = await runLab(app, 'depth 4 algorithm alphabeta', 'a chart');
  const counts = labCounts(state);
  const most = Math.max(...Object.values(counts));
  const bars = Object.fromEntries(state.lab_bars.trim().split(' ').map((w) => {
    const [name, share] = w.split(':');
    return [name, Number(share)];
  }));
  for (const [name, nodes] of Object.entries(counts)) {
    assert.ok(Math.abs(bars[name] - nodes / most) < 1e-5, `${name}: bar ${bars[name]}, ${nodes}/${most}`);
  }
  console.log(`  chart ${state.lab_counts}`);
  await scrollPanel(app, 12);
  await app.screenshot('lab_chart.png');
}

// Fit shows every node of a 100,000-node tree, and the plies use the area's height.
async function checkFit(app) {
  await app.commands('game tictactoe');
  for (const settings of ['depth 9 algorithm minimax ordering off limit 100000', 'depth 2 algorithm alphabeta']) {
    await runLab(app, settings, `the tree of ${settings}`, !settings.includes('100000'));
    await app.command('lab fit');
    await app.frames(3);
    const state = await app.state();
    const area = areaOf(state);
    const [left, top, right, bottom] = numbers(state.lab_extent);
    const what = `${settings}: extent ${state.lab_extent}, area ${state.lab_area}`;
    assert.ok(left >= area.left && right <= area.right, `the tree's width fits: ${what}`);
    assert.ok(top >= area.top && bottom <= area.bottom, `the tree's depth fits: ${what}`);
    assert.ok(right - left >= 0.85 * area.width, `the tree uses the area's width: ${what}`);
    assert.ok(bottom - area.top >= 0.6 * area.height, `the plies use the area's height: ${what}`);
    // At Fit the values that matter show (issue 33): the root's, the
    // engine's own, and the principal line's under it, however small the
    // nodes are drawn; values on a ply never run into each other.
    const values = (state.lab_values || '').split(' ').filter(Boolean);
    assert.ok(values.includes(`0:${state.lab_value.replaceAll(' ', '_')}`),
              `the root's value ${state.lab_value} at Fit: ${values.join(' ')}`);
    if (settings.includes('100000')) {
      assert.ok(values.length >= 2, `the principal line's values at Fit: ${values.join(' ')}`);
      assert.equal(Number(state.lab_nodes), 100000, 'the whole kept tree');
      await app.screenshot('lab_fit_100k.png');
    }
  }
}

// Zoom + keeps the chosen node where it is (it zoomed about the view's top
// middle, and six presses left an empty view).
async function checkZoomAnchor(app) {
  await runLab(app, 'depth 3 algorithm alphabeta', 'a tree to zoom');
  await app.command('lab fit');
  const nodes = Number((await app.state()).lab_nodes);
  await app.command(`lab select ${Math.floor(nodes * 0.8)}`);
  await app.frames(3);
  const before = pointOf((await app.state()).lab_selected_at);
  for (let i = 0; i < 6; ++i) {
    await app.command('lab zoom in');
    await app.frames(2);
    const state = await app.state();
    const now = pointOf(state.lab_selected_at);
    assert.ok(Math.abs(now.x - before.x) < 1 && Math.abs(now.y - before.y) < 1,
              `zoom ${i + 1}: the chosen node moved from ${JSON.stringify(before)} to ${JSON.stringify(now)}`);
    assert.ok(inside(now, areaOf(state)), 'the chosen node stays in view');
  }
  const state = await app.state();
  assert.ok(Number(state.lab_boards) > 0, 'zoomed in, nodes are boards');
  await app.screenshot('lab_zoomed.png');
}

// The replay follows its node at a zoom where it is a board with its value;
// mid-replay a node not yet left says its value is not known (not "?").
async function checkReplayFollows(app) {
  await runLab(app, 'depth 3 algorithm alphabeta', 'a tree to replay');
  await app.commands('lab fit', 'lab select 0', 'lab step start');
  for (let i = 0; i < 7; ++i) {
    await app.command('lab step next');
    await app.frames(2);
    const state = await app.state();
    assert.ok(cameraZoom(state) >= BOARD_ZOOM, `step ${i + 1}: zoom ${state.lab_camera}`);
    assert.ok(inside(pointOf(state.lab_current_at), areaOf(state)),
              `step ${i + 1}: the current node at ${state.lab_current_at} is outside ${state.lab_area}`);
    assert.ok(Number(state.lab_boards) > 0, 'the current node is a board');
  }
  const state = await app.state();
  assert.match(state.lab_selected, /Value not known yet/, state.lab_selected);
  assert.doesNotMatch(state.lab_selected, /Value \?/, state.lab_selected);
  await app.screenshot('lab_replay.png');
  await app.command('lab step end');
}

// A click on a node gives its details in the panel: the path, the window,
// the value, and why.
async function checkClickDetails(app) {
  await runLab(app, 'depth 2 algorithm alphabeta', 'a tree to click');
  await app.commands('lab fit', 'lab step end');
  await app.frames(3);
  const root = pointOf((await app.state()).lab_current_at);  // the last event leaves the root
  await app.click(root);
  let state = await app.waitState((s) => s.lab_selected, 'the clicked node chosen');
  assert.match(state.lab_selected, /^Node 0: the root \| X to move \(max\), window \[-inf, inf\]/);
  assert.match(state.lab_selected, /\| Why: The search is done: the root is worth /);
  // The replay's fourth event leaves the first node of ply 2 (entered third,
  // a leaf at depth 2); the replay shows it, and a click on it chooses it.
  await app.command('lab step 4');
  await app.frames(3);
  const leaf = pointOf((await app.state()).lab_current_at);
  await app.click(leaf);
  state = await app.waitState((s) => /^Node 2:/.test(s.lab_selected), 'the clicked leaf');
  assert.match(state.lab_selected, /^Node 2: after [a-c][1-3] then [a-c][1-3] \|/);
  assert.match(state.lab_selected, /\| Why: Depth limit: the heuristic evaluation scores this position/);
  await app.screenshot('lab_clicked.png');
}

// On an empty board every term is 0: a weight changes nothing, and the
// weights say so until a move gives them something to count.
async function checkWeightsNote(app) {
  await app.command('game connect4');
  await app.frames(2);
  let state = await app.state();
  assert.ok(state.eval_terms.split(' ').every((t) => t.split(':')[1] === '0'), state.eval_terms);
  assert.match(state.eval_note, /until moves are played/);
  await app.command('open 4453');
  await app.frames(2);
  state = await app.state();
  assert.ok(state.eval_terms.split(' ').some((t) => t.split(':')[1] !== '0'), state.eval_terms);
  assert.equal(state.eval_note, '');
}

// Two fingers apart zoom in about their middle (a pinch panned before).
async function checkPinch(browser, url) {
  const context = await browser.newContext({viewport: PHONE, deviceScaleFactor: 3, hasTouch: true, isMobile: true});
  try {
    const app = new AppPage(await context.newPage(), artefactDir);
    await app.load(url);
    await app.commands('side 1 person', 'game tictactoe', 'lab on');
    await runLab(app, 'depth 3 algorithm alphabeta', 'a tree on a phone');
    await app.command('lab fit');
    await app.frames(3);
    let state = await app.state();
    await app.screenshot('lab_phone_portrait.png');
    const area = areaOf(state);
    const zoom = cameraZoom(state);
    const c = {x: (area.left + area.right) / 2, y: (area.top + area.bottom) / 2};
    const cdp = await context.newCDPSession(app.page);
    const touch = (type, d) => cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{x: c.x - d, y: c.y, id: 1}, {x: c.x + d, y: c.y, id: 2}],
    });
    await touch('touchStart', 20);
    for (const d of [30, 45, 60]) {
      await touch('touchMove', d);
      await app.frames(1);
    }
    await touch('touchEnd', 0);
    await app.frames(3);
    state = await app.state();
    const ratio = cameraZoom(state) / zoom;
    assert.ok(ratio > 2 && ratio < 4.5, `a pinch from 40 to 120 points zooms about 3 times: ${zoom} -> ${state.lab_camera}`);
    await app.screenshot('lab_phone_pinched.png');
    app.assertNoErrors('the pinch');
    // The same phone turned: the lab in landscape, its settings whole.
    await app.page.setViewportSize(LANDSCAPE);
    await app.commands('game connect4', 'lab on');
    await runLab(app, 'depth 3 algorithm alphabeta', 'a tree in landscape');
    await app.screenshot('lab_phone_landscape.png');
    await scrollPanel(app, 8);  // the search's settings: "Deepening" whole
    await app.screenshot('lab_phone_landscape_panel.png');
    app.assertNoErrors('the lab in landscape');
  } finally {
    await context.close();
  }
}

const runner = new CheckRunner();
mkdirSync(artefactDir, {recursive: true});
const started = Date.now();
const server = await serveDirectory(siteDir);
const browser = await launchChromium();
try {
  const context = await browser.newContext({viewport: DESKTOP});
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(server.url);
  await runner.check('no board keys while the lab covers the board', () => checkNoKeysUnderTheLab(app));
  await runner.check('a tree of another position or weights is stale', () => checkStale(app));
  await runner.check('the node chart is to scale', () => checkChartToScale(app));
  await runner.check('Fit shows the whole tree in the whole area', () => checkFit(app));
  await runner.check('zoom keeps the chosen node in place', () => checkZoomAnchor(app));
  await runner.check('the replay follows its node as a board', () => checkReplayFollows(app));
  await runner.check('a click shows the node in the panel', () => checkClickDetails(app));
  await runner.check('the weights say when every term is 0', () => checkWeightsNote(app));
  await runner.check('no console or page errors', () => app.assertNoErrors('the lab'));
  await context.close();
  await runner.check('a pinch zooms the tree on a phone; the lab in landscape', () => checkPinch(browser, server.url));
} finally {
  await browser.close();
  server.close();
}
console.log(`lab view test took ${Date.now() - started} ms`);
runner.finish();
