// The engine's Web Worker under fire, in headless Chromium: 10,000 random
// actions through the web EngineClient (the probe module, as the app drives
// it), mixing small searches (`go depth 1-3`, `go nodes 50-3000`), `stop`
// (alone, and just after a search, solve or perft), random legal moves, undo
// (the position one move back), new games (`position startpos`, `newgame`,
// `game` among the three games), `isready`, `d`, `moves`, options, `solve`
// and `perft N`. Checks:
//   - every reply belongs to a request that was sent, and fits it (a go gets
//     info lines and then exactly one bestmove; a stop, position, game,
//     setoption or newgame nothing; every other request exactly its answer),
//     and nothing comes after a request's final reply;
//   - each bestmove is legal in the position its go was sent for (the test
//     keeps the position as sent, and learns the legal moves of each one from
//     `moves` replies), `bestmove (none)` only where the game is over;
//   - every solve and perft gets exactly one answer, and the same position
//     always gets the same legal moves, diagram and perft counts (whichever
//     worker answered);
//   - memory stays bounded: the page's JavaScript heap (after a garbage
//     collection) and Chromium's resident memory, sampled every 1,000
//     actions, do not keep growing, and there is one live worker.
// Prints the figures: actions of each kind, gos, stops, worker restarts,
// time, heap and resident memory at start and end.
//
//   node tests/e2e/worker_stress_test.mjs WORKER_DIR PROBE_DIR [ACTIONS] [SEED]
//
// WORKER_DIR and PROBE_DIR as for worker_test.mjs. STRESS_SEED in the
// environment, or SEED, repeats a run.

import assert from 'node:assert/strict';
import {readdirSync, readFileSync, rmSync} from 'node:fs';
import {chromium} from 'playwright-core';

import {CHROMIUM_ARGS, serveDirectory, sleep} from './lib.mjs';
import {installSeeded, makeProbeSite, setUpPage} from './probe_page.mjs';

const [workerDir, probeDir, actionsArg, seedArg] = process.argv.slice(2);
if (!workerDir || !probeDir) {
  console.error('usage: node worker_stress_test.mjs WORKER_DIR PROBE_DIR [ACTIONS] [SEED]');
  process.exit(2);
}
const ACTIONS = Number(actionsArg || 10000);
const SEED = Number(seedArg || process.env.STRESS_SEED || 20261123);
const CHUNK = 1000;  // actions between memory samples
// Growth allowed from the first sample (after 1,000 actions, when the
// engine's tables and the page's code are warm) to the largest later one.
// A leaked worker holds tens of MB (its wasm memory and tables), and a run
// replaces the worker hundreds of times; the test's own bookkeeping (one
// small record per request) takes a few MB of the heap.
const HEAP_GROWTH_LIMIT = 16 * 1024 * 1024;
// Without those records, the page keeps little more than at the start.
const BARE_HEAP_GROWTH_LIMIT = 2 * 1024 * 1024;
const RSS_GROWTH_LIMIT = 256 * 1024 * 1024;

// Runs in the page: counts the workers it starts and terminates.
function countWorkers() {
  const NativeWorker = window.Worker;
  const counts = {created: 0, terminated: 0};
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      ++counts.created;
    }
    terminate() {
      ++counts.terminated;
      super.terminate();
    }
  };
  window.workerCounts = () => ({...counts});
}

