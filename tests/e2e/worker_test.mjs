// The engine's Web Worker in a real browser (headless Chromium through
// playwright-core): the page drives it through the web EngineClient
// (src/app/engine_link/engine_client_web.cpp, exported by engine_client_probe.cpp), as
// the app does. Checks that replies carry their request numbers, that `info`
// lines stream while a search runs, that stop() gives the search's move at
// once and the restarted worker keeps the game, options and position, that
// bad input is answered for its own request, that stop() ends `solve`,
// `perft N` and lines queued behind a search as the native protocol does,
// that `isready` is answered at once during a long command, which state a
// restarted worker is given (Hash outlives `game`), that a large `tree`
// reaches the page whole and quickly (its lines come in batches) and that
// stop() ends a tree with `tree stopped`. Prints load and restart times and
// the time a 60,000-line tree takes from send to the page.
//
//   node tests/e2e/worker_test.mjs WORKER_DIR PROBE_DIR
//
// WORKER_DIR holds arcade_engine_worker.{js,wasm}, engine_worker.js and
// engine_client.js (the web build's src/ folder); PROBE_DIR
// arcade_engine_client_probe.{js,wasm} (its tests/ folder). Chromium is
// /usr/bin/chromium unless CHROMIUM_PATH says otherwise.

import assert from 'node:assert/strict';
import {rmSync} from 'node:fs';

import {launchChromium, serveDirectory, timingFigure} from './lib.mjs';
import {makeProbeSite, setUpPage} from './probe_page.mjs';

const [workerDir, probeDir] = process.argv.slice(2);
if (!workerDir || !probeDir) {
  console.error('usage: node worker_test.mjs WORKER_DIR PROBE_DIR');
  process.exit(2);
}

// Tic-tac-toe: a `go depth 3` answers with info lines of depths 1 to 3 and
// a bestmove on an empty square, all tagged with the go's number.
async function checkSearch(page) {
  const result = await page.evaluate(async () => {
    probe.send('game tictactoe');
    const position = probe.send('position startpos moves b2');
    const go = probe.send('go depth 3');
    const answered = await probe.waitFor(go, 'bestmove');
    const board = probe.send('d');
    await probe.waitFor(board, 'position ');
    return {
      answered,
      go,
      lines: probe.linesOf(go),
      positionLines: probe.linesOf(position),
      boardLines: probe.linesOf(board),
    };
  });
  // `d` answers with the diagram's lines, then the position.
  assert.ok(result.boardLines.length > 1, result.boardLines.join('\n'));
  assert.equal(result.boardLines.at(-1), 'position .../.x./...');
  assert.ok(result.answered, 'go depth 3 answered');
  assert.deepEqual(result.positionLines, []);
  const infos = result.lines.filter((l) => /^info depth \d+ score /.test(l));
  assert.deepEqual(infos.map((l) => l.split(' ')[2]), ['1', '2', '3'], result.lines.join('\n'));
  assert.match(result.lines.at(-1), /^bestmove [abc][123]$/);
  assert.notEqual(result.lines.at(-1), 'bestmove b2');
}

// Connect Four by plain minimax cannot finish: the search runs until stopped.
// Its info lines arrive while it runs; stop() gives the first move of the
// last pv at once; the restarted worker has the game, options and position.
async function checkStop(page) {
  const result = await page.evaluate(async () => {
    probe.send('game connect4');
    probe.send('setoption name Level value 4');
    probe.send('setoption name Algorithm value minimax');
    probe.send('position startpos moves 4 4 4 4 4 4');
    const go = probe.send('go infinite');
    const streamed = await probe.waitFor(go, 'info depth 4 ');
    const begun = performance.now();
    probe.stop();
    const atOnce = probe.poll();
    const stopMs = performance.now() - begun;
    const moves = probe.send('moves');
    const movesAnswered = await probe.waitFor(moves, 'moves');
    // Another search on the new worker: minimax, so still unfinished.
    const go2 = probe.send('go infinite');
    const streamed2 = await probe.waitFor(go2, 'info depth 2 ');
    probe.stop();
    const atOnce2 = probe.poll();
    return {
      go,
      go2,
      streamed,
      streamed2,
      stopMs,
      atOnce,
      atOnce2,
      movesAnswered,
      goLines: probe.linesOf(go),
      go2Lines: probe.linesOf(go2),
      movesLines: probe.linesOf(moves),
    };
  });
  assert.ok(result.streamed, 'info lines arrive while the search runs');
  assert.ok(result.stopMs < 100, `stop took ${result.stopMs} ms`);
  const lastPv = (lines) =>
      lines.filter((l) => l.includes(' pv ')).at(-1).split(' pv ')[1].split(' ')[0];
  assert.deepEqual(
      result.atOnce.filter((r) => r.line.startsWith('bestmove')),
      [{request: result.go, line: 'bestmove ' + lastPv(result.goLines)}]);
  assert.ok(result.movesAnswered, 'the restarted worker answers');
  assert.deepEqual(result.movesLines, ['moves 1 2 3 5 6 7']);
  // Nothing of the stopped search arrives after its bestmove.
  assert.match(result.goLines.at(-1), /^bestmove [1-7]$/);
  assert.equal(result.goLines.filter((l) => l.startsWith('bestmove')).length, 1);
  assert.ok(result.streamed2, 'the second search streams');
  assert.deepEqual(
      result.atOnce2.filter((r) => r.line.startsWith('bestmove')),
      [{request: result.go2, line: 'bestmove ' + lastPv(result.go2Lines)}]);
  assert.notEqual(lastPv(result.go2Lines), '4', 'column 4 is full');
  return result.stopMs;
}

