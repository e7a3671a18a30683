// The analysis panel's column scores over several workers. On a machine of
// 4 processors (the page told so: navigator.hardwareConcurrency) the app
// gives the analysis three workers (App::engines_per_task), each searching
// the positions after its share of the columns; on this machine's own count
// one worker scores every column. Each way, each column's score must be the
// exact one: the native tool's solve of the position after it. The time
// until every column is exact is printed for both (docs/figures.md).
//
//   node tests/e2e/analysis_workers_test.mjs SITE_DIR DATA_FILE [ARCADE_CLI]
//
// DATA_FILE: Connect Four positions, one a line as in ../shared/data/connect4
// (the first ANALYSIS_POSITIONS, default 3, are used).

import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {AppPage} from './app_page.mjs';
import {launchChromium, newDesktopContext, serveDirectory} from './lib.mjs';
import {NativeTool, positionLine} from './native_tool.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, dataFile, cli = join(here, '../../build/native-release/src/arcade')] =
    process.argv.slice(2);
if (!siteDir || !dataFile) {
  console.error('usage: node analysis_workers_test.mjs SITE_DIR DATA_FILE [ARCADE_CLI]');
  process.exit(2);
}
const COUNT = Number(process.env.ANALYSIS_POSITIONS || 3);
const positions = readFileSync(dataFile, 'utf8').split('\n').filter(Boolean).slice(0, COUNT)
                      .map((line) => line.split(' ')[0].split(''));
// The app's rule (App::engines_per_task): processors less one, from 1 to 4.
const expectedEngines = (told) => Math.min(Math.max(told - 1, 1), 4);

const tool = new NativeTool(cli);

// A column's label as the panel writes it (W3: its player wins with its
// third disc from now, L3: loses to the opponent's third, =: draw), from
// the solver's score of the position after it (the data set's convention:
// positive, its side to move wins with its (22 - score)th disc of the game).
async function exactLabel(moves, column) {
  const line = await tool.ask(['game connect4', positionLine([...moves, column]), 'solve'],
                              'solution');
  const score = Number(line.split(' ')[2]);
  const mine = Math.floor(moves.length / 2);  // the mover's discs on the board
  const theirs = moves.length - mine;
  if (score === 0) return '=';
  return score < 0 ? `W${22 + score - mine}` : `L${22 - score - theirs}`;
}

const labelsOf = (state) => Object.fromEntries(
    state.analysis_moves.split(' ').filter(Boolean).map((w) => w.split(':')));
const allExact = (labels, columns) =>
    columns.every((c) => labels[c] && /^(W[0-9]+|L[0-9]+|=)$/.test(labels[c]));

async function analyse(browser, url, moves, columns, processors) {
  const context = await newDesktopContext(browser, processors);
  const app = new AppPage(await context.newPage(), '.');
  try {
    await app.load(url);
    await app.commands('side 0 person', 'side 1 person', 'game connect4 ' + moves.join(''));
    await app.page.evaluate(async () => {
      while (!window.arcadeEngine.ready()) await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const begun = Date.now();
    await app.command('analysis on');
    const state = await app.waitState((s) => allExact(labelsOf(s), columns),
                                      `every column of ${moves.join('')} exact`, 60000)
                      .catch(async (error) => {
                        const s = await app.state();
                        throw new Error(`${error.message}: ${s.analysis_moves} (${columns})`);
                      });
    const ms = Date.now() - begun;
    const told = await app.page.evaluate(() => navigator.hardwareConcurrency);
    app.assertNoErrors(`the analysis of ${moves.join('')}`);
    return {ms, labels: labelsOf(state), engines: Number(state.analysis_engines), told};
  } finally {
    await context.close();
  }
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
try {
  const times = {one: [], three: []};
  for (const moves of positions) {
    const columns = (await tool.ask(['game connect4', positionLine(moves), 'moves'], 'moves'))
                        .split(' ').slice(1);
    const exact = {};
    for (const c of columns) exact[c] = await exactLabel(moves, c);
    for (const processors of [0, 4]) {
      const run = await analyse(browser, server.url, moves, columns, processors);
      assert.equal(run.engines, expectedEngines(run.told), `engines for ${run.told} processors`);
      for (const c of columns)
        assert.equal(run.labels[c], exact[c], `${moves.join('')}, column ${c}, ${run.engines} workers`);
      (run.engines === 1 ? times.one : times.three).push(run.ms);
      console.log(`  ${moves.join('')}: every column exact in ${run.ms} ms, ${run.engines} ` +
                  `worker(s) (${run.told} processors told)`);
    }
  }
  for (const [name, ms] of Object.entries(times)) {
    if (!ms.length) continue;
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(`FIGURE analysis, ${name === 'one' ? '1 worker' : '3 workers'}: every column ` +
                `exact in median ${sorted[Math.floor(sorted.length / 2)]} ms, longest ` +
                `${sorted[sorted.length - 1]} ms (${ms.length} positions of ${dataFile})`);
  }
  console.log('analysis workers test passed');
} finally {
  tool.close();
  await browser.close();
  server.close();
}
