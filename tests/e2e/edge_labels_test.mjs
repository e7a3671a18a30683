// The names along the board's edges (issue 24): on a desktop and on a phone,
// for every registered game, the app draws its columns' and rows' names
// (the state's edge_labels, as drawn: each name and its centre) in the
// board's margin, and a click where a column's name and a row's name meet
// plays the move the game writes with those names (the first legal move of
// the start, as the app's state lists it). Then the status after Reversi's
// top level plays FFO position #1 (../shared/data/reversi, 14 empties):
// "Black played g8, exact from here: Black wins by 18", the published best
// move and score; in a middle game against Club, "searched 5 moves ahead".
// Screenshots edge_labels_<game>_{desktop,phone}.png and
// edge_labels_reversi_{midgame,exact}_{desktop,phone}.png.
//
//   node tests/e2e/edge_labels_test.mjs SITE_DIR [ARTEFACT_DIR]

import assert from 'node:assert/strict';
import {mkdirSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage, boardRectOf, movesOf} from './app_page.mjs';
import {CheckRunner, DESKTOP, launchChromium, PHONE, serveDirectory} from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node edge_labels_test.mjs SITE_DIR [ARTEFACT_DIR]');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

// "a:120:700 ..." into [{text, x, y}].
const labelsOf = (state) => (state.edge_labels ? state.edge_labels.split(' ') : []).map((l) => {
  const [text, x, y] = l.split(':');
  return {text, x: Number(x), y: Number(y)};
});

// The point where the column named `col` and the row named `row` meet: a
// column's label lies under it (its x), a row's beside it (its y); a game
// that names no rows (a column is a move) is clicked at the board's middle.
function cellAt(labels, rect, col, row) {
  const column = labels.find((l) => /^[a-z]$/.test(l.text) === /^[a-z]$/.test(col) &&
                                    l.text === col && l.y > rect.top + rect.height);
  assert.ok(column, `no column labelled '${col}' under the board: ${JSON.stringify(labels)}`);
  if (row === '') return {x: column.x, y: rect.top + rect.height / 2};
  const beside = labels.find((l) => l.text === row && l.x < rect.left);
  assert.ok(beside, `no row labelled '${row}' left of the board: ${JSON.stringify(labels)}`);
  return {x: column.x, y: beside.y};
}

// A move's text as names of cells: "c4" -> [['c', '4']], "e1d2" -> two
// cells, "4" -> [['4', '']] (a column alone).
function cellsNamed(move) {
  const cells = move.match(/[a-z][0-9]+|^[0-9]+$/g);
  assert.ok(cells, `a move '${move}' not written in cell names`);
  return cells.map((c) => (/^[0-9]+$/.test(c) ? [c, ''] : [c[0], c.slice(1)]));
}

async function checkGame(app, game, size) {
  await app.commands('side 0 person', 'side 1 person', `game ${game}`);
  await app.frames(3);
  const state = await app.state();
  const rect = boardRectOf(state);
  const labels = labelsOf(state);
  const [cols, rows] = state.grid.split(' ').map(Number);
  // A game whose moves name no cell (Pac-Man's N E S W) labels no edge.
  const first = state.legal.split(' ')[0].split(':')[0];
  if (!/^[a-z][0-9]+|^[0-9]+$/.test(first)) {
    assert.equal(labels.length, 0, `${game}: moves such as '${first}' name no cell, yet labels`);
    await app.screenshot(`edge_labels_${game}_${size}.png`);
    return `${game}: moves such as ${first} name no cell, no labels`;
  }
  assert.ok(labels.length >= cols, `${game}: ${labels.length} labels for ${cols} columns`);
  const margin = Number(state.board_margin);
  for (const l of labels) {
    const outside = l.y > rect.top + rect.height || l.x < rect.left;
    const near = l.y < rect.top + rect.height + margin && l.x > rect.left - margin;
    assert.ok(outside && near, `${game}: label ${JSON.stringify(l)} not in the margin of ${state.board_rect}`);
  }
  await app.screenshot(`edge_labels_${game}_${size}.png`);
  const move = state.legal.split(' ')[0].split(':')[0];
  for (const [col, row] of cellsNamed(move)) await app.click(cellAt(labels, rect, col, row));
  const after = await app.waitState((s) => movesOf(s).length === 1, `${game}: a move by clicks`);
  assert.equal(movesOf(after)[0], move, `${game}: clicks on the cells named ${move}`);
  return `${game}: ${labels.map((l) => l.text).join(' ')}; ${move} by clicks`;
}

// FFO #1: its board and side to move, and the best move with its margin.
function ffoFirst() {
  const line = readFileSync(join(here, '../../../shared/data/reversi/fforum-1-19.obf'), 'utf8')
                   .split('\n')[0];
  const [best, margin] = line.split(';')[1].trim().split(':');
  return {position: line.slice(0, 66), best: best.toLowerCase(), margin: Number(margin)};
}

async function checkExactStatus(app, size) {
  const ffo = ffoFirst();
  assert.ok(ffo.position.endsWith(' X'), 'FFO #1: Black (X) to move');
  await app.commands('side 0 person', 'side 1 person', `game reversi ${ffo.position}`,
                     'side 0 ai 5');
  const state = await app.waitState((s) => movesOf(s).length === 1 && s.thinking === '0',
                                    'Perfect\'s move', 30000);
  assert.equal(movesOf(state)[0], ffo.best);
  assert.match(state.figures, new RegExp(
      `^Black played ${ffo.best}, exact from here: Black wins by ${ffo.margin}, `), state.figures);
  await app.frames(5);
  await app.screenshot(`edge_labels_reversi_exact_${size}.png`);
  return state.figures;
}

// A middle game against Club (level 3, "looks five moves ahead": depth 5,
// engine/level.h): Black plays its first legal move eight times; after
// each of White's replies the status says the search's depth in moves.
async function checkMidgame(app, size) {
  await app.commands('side 0 person', 'side 1 ai 3', 'game reversi');
  let state = await app.state();
  for (let i = 0; i < 8 && state.over !== '1'; ++i) {
    const plies = movesOf(state).length;
    await app.command(`play ${state.legal.split(' ')[0].split(':')[0]}`);
    state = await app.waitState((s) => s.over === '1' || (s.thinking === '0' && s.tomove === '0' &&
                                                         movesOf(s).length > plies + 1),
                                'White\'s reply', 20000);
    if (state.pass !== '' || /passed/.test(state.figures)) continue;
    assert.match(state.figures, /searched 5 moves ahead: /, state.figures);
  }
  await app.frames(5);
  await app.screenshot(`edge_labels_reversi_midgame_${size}.png`);
  return state.figures;
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
const runner = new CheckRunner();
try {
  for (const [size, options] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const context = await browser.newContext(options);
    const app = new AppPage(await context.newPage(), artefactDir);
    await app.load(server.url);
    const games = (await app.state()).games.split(' ');
    for (const game of games) {
      await runner.check(`${size}: ${game}'s edges are labelled with its move names`,
                         async () => console.log(`  ${await checkGame(app, game, size)}`));
    }
    await runner.check(`${size}: the status says how far Club looked in Reversi's middle game`,
                       async () => console.log(`  ${await checkMidgame(app, size)}`));
    await runner.check(`${size}: the status says Reversi's exact endgame in words`,
                       async () => console.log(`  ${await checkExactStatus(app, size)}`));
    app.assertNoErrors(size);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
runner.finish();