// A search stopped before its first info line (without iterative deepening
// it sends none until it ends), and one stopped before it began (sent while
// the worker restarts): the new worker answers each with a real move, tagged
// with the stopped search's number.
async function checkStopBeforeInfo(page) {
  const result = await page.evaluate(async () => {
    probe.send('setoption name Iterative value false');
    const loaded = probe.send('isready');
    await probe.waitFor(loaded, 'readyok');
    const go = probe.send('go infinite');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const begun = performance.now();
    probe.stop();
    const answered = await probe.waitFor(go, 'bestmove');
    const ms = performance.now() - begun;
    const unborn = probe.send('go infinite');
    probe.stop();
    const unbornAnswered = await probe.waitFor(unborn, 'bestmove');
    probe.send('setoption name Iterative value true');
    return {answered, unbornAnswered, ms, lines: probe.linesOf(go), unborn: probe.linesOf(unborn)};
  });
  assert.ok(result.answered, 'a search stopped before any info gives a move');
  assert.match(result.lines.at(-1), /^bestmove [1-35-7]$/);
  assert.ok(result.unbornAnswered, 'a search stopped before it began gives a move');
  assert.match(result.unborn.at(-1), /^bestmove [1-35-7]$/);
  return result.ms;
}

// Bad input gets an error for its own request and changes nothing, also
// after another restart (a rejected line is not replayed).
async function checkErrors(page) {
  const result = await page.evaluate(async () => {
    const bad = [
      'position startpos moves 4 4 4 4 4 4 4', 'frobnicate', 'setoption name Level value 9',
      'tree depth 3 deepening maybe'
    ];
    const requests = bad.map((line) => probe.send(line));
    const go = probe.send('go infinite');
    await probe.waitFor(go, 'info depth 1 ');
    probe.stop();
    const moves = probe.send('moves');
    await probe.waitFor(moves, 'moves');
    return {errors: requests.map((r) => probe.linesOf(r)), moves: probe.linesOf(moves)};
  });
  for (const lines of result.errors) {
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0], /^error .{10,}/);
  }
  assert.deepEqual(result.moves, ['moves 1 2 3 5 6 7']);
}

// stop() ends a running `solve` and `perft N` as natively: `solution
// stopped` and `perft N stopped` at once, for their own requests. `isready`
// during one is answered at once; while the worker is idle, by the worker.
async function checkStopSolveAndPerft(page) {
  const result = await page.evaluate(async () => {
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const now = (r) => probe.poll().filter((x) => x.request === r).map((x) => x.line);
    // Without its book, Connect Four's solver needs minutes from the start.
    probe.send('game connect4');
    probe.send('setoption name OwnBook value false');
    const solve = probe.send('solve');
    await pause(300);
    const ready = probe.send('isready');
    const readyAtOnce = now(ready);
    probe.stop();
    const solveAtOnce = now(solve);
    // Billions of positions.
    const perft = probe.send('perft 12');
    await pause(300);
    probe.stop();
    const perftAtOnce = now(perft);
    probe.send('setoption name OwnBook value true');
    const moves = probe.send('moves');
    await probe.waitFor(moves, 'moves');
    const idleReady = probe.send('isready');
    await probe.waitFor(idleReady, 'readyok');
    await pause(200);  // time for any stray line
    probe.poll();
    return {
      readyAtOnce,
      solveAtOnce,
      perftAtOnce,
      solve: probe.linesOf(solve),
      perft: probe.linesOf(perft),
      ready: probe.linesOf(ready),
      idleReady: probe.linesOf(idleReady),
      moves: probe.linesOf(moves),
    };
  });
  assert.deepEqual(result.readyAtOnce, ['readyok'], 'isready during solve, at once');
  assert.deepEqual(result.solveAtOnce, ['solution stopped']);
  assert.deepEqual(result.perftAtOnce, ['perft 12 stopped']);
  assert.deepEqual(result.solve, ['solution stopped']);
  assert.deepEqual(result.perft, ['perft 12 stopped']);
  assert.deepEqual(result.ready, ['readyok']);
  assert.deepEqual(result.idleReady, ['readyok']);
  assert.deepEqual(result.moves, ['moves 1 2 3 4 5 6 7']);
}