// Runs in the page: installs window.stress, the random driver and its model
// of what the engine was sent. Everything it needs is inside.
function installStress() {
  const {random, pick, between, sleepMs} = window.seeded;
  // One turn of the event loop (a MessageChannel task: no 4 ms clamp), so
  // that the worker's messages reach the connection.
  const channel = new MessageChannel();
  const nextTask = () => new Promise((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });

  const GAMES = ['tictactoe', 'connect4', 'wolfsheep'];
  // perft depths that take milliseconds, and ones that take seconds (and are
  // stopped).
  const QUICK_PERFT = {tictactoe: 5, connect4: 5, wolfsheep: 4};
  const DEEP_PERFT = {tictactoe: 9, connect4: 10, wolfsheep: 10};

  const s = {
    model: {game: 'tictactoe', moves: []},  // the position as sent
    legal: new Map(),                       // position key -> its legal moves
    asked: new Set(),                       // keys with a `moves` request in flight
    boards: new Map(),                      // position key -> `d` output
    perfts: new Map(),                      // position key and depth -> count
    requests: new Map(),                    // request number -> record
    open: new Set(),                        // requests owed their final reply
    problems: [],
    counts: {actions: 0, forcedStops: 0, stoppedAnswers: 0},
  };
  const count = (name) => (s.counts[name] = (s.counts[name] || 0) + 1);
  const key = () => s.model.game + ':' + s.model.moves.join(' ');
  const problem = (text) => {
    if (s.problems.length < 20) s.problems.push(text);
  };

  // Sends a line; `kind` says which replies it must get.
  function send(line, kind) {
    const request = probe.send(line);
    if (s.requests.has(request)) problem(`request number ${request} given twice`);
    const record = {kind, line, key: key(), final: null, lines: []};
    s.requests.set(request, record);
    if (kind !== 'quiet') s.open.add(request);
    if (kind === 'moves') s.asked.add(record.key);
    return request;
  }

  function finish(request, record, line) {
    record.final = line;
    s.open.delete(request);
  }

  function handle({request, line}) {
    const r = s.requests.get(request);
    if (!r) return problem(`a reply for request ${request}, which was never sent: ${line}`);
    const what = `'${r.line}' (request ${request}, ${r.key})`;
    if (r.final !== null) return problem(`${what}: '${line}' after its final reply '${r.final}'`);
    const words = line.split(' ');
    switch (r.kind) {
      case 'quiet':
        return problem(`${what}: a reply where none was due: '${line}'`);
      case 'go':
        if (words[0] === 'info') return;
        if (words[0] !== 'bestmove' || words.length !== 2) return problem(`${what}: '${line}'`);
        r.move = words[1];
        return finish(request, r, line);
      case 'isready':
        if (line !== 'readyok') problem(`${what}: '${line}'`);
        return finish(request, r, line);
      case 'moves': {
        if (words[0] !== 'moves') problem(`${what}: '${line}'`);
        const moves = words.slice(1).filter(Boolean);
        const known = s.legal.get(r.key);
        if (known && known.join(' ') !== moves.join(' ')) {
          problem(`${what}: moves ${moves.join(' ')}, before ${known.join(' ')}`);
        }
        s.legal.set(r.key, moves);
        s.asked.delete(r.key);
        return finish(request, r, line);
      }
      case 'd': {
        r.lines.push(line);
        if (words[0] !== 'position') return;
        const text = r.lines.join('\n');
        const known = s.boards.get(r.key);
        if (known !== undefined && known !== text) problem(`${what}: '${text}', before '${known}'`);
        s.boards.set(r.key, text);
        return finish(request, r, line);
      }
      case 'solve':
        // Tic-tac-toe has no solver but the search.
        const expected = r.key.startsWith('tictactoe:') ? /^error no exact solver/ : /^solution \S/;
        if (line === 'solution stopped') {
          ++s.counts.stoppedAnswers;
        } else if (!expected.test(line)) {
          problem(`${what}: '${line}'`);
        }
        return finish(request, r, line);
      case 'perft': {
        const found = line.match(/^perft (\d+) (\d+|stopped)$/);
        if (!found || found[1] !== r.line.split(' ')[1]) return problem(`${what}: '${line}'`);
        if (found[2] === 'stopped') {
          ++s.counts.stoppedAnswers;
        } else {
          const countKey = r.key + '/' + found[1];
          const known = s.perfts.get(countKey);
          if (known !== undefined && known !== found[2]) {
            problem(`${what}: perft ${found[2]}, before ${known}`);
          }
          s.perfts.set(countKey, found[2]);
        }
        return finish(request, r, line);
      }
    }
  }

  function pollReplies() {
    for (const reply of probe.poll()) handle(reply);
  }

  // Waits until at most `most` requests are owed a reply. A long command
  // that holds the queue for seconds (a hard solve nobody stopped) is
  // stopped; a reply missing for 30 s fails the run.
  async function drain(most) {
    const begun = performance.now();
    let stopped = false;
    while (true) {
      pollReplies();
      if (s.open.size <= most) return;
      const waited = performance.now() - begun;
      if (!stopped && waited > 3000) {
        probe.stop();
        ++s.counts.forcedStops;
        stopped = true;
      }
      if (waited > 30000) {
        const owed = [...s.open].slice(0, 5).map((r) => `${r}: ${s.requests.get(r).line}`);
        throw new Error(`no final reply after 30 s for ${s.open.size} requests: ${owed}`);
      }
      await sleepMs(1);
    }
  }

  // The legal moves of the position as sent, asking the engine when they
  // are not known yet.
  async function legalMoves() {
    const k = key();
    if (!s.legal.has(k) && !s.asked.has(k)) send('moves', 'moves');
    const begun = performance.now();
    while (!s.legal.has(k)) {
      if (performance.now() - begun > 30000) throw new Error(`no moves for ${k}`);
      await sleepMs(0);
      pollReplies();
    }
    return s.legal.get(k);
  }

  function sendPosition() {
    const moves = s.model.moves;
    send('position startpos' + (moves.length ? ' moves ' + moves.join(' ') : ''), 'quiet');
  }

  function go() {
    // The legal moves of this position will be needed to check the move.
    if (!s.legal.has(key()) && !s.asked.has(key())) send('moves', 'moves');
    send(random() < 0.5 ? `go depth ${between(1, 3)}` : `go nodes ${between(50, 3000)}`, 'go');
    count('go');
  }

  function stop() {
    probe.stop();
    count('stop');
  }

  // Sometimes stopped at once, sometimes a moment later.
  async function stopSoon() {
    if (random() < 0.5) await sleepMs(between(0, 15));
    stop();
  }

  function undo() {
    s.model.moves.pop();
    sendPosition();
  }

  const actions = [
    [30, 'go', go],
    [
      24, 'move',
      async () => {
        const moves = await legalMoves();
        if (moves.length === 0) return undo();  // the game is over
        s.model.moves.push(pick(moves));
        sendPosition();
      }
    ],
    [8, 'undo', undo],
    [
      4, 'startpos',
      () => {
        s.model.moves = [];
        sendPosition();
      }
    ],
    [3, 'newgame', () => send('newgame', 'quiet')],
    [
      4, 'game',
      () => {
        s.model = {game: pick(GAMES), moves: []};
        send('game ' + s.model.game, 'quiet');
      }
    ],
    [4, 'isready', () => send('isready', 'isready')],
    [2, 'd', () => send('d', 'd')],
    [
      0.5, 'd+stop',
      async () => {
        // A stop that falls between the lines of a `d`: the restarted worker
        // answers it again, and only the lines not passed on yet may come.
        const record = s.requests.get(send('d', 'd'));
        go();
        const begun = performance.now();
        while (record.lines.length === 0 && performance.now() - begun < 5000) {
          await nextTask();
          pollReplies();
        }
        stop();
      }
    ],
    [2, 'moves', () => send('moves', 'moves')],
    [
      2, 'setoption',
      () => send(
          random() < 0.5 ? `setoption name Level value ${between(1, 4)}` :
                           `setoption name Hash value ${pick([1, 2, 4, 8])}`,
          'quiet')
    ],
    [1.5, 'stop', stop],
    [
      1.5, 'go+stop',
      async () => {
        go();
        await stopSoon();
      }
    ],
    [
      1.5, 'solve',
      async () => {
        send('solve', 'solve');
        // Connect Four's solver may need seconds early in a game.
        if (s.model.game !== 'tictactoe' && random() < 0.8) await stopSoon();
      }
    ],
    [
      1.5, 'perft',
      async () => {
        const deep = random() < 0.3;
        const depth = deep ? DEEP_PERFT[s.model.game] : between(1, QUICK_PERFT[s.model.game]);
        send(`perft ${depth}`, 'perft');
        if (deep) await stopSoon();
      }
    ],
  ];
  const totalWeight = actions.reduce((sum, [weight]) => sum + weight, 0);

  async function act() {
    let roll = random() * totalWeight;
    const [, name, body] = actions.find(([weight]) => (roll -= weight) < 0) || actions[0];
    count('action ' + name);
    ++s.counts.actions;
    await body();
    pollReplies();
    // A few requests may wait in the worker's queue; more and the run would
    // mostly measure the queue.
    if (s.open.size > 6) await drain(1);
    await nextTask();
  }

  s.run = async (n) => {
    for (let i = 0; i < n; ++i) await act();
  };

  // After the last action: every request answered, then a pause for any
  // late, stray reply, then the moves checked.
  s.finish = async () => {
    await drain(0);
    await sleepMs(500);
    pollReplies();
    for (const [request, r] of s.requests) {
      if (r.kind !== 'go') continue;
      const legal = s.legal.get(r.key);
      if (!legal) {
        problem(`'${r.line}' (request ${request}): the moves of ${r.key} were never learnt`);
      } else if (r.move === '(none)' ? legal.length > 0 : !legal.includes(r.move)) {
        problem(`'${r.line}' (request ${request}, ${r.key}): bestmove ${r.move}, legal ${legal}`);
      }
    }
    return {problems: s.problems, counts: s.counts, requests: s.requests.size};
  };

  // Drops the test's own records, so that a last heap sample shows what the
  // page itself kept.
  s.forget = () => {
    for (const table of [s.requests, s.legal, s.boards, s.perfts]) table.clear();
  };

  s.setUp = () => {
    send('setoption name Level value 3', 'quiet');
    send('game tictactoe', 'quiet');
  };
  window.stress = s;
}

