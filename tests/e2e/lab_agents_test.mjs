// The minimax lab on a Pac-Man maze with two ghosts, in headless Chromium:
// a tree three rounds deep with expectimax and with alpha-beta (the ghosts
// as MIN), stepped through. The ghosts in play are the AI's at level 3,
// chasers (issue 33): the expectimax tree takes them so by default, each
// chance edge's probability that of Berkeley's DirectionalGhost, and again
// at random when the learner picks that model. What the screen says
// (App::state's lab lines: the root's value, the node counts, a chance
// edge's probability, a chance node's weighted mean and its sentence, a MIN
// level's sentence) must be what the native command-line tool's own `tree`
// says of the same position with the same Opponents model, and a chance
// node's value the weighted mean of its children's, worked out here.
// Screenshots (desktop 1280x800, phone 390x844 at pixel ratio 3) of both
// trees go to the artefact folder: pacman_lab_{expectimax,minimax}_*.png.
//
//   node tests/e2e/lab_agents_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]

import assert from 'node:assert/strict';
import {mkdirSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {createInterface} from 'node:readline';
import {fileURLToPath} from 'node:url';

import {AppPage} from './app_page.mjs';
import {CheckRunner, DESKTOP, launchChromium, PHONE, serveDirectory} from './lib.mjs';
import {NativeTool} from './native_tool.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const [siteDir, artefactDir = join(here, '../../build/web/test-artifacts'),
       cli = join(here, '../../build/native-release/src/arcade')] = process.argv.slice(2);
if (!siteDir) {
  console.error('usage: node lab_agents_test.mjs SITE_DIR [ARTEFACT_DIR] [ARCADE_CLI]');
  process.exit(2);
}

// Pac-Man in a corridor between two ghosts, food behind one of them.
const MAZE = '%%%%%%%%%/%.....__%/%G%%%%%%%/%___P_G_%/%%%%%%%%%';
const DEPTH = 3;
const LIMIT = 20000;  // the lab's default nodes kept: the whole tree here

const tool = new NativeTool(cli);
// The tool's lines go to `collect` while a tree is read.
let collect = null;
createInterface({input: tool.process.stdout}).on('line', (line) => collect && collect(line));

// One `node` line of the tool's tree as an object.
function readNode(line) {
  const w = line.split(' ');
  const at = (key) => w.indexOf(key, 1);
  const value = w.slice(at('value') + 1, at('bound'));
  return {
    id: Number(w[1]),
    parent: w[3] === '-' ? -1 : Number(w[3]),
    side: w[w.indexOf('side') + 1],
    valueText: value[0] === 'cp' ? value[1] : value.join(' '),
    bound: w[at('bound') + 1],
    kind: w[at('kind') + 1],
    searched: Number(w[at('children') + 1]),
    agent: at('agent') > 0 ? Number(w[at('agent') + 1]) : -1,
    prob: at('prob') > 0 ? Number(w[at('prob') + 1]) : null,
    children: [],
  };
}

// The tool's tree of `position` (a position string): its nodes and the
// closing line's count and value.
async function toolTree(position, algorithm, options = 'ordering on', model = 'chaser') {
  const lines = [];
  const end = await new Promise((resolve) => {
    collect = (line) => {
      if (line.startsWith('node ')) lines.push(line);
      if (line.startsWith('tree ') || line.startsWith('error')) {
        collect = null;
        resolve(line);
      }
    };
    tool.process.stdin.write(['game pacman', `setoption name Opponents value ${model}`,
                              `position ${position}`,
                              `tree depth ${DEPTH} algorithm ${algorithm} ${options} limit ${LIMIT}`]
                                 .join('\n') + '\n');
  });
  const found = /^tree nodes (\d+) value cp (\S+)$/.exec(end);
  assert.ok(found, `the tool's tree of ${position} by ${algorithm}: '${end}'`);
  const nodes = lines.map(readNode);
  for (const n of nodes)
    if (n.parent >= 0) nodes[n.parent].children.push(n.id);
  return {nodes, searched: Number(found[1]), value: found[2]};
}

