// Saved games lose no more than they must (issue 23, items 8 and 9), in
// headless Chromium: each bad save is put into local storage before the page
// loads, and the page shows what it kept (arcade_state: the game, moves,
// sides), with a notice saying what went:
//   - a bad side line ("side1 robot 9"): that side's default, said;
//   - an unknown line, CRLF line ends, trailing spaces: the game, unsaid;
//   - an illegal last move: the four moves before it, the move said;
//   - a zero byte, a save cut off mid-moves: the moves before, said;
//   - a save of a newer version, one over 1 MiB: a fresh game, said, and
//     the stored text unchanged 2 s later (the app saves every frame) until
//     the person plays, when it is written over.
// And issue 32 (section 4), with the app's own Reversi save (d3 c3 c4 e3 f2):
//   - cut by its last 3 bytes (its preferences' line, after "end"): said,
//     and the stored text unchanged 2 s later until the person plays;
//   - a bad side line ("side1 robot 9") where the AI is to move: the AI
//     moves, and the stored text stays as it was until the person plays;
//   - an unknown line before "end" (not counted in it): the game, unsaid.
// Screenshots saved-*-desktop.png and saved-*-phone.png of two notices.
//
// The moves kept are the save's own, up to its bad part; that "9" is no
// Connect Four move and "4 4 3 3" are is the game's rules (7 columns).
//
//   node tests/e2e/saved_game_test.mjs SITE_DIR [ARTEFACT_DIR]

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage, movesOf} from './app_page.mjs';
import {CheckRunner, DESKTOP, launchChromium, PHONE, serveDirectory, sleep} from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node saved_game_test.mjs SITE_DIR [ARTEFACT_DIR]');
  process.exit(2);
}
const STORAGE_KEY = 'minimax-arcade';  // platform_web.cpp's local storage key

// A version 3 save (before the "end" line): Connect Four, people at level 2.
const version3 = ({moves = '4 4 3 3', side1 = 'side1 human 2', extra = ''} = {}) =>
  `minimax-arcade-save 3\ngame connect4\nstart startpos\nmoves ${moves}\nredo \npaused 0\n` +
  `side0 human 2\n${side1}\n${extra}`;

// The app's own save of Connect Four 4 4 3 3 5 (version 4, "end" last),
// with its preferences' line after it.
const version4 =
  'minimax-arcade-save 4\ngame connect4\nstart startpos\nmoves 4 4 3 3 5\nredo \npaused 0\n' +
  'side0 human 2\nside1 human 2\nend 8\nprefs sound 0 motion 1 pace 700 think 1\n';

// The app's own save of Reversi d3 c3 c4 e3 f2, people on both sides, with
// its preferences' line, as it stores it (issue 32's probe).
const reversi4 = (side1 = 'side1 human 2') =>
  'minimax-arcade-save 4\ngame reversi\nstart startpos\nmoves d3 c3 c4 e3 f2\nredo \npaused 0\n' +
  `side0 human 2\n${side1}\nend 8\nprefs sound 0 motion 1 pace 700 think 1\n`;

// A legal move where the state stands (its "legal" line: "MOVE:cells ...").
const aLegalMove = (state) => state.legal.trim().split(' ')[0].split(':')[0];

// One page for each screen, reused: a new browser context per save would
// compile the app again each time (seconds each).
const pages = new Map();
async function pageFor(browser, contextOptions) {
  if (!pages.has(contextOptions)) {
    const context = await browser.newContext(contextOptions);
    pages.set(contextOptions, new AppPage(await context.newPage(), artefactDir));
  }
  return pages.get(contextOptions);
}

// Opens the app with `saved` in local storage; its state after a few frames.
// The storage is set from another page of the site (an icon), so that no
// running app saves over it before the app loads.
async function openWith(browser, saved, contextOptions = DESKTOP) {
  const app = await pageFor(browser, contextOptions);
  await app.page.goto(`${server.url}/icon-32.png`);
  await app.page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEY, saved]);
  app.errors.length = 0;
  await app.load(server.url);
  await app.frames(3);
  return {app, state: await app.state()};
}

