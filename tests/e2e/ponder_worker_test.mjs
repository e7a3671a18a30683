// Pondering through the real Web Worker, in headless Chromium, driven through
// the web EngineClient as the app drives it (the probe module). Two parts:
//
// 1. Directed: a ponder that has finished says so (`info string ponder
//    finished`, as natively) and answers ponderhit at once; stop
//    ends a ponder without replacing the worker (its tables survive), and a
//    ponderhit then a plain go of the same position is quick (the work
//    stayed); a ponderhit with no ponder is an error.
// 2. Random sequences (2,000 by default) of position, go, go ponder,
//    ponderhit, stop, isready, ucinewgame, game and options, with small
//    limits and pauses, each ended by stop or ponderhit, and isready. Checks: every go
//    gets exactly one bestmove, legal in the position of its go (the legal
//    moves of each position as the engine's `moves` gave them before the
//    run, the game's own rules); none from a ponder before a line that
//    releases it (ponderhit, stop, position, go, ucinewgame, game) was sent;
//    a readyok for every isready; nothing for quiet lines; at most an error
//    for a ponderhit.
//
//   node tests/e2e/ponder_worker_test.mjs WORKER_DIR PROBE_DIR [SEQUENCES] [SEED]
//
// WORKER_DIR and PROBE_DIR as for worker_test.mjs. PONDER_SEED in the
// environment, or SEED, repeats a run.

import assert from 'node:assert/strict';
import {rmSync} from 'node:fs';
import {chromium} from 'playwright-core';

import {CHROMIUM_ARGS, serveDirectory} from './lib.mjs';
import {installSeeded, makeProbeSite, setUpPage} from './probe_page.mjs';

const [workerDir, probeDir, sequencesArg, seedArg] = process.argv.slice(2);
if (!workerDir || !probeDir) {
  console.error('usage: node ponder_worker_test.mjs WORKER_DIR PROBE_DIR [SEQUENCES] [SEED]');
  process.exit(2);
}
const SEQUENCES = Number(sequencesArg || 2000);
const SEED = Number(seedArg || process.env.PONDER_SEED || Date.now() % 1000000);

