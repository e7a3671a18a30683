// Every registered game, as the app lists it (App::state's `games`), played
// in headless Chromium by real clicks against the AI, knowing no game: the
// app's state names each legal move and the cells a click on them names
// (`legal`, app_commands.cpp's play_state), so a new game is covered the moment it is
// registered. For each game a person (side 0) plays random legal moves by
// clicks against the AI at level 1, up to MOVES_PER_GAME moves or the end;
// before each, the app must agree with the native command-line tool (the
// engine, outside the page): the same position string after the same moves,
// the same legal moves, and the game over exactly when the tool has no move.
// The app's list of games must be the tool's.
//
// Then a forced pass, in every game that has one: random games through the
// tool until a position whose only move the app calls a pass (App::state's
// `pass`, the words the heading shows); opened there on a desktop (a click
// on the Pass button) and on a phone (390x844, pixel ratio 3, a tap), the
// person passes, the move list holds the pass, and the AI plays on.
// Screenshots every_game_<game>.png, pass_<game>_{desktop,phone}[_after].png.
//
//   node tests/e2e/every_game_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage, boardRectOf, movesOf} from './app_page.mjs';
import {CheckRunner, DESKTOP, launchChromium, PHONE, serveDirectory} from './lib.mjs';
import {NativeTool} from './native_tool.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts'),
       cli = join(here, '../../build/native-release/src/arcade')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node every_game_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

const MOVES_PER_GAME = 6;
const PASS_SEARCH_GAMES = 20;  // random games through the tool, at most, per game
// Plies of a random game, at most, in the search for a pass: the board games
// end well within it; Pac-Man's random walks run to hundreds of rounds, and
// each ply sends the whole game to the tool again.
const PASS_SEARCH_PLIES = 200;