// Resident memory of this process's Chromium processes (browser, renderer,
// GPU, ...), in bytes, from /proc.
function chromiumResidentBytes() {
  const parents = new Map();
  const names = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      parents.set(Number(entry), Number(status.match(/^PPid:\s+(\d+)/m)[1]));
      const rss = status.match(/^VmRSS:\s+(\d+) kB/m);
      names.set(
          Number(entry), {name: status.match(/^Name:\s+(.*)$/m)[1], rss: rss ? rss[1] * 1024 : 0});
    } catch {
      // The process ended while being read.
    }
  }
  const isOurs = (pid) => {
    for (let p = pid; p > 1; p = parents.get(p)) {
      if (p === process.pid) return true;
      if (!parents.has(p)) return false;
    }
    return false;
  };
  let total = 0;
  for (const [pid, {name, rss}] of names) {
    if (pid !== process.pid && /chrom/i.test(name) && isOurs(pid)) total += rss;
  }
  return total;
}

const mb = (bytes) => (bytes / 1048576).toFixed(1) + ' MB';

async function sample(page) {
  // The browser lists a new worker, and drops a terminated one, a moment
  // later.
  const deadline = Date.now() + 2000;
  while (page.workers().length !== 1 && Date.now() < deadline) await sleep(20);
  const inPage = await page.evaluate(() => {
    window.gc();
    return {heap: performance.memory.usedJSHeapSize, workers: workerCounts()};
  });
  return {
    heap: inPage.heap,
    live: inPage.workers.created - inPage.workers.terminated,
    listed: page.workers().length,
    rss: chromiumResidentBytes(),
  };
}