// The replay's events as the lab orders them (lab_replay.cpp's search_events,
// from preorder): each node entered, then left after its children.
function events(nodes) {
  const out = [];
  const open = [];
  for (const n of nodes) {
    while (open.length && open[open.length - 1] !== n.parent) out.push({node: open.pop(), enter: false});
    out.push({node: n.id, enter: true});
    open.push(n.id);
  }
  while (open.length) out.push({node: open.pop(), enter: false});
  return out;
}

// "4.67" in hundredths, exactly.
const hundredths = (text) => Math.round(Number(text) * 100);
// The lab's value text ("+4.67", "-2", "0") as the tool writes it ("4.67").
const asTool = (text) => (text || '').trim().replace(/^\+/, '');

// A person plays Pac-Man (to move: the ghosts wait), the AI the ghosts at
// level 3: chasers.
async function openMaze(app) {
  await app.commands('side 0 person', 'game pacman', 'side 1 ai 3', `start ${MAZE}`, 'lab on');
  await app.frames(3);
  return (await app.state()).position;
}

async function runLab(app, algorithm, opponents = 'in-play') {
  await app.command(`lab run depth ${DEPTH} algorithm ${algorithm} ordering on deepening off ` +
                    `limit ${LIMIT} opponents ${opponents}`);
  const done = (s) => s.lab_state === 'complete' && s.lab_counts && !s.lab_counts.includes(':-:');
  const state = await app.waitState(done, `the lab's ${algorithm} tree and chart`, 30000);
  await app.frames(3);
  return state;
}

// The bar of `name` in lab_counts ("name:nodes:value").
function bar(state, name) {
  const entry = state.lab_counts.trim().split(' ').find((e) => e.startsWith(name + ':'));
  assert.ok(entry, `no bar '${name}' in '${state.lab_counts}'`);
  const [, nodes, value] = entry.split(':');
  return {nodes: Number(nodes), value: asTool(value)};
}

// Steps the replay to just after `event` and returns the sentence shown.
async function sentenceAt(app, all, event) {
  const index = all.findIndex((e) => e.node === event.node && e.enter === event.enter);
  await app.command(`lab step ${index + 1}`);
  await app.frames(2);
  return (await app.state()).lab_sentence;
}

// The main tree's value and counts, and every bar of the chart, as the
// tool's trees of the same searches say.
async function checkRootAndCounts(app, position, tree, state, algorithm, model = 'chaser') {
  assert.equal(asTool(state.lab_value), tree.value, `${algorithm}: the root's value`);
  assert.equal(Number(state.lab_searched), tree.searched, `${algorithm}: nodes searched`);
  assert.equal(Number(state.lab_nodes), tree.nodes.length, `${algorithm}: nodes kept`);
  assert.equal(tree.nodes.length, tree.searched, `${algorithm}: the whole tree is kept`);
  const bars = [['minimax', 'minimax', 'ordering off'], ['alpha-beta', 'alphabeta', 'ordering off'],
                ['+_ordering', 'alphabeta', 'ordering on'], ['expectimax', 'expectimax', 'ordering off']];
  for (const [name, search, options] of bars) {
    const theirs = await toolTree(position, search, options, model);
    assert.deepEqual(bar(state, name), {nodes: theirs.searched, value: theirs.value}, `bar ${name}`);
  }
}

