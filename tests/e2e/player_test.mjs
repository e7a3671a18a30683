// Minimax Arcade as a new player meets it, in headless Chromium with
// software WebGL (SwiftShader, as Chrome uses on machines whose GPU it
// blocks):
//   1. the time from navigation to the first board (a figure; the goal is
//      1.5 s);
//   2. an idle page draws no frame: animation frames come every ~16 ms and
//      no long task (Long Tasks API) occurs (figures: the p95 gap, the
//      longest task); frames keep coming while the AI searches and while a
//      disc drops (p95 gaps reported);
//   3. keyboard play: arrows choose a column or a square, Enter plays;
//   4. redo replays the recorded moves (the AI does not search again);
//   5. a game in progress survives changing the game and coming back; N
//      during a game can be undone;
//   6. the end of a game: the banner, the words ("The wolves win"), the
//      score, a rematch with the sides swapped;
//   7. the sheep's start square after a reload;
//   8. the share link round trip, and a bad link that changes nothing;
//   9. AI against AI keeps the chosen pace between moves;
//  10. the phone layout at pixel ratio 3: the board on top and wide,
//      thumb-sized buttons (44 CSS px or more) under it; screenshots of
//      each game on a desktop and a phone in the artefact folder;
//  11. sounds: a move's click and a rising phrase for a win when sound is
//      on, silence when it is off (the tones the page asks Web Audio for);
//  12. a browser that knows WebGL 2 but cannot start it (a blocked GPU) is
//      told so, and the game does not start.
// Times are FIGURE lines with their goals; a check fails only beyond ten
// times a goal (lib.mjs, timingFigure). With ARCADE_BENCH=1
// (tools/bench_app.sh) the first board is timed over five fresh visits and
// the idle page watched 3 s rather than 1 s.
//
//   node tests/e2e/player_test.mjs SITE_DIR [ARTEFACT_DIR]

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage, boardRectOf, movesOf} from './app_page.mjs';
import {
  BENCH,
  CheckRunner,
  DESKTOP,
  launchChromium,
  near,
  percentile,
  PHONE,
  serveDirectory,
  sleep,
  timingFigure,
} from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node player_test.mjs SITE_DIR [ARTEFACT_DIR]');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

const STORAGE_KEY = 'minimax-arcade';  // platform_web.cpp's local storage key

// Runs in the page: the gaps between animation frames and the long tasks
// seen over `ms` milliseconds.
function watchFrames(ms) {
  return new Promise((resolve) => {
    const gaps = [];
    const longTasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(Math.round(entry.duration));
    });
    observer.observe({type: 'longtask'});
    const started = performance.now();
    let last = null;
    const tick = (now) => {
      if (last !== null) gaps.push(now - last);
      last = now;
      if (now - started < ms) return requestAnimationFrame(tick);
      observer.disconnect();
      resolve({gaps, longTasks});
    };
    requestAnimationFrame(tick);
  });
}

const summary = (gaps) =>
    `median ${percentile(gaps, 50).toFixed(1)} ms, p95 ${percentile(gaps, 95).toFixed(1)} ms, ` +
    `${gaps.length} frames`;

async function openApp(browser, url, options = DESKTOP) {
  const context = await browser.newContext(options);
  const app = new AppPage(await context.newPage(), artefactDir);
  const ran = await app.load(url);
  return {context, app, ran};
}

// --- The checks. ---

// Resolves to {ran, ms}: when main() ran and when the first board was
// drawn, after navigation, on a first visit (a fresh context).
async function firstBoardTime(browser, url) {
  const {context, app, ran} = await openApp(browser, url);
  try {
    // The first frame lays out the board (board_rect) and draws it.
    const drawnAt = await app.page.waitForFunction(() => {
      const state = Module.ccall('arcade_state', 'string', [], []);
      return /^board_rect \S+ \S+ [1-9]/m.test(state) && performance.now();
    }, null, {polling: 'raf', timeout: 30000});
    app.assertNoErrors('loading');
    return {ran, ms: await drawnAt.jsonValue()};
  } finally {
    await context.close();
  }
}

async function checkFirstBoard(browser, url) {
  const visits = [];
  for (let i = 0; i < (BENCH ? 5 : 1); ++i) visits.push(await firstBoardTime(browser, url));
  const ms = visits.map((v) => v.ms);
  timingFigure('the first board after navigation, a first visit', percentile(ms, 50), 1500, {
    detail: `main() at ${visits.map((v) => v.ran.toFixed(0)).join(', ')} ms, the board by ` +
                `${ms.map((x) => x.toFixed(0)).join(', ')} ms` +
                (visits.length > 1 ? ` (the median of ${visits.length} visits)` : ''),
  });
}