// stop() ends every long command sent before it: with a search running and
// lines queued behind it, the search gives its move at once, a queued solve
// and perft their `stopped` answers, a queued search a real move a moment
// later; the quick lines are answered once each (`help` with both lines).
async function checkStopQueued(page) {
  const result = await page.evaluate(async () => {
    probe.send('game connect4');
    probe.send('setoption name Algorithm value minimax');
    probe.send('position startpos moves 4 4 4 4 4 4');
    const go = probe.send('go infinite');
    const requests = {
      go,
      help: probe.send('help'),
      solve: probe.send('solve'),
      perft: probe.send('perft 3'),
      moves: probe.send('moves'),
      go2: probe.send('go depth 2'),
    };
    const streamed = await probe.waitFor(go, 'info depth 3 ');
    probe.stop();
    const atOnce = probe.poll();
    await probe.waitFor(requests.go2, 'bestmove');
    await probe.waitFor(requests.moves, 'moves');
    await new Promise((resolve) => setTimeout(resolve, 200));
    probe.poll();
    probe.send('setoption name Algorithm value alphabeta');
    const lines =
        Object.fromEntries(Object.entries(requests).map(([k, r]) => [k, probe.linesOf(r)]));
    return {streamed, requests, atOnce, lines};
  });
  assert.ok(result.streamed, 'the search streams');
  const {requests, lines} = result;
  const atOnce = (r) => result.atOnce.filter((x) => x.request === r).map((x) => x.line);
  assert.match(atOnce(requests.go).join(), /^bestmove [1-35-7]$/);
  assert.deepEqual(atOnce(requests.solve), ['solution stopped']);
  assert.deepEqual(atOnce(requests.perft), ['perft 3 stopped']);
  const bestmoves = (l) => l.filter((x) => x.startsWith('bestmove'));
  assert.equal(bestmoves(lines.go).length, 1, lines.go.join('\n'));
  assert.equal(lines.go.at(-1), bestmoves(lines.go)[0]);
  assert.deepEqual(lines.solve, ['solution stopped']);
  assert.deepEqual(lines.perft, ['perft 3 stopped']);
  assert.deepEqual(lines.help.map((l) => l.split(' ')[0]), ['commands:', 'options:']);
  assert.deepEqual(lines.moves, ['moves 1 2 3 5 6 7']);
  assert.equal(bestmoves(lines.go2).length, 1, lines.go2.join('\n'));
  assert.match(lines.go2.at(-1), /^bestmove [1-35-7]$/);
}

// The state a restarted worker is given: every option outlives `game`, Hash
// included; the position is the last one, the game the last one.
async function checkReplayedState(page) {
  const result = await page.evaluate(async () => {
    probe.send('setoption name Hash value 2');
    probe.send('game wolfsheep');
    probe.send('game connect4');
    probe.send('setoption name Algorithm value minimax');
    probe.send('position startpos moves 4');
    const go = probe.send('go infinite');
    await probe.waitFor(go, 'info depth 2 ');
    probe.stop();
    const moves = probe.send('moves');
    await probe.waitFor(moves, 'moves');
    probe.send('setoption name Algorithm value alphabeta');
    const ready = probe.send('isready');
    await probe.waitFor(ready, 'readyok');
    return {state: arcadeEngine.stats().state, moves: probe.linesOf(moves)};
  });
  const {state} = result;
  assert.deepEqual(result.moves, ['moves 1 2 3 4 5 6 7']);
  const hash = state.indexOf('setoption name Hash value 2');
  const game = state.indexOf('game connect4');
  assert.ok(hash >= 0 && game > hash, `Hash kept across game: ${state.join(' | ')}`);
  assert.ok(!state.includes('game wolfsheep'), state.join(' | '));
  assert.deepEqual(state.filter((l) => l.startsWith('position')), ['position startpos moves 4']);
  assert.deepEqual(
      state.filter((l) => l.includes('Algorithm')), ['setoption name Algorithm value alphabeta']);
}

