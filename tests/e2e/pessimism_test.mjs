// Minimax's pessimism in the app (src/app/lab/pessimism_view.h), in headless
// Chromium: on the "trapped" maze (Pac-Man between a ghost and the food) the
// lab's comparison shows each root move's value under minimax and under
// expectimax, the root values, and 20 games of each against random ghosts,
// then 20 against chasers of minimax and of expectimax assuming random
// ghosts and chasers; every figure it shows equals what the native engine
// answers for the same
// request: the root scores of `go depth 3` (RootScores, the score alone) and
// `arcade match pacman ROWS ... seed 5`. Screenshots on a desktop and a
// phone (pessimism_desktop.png, pessimism_phone.png).
//
//   node tests/e2e/pessimism_test.mjs SITE_DIR ARTEFACT_DIR NATIVE_CLI

import assert from 'node:assert/strict';
import {spawn, spawnSync} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import {createInterface} from 'node:readline';

import {AppPage} from './app_page.mjs';
import {CheckRunner, DESKTOP, launchChromium, PHONE, serveDirectory} from './lib.mjs';

const [siteDir, artefactDir, cli] = process.argv.slice(2);
if (!siteDir || !artefactDir || !cli) {
  console.error('usage: node pessimism_test.mjs SITE_DIR ARTEFACT_DIR NATIVE_CLI');
  process.exit(2);
}
mkdirSync(artefactDir, {recursive: true});

// The trapped maze's rows ('_' a space), as src/games/pacman ships it.
const kTrapped = '%%%%%%%%%/%.....__%/%G%%%%%%%/%___P_G_%/%%%%%%%%%';
const kDepth = 3, kGames = 20, kSeed = 5;
const kAlgorithms = ['minimax', 'expectimax'];
// The games against the game's own ghosts (chasers): minimax, and
// expectimax assuming random ghosts and chasers (issue 33). Each column's
// name in the app's state, and its `arcade match` arguments.
const kChaserColumns = [
  ['minimax_vs_chaser', ['algorithm', 'minimax']],
  ['expectimax_assuming_random_vs_chaser', ['algorithm', 'expectimax', 'model', 'random']],
  ['expectimax_assuming_chaser_vs_chaser', ['algorithm', 'expectimax', 'model', 'chaser']],
];

// "cp -501.5" as the app writes points: "-501.5".
const points = (cpText) => cpText.replace(/^cp /, '');

// The native engine's root scores at depth kDepth: {value, moves: 'E:-501 ...'}.
function nativeRoot(algorithm) {
  return new Promise((resolve) => {
    const engine = spawn(cli, [], {stdio: ['pipe', 'pipe', 'inherit']});
    const moves = [];
    let value = null;
    createInterface({input: engine.stdout}).on('line', (line) => {
      const move = line.match(new RegExp(`^info depth ${kDepth} move (\\S+) score (cp \\S+)$`));
      const root = line.match(new RegExp(`^info depth ${kDepth} score (cp \\S+) `));
      if (move) moves.push(`${move[1]}:${points(move[2])}`);
      if (root) value = points(root[1]);
      if (line.startsWith('bestmove')) {
        engine.stdin.end();
        resolve({value, moves: moves.join(' ')});
      }
    });
    engine.stdin.write(['game pacman', 'setoption name Weights value score',
                        `position maze ${kTrapped}`, 'setoption name RootScores value true',
                        'setoption name Iterative value false',
                        'setoption name Opponents value random',
                        `setoption name Algorithm value ${algorithm}`, `go depth ${kDepth}`]
                           .join('\n') + '\n');
  });
}

// `arcade match pacman ROWS ...`'s figures: {games, wins, losses, draws, mean}.
function nativeMatch(algorithm, opponents = ['opponents', 'random']) {
  const args = ['match', 'pacman', kTrapped, ...algorithm, 'depth', `${kDepth}`, ...opponents,
                'weights', 'score', 'games', `${kGames}`, 'seed', `${kSeed}`];
  const run = spawnSync(cli, args, {encoding: 'utf8'});
  assert.equal(run.status, 0, `arcade ${args.join(' ')}: ${run.stderr}`);
  const m = run.stdout.match(/games (\d+) wins (\d+) losses (\d+) draws (\d+) mean (cp \S+)/);
  assert.ok(m, `arcade match's line: ${run.stdout}`);
  return {games: +m[1], wins: +m[2], losses: +m[3], draws: +m[4], mean: points(m[5])};
}

