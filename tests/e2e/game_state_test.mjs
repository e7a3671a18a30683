// The game's state as a person meets it (issue 22, items 5 and 6), in
// headless Chromium:
//   1. browsing the move list never leaves the game stuck: Connect Four,
//      Red the AI (Beginner), Yellow a person, 1 5 5 played; a real click on
//      Yellow's 5 in the move list shows "Viewing move 2 of 3" (never "Your
//      move" for Red) with "Back to the game" and "Play on from here", each
//      clicked; the evaluation graph's and undo's and `goto`'s ways in show
//      the same way out; on a phone a tap plays on (screenshots
//      viewing_desktop.png, viewing_phone.png);
//   2. each game keeps its own sides, levels and score: a person's
//      Tic-tac-toe win stays "You win!" and "You 1" when sides change in
//      Connect Four and afterwards in Tic-tac-toe itself; a game opened the
//      first time does not start with the AI because another game uses it;
//      an AI-against-AI win is no "You 1".
//
//   node tests/e2e/game_state_test.mjs SITE_DIR [ARTEFACT_DIR]

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage, movesOf} from './app_page.mjs';
import {CheckRunner, launchChromium, newDesktopContext, serveDirectory, sleep} from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node game_state_test.mjs SITE_DIR [ARTEFACT_DIR]');
  process.exit(2);
}
const PHONE = {width: 390, height: 844};
const PHONE_SIDEWAYS = {width: 844, height: 390};

// The state's "widgets name:left,top,width,height ..." (App::state): the
// centre of control `name`, in CSS pixels.
function widgetCentre(state, name) {
  for (const entry of (state.widgets || '').split(' ')) {
    const [key, rect] = entry.split(':');
    if (key !== name) continue;
    const [left, top, width, height] = rect.split(',').map(Number);
    return {x: left + width / 2, y: top + height / 2};
  }
  return null;
}

async function clickWidget(app, name) {
  await app.frames(3);
  const at = widgetCentre(await app.state(), name);
  assert.ok(at, `the control '${name}' is on screen`);
  await app.click(at);
}

// The game: Red (side 0) the AI at Beginner, Yellow a person, 1 5 5
// played, Yellow to move.
async function setUpOneFiveFive(app) {
  await app.commands('game connect4', 'side 0 person', 'side 1 person',
                     'link game=connect4&moves=1.5.5', 'side 0 ai 1');
  const state = await app.state();
  assert.deepEqual(movesOf(state), ['1', '5', '5']);
  assert.equal(state.heading, 'Your move, Yellow');
}

// In the viewing mode at `ply` of `of`, with both ways out on screen, and
// nowhere "Your move" for the AI's side.
async function assertViewing(app, ply, of) {
  const state = await app.waitState((s) => s.viewing === `${ply} ${of}`, `viewing ${ply} of ${of}`);
  assert.equal(state.heading, `Viewing move ${ply} of ${of}`);
  assert.ok(!/Your move/.test(state.status), `the status: ${state.status}`);
  await app.frames(3);
  const drawn = await app.state();
  assert.ok(widgetCentre(drawn, 'back_to_game'), 'Back to the game is on screen');
  assert.ok(widgetCentre(drawn, 'play_on'), 'Play on from here is on screen');
  return drawn;
}

async function checkBrowseByClicks(app) {
  await setUpOneFiveFive(app);
  await clickWidget(app, 'move2');  // Yellow's 5
  await assertViewing(app, 2, 3);
  await sleep(800);
  let state = await app.state();
  assert.equal(state.thinking, '0', 'the AI waits while a person looks');
  assert.deepEqual(movesOf(state), ['1', '5']);
  await app.screenshot('viewing_desktop.png');

  await clickWidget(app, 'back_to_game');
  state = await app.waitState((s) => movesOf(s).length === 3 && s.viewing === '',
                              'back to the game');
  assert.deepEqual(movesOf(state), ['1', '5', '5']);
  assert.equal(state.heading, 'Your move, Yellow');

  await clickWidget(app, 'move2');
  await assertViewing(app, 2, 3);
  await clickWidget(app, 'play_on');
  state = await app.waitState((s) => movesOf(s).length === 3 && s.thinking === '0',
                              'the AI plays on from move 2', 15000);
  assert.deepEqual(movesOf(state).slice(0, 2), ['1', '5']);
  assert.equal(state.redo, '', 'the later moves went');
  assert.equal(state.viewing, '');
  assert.equal(state.heading, 'Your move, Yellow');

  // Viewing where the person is to move, a click on the board plays on:
  // the heading said so (App::viewing_cue).
  await clickWidget(app, 'move1');
  state = await assertViewing(app, 1, 3);
  assert.match(state.status, /here plays on; the later moves go/);
  await app.screenshot('viewing_person_desktop.png');
  await app.click(await app.cellCentre(2, 0, 7, 6));
  state = await app.waitState((s) => movesOf(s).length >= 2 && s.viewing === '', 'a click plays on');
  assert.deepEqual(movesOf(state).slice(0, 2), ['1', '3']);
  app.assertNoErrors('browsing the move list');
}