async function main() {
  const site = makeProbeSite(workerDir, probeDir);
  const server = await serveDirectory(site);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // A heap that can be collected on request and is reported exactly.
    args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc', '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.addInitScript(countWorkers);
    await page.goto(`${server.url}index.html`);
    await page.evaluate(setUpPage, false);
    await page.evaluate(installSeeded, SEED);
    await page.evaluate(installStress);
    await page.evaluate(() => stress.setUp());
    const begun = Date.now();
    const samples = [await sample(page)];
    for (let done = 0; done < ACTIONS; done += CHUNK) {
      await page.evaluate((n) => stress.run(n), Math.min(CHUNK, ACTIONS - done));
      samples.push(await sample(page));
      const last = samples.at(-1);
      console.log(
          `${Math.min(done + CHUNK, ACTIONS)} actions, ${Date.now() - begun} ms: ` +
          `heap ${mb(last.heap)}, Chromium resident ${mb(last.rss)}, ` +
          `workers ${last.live} live (${last.listed} listed)`);
    }
    const result = await page.evaluate(() => stress.finish());
    const elapsed = Date.now() - begun;
    const stats = await page.evaluate(() => arcadeEngine.stats());
    const end = await sample(page);
    samples.push(end);
    await page.evaluate(() => stress.forget());
    const bare = await sample(page);

    const c = result.counts;
    const kinds = Object.keys(c).filter((k) => k.startsWith('action ')).sort();
    console.log(`seed ${SEED}: ${c.actions} actions in ${elapsed} ms, ${result.requests} requests`);
    console.log(`  ${kinds.map((k) => `${k.slice(7)} ${c[k]}`).join(', ')}`);
    const restartTimes = [...stats.restartMs].sort((a, b) => a - b);
    const median = restartTimes.length ? restartTimes[restartTimes.length >> 1] : 0;
    console.log(
        `  gos ${c.go}, stops ${c.stop} (+${c.forcedStops} forced), ` +
        `worker restarts ${stats.restarts} (median ${median.toFixed(1)} ms to load), ` +
        `stopped solve/perft answers ${c.stoppedAnswers}`);
    const first = samples[1] || samples[0];
    const maxHeap = Math.max(...samples.slice(1).map((x) => x.heap));
    const maxRss = Math.max(...samples.slice(1).map((x) => x.rss));
    console.log(
        `  heap: ${mb(samples[0].heap)} at start, ${mb(first.heap)} after ${CHUNK} actions, ` +
        `${mb(end.heap)} at the end (largest ${mb(maxHeap)}), ` +
        `${mb(bare.heap)} without the test's records`);
    console.log(
        `  Chromium resident: ${mb(samples[0].rss)} at start, ${mb(first.rss)} after ` +
        `${CHUNK} actions, ${mb(end.rss)} at the end (largest ${mb(maxRss)})`);
    console.log(
        `  workers: ${end.live} live, ${end.listed} listed at the end; ` +
        `lines in flight ${stats.inflight}; replayed state: ${stats.state.join(' | ')}`);

    assert.deepEqual(result.problems, [], 'replies that do not fit their requests');
    assert.deepEqual(errors, [], 'page errors');
    assert.equal(stats.failed, null, 'the worker failed');
    assert.ok(c.go > ACTIONS / 4 && c.stop > 0, 'the mix of actions');
    for (const x of samples) assert.equal(x.live, 1, 'live workers');
    assert.equal(end.listed, 1, 'workers listed by the browser');
    assert.equal(stats.inflight, 0, 'lines still in flight');
    assert.ok(stats.state.length <= 4, `replayed state: ${stats.state.join(' | ')}`);
    assert.ok(
        bare.heap - samples[0].heap < BARE_HEAP_GROWTH_LIMIT,
        `the page kept ${mb(bare.heap - samples[0].heap)} more than at the start`);
    assert.ok(
        maxHeap - first.heap < HEAP_GROWTH_LIMIT,
        `the heap grew from ${mb(first.heap)} to ${mb(maxHeap)}`);
    assert.ok(
        maxRss - first.rss < RSS_GROWTH_LIMIT,
        `Chromium's resident memory grew from ${mb(first.rss)} to ${mb(maxRss)}`);
    console.log('worker stress test passed');
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
