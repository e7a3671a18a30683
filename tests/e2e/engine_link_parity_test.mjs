// One protocol, two links: the same scripted sessions through the native
// command-line tool (build/native-release/src/arcade) and through the page's
// engine client (the web EngineClient, src/app/engine_link/engine_client_web.cpp,
// through the probe module as the app drives it: its worker runs the engine
// compiled to WebAssembly, and its WorkerRelay answers stop, ponderhit and
// isready during a search itself and restarts the worker on a stop). The replies must agree line by line. Only what genuinely varies is
// left out: `info` lines (times, nodes/s, how far a search got when stopped)
// and, where a search is stopped by the clock's chance, which move it had.
// Searches that are compared move for move are deterministic: depth limits,
// RandomTies off. Not compared, as the client documents it: a bad line that
// only the worker can judge (an option's value, a position) sent while the
// worker runs a plain search is refused after that search on the page, at
// once natively.
//
//   node tests/e2e/engine_link_parity_test.mjs SITE_DIR [ARTIFACTS_DIR] [NATIVE_CLI]
//
// SITE_DIR: the web build's site (build/web/site), which holds
// engine_client.js, engine_worker.js and arcade_engine_worker.{js,wasm}; the
// probe module arcade_engine_client_probe.{js,wasm} is in its build's tests/.
// Chromium is /usr/bin/chromium unless CHROMIUM_PATH says otherwise.

import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {rmSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {createInterface} from 'node:readline';
import {fileURLToPath} from 'node:url';

import {launchChromium, serveDirectory} from './lib.mjs';
import {makeProbeSite, setUpPage} from './probe_page.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, , cli = join(here, '../../build/native-release/src/arcade')] =
    process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node engine_link_parity_test.mjs SITE_DIR [ARTIFACTS_DIR] [NATIVE_CLI]');
  process.exit(2);
}

const NBSP = '\u00a0';
// Ends every session: a quick command, answered after every line before it
// on both links (a bad line would be answered when read), whose last reply
// line (SENTINEL_REPLY) says the session is over.
const SENTINEL = 'help';
const SENTINEL_REPLY = 'options: ';
const SESSION_MS = 10000;

// A line of `bytes` bytes: `start`, then 'x' up to the size (built where it
// is sent, so that megabytes do not travel through the test's messages).
const big = (start, bytes) => ({big: start, bytes});
const waitFor = (prefix) => ({waitFor: prefix});
const sleep = (ms) => ({sleep: ms});
// Connect Four without its book below the perfect level (whose search ends
// at once here): `go infinite` runs until stopped.
const LONG_SEARCH =
    ['game connect4', 'setoption name OwnBook value false', 'setoption name Level value 4'];