// Tic-tac-toe's game tree from the start to `depth` plies, counted here on a
// board of the test's own: one node per way of reaching a position, won
// games not continued (plain minimax without a table searches exactly this).
function ticTacToeGameTree(depth) {
  const LINES =
      [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
  const board = Array(9).fill('.');
  const won = () =>
      LINES.some(([a, b, c]) => board[a] !== '.' && board[a] === board[b] && board[b] === board[c]);
  const count = (mover, left) => {
    if (won() || left === 0) return 1;
    let nodes = 1;
    for (let i = 0; i < 9; ++i) {
      if (board[i] !== '.') continue;
      board[i] = mover;
      nodes += count(mover === 'x' ? 'o' : 'x', left - 1);
      board[i] = '.';
    }
    return nodes;
  };
  return count('x', depth);
}

const TREE_LIMIT = 60000;
const TREE_RUNS = 5;

// A 60,000-line tree, sent TREE_RUNS times: each time every node line
// arrives, in order (ids 0 to K-1), then the count of the whole search, and
// the time from send to the last line polled is measured (the goal: well
// under a second in Chromium; a FIGURE line, lib.mjs's timingFigure).
// Returns the times in ms.
async function checkTreeArrival(page) {
  const depth = 7;
  const expected = ticTacToeGameTree(depth);
  const runs = await page.evaluate(async ([depth, limit, times]) => {
    probe.send('game tictactoe');
    const ready = probe.send('isready');
    await probe.waitFor(ready, 'readyok');
    const runs = [];
    for (let run = 0; run < times; ++run) {
      const begun = performance.now();
      const tree = probe.send(`tree depth ${depth} algorithm minimax table off limit ${limit}`);
      const lines = [];
      for (;;) {
        for (const reply of probe.poll()) {
          if (reply.request === tree) lines.push(reply.line);
        }
        if (lines.length > 0 && lines.at(-1).startsWith('tree ')) break;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      const ms = performance.now() - begun;
      // Its progress while it searches (`info nodes N time T`), then the nodes.
      const progress = lines.filter((line) => line.startsWith('info nodes ')).length;
      const nodes = lines.slice(0, -1).filter((line) => !line.startsWith('info nodes '));
      const outOfOrder = nodes.findIndex((line, i) => !line.startsWith(`node ${i} `));
      probe.replies = probe.replies.filter((r) => r.request !== tree);  // memory stays bounded
      runs.push({ms, nodes: nodes.length, progress, outOfOrder, first: nodes[0],
                 last: lines.at(-1)});
    }
    return runs;
  }, [depth, TREE_LIMIT, TREE_RUNS]);
  for (const run of runs) {
    const found = run.last.match(/^tree nodes (\d+) value \S/);
    assert.ok(found, run.last);
    assert.equal(Number(found[1]), expected, 'every node of the game tree to depth 7');
    assert.equal(run.nodes, Math.min(TREE_LIMIT, expected));
    assert.equal(run.progress, Math.floor(expected / 65536), 'its progress every 65,536 nodes');
    assert.equal(run.outOfOrder, -1, 'node lines with ids 0, 1, 2, ... in order');
    assert.match(run.first, /^node 0 parent - ply 0 move - side max /);
  }
  const times = runs.map((run) => run.ms).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  timingFigure(`a ${TREE_LIMIT.toLocaleString('en-US')}-line tree from send to the page, the median`,
               median, 1000);
  return {times: runs.map((run) => run.ms), median, nodes: expected};
}

// stop() ends a tree at once with `tree stopped`: one still searching (no
// node line yet, only its progress, `info nodes N time T` every 65,536
// nodes; `isready` meanwhile is answered at once), and one whose lines are
// arriving (those before the stop stay, nothing comes after it). The
// restarted worker has the game.
async function checkStopTree(page) {
  const result = await page.evaluate(async () => {
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    const now = (r) => probe.poll().filter((x) => x.request === r).map((x) => x.line);
    probe.send('game connect4');
    // Billions of nodes: it never ends by itself.
    const searching = probe.send('tree depth 12 algorithm minimax table off');
    await pause(300);
    const ready = probe.send('isready');
    const readyAtOnce = now(ready);
    probe.stop();
    const searchingAtOnce = now(searching);
    // About 960,000 nodes, 300,000 of them printed: stopped while they arrive.
    const printing = probe.send('tree depth 7 algorithm minimax table off limit 300000');
    const streamed = await probe.waitFor(printing, 'node ');
    probe.stop();
    const printingAtOnce = probe.linesOf(printing).concat(now(printing));
    const moves = probe.send('moves');
    await probe.waitFor(moves, 'moves');
    await pause(200);  // time for any stray line
    probe.poll();
    const printingLines = probe.linesOf(printing);
    probe.replies = probe.replies.filter((r) => r.request !== printing);
    return {
      readyAtOnce,
      searchingAtOnce,
      streamed,
      printingAtOnce: printingAtOnce.length,
      printingLast: printingLines.at(-1),
      printingTreeLines: printingLines.filter((l) => l.startsWith('tree ')),
      printingNodes: printingLines.filter((l) => l.startsWith('node ')).length,
      printingProgress: printingLines.filter((l) => l.startsWith('info nodes ')),
      printingAll: printingLines.length,
      searching: probe.linesOf(searching),
      moves: probe.linesOf(moves),
    };
  });
  // A tree's progress: `info nodes N time T`, N the next multiple of 65,536.
  const progressOf = (lines) => lines.filter((l) => l.startsWith('info nodes '));
  const checkProgress = (lines, what) => progressOf(lines).forEach((line, i) => {
    const found = line.match(/^info nodes (\d+) time \d+$/);
    assert.ok(found, `${what}: ${line}`);
    assert.equal(Number(found[1]), (i + 1) * 65536, `${what}: ${line}`);
  });
  const withoutProgress = (lines) => lines.filter((l) => !l.startsWith('info nodes '));
  assert.deepEqual(result.readyAtOnce, ['readyok'], 'isready during a tree, at once');
  for (const [lines, what] of [[result.searchingAtOnce, 'at once'], [result.searching, 'after']]) {
    checkProgress(lines, `the tree still searching, ${what}`);
    assert.deepEqual(withoutProgress(lines), ['tree stopped']);
  }
  assert.ok(progressOf(result.searching).length > 0, 'a tree searching 300 ms says its progress');
  assert.ok(result.streamed, 'node lines arrive');
  checkProgress(result.printingProgress, 'the tree printing');
  assert.deepEqual(result.printingTreeLines, ['tree stopped']);
  assert.equal(result.printingLast, 'tree stopped');
  assert.equal(result.printingAll, result.printingNodes + result.printingProgress.length + 1,
               'its progress, node lines, then tree stopped');
  assert.ok(result.printingNodes < 300000, `${result.printingNodes} node lines: stopped midway`);
  assert.equal(result.printingAll, result.printingAtOnce, 'nothing after the stop');
  assert.deepEqual(result.moves, ['moves 1 2 3 4 5 6 7']);
}

async function main() {
  const site = makeProbeSite(workerDir, probeDir);
  const server = await serveDirectory(site);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${server.url}index.html`);
    const readyMs = await page.evaluate(setUpPage);
    await checkSearch(page);
    const stopMs = await checkStop(page);
    const lateMoveMs = await checkStopBeforeInfo(page);
    await checkErrors(page);
    await checkStopQueued(page);
    await checkStopSolveAndPerft(page);
    await checkReplayedState(page);
    await checkStopTree(page);
    const tree = await checkTreeArrival(page);
    const stats = await page.evaluate(() => arcadeEngine.stats());
    assert.deepEqual(problems, []);
    const round = (ms) => Math.round(ms * 10) / 10;
    console.log(
        `worker load (new Worker to ready): ${round(stats.startupMs)} ms; ` +
        `the probe module waited ${round(readyMs)} ms more`);
    console.log(`restarts after stop: ${stats.restartMs.map(round).join(', ')} ms`);
    console.log(
        `stop to bestmove: ${round(stopMs)} ms with an info line, ` +
        `${round(lateMoveMs)} ms without (restart + go depth 1)`);
    console.log(
        `50,000+ node tree: ${round(tree.median)} ms from send to the page ` +
        `(median of ${TREE_RUNS}: ${tree.times.map(round).join(', ')} ms; ` +
        `${Math.min(TREE_LIMIT, tree.nodes)} node lines of a ${tree.nodes}-node search)`);
    console.log('worker test passed');
  } finally {
    await browser.close();
    server.close();
    rmSync(site, {recursive: true, force: true});
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