// The app's "Probability 9/10 (by the chaser model)" (or "0.9") as a number.
function shownProbability(details) {
  const m = /Probability (\d+)(?:\/(\d+))?(\.\d+)? \(/.exec(details);
  assert.ok(m, `a chance edge's probability in '${details}'`);
  return m[2] ? Number(m[1]) / Number(m[2]) : Number(m[1] + (m[3] || ''));
}

// The expectimax tree with the ghosts as `model` (the lab's `opponents`
// word, `in-play` for chasers): the root and the chart as the tool's; each
// chance edge of a chance node as the tool's probability, read off the
// chosen node's details; its value the weighted mean of its children's and
// its sentence saying so.
async function checkExpectimax(app, position, opponents) {
  const model = opponents === 'in-play' ? 'chaser' : opponents;
  const tree = await toolTree(position, 'expectimax', 'ordering on', model);
  const state = await runLab(app, 'expectimax', opponents);
  await checkRootAndCounts(app, position, tree, state, 'expectimax', model);
  assert.ok(!/side min/.test(JSON.stringify(tree.nodes.map((n) => n.side))), 'no MIN node');
  assert.ok(state.lab_evaluation.includes(model === 'random' ? 'moves all alike'
                                                               : `by the ${model} model`),
            `the tree says how it took the ghosts: ${state.lab_evaluation}`);
  // A chance node of several moves, unequal ones for the chaser.
  const unequal = (n) => new Set(n.children.map((c) => tree.nodes[c].prob)).size > 1;
  const chance = tree.nodes.find((n) => n.side === 'chance' && n.children.length >= 2 &&
                                        (model === 'random') !== unequal(n));
  assert.ok(chance, `a chance node of two moves or more, ${model}`);
  const kids = chance.children.map((c) => tree.nodes[c]);
  const k = kids.length;
  for (const c of kids) {
    if (model === 'random') assert.ok(Math.abs(c.prob - 1 / k) < 1e-4, `each move 1/${k}: ${c.prob}`);
    await app.command(`lab select ${c.id}`);
    await app.frames(1);
    const shown = shownProbability((await app.state()).lab_selected);
    assert.ok(Math.abs(shown - c.prob) < 1e-4,
              `node ${c.id}'s probability on screen ${shown}, the tool's ${c.prob}`);
  }
  const mean = kids.reduce((sum, c) => sum + c.prob * hundredths(c.valueText), 0);
  assert.ok(Math.abs(hundredths(chance.valueText) - mean) <= 0.5 + k * 0.005 * 100,
            `the chance node's value ${chance.valueText} is the weighted mean of its children's`);
  await app.command(`lab select ${chance.id}`);
  await app.frames(2);
  const selected = (await app.state()).lab_selected;
  assert.ok(selected.includes(`(exact, the mean)`), `the chosen chance node: ${selected}`);
  const all = events(tree.nodes);
  await app.command('lab step start');
  await app.command('lab step next');
  await app.frames(2);
  const first = (await app.state()).lab_sentence;
  assert.match(first, new RegExp(`root: Pac-Man to move, ${DEPTH} rounds deep`), first);
  const left = await sentenceAt(app, all, {node: chance.id, enter: false});
  if (model === 'random') {
    const sum = kids.map((c, i) => (i === 0 ? c.valueText
                                    : c.valueText.startsWith('-') ? ` - ${c.valueText.slice(1)}`
                                                                  : ` + ${c.valueText}`)).join('');
    const fraction = k === 2 ? '0.5' : `1/${k}`;
    const expected = `has probability ${fraction}, so the value is the mean: (${sum}) / ${k} = ` +
                     `${chance.valueText}.`;
    assert.ok(selected.includes(expected), `its details say '${expected}': ${selected}`);
    assert.ok(left.includes(expected), `the replay says '${expected}': ${left}`);
  } else {
    const expected = `so the value is the weighted sum: `;
    assert.ok(left.includes(expected) && left.endsWith(`= ${chance.valueText}.`),
              `the replay says '${expected}... = ${chance.valueText}.': ${left}`);
  }
  app.assertNoErrors(`the lab on an expectimax tree, the ghosts as ${model}`);
}

async function checkAlphaBeta(app, position) {
  const tree = await toolTree(position, 'alphabeta');
  const state = await runLab(app, 'alphabeta');
  await checkRootAndCounts(app, position, tree, state, 'alphabeta');
  // The first ghost's node under Pac-Man's first move: searched with a full
  // window, so exact; the ghosts together take the least of its children.
  const ghost = tree.nodes[1];
  assert.equal(ghost.side, 'min');
  assert.equal(ghost.agent, 1);
  const kids = ghost.children.map((c) => tree.nodes[c]);
  const mark = (c) => (c.bound === 'lower' ? '>=' : c.bound === 'upper' ? '<=' : '');
  const expected = 'the ghosts move in turn, ghost 1 then ghost 2, and together pick the lowest ' +
                   `value for Pac-Man: min(${kids.map((c) => mark(c) + c.valueText).join(', ')}) ` +
                   `= ${ghost.valueText}.`;
  const least = Math.min(...kids.map((c) => hundredths(c.valueText)));
  assert.equal(hundredths(ghost.valueText), least, 'the MIN node is the least of its children');
  const said = await sentenceAt(app, events(tree.nodes), {node: 1, enter: false});
  assert.ok(said.includes(expected), `the replay says '${expected}': ${said}`);
  app.assertNoErrors('the lab on an alpha-beta tree');
}

// Scrolls the side panel by `ticks` turns of the wheel (over its right
// edge), a frame for each (ImGui takes one a frame): the chosen node's
// details in sight.
async function scrollPanel(app, ticks) {
  const viewport = app.page.viewportSize();
  await app.page.mouse.move(viewport.width - 30, viewport.height - 60);
  for (let i = 0; i < ticks; ++i) {
    await app.page.mouse.wheel(0, 100);
    await app.frames(1);
  }
  await app.page.mouse.move(viewport.width / 3, 100);  // no tooltip over the shot
  await app.frames(3);
}

async function screenshots(browser, url, options, device) {
  const context = await browser.newContext(options);
  try {
    const app = new AppPage(await context.newPage(), artefactDir);
    await app.load(url);
    await openMaze(app);
    for (const algorithm of ['expectimax', 'minimax']) {
      await runLab(app, algorithm);
      // The whole tree, ghost 1's node under Pac-Man's first move chosen
      // (a chance node, or the ghosts' MIN level): its boards and values in
      // the tree, its details and sentence in the panel.
      await app.commands('lab step end', 'lab select 1',
                         device === 'desktop' ? 'lab zoom 80 150' : 'lab zoom 44 76');
      await scrollPanel(app, device === 'desktop' ? 6 : 0);
      await app.screenshot(`pacman_lab_${algorithm}_${device}.png`);
    }
    app.assertNoErrors(`the lab's screenshots on a ${device}`);
  } finally {
    await context.close();
  }
}

const runner = new CheckRunner();
mkdirSync(artefactDir, {recursive: true});
const started = Date.now();
const server = await serveDirectory(siteDir);
const browser = await launchChromium();
try {
  const context = await browser.newContext(DESKTOP);
  const app = new AppPage(await context.newPage(), artefactDir);
  await app.load(server.url);
  const position = await openMaze(app);
  await runner.check('expectimax, the chasers in play: the root, the counts, the chance edges\' ' +
                         'probabilities and a chance node\'s weighted mean as the tool says',
                     () => checkExpectimax(app, position, 'in-play'));
  await runner.check('expectimax, the ghosts taken at random: the same, each move alike',
                     () => checkExpectimax(app, position, 'random'));
  await runner.check('alpha-beta: the root, the counts and the ghosts\' MIN level as the tool says',
                     () => checkAlphaBeta(app, position));
  await context.close();
  await runner.check('screenshots on a desktop',
                     () => screenshots(browser, server.url, DESKTOP, 'desktop'));
  await runner.check('screenshots on a phone', () => screenshots(browser, server.url, PHONE, 'phone'));
} finally {
  await browser.close();
  server.close();
  tool.close();
}
console.log(`lab agents test took ${Date.now() - started} ms`);
runner.finish();