// Runs in the page: window.ponder, the directed checks and the random driver.
function installPonder() {
  const {random, pick, between, sleepMs} = window.seeded;
  const GAMES = ['tictactoe', 'connect4', 'wolfsheep'];
  const RELEASING = new Set(['ponderhit', 'position', 'go', 'ucinewgame', 'newgame', 'game']);

  const s = {
    positions: new Map(),  // game -> [{line, legal}]
    model: {game: 'tictactoe', position: null},
    requests: new Map(),   // request -> {kind, line, ponder, position, replies: []}
    lastSent: 0,
    releasedThrough: 0,    // requests below this were released (for ponders)
    problems: [],
    counts: {sequences: 0, go: 0, ponder: 0, ponderhit: 0, stop: 0, isready: 0, early: 0},
  };
  const problem = (text) => {
    if (s.problems.length < 20) s.problems.push(text);
  };

  function send(line, kind) {
    const request = probe.send(line);
    const first = line.split(' ')[0];
    s.requests.set(request, {
      kind,
      line,
      ponder: kind === 'go' && line.split(' ').includes('ponder'),
      position: s.model.position,
      replies: [],
    });
    s.lastSent = request;
    if (RELEASING.has(first)) s.releasedThrough = request;
    return request;
  }

  function stop() {
    probe.stop();
    s.releasedThrough = s.lastSent + 1;
    ++s.counts.stop;
  }

  function pollReplies() {
    for (const {request, line} of probe.poll()) {
      const r = s.requests.get(request);
      if (!r) {
        problem(`a reply for request ${request}, never sent: ${line}`);
        continue;
      }
      r.replies.push(line);
      if (r.ponder && line.startsWith('bestmove') && s.releasedThrough <= request) {
        ++s.counts.early;
        problem(`'${r.line}' (request ${request}) answered '${line}' before any release`);
      }
    }
  }

  // Waits until every go sent has its bestmove (30 s at most).
  async function drain() {
    const begun = performance.now();
    while (true) {
      pollReplies();
      const owed = [...s.requests.entries()].filter(
          ([, r]) => (r.kind === 'go' && !r.replies.some((l) => l.startsWith('bestmove'))) ||
              (r.kind === 'isready' && r.replies.length === 0));
      if (owed.length === 0) return;
      if (performance.now() - begun > 30000) {
        const some = owed.slice(0, 3).map(([n, r]) => `${n} ${r.line}`);
        throw new Error(`no answer after 30 s: ${some}`);
      }
      await sleepMs(1);
    }
  }

  // Checks every request sent, then forgets them.
  function check() {
    for (const [request, r] of s.requests) {
      const what = `'${r.line}' (request ${request}, ${r.position && r.position.line})`;
      if (r.kind === 'go') {
        const best = r.replies.filter((l) => l.startsWith('bestmove'));
        if (best.length !== 1) problem(`${what}: ${best.length} bestmoves: ${r.replies}`);
        const others = r.replies.filter((l) => !l.startsWith('bestmove') && !l.startsWith('info'));
        if (others.length) problem(`${what}: ${others}`);
        const move = best.length ? best[0].split(' ')[1] : null;
        const legal = r.position.legal;
        const fits = legal.length === 0 ? move === '(none)' : legal.includes(move);
        if (!fits) problem(`${what}: bestmove ${move}, legal: ${legal.join(' ') || 'none'}`);
      } else if (r.kind === 'isready') {
        if (r.replies.join() !== 'readyok') problem(`${what}: ${r.replies}`);
      } else if (r.kind === 'ponderhit') {
        const error = r.replies.length === 1 && r.replies[0].startsWith('error ponderhit');
        if (r.replies.length > 1 || (r.replies.length === 1 && !error)) {
          problem(`${what}: ${r.replies}`);
        }
      } else if (r.replies.length) {
        problem(`${what}: replies where none were due: ${r.replies}`);
      }
    }
    s.requests.clear();
  }

  // Random walks of each game, with the legal moves the engine gives.
  async function learnPositions(perGame) {
    for (const game of GAMES) {
      send('game ' + game, 'quiet');
      const list = [];
      while (list.length < perGame) {
        let moves = [];
        const plies = between(0, 16);
        for (let i = 0; i <= plies; ++i) {
          const line = 'position startpos' + (moves.length ? ' moves ' + moves.join(' ') : '');
          send(line, 'quiet');
          const request = send('moves', 'moves');
          while (!s.requests.get(request).replies.length) {
            await sleepMs(0);
            pollReplies();
          }
          const legal = s.requests.get(request).replies[0].split(' ').slice(1).filter(Boolean);
          list.push({line, legal});
          if (legal.length === 0) break;
          moves = moves.concat([pick(legal)]);
        }
      }
      s.positions.set(game, list);
    }
    s.requests.clear();
    chooseGame('tictactoe');
  }

  function chooseGame(game) {
    s.model = {game, position: s.positions.get(game)[0]};
    send('game ' + game, 'quiet');
  }

  function limits() {
    switch (between(0, 2)) {
      case 0:
        return ` depth ${between(1, 3)}`;
      case 1:
        return ` nodes ${between(100, 3000)}`;
      default:
        return ` movetime ${between(1, 20)}`;
    }
  }

  function go(ponder) {
    if (random() < 0.2) send(`setoption name Level value ${between(1, 5)}`, 'quiet');
    send((ponder ? 'go ponder' : 'go') + limits(), 'go');
    ++s.counts[ponder ? 'ponder' : 'go'];
  }

  async function action() {
    const roll = random() * 100;
    if (roll < 18) {
      s.model.position = pick(s.positions.get(s.model.game));
      send(s.model.position.line, 'quiet');
    } else if (roll < 34) {
      go(false);
    } else if (roll < 54) {
      go(true);
    } else if (roll < 66) {
      send('ponderhit', 'ponderhit');
      ++s.counts.ponderhit;
    } else if (roll < 74) {
      stop();
    } else if (roll < 80) {
      send('isready', 'isready');
      ++s.counts.isready;
    } else if (roll < 84) {
      send('ucinewgame', 'quiet');
    } else if (roll < 87) {
      chooseGame(pick(GAMES));
    } else {
      // A pause, polling meanwhile: a ponder that finished must still hold.
      const end = performance.now() + between(0, 30);
      while (performance.now() < end) {
        await sleepMs(2);
        pollReplies();
      }
    }
    pollReplies();
  }

  async function run(sequences) {
    for (let i = 0; i < sequences; ++i) {
      const length = between(1, 12);
      for (let j = 0; j < length; ++j) await action();
      // Ended by a release: a stop (which replaces the worker when a plain
      // search is still at work), or a ponderhit (an error when no ponder
      // awaits one); either way every go is owed its bestmove.
      if (random() < 0.3) {
        stop();
      } else {
        send('ponderhit', 'ponderhit');
      }
      send('isready', 'isready');
      await drain();
      check();
      ++s.counts.sequences;
    }
    return {problems: s.problems, counts: s.counts, stats: arcadeEngine.stats()};
  }

  // The directed checks; returns their figures.
  async function directed() {
    const figures = {};
    const waitBest = async (request, limitMs = 30000) => {
      const begun = performance.now();
      while (!s.requests.get(request).replies.some((l) => l.startsWith('bestmove'))) {
        if (performance.now() - begun > limitMs) throw new Error(`no bestmove for ${request}`);
        await sleepMs(1);
        pollReplies();
      }
      return performance.now() - begun;
    };
    chooseGame('connect4');
    send('setoption name Level value 5', 'quiet');
    s.model.position = s.positions.get('connect4')[0];
    // A ponder that finishes (depth 3: milliseconds, once a first search
    // has made the solver's table) holds its move, then answers ponderhit
    // at once.
    await waitBest(send('go depth 3', 'go'));
    const held = send('go ponder depth 3', 'go');
    await sleepMs(500);
    pollReplies();
    if (s.requests.get(held).replies.some((l) => l.startsWith('bestmove'))) {
      problem('a finished ponder answered before ponderhit');
    }
    // As natively (kPonderFinished, src/engine/protocol.h): it says so.
    if (!s.requests.get(held).replies.includes('info string ponder finished')) {
      problem('a finished ponder did not say "info string ponder finished"');
    }
    send('ponderhit', 'ponderhit');
    pollReplies();
    figures.finishedPonderhitMs = await waitBest(held);
    const hitMs = figures.finishedPonderhitMs;
    if (hitMs > 50) problem(`a finished ponder took ${hitMs} ms to answer ponderhit`);
    // stop ends a ponder without a new worker. Without the book the empty
    // board takes minutes to solve: the ponder is still at work.
    send('setoption name OwnBook value false', 'quiet');
    const restarts = arcadeEngine.stats().restarts;
    const stopped = send('go ponder', 'go');
    await sleepMs(200);
    stop();
    figures.stoppedPonderMs = await waitBest(stopped);
    if (s.requests.get(stopped).replies.includes('info string ponder finished')) {
      problem('a ponder stopped at work said it had finished');
    }
    send('setoption name OwnBook value true', 'quiet');
    if (arcadeEngine.stats().restarts !== restarts) problem('stop of a ponder replaced the worker');
    send('ponderhit', 'ponderhit');  // nothing awaits it: an error
    send('isready', 'isready');
    await drain();
    check();
    return figures;
  }

  window.ponder = {learnPositions, directed, run};
}