// The app's games of a column, from its state line.
function gamesShown(state, column) {
  const games = (state[`pessimism_games_${column}`] || '').match(
      /^games (\d+) wins (\d+) losses (\d+) draws (\d+) rate (\d+)% mean (\S+)$/);
  assert.ok(games, `the app's games line for ${column}: ${state[`pessimism_games_${column}`]}`);
  return {games: +games[1], wins: +games[2], losses: +games[3], draws: +games[4], mean: games[6]};
}

// The app's figures for an algorithm, from its state lines.
function shown(state, algorithm) {
  const root = state[`pessimism_root_${algorithm}`].match(/^value (\S+) moves ?(.*)$/);
  const games = state[`pessimism_games_${algorithm}`].match(
      /^games (\d+) wins (\d+) losses (\d+) draws (\d+) rate (\d+)% mean (\S+)$/);
  assert.ok(root && games, `the app's lines for ${algorithm}`);
  return {
    root: {value: root[1], moves: root[2]},
    match: {games: +games[1], wins: +games[2], losses: +games[3], draws: +games[4],
            mean: games[6]},
    rate: +games[5],
  };
}

const server = await serveDirectory(siteDir);
const browser = await launchChromium();
const checks = new CheckRunner();
const expected = {};
for (const algorithm of kAlgorithms) {
  expected[algorithm] = {root: await nativeRoot(algorithm),
                         match: nativeMatch(['algorithm', algorithm])};
}
for (const [column, args] of kChaserColumns)
  expected[column] = {match: nativeMatch(args, ['opponents', 'chaser'])};
console.log(`  native: ${JSON.stringify(expected)}`);

async function comparison(options, screenshot) {
  const context = await browser.newContext(options);
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(server.url);
  await app.page.evaluate(async () => {
    while (!window.arcadeEngine.ready()) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  await app.commands('side 0 person', 'side 1 person', 'pref motion off', 'game pacman',
                     `start ${kTrapped}`, 'lab on',
                     `lab pessimism run depth ${kDepth} games ${kGames} seed ${kSeed}`);
  const started = Date.now();
  const state = await app.waitState((s) => s.pessimism_state === 'done' ||
                                           (s.pessimism_state || '').startsWith('error'),
                                    'the comparison', 30000);
  assert.equal(state.pessimism_state, 'done');
  console.log(`  ${options === PHONE ? 'phone' : 'desktop'}: ${Date.now() - started} ms`);
  for (const algorithm of kAlgorithms) {
    const figures = shown(state, algorithm);
    assert.deepEqual(figures.root, expected[algorithm].root, `${algorithm}'s root values`);
    assert.deepEqual(figures.match, expected[algorithm].match, `${algorithm}'s games`);
    assert.equal(figures.rate, Math.round((100 * figures.match.wins) / figures.match.games),
                 `${algorithm}'s win rate`);
  }
  for (const [column] of kChaserColumns)
    assert.deepEqual(gamesShown(state, column), expected[column].match, `${column}'s games`);
  // The section is below the panel's fold: the wheel scrolls the panel to it.
  const {width, height} = options.viewport;
  await app.page.mouse.move(options === PHONE ? width / 2 : width - 150, height * 0.75);
  for (let i = 0; i < (options === PHONE ? 7 : 12); ++i) {
    await app.page.mouse.wheel(0, 400);
    await app.frames(2);
  }
  await app.frames(6);
  await app.screenshot(screenshot);
  app.assertNoErrors('the comparison');
  await context.close();
}

await checks.check('desktop: the comparison shows the engine\'s values and games',
                   () => comparison(DESKTOP, 'pessimism_desktop.png'));
await checks.check('phone: the same on a phone', () => comparison(PHONE, 'pessimism_phone.png'));

await browser.close();
server.close();
checks.finish();
