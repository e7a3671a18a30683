// The lab's small boards show what a move turned, in headless Chromium: a
// Reversi tree two plies deep, and for nodes at both depths the cells the
// chosen node's board marks (App::state's lab_selected_marked: the disc
// placed and every disc it turned) must be the cells whose disc the native
// command-line tool says changed between the position before the node's
// last move and after it. Screenshots of the tree zoomed onto its boards,
// desktop (1280x800) and phone (390x844 at pixel ratio 3), go to the
// artefact folder: lab_flips_{desktop,phone}.png.
//
//   node tests/e2e/lab_flips_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage} from './app_page.mjs';
import {CheckRunner, DESKTOP, launchChromium, PHONE, serveDirectory} from './lib.mjs';
import {NativeTool} from './native_tool.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts'),
       cli = join(here, '../../build/native-release/src/arcade')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node lab_flips_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]');
  process.exit(2);
}

const OPENING = ['f5', 'd6'];  // the root: after these, Black to move

const tool = new NativeTool(cli);
// The tool's board after `moves`: 64 characters, a1..h1 then a2.., row 1 at
// the top (Reversi's notation), '-' empty.
async function toolBoard(moves) {
  const line = await tool.ask(
      ['game reversi', 'position startpos moves ' + moves.join(' '), 'd'], 'position ');
  return line.slice('position '.length).split(' ')[0];
}
// The cells that differ between two of the tool's boards, as the app names
// cells ("col,row" from the bottom left), sorted as the app lists them.
function changedCells(before, after) {
  const cells = [];
  for (let i = 0; i < 64; ++i)
    if (before[i] !== after[i]) cells.push({col: i % 8, row: 7 - Math.floor(i / 8)});
  cells.sort((a, b) => a.row - b.row || a.col - b.col);
  return cells.map((c) => `${c.col},${c.row}`).join(' ');
}
// The node's moves from the root, from its details ("Node 5: after c5 then
// f4 | ...").
function lineOf(selected) {
  const found = /^Node \d+: after (.*?) \|/.exec(selected || '');
  assert.ok(found, `no moves in '${selected}'`);
  return found[1].split(' then ');
}

async function openLab(app) {
  await app.commands('side 0 person', 'side 1 person', 'game reversi');
  for (const move of OPENING) await app.command(`play ${move}`);
  await app.commands('lab on', 'lab run depth 2 algorithm minimax ordering off table off');
  const state = await app.waitState((s) => s.lab_state === 'complete', 'the tree', 60000);
  await app.frames(3);
  return Number(state.lab_nodes);
}

async function checkMarkedCellsAreTheFlips(app) {
  const nodes = await openLab(app);
  assert.ok(nodes > 10, `a tree of ${nodes} nodes`);
  let turnedSeveral = 0;
  for (let node = 1; node < nodes; ++node) {
    await app.command(`lab select ${node}`);
    await app.frames(2);
    const state = await app.state();
    const line = lineOf(state.lab_selected);
    const before = await toolBoard([...OPENING, ...line.slice(0, -1)]);
    const after = await toolBoard([...OPENING, ...line]);
    const expected = changedCells(before, after);
    assert.equal((state.lab_selected_marked || '').trim(), expected,
                 `node ${node} (${line.join(' ')}): the marked cells are the move's`);
    turnedSeveral += expected.split(' ').length > 2;
  }
  assert.ok(turnedSeveral > 0, 'some node turned two discs or more');
  app.assertNoErrors('the lab on Reversi');
}

// The tree zoomed so that its boards are large enough to read on a page.
async function screenshot(browser, url, options, name) {
  const context = await browser.newContext(options);
  try {
    const app = new AppPage(await context.newPage(), artefactDir);
    await app.load(url);
    await openLab(app);
    await app.commands('lab select 2', 'lab zoom 90');
    await app.frames(5);
    await app.screenshot(name);
    app.assertNoErrors(name);
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
  const context = await browser.newContext(DESKTOP);
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(server.url);
  await runner.check('each node\'s board marks the cells its move changed, as the tool says',
                     () => checkMarkedCellsAreTheFlips(app));
  await context.close();
  await runner.check('the tree\'s boards on a desktop',
                     () => screenshot(browser, server.url, DESKTOP, 'lab_flips_desktop.png'));
  await runner.check('the tree\'s boards on a phone',
                     () => screenshot(browser, server.url, PHONE, 'lab_flips_phone.png'));
} finally {
  await browser.close();
  server.close();
  tool.close();
}
console.log(`lab flips test took ${Date.now() - started} ms`);
runner.finish();