async function checkIdleAndBusyFrames(browser, url) {
  const {context, app} = await openApp(browser, url);
  try {
    await app.commands('side 0 person', 'side 1 person', 'game connect4');
    // Idle means after loading has ended too: on a first visit the service
    // worker installs (it fetches and stores the whole site) once the app
    // runs; then let every animation of the game's switch end.
    await app.page.evaluate(() => navigator.serviceWorker && navigator.serviceWorker.ready);
    await sleep(1000);
    const idle = await app.page.evaluate(watchFrames, BENCH ? 3000 : 1000);
    console.log(`  idle: ${summary(idle.gaps)}, long tasks: [${idle.longTasks}]`);
    // A frame every 16.7 ms, 20 at most; no task of 50 ms or more (the Long
    // Tasks API's threshold) while nothing happens.
    timingFigure('the p95 gap between frames, idle', percentile(idle.gaps, 95), 20);
    timingFigure('the longest task, idle', Math.max(0, ...idle.longTasks), 50,
                 {detail: `${idle.longTasks.length} long tasks`});

    // A disc dropping: the frames of the animation.
    await app.command('play 4');
    const drop = await app.page.evaluate(watchFrames, 400);
    console.log(`  a disc dropping: ${summary(drop.gaps)}`);
    // The AI searching (Perfect on a position outside the book).
    await app.commands('game connect4 13577533', 'side 1 ai 5', 'play 4');
    await app.waitState((s) => s.thinking === '1', 'the AI to think');
    const search = await app.page.evaluate(watchFrames, 2000);
    console.log(`  the AI searching: ${summary(search.gaps)}`);
    assert.ok(search.gaps.length >= 10, `only ${search.gaps.length} frames in 2 s of search`);
    await app.command('side 1 person');
  } finally {
    await context.close();
  }
}

async function checkKeyboard(browser, url) {
  const {context, app} = await openApp(browser, url);
  try {
    await app.commands('side 0 person', 'side 1 person', 'game connect4');
    await app.page.mouse.move(5, 790);  // the pointer away from the board
    await app.page.keyboard.press('ArrowRight');  // shows the cursor, column 4
    await app.page.keyboard.press('ArrowRight');
    await app.page.keyboard.press('ArrowRight');
    await app.frames(2);
    const cursor = (await app.state()).cursor;
    await app.screenshot('keyboard_cursor.png');
    await app.page.keyboard.press('Enter');
    await app.page.keyboard.press('ArrowLeft');
    await app.page.keyboard.press('Enter');
    const state = await app.waitState((s) => movesOf(s).length === 2, 'two moves by keys');
    assert.deepEqual(movesOf(state), ['6', '5'], `cursor was at ${cursor}`);
    // Tic-tac-toe: the cursor moves in two dimensions.
    await app.command('game tictactoe');
    for (const key of ['ArrowUp', 'ArrowUp', 'ArrowLeft', 'Enter']) await app.page.keyboard.press(key);
    await app.frames(2);
    const ttt = await app.waitState((s) => movesOf(s).length === 1, 'a key move');
    assert.deepEqual(movesOf(ttt), ['a3'], 'from b2: up, up (stops at the edge), left');
    console.log(`  Connect Four: ${state.moves}; Tic-tac-toe: ${ttt.moves}`);
  } finally {
    await context.close();
  }
}

// Records the oscillators the page starts: [frequency, type] each.
function recordTones() {
  window.arcadeTones = [];
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function() {
    const oscillator = create.call(this);
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (when) => {
      window.arcadeTones.push([oscillator.frequency.value, oscillator.type]);
      start(when);
    };
    return oscillator;
  };
}

