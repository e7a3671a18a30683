// How long `solve` takes in the browser: a game's start (or a position)
// solved by the engine's Web Worker in headless Chromium, through the web
// EngineClient as the app drives it, beside the same solve by the native
// tool. Prints both answers, which must agree, and their times as FIGURE
// lines. A benchmark (tools/bench_app.sh solve GAME), not a test: a large
// solve takes minutes.
//
//   node tests/e2e/solve_bench.mjs WORKER_DIR PROBE_DIR CLI GAME [POSITION]
//
// WORKER_DIR and PROBE_DIR as for worker_test.mjs; CLI the native `arcade`
// tool; POSITION a `position` line's argument, `startpos` by default.

import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {rmSync} from 'node:fs';

import {launchChromium, serveDirectory} from './lib.mjs';
import {makeProbeSite, setUpPage} from './probe_page.mjs';

const [workerDir, probeDir, cli, game, position = 'startpos'] = process.argv.slice(2);
if (!workerDir || !probeDir || !cli || !game) {
  console.error('usage: node solve_bench.mjs WORKER_DIR PROBE_DIR CLI GAME [POSITION]');
  process.exit(2);
}
const kHourMs = 3600 * 1000;

// The native tool's `solution` line and the time from `solve` to it. Stdin
// stays open until the answer: its end would stop the solve.
function solveNatively() {
  return new Promise((resolve, reject) => {
    const child = spawn(cli, [], {stdio: ['pipe', 'pipe', 'inherit']});
    let out = '';
    let begun = 0;
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const lines = out.split('\n');
      const error = lines.find((l) => l.startsWith('error'));
      if (error) {
        child.stdin.end();
        reject(new Error(`arcade: ${error}`));
      }
      const line = lines.find((l) => l.startsWith('solution '));
      if (line) {
        const ms = performance.now() - begun;
        child.stdin.end('quit\n');
        resolve({line, ms});
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!out.includes('solution ')) reject(new Error(`arcade exited (${code}): ${out}`));
    });
    child.stdin.write(`game ${game}\nposition ${position}\n`);
    begun = performance.now();
    child.stdin.write('solve\n');
  });
}

async function solveInBrowser() {
  const site = makeProbeSite(workerDir, probeDir);
  const server = await serveDirectory(site);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}index.html`);
    await page.evaluate(setUpPage);
    return await page.evaluate(async ({game, position, limitMs}) => {
      probe.send(`game ${game}`);
      probe.send(`position ${position}`);
      const begun = performance.now();
      const solve = probe.send('solve');
      const answered = await probe.waitFor(solve, 'solution ', limitMs);
      const ms = performance.now() - begun;
      return {answered, ms, lines: probe.linesOf(solve)};
    }, {game, position, limitMs: kHourMs});
  } finally {
    await browser.close();
    server.close();
    rmSync(site, {recursive: true, force: true});
  }
}

const seconds = (ms) => (ms / 1000).toFixed(1);
const native = await solveNatively();
console.log(`native: ${native.line}`);
console.log(`FIGURE solve_${game}_native: ${seconds(native.ms)} s`);
const web = await solveInBrowser();
assert.ok(web.answered, `the browser gave no solution within an hour: ${web.lines.join('\n')}`);
const webLine = web.lines.find((l) => l.startsWith('solution '));
console.log(`browser: ${webLine}`);
console.log(`FIGURE solve_${game}_browser: ${seconds(web.ms)} s (${(web.ms / native.ms).toFixed(2)} ` +
            `times native)`);
assert.equal(webLine, native.line, 'the browser and the native tool solve alike');