// The other ways in: the evaluation graph (the same go_to), `goto`, and
// undo where the AI waits on its recorded move (AI against AI).
async function checkOtherWaysIn(app) {
  await setUpOneFiveFive(app);
  await app.command('goto 1');
  await assertViewing(app, 1, 3);
  await app.command('goto 3');
  assert.equal((await app.state()).viewing, '', 'at the end: the game');
  await app.commands('pause', 'side 1 ai 1', 'undo');
  const state = await assertViewing(app, 2, 3);
  assert.match(state.heading, /^Viewing move 2 of 3$/);
  await clickWidget(app, 'play_on');
  await app.waitState((s) => movesOf(s).length >= 3 && s.viewing === '', 'AI against AI plays on');
  await app.commands('pause', 'side 0 person', 'side 1 person', 'resume');
  app.assertNoErrors('the other ways in');
}

// Upright and on its side: both ways out are a finger's size (44 points).
async function checkPhone(browser, url, viewport, shot) {
  const context = await browser.newContext(
      {viewport, deviceScaleFactor: 3, hasTouch: true, isMobile: true});
  try {
    const app = new AppPage(await context.newPage(), artefactDir);
    await app.load(url);
    await setUpOneFiveFive(app);
    await app.command('goto 2');
    await assertViewing(app, 2, 3);
    await app.screenshot(shot);
    await app.frames(3);
    const state = await app.state();
    for (const name of ['back_to_game', 'play_on']) {
      const entry = (state.widgets || '').split(' ').find((e) => e.startsWith(`${name}:`));
      assert.ok(entry, `the control '${name}' is on screen`);
      const height = Number(entry.split(':')[1].split(',')[3]);
      assert.ok(height >= 44, `'${name}' is ${height} points tall, under 44`);
    }
    const at = widgetCentre(state, 'play_on');
    await app.page.touchscreen.tap(at.x, at.y);
    await app.waitState((s) => movesOf(s).length === 3 && s.viewing === '', 'a tap plays on', 15000);
    app.assertNoErrors('viewing on a phone');
  } finally {
    await context.close();
  }
}

// The cell of a Tic-tac-toe square ("c3") in CSS pixels.
async function square(app, name) {
  const column = name.charCodeAt(0) - 97, row = 3 - Number(name[1]);
  return app.cellCentre(column, row, 3, 3);
}

async function checkEachGameItsOwn(app) {
  // Tic-tac-toe: X a person, O the AI; X wins on a1 b2 c3 by a click.
  await app.commands('switch tictactoe', 'side 0 person', 'side 1 person',
                     'link game=tictactoe&moves=a1.a2.b2.a3', 'side 1 ai 3');
  await app.click(await square(app, 'c3'));
  let state = await app.waitState((s) => s.over === '1', 'X wins');
  assert.equal(state.winner, '0');
  assert.equal(state.heading, 'You win!');
  assert.equal(state.score, 'You 1 \u00b7 AI 0 \u00b7 Draws 0');

  // Connect Four: a person against the AI, then sides swapped: the AI has Red.
  await app.commands('switch connect4', 'new', 'side 0 person', 'side 1 ai 1', 'swap');
  assert.match((await app.state()).side0, /^ai/);

  // Wolf and Sheep opened the first time: the sheep (who moves first) is
  // a person's, whatever Connect Four uses; the AI does not move at once.
  await app.command('switch wolfsheep');
  await sleep(800);
  state = await app.state();
  assert.match(state.side0, /^human/);
  assert.deepEqual(movesOf(state), [], 'nobody moved');

  // Back in Tic-tac-toe: its sides and its result as they were.
  await app.command('switch tictactoe');
  state = await app.state();
  assert.equal(state.heading, 'You win!', 'Connect Four\'s sides are its own');
  assert.equal(state.score, 'You 1 \u00b7 AI 0 \u00b7 Draws 0');
  assert.match(state.side0, /^human/);
  await app.command('swap');  // in Tic-tac-toe, after its end
  state = await app.state();
  assert.equal(state.heading, 'You win!', 'a person played X when it was won');
  assert.equal(state.score, 'You 1 \u00b7 AI 0 \u00b7 Draws 0');

  // AI against AI in Tic-tac-toe: a win by side, never "You".
  await app.commands('new', 'side 0 person', 'side 1 person',
                     'link game=tictactoe&moves=a1.a2.b2.a3', 'side 0 ai 5', 'side 1 ai 5');
  state = await app.waitState((s) => s.over === '1', 'the AI ends the game', 15000);
  assert.equal(state.winner, '0', 'X (the AI) wins with c3 or another win');
  await app.command('side 0 person');
  state = await app.state();
  assert.equal(state.score, 'You 1 \u00b7 AI 0 \u00b7 X 1 \u00b7 O 0 \u00b7 Draws 0',
               'the AI\'s win is counted by side');
  assert.equal(state.heading, 'X wins', 'the AI played X when it was won');
  app.assertNoErrors('each game its own');
}

const runner = new CheckRunner();
mkdirSync(artefactDir, {recursive: true});
const server = await serveDirectory(siteDir);
const browser = await launchChromium();
try {
  const context = await newDesktopContext(browser);
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(server.url);
  await runner.check('browsing the move list by clicks', () => checkBrowseByClicks(app));
  await runner.check('every way into viewing has the way out', () => checkOtherWaysIn(app));
  await runner.check('each game keeps its sides, levels and score', () => checkEachGameItsOwn(app));
  await context.close();
  await runner.check('viewing on a phone', () => checkPhone(browser, server.url, PHONE, 'viewing_phone.png'));
  await runner.check('viewing on a phone on its side',
                     () => checkPhone(browser, server.url, PHONE_SIDEWAYS, 'viewing_phone_landscape.png'));
} finally {
  await browser.close();
  server.close();
}
runner.finish();