async function checkSounds(browser, url) {
  const context = await browser.newContext(DESKTOP);
  await context.addInitScript(recordTones);
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(url);
  const tones = () => app.page.evaluate(() => window.arcadeTones.splice(0));
  try {
    await app.commands('side 0 person', 'side 1 person', 'game tictactoe', 'pref sound off');
    await app.command('play b2');
    await app.frames(3);
    assert.deepEqual(await tones(), [], 'sound off: silence');
    await app.command('pref sound on');
    await app.command('play a1');
    await app.page.waitForFunction(() => window.arcadeTones.length > 0, null, {timeout: 5000});
    const click = await tones();
    assert.deepEqual(click.map(([, type]) => type), ['triangle'], 'one click a move');
    // X wins with a line: b2 a1 a2 a3 c2 (X: b2 a2 c2).
    for (const move of ['a2', 'a3', 'c2']) await app.command(`play ${move}`);
    await app.waitState((s) => s.over === '1', 'the end', 5000);
    await sleep(1500);  // the win line is drawn before the phrase
    const heard = await tones();
    const phrase = heard.filter(([, type]) => type === 'sine').map(([f]) => f);
    assert.ok(phrase.length >= 2, `a phrase at the end, heard ${JSON.stringify(heard)}`);
    for (let i = 1; i < phrase.length; ++i) assert.ok(phrase[i] > phrase[i - 1], 'a win rises');
    console.log(`  a move: ${click[0][0]} Hz; the win: ${phrase.join(', ')} Hz`);
    app.assertNoErrors('sounds');
  } finally {
    await context.close();
  }
}

async function checkNoWebGl(browser, url) {
  const context = await browser.newContext(DESKTOP);
  await context.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function(kind, ...rest) {
      return kind === 'webgl2' ? null : getContext.call(this, kind, ...rest);
    };
  });
  const page = await context.newPage();
  try {
    await page.goto(url);
    const panel = await page.waitForFunction(() => {
      const p = document.getElementById('panel');
      return p.classList.contains('failed') && p.textContent;
    }, null, {timeout: 10000});
    const text = (await panel.jsonValue()).trim().replace(/\s+/g, ' ');
    assert.match(text, /could not start WebGL 2/);
    await sleep(1000);
    assert.ok(!(await page.evaluate(() => window.Module && window.Module.calledRun)),
              'the app did not start');
    console.log(`  ${text}`);
  } finally {
    await context.close();
  }
}

async function checkRedo(browser, url) {
  const {context, app} = await openApp(browser, url);
  try {
    await app.commands('side 0 person', 'side 1 ai 2', 'game connect4');
    await app.command('play 4');
    await app.waitState((s) => movesOf(s).length === 2 && s.thinking === '0', 'the reply');
    await app.command('play 3');
    const full = await app.waitState((s) => movesOf(s).length === 4 && s.thinking === '0', 'a reply');
    await app.commands('undo', 'undo');
    const undone = await app.state();
    assert.deepEqual(movesOf(undone), [], 'two undos take back both pairs');
    await app.command('redo');
    await sleep(1500);  // an AI that searched again would have played by now
    const redone = await app.state();
    assert.deepEqual(movesOf(redone), movesOf(full).slice(0, 2), 'redo replays the recorded pair');
    // The state's redo line is the saved game's: the next move to redo last.
    assert.equal(
        redone.redo, movesOf(full).slice(2).reverse().join(' '), 'the rest waits to be redone');
    console.log(`  after undo, undo, redo: moves ${redone.moves}, redo ${redone.redo}`);
  } finally {
    await context.close();
  }
}

async function checkNothingLost(browser, url) {
  const {context, app} = await openApp(browser, url);
  try {
    await app.commands('side 0 person', 'side 1 person', 'game connect4', 'play 4', 'play 5');
    await app.command('switch tictactoe');
    assert.equal((await app.state()).game, 'tictactoe');
    await app.command('play b2');
    await app.command('switch connect4');
    let state = await app.state();
    assert.deepEqual([state.game, state.moves], ['connect4', '4 5'], 'Connect Four as it was left');
    await app.command('switch tictactoe');
    assert.equal((await app.state()).moves, 'b2', 'Tic-tac-toe as it was left');
    // N in a game in progress: a fresh game, and undo brings the old back.
    await app.page.keyboard.press('n');
    await app.frames(2);
    state = await app.state();
    assert.equal(state.moves, '', 'N starts a new game');
    assert.match(state.notice, /[Uu]ndo/, 'the notice says how to get the game back');
    await app.command('undo');
    assert.equal((await app.state()).moves, 'b2', 'undo after N');
    console.log(`  notice after N: ${state.notice}`);
  } finally {
    await context.close();
  }
}