const stored = (app) => app.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);

// Loads `saved`; checks the game kept and the notice (a RegExp, or '' for
// none); returns the page for more checks.
async function expectKept(browser, saved, {moves, side1 = 'human 2', notice}) {
  const opened = await openWith(browser, saved);
  const {app, state} = opened;
  assert.deepEqual([state.game, state.moves, state.side1], ['connect4', moves, side1],
                   `the game kept from ${JSON.stringify(saved.slice(0, 120))}`);
  if (notice === '') {
    assert.equal(state.notice, '', 'no notice');
  } else {
    assert.match(state.notice, notice);
    console.log(`  notice: ${state.notice}`);
  }
  app.assertNoErrors('loading the save');
  return opened;
}

// The stored text stays as it was while the person does nothing (the app
// saves at every frame that changed anything).
async function expectStoredKept(app, saved) {
  await sleep(2000);
  await app.frames(2);
  assert.equal(await stored(app), saved, 'the stored text 2 s later');
}

async function checkBadSideLine(browser) {
  await expectKept(browser, version3({side1: 'side1 robot 9'}),
                                     {moves: '4 4 3 3', side1: 'ai 3', notice: /robot 9/});
}

async function checkUnknownLineCrlfAndSpaces(browser) {
  const cases = [
    version3({extra: 'colour blue\n'}),
    version3({side1: 'side1 ai 4'}).replaceAll('\n', '\r\n'),
    version3({side1: 'side1 ai 4  '}).replace('save 3\n', 'save 3 \t\n'),
  ];
  for (const [i, saved] of cases.entries()) {
    await expectKept(browser, saved, {moves: '4 4 3 3', side1: i ? 'ai 4' : 'human 2', notice: ''});
  }
}

async function checkIllegalLastMove(browser) {
  const saved = version3({moves: '4 4 3 3 9'});
  const {app} = await expectKept(browser, saved, {moves: '4 4 3 3', notice: /move 5 \(9\).*it was the last/});
  await app.screenshot('saved-illegal-desktop.png');
  await expectStoredKept(app, saved);
  const phone = await openWith(browser, saved, PHONE);
  assert.match(phone.state.notice, /move 5 \(9\)/);
  await phone.app.screenshot('saved-illegal-phone.png');
}

async function checkZeroByteAndCut(browser) {
  const zero = version4.replace('3 3 5', '3 3 \u00005');
  const {app: a1} = await expectKept(
      browser, zero, {moves: '4 4 3 3', side1: 'ai 3', notice: /damaged after \d+ bytes \(a zero byte\); loaded the first 4 moves/});
  await expectStoredKept(a1, zero);
  // Cut inside the moves line: no "end" line.
  const cut = version4.slice(0, version4.indexOf(' 5') + 2);  // "...moves 4 4 3 3 5"
  await expectKept(
      browser, cut, {moves: '4 4 3 3', side1: 'ai 3', notice: /cut short; loaded the first 4 moves/});
}

async function checkNewerVersion(browser) {
  const saved = version4.replace('save 4', 'save 5');
  const {app, state} = await openWith(browser, saved);
  assert.deepEqual([state.game, state.moves], ['tictactoe', ''], 'a fresh game');
  assert.match(state.notice, /newer version of Minimax Arcade/);
  console.log(`  notice: ${state.notice}`);
  await app.screenshot('saved-newer-desktop.png');
  await expectStoredKept(app, saved);
  // A preference alone does not write it over; a move does.
  await app.command('pref sound on');
  await expectStoredKept(app, saved);
  await app.command('play b2');
  await app.frames(3);
  assert.match(await stored(app), /^minimax-arcade-save 4\ngame tictactoe\n/, 'written once played');
  app.assertNoErrors('a newer save');
  const phone = await openWith(browser, saved, PHONE);
  assert.match(phone.state.notice, /newer version/);
  await phone.app.screenshot('saved-newer-phone.png');
}

