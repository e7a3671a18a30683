// The status line under the heading, in headless Chromium (issue 22, items
// 3 and 12):
//   1. a move the AI chose at random among equal moves says so, with the
//      count of equal moves the command-line engine finds (RootScores), and
//      the search's own line when that starts with another move;
//   2. no nodes-per-second figure for a search too short to measure (the
//      engine's own time for it, from the command-line tool, is under the
//      app's 20 ms);
//   3. once the game is over the line says how it ended, not the last
//      search's words;
//   4. Enter in the Share field opens what was typed, as the Open button
//      does;
//   5. a button's key tooltip stays over its own button (Hint's covered
//      New).
// Screenshots at desktop and phone size go to the artefact folder.
//
//   node tests/e2e/status_test.mjs SITE_DIR [ARTEFACT_DIR [CLI]]
// CLI: the native command-line tool (build/native-release/src/arcade).

import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {createInterface} from 'node:readline';
import {fileURLToPath} from 'node:url';

import {AppPage, movesOf} from './app_page.mjs';
import {CheckRunner, DESKTOP, launchChromium, PHONE, serveDirectory} from './lib.mjs';
import {positionLine} from './native_tool.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts'),
       cli = join(here, '../../build/native-release/src/arcade')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node status_test.mjs SITE_DIR [ARTEFACT_DIR [CLI]]');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

