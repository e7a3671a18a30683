// Reversi's top level (Perfect) in headless Chromium, over whole games, as a
// person sees it (issue 24, Figures: "answers every move of a whole game
// within 3 s, mean under 1 s, and never misses a win the exact endgame could
// see"). In each game Perfect plays one side against the Club level, whose
// moves the native command-line tool chooses (a fixed seed: the same person
// every run) and the page plays by `play` commands, as a person's click
// would; one game with the app pondering on the person's time (its
// default), one without. Each AI move is timed from the person's move to the
// AI's move on the board (a drawn frame whose state holds it); a first move
// of Perfect's from its side given to it. The times are FIGURE lines with
// their goals, every AI move within 3 s and the mean under 1 s (a failure
// only beyond ten times those: lib.mjs, timingFigure). Checks: from the
// first move of the exact endgame (the app's figures say "exact from here"
// and a proven margin, "White wins by 6", or 15 empties are left), every AI
// move is a best move by the native tool's exact `solve` and the margin the
// figures say is the solve's (after a ponderhit too); the exact endgame
// began with at least MIN_EXACT_EMPTIES empties; no console errors. Prints
// a line a move of the endgame; screenshots reversi_top_level_end_
// {desktop,phone}.png of the last game's end (the phone opens it by link).
//
//   node tests/e2e/reversi_top_level_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage, movesOf} from './app_page.mjs';
import {launchChromium, PHONE, serveDirectory, timingFigure} from './lib.mjs';
import {NativeTool} from './native_tool.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts'),
       cli = join(here, '../../build/native-release/src/arcade')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node reversi_top_level_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

const PERFECT = 5;
const CLUB = 3;
const LONGEST_MS = 3000;
const MEAN_MS = 1000;
// The exact endgame must begin at least this early (the session solves from
// 16 empties, games/reversi/reversi_session.h): a check that it began at all.
const MIN_EXACT_EMPTIES = 12;
// From this many empties the session gives every move's exact score
// (kExactScoresEmpties, games/reversi/reversi_session.h): the AI's moves are
// checked against the solve from here, whatever the figures say.
const EXACT_SCORES_EMPTIES = 15;
// Perfect's side, the Club player's seed and whether the app ponders on the
// person's time (its default), a game each.
const GAMES = [{perfect: 1, seed: 1, ponder: true}, {perfect: 0, seed: 2, ponder: false}];
const SIDE_NAMES = ['Black', 'White'];

const empties = (state) => (state.position.match(/-/g) || []).length;
const positionLine = (moves) =>
    'position startpos' + (moves.length ? ' moves ' + moves.join(' ') : '');

// --- The native tool: the Club player, and the judge ----------------------

const club = new NativeTool(cli);
const judge = new NativeTool(cli);
// A question the tool leaves unanswered (an error line instead) fails the
// test rather than stalling it.
for (const tool of [club, judge]) {
  const ask = tool.ask.bind(tool);
  tool.ask = (lines, prefix) => Promise.race([ask(lines, prefix), new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`no '${prefix}' to ${lines.join(' / ')} in 60 s`)), 60000).unref())]);
}
await judge.ask(['game reversi', 'isready'], 'readyok');

async function clubMove(moves, seed) {
  const line = await club.ask([`setoption name Seed value ${seed + moves.length}`,
                               positionLine(moves), 'go'], 'bestmove');
  return line.split(' ')[1];
}

// The exact solve of the position after `moves`: {score, best: [...]}, the
// score the final margin for the side to move.
// Read word by word: a regular expression with nested quantifiers here
// (/best ((?:\S+ ?)+?) moves/) took V8 time exponential in the moves listed
// after it (12 s for 7, minutes for 8), and its synchronous match froze this
// process: every page.evaluate seemed to hang.
async function solve(moves) {
  const line = await judge.ask([positionLine(moves), 'solve'], 'solution');
  const w = line.split(' ');
  const [score, best, listed] = ['score', 'best', 'moves'].map((key) => w.indexOf(key));
  assert.ok(score === 1 && best === 3 && listed > best + 1 && /^[+-]?\d+$/.test(w[2]),
            `no exact solve after ${moves.join(' ')}: ${line}`);
  return {score: Number(w[2]), best: w.slice(best + 1, listed)};
}