// The sessions. `anyMove`: the session stops an unbounded search, whose move
// depends on how far it got. `restarts`: the page's stop must have replaced
// the worker (what the session is about). Each starts from a fresh engine.
const SESSIONS = [
  // As the issue gives them; the perfect level's search may end before the
  // stop, so the next session makes sure it runs when stopped.
  {
    name: 'the issue\'s lines (item 4)',
    anyMove: true,
    steps: [
      'game connect4', 'setoption name Threats value 5', 'game connect4',
      'setoption name OwnBook value false', 'go infinite', sleep(300), 'stop', 'eval',
    ],
  },
  {
    name: 'weights set before a stop survive the restart (item 4)',
    anyMove: true,
    restarts: true,
    steps: [
      'game connect4', 'setoption name Threats value 5', 'game connect4',
      'setoption name OwnBook value false', 'setoption name Level value 4', 'go infinite',
      waitFor('info depth 2'), 'stop', 'eval',
    ],
  },
  {name: 'stop + no-break space is no stop', steps: ['stop' + NBSP]},
  {
    name: 'isready + no-break space during a search',
    anyMove: true,
    steps: [...LONG_SEARCH, 'go infinite', waitFor('info depth 2'), 'isready' + NBSP, 'stop'],
  },
  {name: 'isready + no-break space, idle', steps: ['isready' + NBSP]},
  {name: 'ponderhit + no-break space', steps: ['ponderhit' + NBSP]},
  {name: 'go depth 5 + no-break space', steps: ['go depth 5' + NBSP, 'stop', 'go depth 5' + NBSP]},
  {
    name: 'go ponder depth abc, then ponderhit: two bad lines, two errors',
    steps: ['go ponder depth abc', 'ponderhit'],
  },
  {name: 'solve in Tic-tac-toe, then stop', steps: ['game tictactoe', 'solve', 'stop']},
  {name: 'extra words', steps: ['d now', 'stop now', 'isready x', 'ponderhit x', 'eval x']},
  {
    name: 'extra words during a search',
    anyMove: true,
    steps:
        [...LONG_SEARCH, 'go infinite', waitFor('info depth 2'), 'stop now', 'isready x', 'stop'],
  },
  {
    name: 'a bad position during a ponder changes nothing',
    steps: [
      'setoption name RandomTies value false', 'game tictactoe', 'position startpos moves b2 a1',
      'go ponder depth 3', waitFor('info string ponder finished'), 'position garbage', 'stop', 'd',
    ],
  },
  {
    name: 'bad lines during a running ponder change nothing, a good position ends it',
    anyMove: true,
    steps: [
      ...LONG_SEARCH, 'position startpos moves 4', 'go ponder infinite', sleep(150),
      'position garbage', 'position startpos moves 8', 'game chess', 'go sideways', 'newgame x',
      'ponderhit x', 'isready', sleep(100), 'position startpos moves 4 4', 'd', 'stop', 'ponderhit',
    ],
  },
  {name: 'a 300 KB line, then isready', steps: [big('isready ', 300000), 'isready']},
  {name: 'a 3 MB line, then isready', steps: [big('go depth ', 3000000), 'isready', 'moves']},
  {name: 'an 8 MB line, then isready', steps: [big('position ', 8000000), 'isready', 'd']},
  {
    name: 'a line of 65,536 bytes is read, one more is refused',
    steps: [big('stop now ', 65536), big('stop now ', 65537), 'isready'],
  },
  {
    name: 'a too long stop during a search stops nothing',
    anyMove: true,
    steps: [
      ...LONG_SEARCH, 'go infinite', waitFor('info depth 2'), big('stop ', 70000), 'isready',
      'stop',
    ],
  },
  {
    name: 'setoption during go infinite is kept',
    anyMove: true,
    restarts: true,
    steps: [
      ...LONG_SEARCH, 'go infinite', waitFor('info depth 2'), 'setoption name Threats value 7',
      'setoption name Column4 value 9', 'stop', 'eval',
    ],
  },
  {
    name: 'weights of two games and the position after a stop',
    anyMove: true,
    restarts: true,
    steps: [
      'game connect4', 'setoption name Weights value tutorial', 'setoption name Threats value 3',
      'game wolfsheep', 'setoption name Hash value 2', 'game connect4',
      'setoption name Column4 value 11', 'game tictactoe', 'game connect4',
      'setoption name OwnBook value false', 'setoption name Level value 4',
      'position startpos moves 4 4 3', 'go infinite',
      waitFor('info depth 2'), 'stop', 'eval', 'd',
    ],
  },
  {
    name: 'search options after a stop (the tree reads them)',
    anyMove: true,
    restarts: true,
    steps: [
      ...LONG_SEARCH, 'setoption name Level value 2', 'setoption name Algorithm value minimax',
      'setoption name Ordering value false', 'setoption name Table value off',
      'setoption name Table value on', 'go infinite', waitFor('info depth 2'), 'stop',
      'position startpos moves 4 4 4', 'tree depth 2 limit 12', 'go depth 1',
    ],
  },
  {
    name: 'a bad option line changes nothing, then a stop',
    anyMove: true,
    steps: [
      ...LONG_SEARCH, 'setoption name Threats value 4', 'setoption name Threats value nine',
      'setoption name Threats value 4 5', 'go infinite', waitFor('info depth 2'), 'stop', 'eval',
    ],
  },
];

function lineOf(step) {
  if (typeof step === 'string') return step;
  return step.big + 'x'.repeat(step.bytes - step.big.length);
}

// What may differ between two runs of the same session on either link.
function normalize(session, lines) {
  return lines.filter((line) => !line.startsWith('info ') || line === 'info string ponder finished')
      .map((line) => session.anyMove && /^bestmove \S+$/.test(line) ? 'bestmove (any)' : line);
}

const short = (line) =>
    line.length > 160 ? `${line.slice(0, 160)}... (${line.length} chars)` : line;