const MIN_MEASURED_MS = 20;  // engine_info.h's kMinMeasuredMs
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const SQUARES = ['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'c3'];

// The command-line engine's whole `go` reply at `level` with every root
// move's score (a fresh engine: empty tables, as the app's first search).
// Its input stays open until `bestmove`: the end of input stops a search.
function engineGo(moves, level) {
  return new Promise((resolve) => {
    const engine = spawn(cli, [], {stdio: ['pipe', 'pipe', 'inherit']});
    const lines = [];
    createInterface({input: engine.stdout}).on('line', (line) => {
      lines.push(line);
      if (line.startsWith('bestmove')) {
        engine.stdin.end();
        resolve(lines);
      }
    });
    engine.stdin.write(['game tictactoe', 'setoption name RootScores value true',
                        `setoption name Level value ${level}`, positionLine(moves), 'go', '']
                           .join('\n'));
  });
}

// Each root move's score at the last depth of a reply.
function lastRootScores(reply) {
  let depth = null;
  let scores = {};
  for (const line of reply) {
    const w = line.trim().split(/\s+/);
    if (w[0] !== 'info' || w[1] !== 'depth' || w[3] !== 'move') continue;
    if (w[2] !== depth) scores = {};
    depth = w[2];
    scores[w[4]] = w.slice(6).join(' ');
  }
  return scores;
}

async function openApp(browser, url, options) {
  const context = await browser.newContext(options);
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(url);
  return {context, app};
}

// Moves that finish a Tic-tac-toe game after X's first move `first`, with O
// winning on a line that avoids it and X never making a line of its own.
function oWins(first) {
  const f = SQUARES.indexOf(first);
  for (const line of LINES) {
    if (line.includes(f)) continue;
    const rest = [...Array(9).keys()].filter((i) => i !== f && !line.includes(i));
    for (const x1 of rest) {
      for (const x2 of rest) {
        if (x2 === x1) continue;
        const xs = [f, x1, x2];
        if (LINES.some((l) => l.every((i) => xs.includes(i)))) continue;
        return [line[0], x1, line[1], x2, line[2]].map((i) => SQUARES[i]);
      }
    }
  }
  throw new Error(`no O win after ${first}`);
}

// The rectangle "rect_NAME left top width height" of App::state, or null.
function rectOf(state, name) {
  const text = state[`rect_${name}`];
  if (!text) return null;
  const [left, top, width, height] = text.split(' ').map(Number);
  return {left, top, width, height};
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
const runner = new CheckRunner();
const url = `${server.url}/index.html`;

try {
  for (const [size, options] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    const {context, app} = await openApp(browser, url, options);

    await runner.check(`${size}: a random choice among equal moves is said, with the count`, async () => {
      // Perfect plays X from the start, where every move draws.
      await app.commands('game tictactoe', 'side 1 person', 'side 0 ai 5');
      const state = await app.waitState((s) => movesOf(s).length === 1, 'the AI\'s first move');
      const played = movesOf(state)[0];
      const scores = lastRootScores(await engineGo([], 5));
      const best = Object.values(scores).filter((s) => s === 'draw').length;
      assert.equal(Object.keys(scores).length, 9, JSON.stringify(scores));
      assert.ok(best > 1, `the engine finds ${best} equal moves`);
      assert.match(state.figures, new RegExp(`^X played ${played} at random among ${best} equal moves`));
      // Every move's score is proven (a draw): the search is said to be exact.
      assert.match(state.figures, /exact from here: draw\b/, state.figures);
      // The line shown is the search's; if it starts with another move the
      // line says it is the search's, not the move played.
      const line = /line:? ([a-c1-3 ]+)/.exec(state.figures);
      assert.ok(line, state.figures);
      if (line[1].split(' ')[0] !== played) assert.match(state.figures, /; the search's line: /);
      assert.ok(state.status.includes(state.figures), `${state.status} | ${state.figures}`);
      await app.frames(3);
      await app.screenshot(`status-random-choice-${size}.png`);
    });

    await runner.check(`${size}: no nodes per second for a search too short to measure`, async () => {
      // Beginner looks one move ahead: 8 nodes after a1.
      // Sides first: a new game with the AI to move would let it play.
      await app.commands('side 0 person', 'side 1 ai 1', 'game tictactoe', 'play a1');
      const state = await app.waitState((s) => movesOf(s).length === 2, 'the AI\'s reply');
      const info = (await engineGo(['a1'], 1)).find((l) => l.startsWith('info depth 1 score'));
      const time = Number(/ time (\d+)/.exec(info)[1]);
      const nodes = Number(/ nodes (\d+)/.exec(info)[1]);
      assert.ok(time < MIN_MEASURED_MS, `the engine's own search took ${time} ms`);
      assert.match(state.figures, new RegExp(`, ${nodes} nodes`), state.figures);
      // A heuristic score at the engine's depth: how far it looked, in moves.
      const [, depth, kind] = /^info depth (\d+) score (\w+)/.exec(info);
      assert.equal(kind, 'cp', info);
      assert.match(state.figures, new RegExp(`[,(] ?searched ${depth} moves? ahead: `), state.figures);
      assert.doesNotMatch(state.figures, /nodes\/s/, state.figures);
      await app.frames(3);
      await app.screenshot(`status-tiny-search-${size}.png`);
    });

    await runner.check(`${size}: the status says how the game ended, not the last search`, async () => {
      await app.commands('game tictactoe', 'side 1 person', 'side 0 ai 1');
      const first = movesOf(await app.waitState((s) => movesOf(s).length === 1, 'X\'s move'))[0];
      assert.match((await app.state()).figures, /^X played /);
      await app.command('side 0 person');
      for (const move of oWins(first)) await app.command(`play ${move}`);
      const state = await app.state();
      assert.equal(state.over, '1');
      assert.equal(state.winner, '1');
      assert.doesNotMatch(state.figures, /played|depth|nodes/, state.figures);
      assert.ok(state.figures.length > 0, 'the end in words');
      assert.equal(state.figures, state.status);
      await app.command('dismiss');
      await app.frames(3);
      await app.screenshot(`status-game-over-${size}.png`);
    });

    await runner.check(`${size}: Enter in the Share field opens it`, async () => {
      await app.commands('game connect4', 'side 1 person');
      await app.frames(3);
      let field = rectOf(await app.state(), 'share_field');
      assert.ok(field, 'the Share field\'s rectangle');
      const view = app.page.viewportSize();
      // On a phone the panel scrolls under the board: bring the field up.
      for (let i = 0; i < 10 && field.top + field.height > view.height; ++i) {
        const panel = rectOf(await app.state(), 'panel');
        await app.page.mouse.move(panel.left + panel.width / 2, panel.top + panel.height / 2);
        await app.page.mouse.wheel(0, 400);
        await app.frames(3);
        field = rectOf(await app.state(), 'share_field');
      }
      assert.ok(field.top + field.height <= view.height, `the field at ${field.top}`);
      await app.click({x: field.left + field.width / 2, y: field.top + field.height / 2});
      await app.page.keyboard.type('4 4 5');
      await app.frames(2);
      await app.page.keyboard.press('Enter');
      const state = await app.waitState((s) => movesOf(s).join(' ') === '4 4 5', 'the moves opened',
                                        5000);
      assert.equal(state.position.length > 0, true);
      await app.frames(3);
      await app.screenshot(`status-share-enter-${size}.png`);
    });

    if (size === 'desktop') {
      await runner.check('desktop: the Hint key tooltip stays over Hint, off New', async () => {
        await app.commands('game tictactoe', 'side 0 person', 'side 1 ai 3');
        await app.frames(3);
        const state = await app.state();
        const hint = rectOf(state, 'button_Hint');
        const fresh = rectOf(state, 'button_New');
        assert.ok(hint && fresh, 'the buttons\' rectangles');
        // The pointer on Hint's right edge, where a tooltip at the pointer
        // lay over New.
        await app.page.mouse.move(hint.left + hint.width - 3, hint.top + hint.height / 2);
        await app.frames(30);
        const tip = rectOf(await app.state(), 'tooltip');
        assert.ok(tip, 'a tooltip shows');
        const overlaps = (a, b) => a.left < b.left + b.width && b.left < a.left + a.width &&
            a.top < b.top + b.height && b.top < a.top + a.height;
        assert.ok(!overlaps(tip, fresh), `tooltip ${JSON.stringify(tip)} over New ${JSON.stringify(fresh)}`);
        await app.screenshot('status-hint-tooltip-desktop.png');
        // Swap's key tooltip leaves the player's choice above it alone
        // (issue 33: "Key: S" opened over Yellow's selector).
        await app.command('side 1 person');
        await app.frames(3);
        const swap = rectOf(await app.state(), 'button_Swap_sides');
        assert.ok(swap, 'the rectangle of Swap sides');
        await app.page.mouse.move(swap.left + swap.width / 2, swap.top + swap.height / 2);
        await app.frames(30);
        const after = await app.state();
        const swapTip = rectOf(after, 'tooltip'), chooser = rectOf(after, 'side1_who');
        assert.ok(swapTip && chooser, 'the tooltip and the selector');
        assert.ok(!overlaps(swapTip, chooser),
                  `tooltip ${JSON.stringify(swapTip)} over the selector ${JSON.stringify(chooser)}`);
      });
    }
    app.assertNoErrors(size);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
runner.finish();
