// The analysis' move labels over the board, checked against the engine's own
// exact answers through whole games. With the analysis open, a whole game of
// each game is played the way a person plays it: Tic-tac-toe by taps on a
// phone (390x844, pixel ratio 3, touch), Wolf and Sheep and Connect Four by
// mouse clicks on a desktop (1280x800). After every move, once the analysis
// has scored every legal move exactly (these games are solved), each label
// the board shows (App::state's analysis_labels: move:label[:piece]) must
// be that move's exact score, computed independently:
//   - Tic-tac-toe: a brute-force minimax written here;
//   - Wolf and Sheep: the native tool's `solve` of the position after the
//     move (its solution table);
//   - Connect Four: the native tool's `solve` of the position after the
//     column (its solver), from a position 19 discs in (opened as pasted
//     moves), so that the game is short and each solve quick.
// A label stands for a move, not a square: every legal move is labelled,
// except that where two wolves can reach one square with different scores
// the worse shows, naming its wolf; then selecting each wolf by a click
// must show exactly its own moves' scores. The line the panel shows must
// be a best move's and run to the end of the game (as far as the score
// says). Screenshots (desktop and phone): Wolf and Sheep after e1f2, with
// and without the f8 wolf selected; Tic-tac-toe after X a1, O c2.
//
//   node tests/e2e/analysis_labels_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage, movesOf} from './app_page.mjs';
import {CheckRunner, DESKTOP, launchChromium, PHONE, serveDirectory} from './lib.mjs';
import {NativeTool, positionLine} from './native_tool.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts'),
       cli = join(here, '../../build/native-release/src/arcade')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node analysis_labels_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

const GRIDS = {tictactoe: [3, 3], connect4: [7, 6], wolfsheep: [8, 8]};
const EXACT = /^(W[0-9]+|L[0-9]+|=)$/;
// A Connect Four game from a data set's position 19 discs in (c4_L2_R2,
// score 7: Yellow, to move, wins with its 15th disc): 11 plies to the end,
// each position solved in milliseconds.
const CONNECT4_START = '2235642672446536111';

const tool = new NativeTool(cli);
// Asks the native tool about `game`, telling it the game only when it
// changes: a new game is a new session, whose table takes 0.1 s to make.
let toolGame = '';
function ask(game, lines, prefix) {
  const switching = game !== toolGame;
  toolGame = game;
  return tool.ask([...(switching ? [`game ${game}`] : []), ...lines], prefix);
}

// --- Exact labels, as the panel writes them (engine_info.cpp's
// move_score_short_label): W<n> the mover wins with its n-th move from now,
// L<n> it loses to the opponent's n-th, = a draw. A move's score counts the
// plies from before it: one more than its position's plies to the end. ---

const label = (moverWins, plies) => plies === null ? '=' :
    `${moverWins ? 'W' : 'L'}${Math.floor((plies + 1) / 2)}`;
// Higher is better for the mover.
const rank = (l) =>
    l === '=' ? 0 : l[0] === 'W' ? 1000 - Number(l.slice(1)) : -1000 + Number(l.slice(1));

// Tic-tac-toe by brute force: squares a1..c3 as col + 3 * row.
const LINES =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const square = (move) => (move.charCodeAt(0) - 97) + 3 * (Number(move[1]) - 1);
const squareName = (s) => String.fromCharCode(97 + (s % 3)) + String(1 + Math.floor(s / 3));
function tictactoeBoard(moves) {
  const board = Array(9).fill(null);
  moves.forEach((m, i) => { board[square(m)] = i % 2; });
  return board;
}
const won = (board, side) => LINES.some((l) => l.every((s) => board[s] === side));
// The value for the side to move with best play: 100 - n, it wins in n
// plies; -100 + n, it loses in n; 0, a draw.
function tictactoeValue(board, toMove) {
  if (won(board, 1 - toMove)) return -100;
  if (board.every((s) => s !== null)) return 0;
  let best = -Infinity;
  for (let s = 0; s < 9; ++s) {
    if (board[s] !== null) continue;
    board[s] = toMove;
    const after = tictactoeValue(board, 1 - toMove);
    board[s] = null;
    best = Math.max(best, after === 0 ? 0 : after > 0 ? -after + 1 : -after - 1);
  }
  return best;
}
const pliesOf = (value) => value === 0 ? null : 100 - Math.abs(value);
function tictactoeExact(moves) {
  const board = tictactoeBoard(moves);
  const toMove = moves.length % 2;
  const legal = won(board, 0) || won(board, 1) ? [] :
      [...Array(9).keys()].filter((s) => board[s] === null).map(squareName);
  const labels = {};
  for (const m of legal) {
    board[square(m)] = toMove;
    const after = tictactoeValue(board, 1 - toMove);
    board[square(m)] = null;
    labels[m] = after === 0 ? '=' : label(after < 0, pliesOf(after) + 1);
  }
  return {legal, labels};
}