// Tic-tac-toe won on the diagonal by X, Wolf and Sheep won by the wolves.
async function checkEndOfGame(browser, url) {
  const {context, app} = await openApp(browser, url);
  try {
    await app.commands('side 0 person', 'side 1 ai 1', 'game tictactoe');
    await app.commands('side 1 person');
    for (const move of ['a1', 'b1', 'b2', 'c1', 'c3']) await app.command(`play ${move}`);
    const won = await app.waitState((s) => s.over === '1' && s.banner === '1', 'the end', 5000);
    await sleep(900);  // the line draws itself, the banner fades in
    await app.screenshot('end_tictactoe.png');
    assert.equal(won.winner, '0');
    console.log(`  ${won.status} | score: ${won.score}`);
    assert.match(won.score, /1/, 'the score counts the finished game');
    await app.command('rematch');
    const rematch = await app.state();
    assert.deepEqual([rematch.moves, rematch.over], ['', '0'], 'a rematch is a new game');
    assert.match(rematch.score, /1/, 'the score stays for the session');

    // The wolves win: a position where the sheep is trapped.
    await app.commands('side 0 person', 'side 1 person', 'game wolfsheep');
    const end = await playUntilOver(app);
    console.log(`  Wolf and Sheep: ${end.status}`);
    assert.doesNotMatch(end.status, /wolves wins/i, 'grammar');
  } finally {
    await context.close();
  }
}

// Both sides at the AI's first level until the game ends.
async function playUntilOver(app) {
  await app.commands('pref pace 0', 'side 0 ai 5', 'side 1 ai 5');
  const end = await app.waitState((s) => s.over === '1', 'the end', 60000);
  await app.commands('side 0 person', 'side 1 person');
  return end;
}

async function checkSheepStartAfterReload(browser, url) {
  const {context, app} = await openApp(browser, url);
  try {
    await app.commands('side 0 person', 'side 1 person', 'game wolfsheep');
    const fresh = await app.state();
    await app.frames(3);
    await app.load();
    const reloaded = await app.state();
    assert.equal(reloaded.start, fresh.start, 'the start after a reload');
    await app.command('new');
    assert.equal((await app.state()).start, fresh.start, 'a new game starts where the choice says');
    console.log(`  start: ${reloaded.start}`);
  } finally {
    await context.close();
  }
}

async function checkShareLink(browser, url) {
  const {context, app} = await openApp(browser, url);
  try {
    await app.commands('side 0 person', 'side 1 person', 'game connect4');
    for (const m of ['4', '4', '5', '3']) await app.command(`play ${m}`);
    const shared = await app.state();
    assert.equal(shared.share, 'game=connect4&moves=4.4.5.3');
    // Another person opens the link.
    const other = await openApp(browser, `${url}#${shared.share}`);
    try {
      const state = await other.app.waitState((s) => s.game === 'connect4', 'the link to open');
      const seen = await other.app.page.evaluate(() => window.arcadeState());
      assert.deepEqual(seen.moves, ['4', '4', '5', '3'], 'arcadeState().moves');
      assert.equal(seen.game, 'connect4');
      assert.equal(seen.position, state.position);
      console.log(`  opened: ${JSON.stringify(seen)}`);
    } finally {
      await other.context.close();
    }
    // Wolf and Sheep names the sheep's start square.
    await app.commands('game wolfsheep');
    assert.match((await app.state()).share, /^game=wolfsheep&moves=&start=[a-h]1$|^game=wolfsheep&start=[a-h]1/);

    // A bad link: a notice, and the current and the saved game unchanged.
    await app.command('game connect4');
    for (const m of ['4', '5']) await app.command(`play ${m}`);
    await app.frames(3);
    const saved = await app.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
    await app.page.evaluate(() => { location.hash = 'game=connect4&moves=4.4.4.4.4.4.4'; });
    const after = await app.waitState((s) => s.notice !== '', 'a notice for the bad link');
    assert.deepEqual(movesOf(after), ['4', '5'], 'the game after a bad link');
    await app.frames(3);
    assert.equal(
        await app.page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY), saved,
        'the saved game after a bad link');
    console.log(`  bad link: ${after.notice}`);
  } finally {
    await context.close();
  }
}