// The words the app gives a proven margin for `side` (engine_info.cpp's
// score_in_words): "White wins by 6", "draw".
function marginInWords(margin, side) {
  if (margin === 0) return 'draw';
  return `${SIDE_NAMES[margin > 0 ? side : 1 - side]} wins by ${Math.abs(margin)}`;
}

// --- The page ---------------------------------------------------------------

// Runs in the page: `line` (the person's move, or Perfect given its side),
// then waits for the AI's move on the board: a frame drawn with more than
// `plies + 1` moves (`plies` for a side given), or the game over. Resolves to
// {ms} from the command to that frame, {over} or {error}.
async function aiReplyTime({line, plies}) {
  const command = (text) => Module.ccall('arcade_command', 'string', ['string'], [text]);
  const state = () => Module.ccall('arcade_state', 'string', [], []).split('\n');
  const field = (lines, key) => (lines.find((l) => l.startsWith(key + ' ')) || key).slice(key.length + 1);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const waited = performance.now();
  while (!window.arcadeEngine.ready()) {
    if (performance.now() - waited > 30000) {
      return {error: `the engine not ready in 30 s: ${['engine_failed', 'notice', 'figures'].map(
          (k) => `${k} '${field(state(), k)}'`).join(', ')}`};
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const begun = performance.now();
  const reply = command(line);
  if (reply !== 'ok') return {error: `${line}: ${reply}`};
  for (;;) {
    await frame();
    const lines = state();
    const count = field(lines, 'moves').split(' ').filter((m) => m).length;
    if (count > plies) return {ms: performance.now() - begun};
    if (field(lines, 'over') === '1') return {over: true};
    if (performance.now() - begun > 30000) {
      return {error: `no reply to ${line} in 30 s: figures '${field(lines, 'figures')}', ` +
                     `thinking ${field(lines, 'thinking')}`};
    }
  }
}

// One whole game; resolves to {times, endgame, firstExactEmpties, moves, end}.
async function playGame(app, {perfect, seed, ponder}) {
  const club = 1 - perfect;
  // Perfect moving first is given its side once the game is on the board.
  // Without pondering each reply is searched from the person's move, no
  // head start; with it (the app's default) the person's likely replies are
  // searched while the person thinks, the endgame's exact solves included.
  await app.commands(`pref think ${ponder ? 'on' : 'off'}`, `side ${club} person`,
                     `side ${perfect} ${perfect ? `ai ${PERFECT}` : 'person'}`, 'game reversi');
  const times = [];
  const endgame = [];  // each exact move's check; firstExactEmpties: where it began
  let line = perfect === 0 ? `side 0 ai ${PERFECT}` : null;
  for (;;) {
    let state = await app.state();
    if (state.over === '1') break;
    const before = movesOf(state);
    if (line === null) {
      assert.equal(state.tomove, String(club), `the Club side's turn after ${before.join(' ')}`);
      line = `play ${await clubMove(before, seed)}`;
    }
    const plies = before.length + (line.startsWith('play') ? 1 : 0);
    const result = await app.page.evaluate(aiReplyTime, {line, plies});
    assert.ok(!result.error, result.error);
    const asked = line;
    line = null;
    if (result.over) break;
    times.push(result.ms);
    console.log(`move ${plies + 1}: ${asked.startsWith('play') ? asked : 'Perfect given its side'}, ` +
                `the AI's reply ${(await app.state()).moves.split(' ').pop()} in ${result.ms.toFixed(0)} ms`);
    // The AI's turn is over (it may have had to pass; it may move twice when
    // the person has to pass): the person's turn or the end.
    state = await app.waitState((s) => s.over === '1' || (s.thinking === '0' && s.tomove === String(club)),
                                'the person\'s turn', 30000);
    await checkAiMove(state, plies, perfect, endgame);
  }
  app.assertNoErrors(`the game with Perfect as ${SIDE_NAMES[perfect]}`);
  const end = await app.state();
  return {times, endgame, firstExactEmpties: endgame.firstExactEmpties || 0, moves: movesOf(end), end};
}

// The AI's move at ply `ply`: once the exact endgame has begun (the figures
// say "exact from here" and a proven margin, engine_info.cpp's
// search_in_words), a best move by the exact solve, and the margin the
// figures say the solve's.
async function checkAiMove(state, ply, perfect, endgame) {
  const moves = movesOf(state);
  const before = moves.slice(0, ply);
  const move = moves[ply];
  const emptiesBefore = await emptiesAfter(before);
  const words = state.figures.match(/(exact from here|searched \d+ moves? ahead): ([^,)]+)/);
  const exact = words && words[1] === 'exact from here' && /wins by|draw/.test(words[2]);
  if (exact && !endgame.firstExactEmpties) endgame.firstExactEmpties = emptiesBefore;
  if (!endgame.firstExactEmpties && emptiesBefore > EXACT_SCORES_EMPTIES) return;
  const solution = await solve(before);
  const best = solution.best.includes(move);
  // A pass is said in words without a search ("White had no move and
  // passed"), the last move by the end's words.
  const said = move === 'pass' || state.over === '1' ? null : (words ? words[2] : '');
  const expected = marginInWords(solution.score, perfect);
  console.log(`exact, ${emptiesBefore} empties: played ${move}; solve ` +
              `${solution.score > 0 ? '+' : ''}${solution.score} best ${solution.best.join(' ')}` +
              (said === null ? '' : `; the figures say '${said}'`));
  endgame.push({move, best, said, expected});
  assert.ok(best, `Perfect played ${move} after ${before.join(' ')}: the best are ` +
                  `${solution.best.join(' ')} (exact margin ${solution.score})`);
  // A reply to a ponderhit too (a finished ponder answers with its move
  // alone: the figures are what the ponder said before).
  if (said !== null) {
    assert.equal(said, expected, `the figures' margin after ${moves.slice(0, ply + 1).join(' ')}` +
                                 ` ('${state.figures}')`);
  }
}

async function emptiesAfter(moves) {
  const line = await judge.ask([positionLine(moves), 'd'], 'position ');
  return empties({position: line.slice('position '.length)});
}

// --- The run -----------------------------------------------------------------

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
await club.ask(['game reversi', `setoption name Level value ${CLUB}`, 'isready'], 'readyok');
try {
  const context = await browser.newContext({viewport: {width: 1280, height: 800}});
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(server.url);
  const all = [];
  let last = null;
  for (const game of GAMES) {
    last = await playGame(app, game);
    const {times, endgame, firstExactEmpties, end} = last;
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(`game: Perfect as ${SIDE_NAMES[game.perfect]} against Club (seed ${game.seed}, ` +
                `pondering ${game.ponder ? 'on' : 'off'}): ` +
                `${end.figures}; ${times.length} AI moves, mean ${mean.toFixed(0)} ms, ` +
                `longest ${Math.max(...times).toFixed(0)} ms; exact from ${firstExactEmpties} ` +
                `empties, ${endgame.length} exact moves, ${endgame.filter((e) => e.best).length} best, ` +
                `${endgame.filter((e) => e.said === '').length} without words`);
    assert.ok(firstExactEmpties >= MIN_EXACT_EMPTIES,
              `the exact endgame began at ${firstExactEmpties} empties`);
    all.push(...times);
  }
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  const longest = Math.max(...all);
  console.log(`FIGURE Reversi's Perfect in Chromium against Club, ${GAMES.length} whole games: ` +
              `${all.length} AI moves, mean ${mean.toFixed(0)} ms, longest ${longest.toFixed(0)} ms`);
  timingFigure('Reversi\'s Perfect in Chromium: the longest AI move', longest, LONGEST_MS);
  timingFigure('Reversi\'s Perfect in Chromium: the mean AI move', mean, MEAN_MS);

  // The last game's end, on a desktop and (opened by its link) on a phone.
  await app.frames(6);
  await app.screenshot('reversi_top_level_end_desktop.png');
  await context.close();
  const phone = await browser.newContext(PHONE);
  const phoneApp = new AppPage(await phone.newPage(), artefactDir);
  await phoneApp.load(`${server.url}#game=reversi&moves=${last.moves.join('.')}`);
  const opened = await phoneApp.waitState((s) => s.over === '1', 'the game opened by link');
  assert.deepEqual(movesOf(opened), last.moves, 'the link opens the finished game');
  await phoneApp.frames(6);
  await phoneApp.screenshot('reversi_top_level_end_phone.png');
  phoneApp.assertNoErrors('the finished game on a phone');
  await phone.close();
  console.log('reversi top level test passed');
} finally {
  club.close();
  judge.close();
  await browser.close();
  server.close();
}