// Wolf and Sheep and Connect Four: the native tool's solve of each move's position.
async function legalMoves(game, moves) {
  const line = await ask(game, [positionLine(moves), 'moves'], 'moves');
  return line.split(' ').slice(1).filter(Boolean);
}
async function wolfsheepExact(moves) {
  const legal = await legalMoves('wolfsheep', moves);
  const mover = moves.length % 2 === 0 ? 'sheep' : 'wolves';
  const labels = {};
  for (const m of legal) {
    const line = await ask('wolfsheep', [positionLine([...moves, m]), 'solve'], 'solution');
    const winner = /sheep (wins|has won)/.test(line) ? 'sheep' :
        /wolves (win|have won)/.test(line) ? 'wolves' : assert.fail(`solve: ${line}`);
    const plies = /in (\d+) pl/.exec(line);
    labels[m] = label(winner === mover, (plies ? Number(plies[1]) : 0) + 1);
  }
  return {legal, labels};
}
// The solver's score (the data set's convention): positive, the side to move
// wins with its (22 - score)-th disc of the game; negative, loses to the
// other's (22 + score)-th.
async function connect4Exact(moves) {
  const legal = await legalMoves('connect4', moves);
  const labels = {};
  const mine = Math.floor(moves.length / 2);  // the mover's discs on the board
  const theirs = moves.length - mine;
  for (const c of legal) {
    const line = await ask('connect4', [positionLine([...moves, c]), 'solve'], 'solution');
    const score = Number(line.split(' ')[2]);
    labels[c] = score === 0 ? '=' : score < 0 ? `W${22 + score - mine}` : `L${22 - score - theirs}`;
  }
  return {legal, labels};
}

// --- The screen's labels. ---

const labelsOf = (state) => state.analysis_labels.split(' ').filter(Boolean).map((w) => {
  const [move, text, piece = ''] = w.split(':');
  return {move, text, piece};
});
const panelOf = (state) => Object.fromEntries(
    state.analysis_moves.split(' ').filter(Boolean).map((w) => w.split(':')));

// Milliseconds waited for the analysis, and the positions waited for.
const waited = {ms: 0, positions: 0};

// Waits until the panel has every legal move's exact score.
async function exactState(app, moves, legal) {
  const begun = Date.now();
  const state = await waitExact(app, moves, legal);
  waited.ms += Date.now() - begun;
  ++waited.positions;
  return state;
}
function waitExact(app, moves, legal) {
  return app.waitState((s) => {
    if (movesOf(s).join(' ') !== moves.join(' ')) return false;
    const panel = panelOf(s);
    return legal.every((m) => EXACT.test(panel[m] || '')) && s.analysis_labels !== '';
  }, `exact scores of every move after ${moves.join(' ') || 'the start'}`, 30000)
      .catch(async (error) => {
        const s = await app.state();
        throw new Error(`${error.message}: panel ${s.analysis_moves}, labels ${s.analysis_labels}`);
      });
}

// The line: a best move first, as long as the score says (to the end).
function checkLine(state, exact, where, plies) {
  const line = state.analysis_line.split(' ').filter(Boolean);
  assert.ok(line.length > 0, `${where}: no line`);
  const best = Math.max(...Object.values(exact.labels).map(rank));
  assert.equal(rank(exact.labels[line[0]]), best, `${where}: the line ${line} starts best`);
  if (plies !== undefined) assert.equal(line.length, plies, `${where}: ${line} to the end`);
  return line;
}