// A small seeded generator (mulberry32): the same games every run.
function randomGenerator(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomGenerator(24);
const pick = (list) => list[Math.floor(random() * list.length)];

// --- The native tool: the engine's own answers ---------------------------

const tool = new NativeTool(cli);
let toolGame = '';
function ask(game, lines, prefix) {
  const switching = game !== toolGame;
  toolGame = game;
  return tool.ask([...(switching ? [`game ${game}`] : []), ...lines], prefix);
}
const positionOf = (start, moves) =>
    `position ${start}` + (moves.length ? ` moves ${moves.join(' ')}` : '');
async function toolMoves(game, start, moves) {
  const line = await ask(game, [positionOf(start, moves), 'moves'], 'moves');
  return line.split(' ').slice(1).filter((m) => m);
}
async function toolPosition(game, start, moves) {
  const line = await ask(game, [positionOf(start, moves), 'd'], 'position ');
  return line.slice('position '.length);
}

// --- The app's state: its legal moves and the cells a click names --------

// "text:c,r" | "text:c,r>c,r" | "text:" into {text, clicks: [{col, row}]}.
function legalOf(state) {
  return (state.legal || '').split(' ').filter((w) => w).map((word) => {
    const at = word.lastIndexOf(':');
    const cells = word.slice(at + 1);
    const clicks = cells ? cells.split('>').map((c) => {
      const [col, row] = c.split(',').map(Number);
      return {col, row};
    }) : [];
    return {text: word.slice(0, at), clicks};
  });
}
function widgetOf(state, name) {
  const found = state.widgets.split(' ').find((w) => w.startsWith(name + ':'));
  if (!found) return null;
  const [x, y, w, h] = found.slice(name.length + 1).split(',').map(Number);
  return {x: x + w / 2, y: y + h / 2};
}
// The centre of a cell (column from the left, row from the bottom).
function cellCentre(state, {col, row}) {
  const [cols, rows] = state.grid.split(' ').map(Number);
  const r = boardRectOf(state);
  return {x: r.left + ((col + 0.5) * r.width) / cols,
          y: r.top + ((rows - 1 - row + 0.5) * r.height) / rows};
}

async function press(app, touch, point) {
  if (!touch) return app.click(point);
  await app.page.touchscreen.tap(point.x, point.y);
  await app.frames(2);
}

// Plays `move` ({text, clicks}) as a person does: its cells in turn, or the
// Pass button for a pass; resolves once the move list holds it.
async function playByClicks(app, touch, state, move) {
  const before = movesOf(state).length;
  if (move.clicks.length === 0) {
    const button = widgetOf(state, 'pass');
    assert.ok(button, `no Pass button for ${move.text}: ${state.heading} / ${state.figures}`);
    await press(app, touch, button);
  }
  for (const cell of move.clicks) await press(app, touch, cellCentre(state, cell));
  const after = await app.waitState((s) => movesOf(s).length > before, `${move.text} played`);
  assert.equal(movesOf(after)[before], move.text, `the ${touch ? 'tap' : 'click'} played`);
}

// A person's turn (or the end), the AI done and a frame drawn since.
async function personTurn(app) {
  const state = await app.waitState(
      (s) => s.over === '1' || (s.thinking === '0' && s.tomove === '0'), 'the person\'s turn',
      20000);
  await app.frames(3);  // the widgets and the board's rectangle of a frame with this state
  return app.state();
}

// The app and the tool agree on the position, the legal moves and the end.
async function checkAgainstTool(game, state) {
  const moves = movesOf(state);
  assert.equal(state.position, await toolPosition(game, state.start, moves),
               `${game}: the position after ${moves.join(' ')}`);
  const legal = legalOf(state).map((m) => m.text).sort();
  const engine = (await toolMoves(game, state.start, moves)).sort();
  assert.deepEqual(legal, engine, `${game}: the legal moves after ${moves.join(' ')}`);
  assert.equal(state.over === '1', engine.length === 0, `${game}: over exactly without a move`);
}

async function playGame(app, game) {
  // A step a click (the lesson's pace): the steady pace, a person's default
  // in Pac-Man, would go on by itself between the clicks.
  await app.commands('pref steady off', 'side 0 person', 'side 1 ai 1', `game ${game}`);
  let state = await personTurn(app);
  let played = 0;
  for (; played < MOVES_PER_GAME && state.over !== '1'; ++played) {
    await checkAgainstTool(game, state);
    await playByClicks(app, false, state, pick(legalOf(state)));
    state = await personTurn(app);
  }
  await checkAgainstTool(game, state);
  await app.screenshot(`every_game_${game}.png`);
  app.assertNoErrors(game);
  console.log(`  ${game}: ${played} moves by clicks, ${movesOf(state).length} plies, ` +
              `${state.over === '1' ? 'over' : 'going on'}`);
}

// --- A forced pass -------------------------------------------------------

// A position string of `game` where the side to move (`mover`) has only a
// pass, from random games through the tool; the app says which single moves
// are passes.
// A single move the app once called no pass (a step of a ghost in a corridor,
// a last column) is asked about again under the same name only: a move's
// notation says whether it is a pass.
async function findForcedPass(app, game) {
  const notPasses = new Set();
  for (let g = 0; g < PASS_SEARCH_GAMES; ++g) {
    const moves = [];
    while (moves.length < PASS_SEARCH_PLIES) {
      const legal = await toolMoves(game, 'startpos', moves);
      if (legal.length === 0) break;
      if (legal.length === 1 && moves.length > 0 && !notPasses.has(legal[0])) {
        const position = await toolPosition(game, 'startpos', moves);
        await app.command(`game ${game} ${position}`);
        const state = await app.state();
        // The mover as this state says: the AI may pass for it a moment later.
        if (legalOf(state).length === 1 && legalOf(state)[0].clicks.length === 0)
          return {position, mover: Number(state.tomove)};
        notPasses.add(legal[0]);
      }
      moves.push(pick(legal));
    }
  }
  return null;
}

async function passInPlay(app, touch, game, position, mover) {
  const screen = touch ? 'phone' : 'desktop';
  await app.commands(`side ${mover} person`, `side ${1 - mover} ai 1`, `game ${game} ${position}`);
  // The new game settles in a few frames, more when the engine was busy
  // with the last position the search for a pass showed it.
  await app.waitState((s) => s.pass.length > 0,
                      `${game}: the heading says why the person passes`, 5000);
  await app.frames(2);  // the Pass button drawn, so the state has its place
  const state = await app.state();
  await app.screenshot(`pass_${game}_${screen}.png`);
  const [pass] = legalOf(state);
  await playByClicks(app, touch, state, pass);
  // The AI plays on (and the person may have to pass again).
  const after = await app.waitState(
      (s) => s.thinking === '0' && (movesOf(s).length >= 2 || s.over === '1'), 'the AI\'s reply',
      20000);
  assert.equal(movesOf(after)[0], pass.text, `${game}: the move list holds the pass`);
  await app.frames(6);
  await app.screenshot(`pass_${game}_${screen}_after.png`);
  app.assertNoErrors(`${game}: a pass on a ${screen}`);
  console.log(`  ${game} on a ${screen}: '${state.pass}' then ${movesOf(after).join(' ')}`);
}

async function openPage(browser, options) {
  const context = await browser.newContext(options);
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(server.url);
  await app.page.evaluate(async () => {
    while (!window.arcadeEngine.ready()) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  return {context, app};
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
const runner = new CheckRunner();
const desktop = await openPage(browser, DESKTOP);
const phone = await openPage(browser, PHONE);
const started = Date.now();
try {
  const games = (await desktop.app.state()).games.split(' ');
  await runner.check('the app lists the tool\'s games', async () => {
    const help = await tool.ask(['help'], 'commands: ');
    const listed = help.match(/^commands: game ([^|]*)\|/)[1].trim().split(' ');
    assert.deepEqual(games, listed);
  });
  for (const game of games) {
    await runner.check(`${game}: played by clicks, the board as the engine has it`,
                       () => playGame(desktop.app, game));
  }
  for (const game of games) {
    await runner.check(`${game}: a forced pass, if it has one, by a click and a tap`, async () => {
      const found = await findForcedPass(desktop.app, game);
      if (!found) return console.log(`  ${game}: no forced pass in random games`);
      await passInPlay(desktop.app, false, game, found.position, found.mover);
      await passInPlay(phone.app, true, game, found.position, found.mover);
    });
  }
  console.log(`FIGURE every_game: ${games.length} games in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  tool.close();
  await desktop.context.close();
  await phone.context.close();
  await browser.close();
  server.close();
}
runner.finish();