async function checkOverSize(browser) {
  const saved = version4 + 'x'.repeat(1 << 20);
  const {app, state} = await openWith(browser, saved);
  assert.deepEqual([state.game, state.moves], ['tictactoe', ''], 'a fresh game');
  assert.match(state.notice, /1,048,576 bytes/);
  console.log(`  notice: ${state.notice}`);
  await expectStoredKept(app, saved);
  app.assertNoErrors('an over-size save');
}

async function checkCutInItsLastBytes(browser) {
  const saved = reversi4().slice(0, -3);  // "... think" of "... think 1\n"
  const {app, state} = await openWith(browser, saved);
  assert.deepEqual([state.game, state.moves], ['reversi', 'd3 c3 c4 e3 f2'], 'the game, whole');
  assert.match(state.notice, /cut short/);
  console.log(`  notice: ${state.notice}`);
  await expectStoredKept(app, saved);
  await app.command(`play ${aLegalMove(state)}`);
  await app.frames(3);
  assert.match(await stored(app), /^minimax-arcade-save 4\ngame reversi\nstart startpos\nmoves d3 c3 c4 e3 f2 \w+\n/,
               'written once played');
  app.assertNoErrors('a save cut in its last bytes');
}

async function checkTheAIsMoveKeepsASaveNotReadWhole(browser) {
  const saved = reversi4('side1 robot 9');  // White, to move, is the AI again
  const {app, state} = await openWith(browser, saved);
  assert.match(state.notice, /robot 9/);
  const moved = await app.waitState((s) => movesOf(s).length === 6, 'the AI\'s move');
  await expectStoredKept(app, saved);
  await app.command(`play ${aLegalMove(moved)}`);
  await app.frames(3);
  assert.notEqual(await stored(app), saved, 'written once the person played');
  app.assertNoErrors('the AI\'s move on a save not read whole');
}

async function checkUnknownLineBeforeEnd(browser) {
  const saved = reversi4().replace('end 8', 'colour blue\nend 8');
  const {app, state} = await openWith(browser, saved);
  assert.deepEqual([state.game, state.moves, state.notice], ['reversi', 'd3 c3 c4 e3 f2', ''],
                   'the game, unsaid');
  app.assertNoErrors('an unknown line before "end"');
}

const runner = new CheckRunner();
mkdirSync(artefactDir, {recursive: true});
const started = Date.now();
const server = await serveDirectory(siteDir);
const browser = await launchChromium();
try {
  await runner.check('a bad side line: that side\'s default, said', () => checkBadSideLine(browser));
  await runner.check('an unknown line, CRLF, trailing spaces: the game, unsaid',
                     () => checkUnknownLineCrlfAndSpaces(browser));
  await runner.check('an illegal last move: the four before it kept, said',
                     () => checkIllegalLastMove(browser));
  await runner.check('a zero byte, a save cut mid-moves: the moves before, said',
                     () => checkZeroByteAndCut(browser));
  await runner.check('a newer version\'s save: kept until the person plays',
                     () => checkNewerVersion(browser));
  await runner.check('a save over 1 MiB: refused, said, kept', () => checkOverSize(browser));
  await runner.check('cut by its last 3 bytes: said, kept until the person plays',
                     () => checkCutInItsLastBytes(browser));
  await runner.check('a bad side line: the AI\'s move writes nothing over it',
                     () => checkTheAIsMoveKeepsASaveNotReadWhole(browser));
  await runner.check('an unknown line before "end": the game, unsaid',
                     () => checkUnknownLineBeforeEnd(browser));
} finally {
  await browser.close();  // and the pages
  server.close();
}
console.log(`browser test took ${Date.now() - started} ms`);
runner.finish();