// Every label drawn is its move's exact score, and every legal move has one
// (Wolf and Sheep: but where two wolves reach one square, see wolfsheepLabels).
function checkEveryMoveLabelled(state, exact, where) {
  const labels = labelsOf(state);
  for (const l of labels) assert.equal(l.text, exact.labels[l.move], `${where}: ${l.move}'s label`);
  assert.deepEqual(labels.map((l) => l.move).sort(), [...exact.legal].sort(),
                   `${where}: moves labelled`);
  assert.ok(labels.every((l) => !l.piece), `${where}: no label names a piece`);
}

// Wolf and Sheep with nothing selected: per square, one label; where the
// moves to it score alike it stands for all of them, else it is the worst's,
// naming its wolf.
function wolfsheepLabels(state, exact, where) {
  const labels = labelsOf(state);
  for (const l of labels) assert.equal(l.text, exact.labels[l.move], `${where}: ${l.move}'s label`);
  const bySquare = {};
  for (const m of exact.legal) (bySquare[m.slice(2)] ||= []).push(m);
  let split = 0;
  for (const [target, moves] of Object.entries(bySquare)) {
    const shown = labels.filter((l) => l.move.slice(2) === target);
    const texts = new Set(moves.map((m) => exact.labels[m]));
    if (texts.size === 1) {
      assert.deepEqual(shown.map((l) => l.move).sort(), [...moves].sort(), `${where}: ${target}`);
      assert.ok(shown.every((l) => !l.piece), `${where}: ${target} names no piece`);
      continue;
    }
    ++split;
    const worst = [...moves].sort((a, b) => rank(exact.labels[a]) - rank(exact.labels[b]))[0];
    assert.equal(shown.length, 1, `${where}: one label on ${target}`);
    assert.equal(shown[0].move, worst, `${where}: ${target} shows the worse move ${worst}`);
    assert.equal(shown[0].piece, worst.slice(0, 2), `${where}: ${target} names ${worst}'s wolf`);
  }
  return split;
}

// --- Input, as a person gives it. ---

// Centre of a cell named like "e4" (column letter, row number from the
// bottom), on the board as laid out when the game was opened (openGame):
// frames are slow on a phone's canvas of 1170x2532 pixels in SwiftShader.
function centreOf(app, game, name) {
  const [cols, rows] = GRIDS[game];
  const col = game === 'connect4' ? Number(name) - 1 : name.charCodeAt(0) - 97;
  const row = game === 'connect4' ? Math.floor(rows / 2) : rows - Number(name.slice(1));
  const r = app.board;
  return {x: r.left + ((col + 0.5) * r.width) / cols, y: r.top + ((row + 0.5) * r.height) / rows};
}
// A click (press and release in frames of their own), or a tap; the state
// read after either has seen it.
async function press(app, touch, point) {
  if (!touch) return app.click(point);
  await app.page.touchscreen.tap(point.x, point.y);
  await app.frames(2);
}
async function playMove(app, game, touch, moves, move) {
  if (game === 'wolfsheep') {
    // A wolf is picked up first; the sheep, the only piece, moves at a click.
    if (moves.length % 2 === 1) await press(app, touch, centreOf(app, game, move.slice(0, 2)));
    await press(app, touch, centreOf(app, game, move.slice(2)));
  } else {
    await press(app, touch, centreOf(app, game, move));
  }
  await app.waitState((s) => movesOf(s).length === moves.length + 1, `${move} played`);
  const after = movesOf(await app.state());
  assert.deepEqual(after, [...moves, move], `the ${touch ? 'tap' : 'click'} played ${move}`);
}