async function main() {
  const site = makeProbeSite(workerDir, probeDir);
  const server = await serveDirectory(site);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${server.url}index.html`);
    await page.evaluate(setUpPage, false);
    await page.evaluate(installSeeded, SEED);
    await page.evaluate(installPonder);
    await page.evaluate(() => ponder.learnPositions(30));
    const figures = await page.evaluate(() => ponder.directed());
    console.log(
        'directed: a finished ponder answered ponderhit in ' +
        `${figures.finishedPonderhitMs.toFixed(1)} ms, ` +
        `a stopped one in ${figures.stoppedPonderMs.toFixed(1)} ms`);
    const begun = Date.now();
    const result = await page.evaluate((n) => ponder.run(n), SEQUENCES);
    const c = result.counts;
    console.log(
        `seed ${SEED}: ${c.sequences} sequences in ${Date.now() - begun} ms: go ${c.go}, ` +
        `go ponder ${c.ponder}, ponderhit ${c.ponderhit}, stop ${c.stop}, isready ${c.isready}; ` +
        `slices ${result.stats.slices}, worker restarts ${result.stats.restarts}`);
    assert.deepEqual(result.problems, [], 'replies that do not fit their requests');
    assert.equal(c.early, 0, 'ponders answered before a release');
    assert.deepEqual(errors, [], 'page errors');
    assert.equal(result.stats.failed, null, 'the worker failed');
    console.log('ponder worker test passed');
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