// The native tool, fresh for the session.
function runNative(session) {
  const tool = spawn(cli, [], {stdio: ['pipe', 'pipe', 'inherit']});
  const lines = [];
  let changed = () => {};
  createInterface({input: tool.stdout, crlfDelay: Infinity}).on('line', (line) => {
    lines.push(line);
    changed();
  });
  const until = (test) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`native: timed out; got\n${
                                  lines.map(short).join('\n')}`)), SESSION_MS);
    const check = () => {
      if (!test()) return;
      clearTimeout(timer);
      changed = () => {};
      resolve();
    };
    changed = check;
    check();
  });
  return (async () => {
    try {
      for (const step of session.steps) {
        if (step.waitFor) {
          await until(() => lines.some((l) => l.startsWith(step.waitFor)));
        } else if (step.sleep) {
          await new Promise((resolve) => setTimeout(resolve, step.sleep));
        } else {
          tool.stdin.write(lineOf(step) + '\n');
        }
      }
      tool.stdin.write(SENTINEL + '\n');
      await until(() => lines.some((l) => l.startsWith(SENTINEL_REPLY)));
      return lines;
    } finally {
      tool.stdin.end();
      tool.kill();
    }
  })();
}

// Runs in the page: the session through connection 0 of a fresh page.
async function runInPage({steps, sentinel, sentinelReply, limitMs}) {
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const engine = window.probe;
  const lines = [];
  const poll = () => {
    for (const reply of engine.poll()) lines.push(reply.line);
  };
  const until = async (test) => {
    const end = performance.now() + limitMs;
    while (performance.now() < end) {
      poll();
      if (test()) return true;
      await sleep(2);
    }
    return false;
  };
  const lineOf = (step) =>
      typeof step === 'string' ? step : step.big + 'x'.repeat(step.bytes - step.big.length);
  if (!await until(() => engine.ready())) return {lines, failed: 'the engine never loaded'};
  for (const step of steps) {
    if (step.waitFor) {
      if (!await until(() => lines.some((l) => l.startsWith(step.waitFor)))) {
        return {lines, failed: `no ${step.waitFor}`};
      }
    } else if (step.sleep) {
      await sleep(step.sleep);
    } else {
      engine.send(lineOf(step));
    }
  }
  engine.send(sentinel);
  const ended = await until(() => lines.some((l) => l.startsWith(sentinelReply)));
  return {lines, failed: ended ? null : 'no reply to the sentinel', stats: arcadeEngine.stats()};
}

const site = makeProbeSite(siteDir, join(siteDir, '..', 'tests'));
const server = await serveDirectory(site);
const browser = await launchChromium();
const failures = [];
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  for (const session of SESSIONS) {
    const begun = Date.now();
    const native = await runNative(session);
    const errorsBefore = errors.length;
    await page.goto(server.url);
    await page.evaluate(setUpPage, false);
    const web = await page.evaluate(runInPage,
                                    {
      steps: session.steps,
      sentinel: SENTINEL,
      sentinelReply: SENTINEL_REPLY,
      limitMs: SESSION_MS,
    });
    const expected = normalize(session, native);
    const got = normalize(session, web.lines);
    const ms = Date.now() - begun;
    try {
      assert.equal(web.failed, null, web.failed);
      assert.deepEqual(errors.slice(errorsBefore), [], 'page errors');
      if (session.restarts) assert.ok(web.stats.restarts > 0, 'the page restarted its worker');
      assert.deepEqual(got.map(short), expected.map(short));
      assert.equal(got.join('\n'), expected.join('\n'));
      console.log(`ok   ${session.name} (${expected.length} lines, ${ms} ms)`);
    } catch (error) {
      failures.push(session.name);
      console.log(`FAIL ${session.name} (${ms} ms)\n  native:\n    ${
          expected.map(short).join('\n    ')}\n  page:\n    ${got.map(short).join('\n    ')}${
          web.failed ? '\n  page failed: ' + web.failed : ''}\n  ${error.message.split('\n')[0]}`);
    }
  }
} finally {
  await browser.close();
  server.close();
  rmSync(site, {recursive: true, force: true});
}
assert.deepEqual(failures, [], `${failures.length} of ${SESSIONS.length} sessions differ`);
console.log(`engine link parity: ${SESSIONS.length} sessions agree`);