// A page at a screen's size, its engine ready.
async function openPage(browser, options) {
  const context = await browser.newContext(options);
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(server.url);
  await app.page.evaluate(async () => {
    while (!window.arcadeEngine.ready()) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  return {context, app};
}

// `game` on the page from `start` (moves), a person on each side, the
// analysis open.
async function setUp(app, game, start = '') {
  // A person on each side before the game starts and of the game itself
  // (each game keeps its own sides); a fresh game in case an AI moved first.
  await app.commands('side 0 person', 'side 1 person', `game ${game}`, 'side 0 person',
                     'side 1 person', 'new');
  if (start) await app.command(`open ${start}`);
  const plies = start ? start.split(game === 'connect4' ? '' : ' ').length : 0;
  assert.equal(movesOf(await app.state()).length, plies, `${game}: the start`);
  await app.command('analysis on');
  app.board = await app.boardRect();
}

// --- The games. ---

async function tictactoeGame(app) {
  await setUp(app, 'tictactoe');
  // X a1, O c2 (the position), then X wins on the diagonal.
  const game = ['a1', 'c2', 'c1', 'b1', 'b2', 'a3', 'c3'];
  const moves = [];
  for (const move of game) {
    const exact = tictactoeExact(moves);
    const where = `tictactoe after ${moves.join(' ') || 'the start'}`;
    const state = await exactState(app, moves, exact.legal);
    checkEveryMoveLabelled(state, exact, where);
    const best = tictactoeValue(tictactoeBoard(moves), moves.length % 2);
    checkLine(state, exact, where, best === 0 ? 9 - moves.length : pliesOf(best));
    if (moves.join(' ') === 'a1 c2') await app.screenshot('labels_tictactoe_a1_c2_phone.png');
    await playMove(app, 'tictactoe', true, moves, move);
    moves.push(move);
  }
  const end = await app.state();
  assert.equal(end.over, '1', 'X has won');
  assert.equal(end.analysis_labels, '', 'no labels once the game is over');
  app.assertNoErrors('tictactoe');
  console.log(`  tictactoe: ${game.length} moves by taps, every move's label exact`);
}

async function wolfsheepGame(app) {
  await setUp(app, 'wolfsheep');
  const moves = [];
  let split = 0, selections = 0;
  for (;;) {
    const exact = await wolfsheepExact(moves);
    if (!exact.legal.length) break;
    const where = `wolfsheep after ${moves.join(' ') || 'the start'}`;
    const state = await exactState(app, moves, exact.legal);
    const splitHere = wolfsheepLabels(state, exact, where);
    split += splitHere;
    const best = Math.max(...Object.values(exact.labels).map(rank));
    const bestPlies = 2 * (best > 0 ? 1000 - best : 1000 + best) - (best > 0 ? 1 : 0);
    const line = checkLine(state, exact, where);
    // W<n>: the mover's n-th move wins, 2n - 1 plies; L<n>: 2n plies.
    assert.equal(line.length, bestPlies, `${where}: the line ${line} runs to the end`);
    if (moves.join(' ') === 'e1f2') await app.screenshot('labels_wolfsheep_e1f2_desktop.png');
    // Each wolf that can move, selected by a click, shows its own moves'
    // labels: checked in the wolves' first position and wherever two
    // wolves' moves to one square score differently (a click costs frames).
    if (moves.length % 2 === 1 && (moves.length === 1 || splitHere)) {
      const wolves = [...new Set(exact.legal.map((m) => m.slice(0, 2)))];
      for (const wolf of wolves) {
        await press(app, false, centreOf(app, 'wolfsheep', wolf));
        const own = exact.legal.filter((m) => m.startsWith(wolf));
        const s = await app.state();
        const labels = labelsOf(s);
        assert.deepEqual(labels.map((l) => l.move).sort(), own.sort(),
                         `${where}, ${wolf} selected`);
        for (const l of labels) {
          assert.equal(l.text, exact.labels[l.move], `${where}, ${wolf} selected: ${l.move}`);
          assert.equal(l.piece, '', `${where}, ${wolf} selected: ${l.move} names no piece`);
        }
        if (moves.join(' ') === 'e1f2' && wolf === 'f8')
          await app.screenshot('labels_wolfsheep_e1f2_f8_desktop.png');
        ++selections;
      }
    }
    // The sheep plays its best move (e1f2 first, the position),
    // the wolves their worst, so that the game is short.
    const ranked = [...exact.legal].sort((a, b) => rank(exact.labels[b]) - rank(exact.labels[a]) ||
                                                   a.localeCompare(b));
    const move = moves.length === 0 ? 'e1f2' : moves.length % 2 === 0 ? ranked[0] : ranked.at(-1);
    await playMove(app, 'wolfsheep', false, moves, move);
    moves.push(move);
  }
  const end = await app.state();
  assert.equal(end.over, '1', 'the game is over');
  assert.ok(split > 0, 'a square two wolves reach with different scores was seen');
  app.assertNoErrors('wolfsheep');
  console.log(`  wolfsheep: ${moves.length} moves by clicks (${moves.join(' ')}), every label ` +
              `exact; ${selections} wolves selected, ${split} squares shared by moves of ` +
              `different scores`);
}

// The line ends the game (the native tool has no move after it) once the
// solver has continued it: that comes after the columns' scores, in a later
// report of the same search, so the labels may be exact a moment before.
// Resolves to the state that shows it.
async function lineToTheEnd(app, moves, state, where) {
  const deadline = Date.now() + 10000;
  for (;;) {
    assert.equal(movesOf(state).join(''), moves.join(''), `${where}: the game moved on`);
    const line = state.analysis_line.split(' ').filter(Boolean);
    if ((await legalMoves('connect4', [...moves, ...line])).length === 0) return state;
    assert.ok(Date.now() < deadline, `${where}: the line ${line} runs to the end`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await app.state();
  }
}

async function connect4Game(app) {
  const start = CONNECT4_START.split('');
  await setUp(app, 'connect4', CONNECT4_START);
  const moves = [...start];
  for (;;) {
    const exact = await connect4Exact(moves);
    if (!exact.legal.length) break;
    const where = `connect4 after ${moves.join('')}`;
    const state = await exactState(app, moves, exact.legal);
    checkEveryMoveLabelled(state, exact, where);
    checkLine(await lineToTheEnd(app, moves, state, where), exact, where);
    // Both sides play a best move.
    const best = [...exact.legal].sort((a, b) => rank(exact.labels[b]) - rank(exact.labels[a]))[0];
    await playMove(app, 'connect4', false, moves, best);
    moves.push(best);
  }
  assert.equal((await app.state()).over, '1', 'the game is over');
  app.assertNoErrors('connect4');
  console.log(`  connect4: ${moves.length - start.length} moves by clicks from ${CONNECT4_START} ` +
              `(${moves.slice(start.length).join('')}), every label exact`);
}

// The other size of each screenshot: Wolf and Sheep on a phone (the
// f8 wolf selected by a tap), Tic-tac-toe on a desktop.
async function phoneWolfsheepScreenshots(app) {
  await setUp(app, 'wolfsheep', 'e1f2');
  await exactState(app, ['e1f2'], (await wolfsheepExact(['e1f2'])).legal);
  await app.screenshot('labels_wolfsheep_e1f2_phone.png');
  await press(app, true, centreOf(app, 'wolfsheep', 'f8'));
  const labels = labelsOf(await app.state()).map((l) => l.move).sort();
  assert.deepEqual(labels, ['f8e7', 'f8g7'], 'the tapped f8 wolf\'s moves alone');
  await app.screenshot('labels_wolfsheep_e1f2_f8_phone.png');
  app.assertNoErrors('wolfsheep on a phone');
}
async function desktopTictactoeScreenshot(app) {
  await setUp(app, 'tictactoe', 'a1 c2');
  await app.page.mouse.move(2, 2);  // no ghost of the square under the pointer
  await exactState(app, ['a1', 'c2'], tictactoeExact(['a1', 'c2']).legal);
  await app.frames(2);
  await app.screenshot('labels_tictactoe_a1_c2_desktop.png');
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
const runner = new CheckRunner();
// LABELS_ONLY=word runs the checks whose name has it (when working on one).
const only = process.env.LABELS_ONLY;
const check = (name, body) => (!only || name.includes(only) ? runner.check(name, body) : null);
// One page a screen size, each game set up on it in turn.
const phone = await openPage(browser, PHONE);
const desktop = await openPage(browser, DESKTOP);
try {
  await check('tictactoe: a whole game by taps, every label exact', () => tictactoeGame(phone.app));
  await check('wolf and sheep on a phone: the f8 wolf tapped',
              () => phoneWolfsheepScreenshots(phone.app));
  await check('wolf and sheep: a whole game by clicks, every label exact, each wolf selected',
              () => wolfsheepGame(desktop.app));
  await check('connect four: a game to the end by clicks, every label exact',
              () => connect4Game(desktop.app));
  await check('tictactoe on a desktop', () => desktopTictactoeScreenshot(desktop.app));
  if (waited.positions) {
    console.log(`FIGURE analysis labels: every move exact after ` +
                `${Math.round(waited.ms / waited.positions)} ms on average over ` +
                `${waited.positions} positions`);
  }
} finally {
  tool.close();
  await phone.context.close();
  await desktop.context.close();
  await browser.close();
  server.close();
}
runner.finish();
