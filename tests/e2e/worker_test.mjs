// The engine's Web Worker in a real browser (headless Chromium through
// playwright-core): the page drives it through the web EngineClient
// (src/app/engine_client_web.cpp, exported by engine_client_probe.cpp), as
// the app does. Checks that replies carry their request numbers, that `info`
// lines stream while a search runs, that stop() gives the search's move at
// once and the restarted worker keeps the game, options and position, and
// that bad input is answered for its own request. Prints load and restart
// times.
//
//   node tests/e2e/worker_test.mjs WORKER_DIR PROBE_DIR
//
// WORKER_DIR holds arcade_engine_worker.{js,wasm}, engine_worker.js and
// engine_client.js (the web build's src/ folder); PROBE_DIR
// arcade_engine_client_probe.{js,wasm} (its tests/ folder). Chromium is
// /usr/bin/chromium unless CHROMIUM_PATH says otherwise.

import assert from 'node:assert/strict';
import {copyFileSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

import {launchChromium, serveDirectory} from './lib.mjs';

const [workerDir, probeDir] = process.argv.slice(2);
if (!workerDir || !probeDir) {
  console.error('usage: node worker_test.mjs WORKER_DIR PROBE_DIR');
  process.exit(2);
}

// The site: the files the app's page would serve, plus a page that loads
// engine_client.js before the module that uses it.
function makeSite() {
  const site = mkdtempSync(join(tmpdir(), 'arcade-worker-test-'));
  const files = [
    [workerDir, 'arcade_engine_worker.js'],
    [workerDir, 'arcade_engine_worker.wasm'],
    [workerDir, 'engine_worker.js'],
    [workerDir, 'engine_client.js'],
    [probeDir, 'arcade_engine_client_probe.js'],
    [probeDir, 'arcade_engine_client_probe.wasm'],
  ];
  try {
    for (const [dir, name] of files) copyFileSync(join(dir, name), join(site, name));
  } catch (error) {
    rmSync(site, {recursive: true, force: true});
    throw error;
  }
  writeFileSync(join(site, 'index.html'), `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<script src="engine_client.js"></script>
<script src="arcade_engine_client_probe.js"></script>
</body></html>
`);
  return site;
}

// Runs in the page: the probe's functions, and a reply log to wait on.
async function setUpPage() {
  const module = await createEngineClientProbe();
  const poll = module.cwrap('probe_poll', 'number', []);
  const request = module.cwrap('probe_reply_request', 'number', ['number']);
  const line = module.cwrap('probe_reply_line', 'string', ['number']);
  const probe = {
    send: module.cwrap('probe_send', 'number', ['string']),
    stop: module.cwrap('probe_stop', null, []),
    ready: () => module.cwrap('probe_ready', 'number', [])() !== 0,
    replies: [],
    poll() {
      const got = [];
      for (let i = 0, n = poll(); i < n; ++i) got.push({request: request(i), line: line(i)});
      probe.replies.push(...got);
      return got;
    },
    linesOf: (r) => probe.replies.filter((reply) => reply.request === r).map((x) => x.line),
    // Polls every few ms until a reply of request `r` starts with `prefix`.
    async waitFor(r, prefix, limitMs = 20000) {
      const end = performance.now() + limitMs;
      while (performance.now() < end) {
        probe.poll();
        if (probe.linesOf(r).some((l) => l.startsWith(prefix))) return true;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return false;
    },
  };
  window.probe = probe;
  const begun = performance.now();
  while (!probe.ready()) await new Promise((resolve) => setTimeout(resolve, 1));
  return performance.now() - begun;
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
    await probe.waitFor(board, '');
    return {
      answered,
      go,
      lines: probe.linesOf(go),
      positionLines: probe.linesOf(position),
      boardLines: probe.linesOf(board),
    };
  });
  // `d` answers with one reply of several text lines: the diagram, then the position.
  assert.equal(result.boardLines.length, 1);
  assert.match(result.boardLines[0], /\nposition \.\.\.\/\.x\.\/\.\.\.$/);
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
    const bad =
        ['position startpos moves 4 4 4 4 4 4 4', 'frobnicate', 'setoption name Level value 9'];
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

async function main() {
  const site = makeSite();
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