async function checkPace(browser, url) {
  const {context, app} = await openApp(browser, url);
  try {
    await app.commands('side 0 person', 'side 1 person', 'game connect4', 'pref pace 600');
    await app.commands('side 0 ai 1', 'side 1 ai 1');
    const times = [];
    let count = 0;
    // Five moves take 2.4 s at this pace; the deadline only ends a stuck game.
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline && times.length < 5) {
      const n = movesOf(await app.state()).length;
      if (n !== count) {
        count = n;
        times.push(Date.now());
      }
      await sleep(20);
    }
    await app.commands('side 0 person', 'side 1 person');
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    console.log(`  gaps between AI moves at 600 ms: ${gaps.join(', ')} ms`);
    assert.ok(gaps.length >= 3, 'AI against AI plays');
    // Each move is seen when a poll comes, late by up to a frame: the sum of
    // the gaps is what the pace bounds, not each one. A floor: a busy
    // machine only makes the gaps longer.
    const total = gaps.reduce((a, b) => a + b, 0);
    console.log(`FIGURE the AI's pace at 600 ms: ${(total / gaps.length).toFixed(0)} ms a move`);
    assert.ok(total >= gaps.length * 600 - 50, `${gaps.length} gaps in ${total} ms`);
  } finally {
    await context.close();
  }
}

// The phone: the board on top, as wide as the screen; thumb-sized buttons.
async function checkPhone(browser, url) {
  const {context, app} = await openApp(browser, url, PHONE);
  try {
    for (const game of ['tictactoe', 'connect4', 'wolfsheep']) {
      await app.commands('side 0 person', 'side 1 ai 3', `game ${game}`);
      await sleep(400);
      await app.screenshot(`phone_${game}.png`);
      const rect = boardRectOf(await app.state());
      assert.ok(rect.width >= 390 - 40, `the ${game} board is ${rect.width} px wide`);
      assert.ok(rect.top < 844 / 3, `the ${game} board starts at ${rect.top} px`);
    }
    // The action row under the board: measure a button's height in pixels.
    const rect = boardRectOf(await app.state());
    const shot = await app.screenshot();
    const x = Math.round(40 * 3);  // inside the first button (Undo), in device pixels
    const background = shot.pixel(x, Math.round((rect.top + rect.height + 34) * 3));
    let top = Math.round((rect.top + rect.height) * 3), run = 0, best = 0;
    const buttonColour = shot.pixel(x, Math.round((rect.top + rect.height + 50) * 3));
    for (let y = top; y < top + 120 * 3; ++y) {
      run = near(shot.pixel(x, y), buttonColour, 6) ? run + 1 : 0;
      best = Math.max(best, run);
    }
    console.log(`  a button under the board: ${(best / 3).toFixed(1)} CSS px tall ` +
                `(colour ${buttonColour}, background ${background})`);
    assert.ok(best / 3 >= 44, `the button is ${(best / 3).toFixed(1)} CSS px tall`);
    app.assertNoErrors('a phone');
  } finally {
    await context.close();
  }
}

async function checkDesktopScreens(browser, url) {
  const {context, app} = await openApp(browser, url);
  try {
    for (const game of ['tictactoe', 'connect4', 'wolfsheep']) {
      await app.commands('side 0 person', 'side 1 ai 3', `game ${game}`);
      await sleep(400);
      await app.screenshot(`desktop_${game}.png`);
    }
    app.assertNoErrors('the desktop screens');
  } finally {
    await context.close();
  }
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
const runner = new CheckRunner();
try {
  const url = server.url;
  await runner.check('the first board (a figure)', () => checkFirstBoard(browser, url));
  await runner.check('idle draws nothing; busy keeps frames', () => checkIdleAndBusyFrames(browser, url));
  await runner.check('keyboard play', () => checkKeyboard(browser, url));
  await runner.check('redo replays the recorded moves', () => checkRedo(browser, url));
  await runner.check('nothing lost by accident', () => checkNothingLost(browser, url));
  await runner.check('the end of a game, rematch, score', () => checkEndOfGame(browser, url));
  await runner.check('the sheep start after a reload', () => checkSheepStartAfterReload(browser, url));
  await runner.check('share link round trip, bad link', () => checkShareLink(browser, url));
  await runner.check('AI against AI pace', () => checkPace(browser, url));
  await runner.check('the phone layout', () => checkPhone(browser, url));
  await runner.check('desktop screenshots', () => checkDesktopScreens(browser, url));
  await runner.check('sounds', () => checkSounds(browser, url));
  await runner.check('no WebGL 2 context', () => checkNoWebGl(browser, url));
} finally {
  await browser.close();
  server.close();
  runner.finish();
}
