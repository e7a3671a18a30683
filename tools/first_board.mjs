// Times navigation to the first drawn board for one or more built sites,
// alternating between them round by round (a fresh browser context each
// round: a first visit, then a repeat visit in the same context, with the
// service worker's cache and V8's code cache warm). Prints the medians.
//
//   node tools/first_board.mjs SITE_DIR [SITE_DIR ...] [--rounds N]
//
// Needs playwright-core (tools/setup.sh installs it): run from the
// repository with NODE_PATH=node_modules, as the e2e tests are.
import {launchChromium, percentile, serveFiles} from '../tests/e2e/lib.mjs';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 5;
const sites = args;
if (sites.length === 0 || !(rounds > 0)) {
  console.error('usage: node tools/first_board.mjs SITE_DIR [SITE_DIR ...] [--rounds N]');
  process.exit(2);
}

// Milliseconds from navigation to the first frame that laid out the board.
async function firstBoard(page, url) {
  await page.goto(url);
  const drawn = await page.waitForFunction(() => {
    if (!window.Module || !Module.calledRun) return false;
    const state = Module.ccall('arcade_state', 'string', [], []);
    return /^board_rect \S+ \S+ [1-9]/m.test(state) && performance.now();
  }, null, {polling: 'raf', timeout: 30000});
  return drawn.jsonValue();
}

const browser = await launchChromium();
const servers = await Promise.all(sites.map((dir) => serveFiles(dir)));
const times = sites.map(() => ({first: [], repeat: []}));
try {
  for (let round = 0; round < rounds; ++round) {
    for (const [i, server] of servers.entries()) {
      const context = await browser.newContext({viewport: {width: 1280, height: 800}});
      const page = await context.newPage();
      times[i].first.push(await firstBoard(page, server.url + 'index.html'));
      await page.waitForTimeout(1500);  // the service worker installs the site
      times[i].repeat.push(await firstBoard(page, server.url + 'index.html'));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.close()));
}
const list = (values) => values.map((ms) => Math.round(ms)).join(' ');
for (const [i, site] of sites.entries()) {
  const {first, repeat} = times[i];
  console.log(`${site}: first visit median ${Math.round(percentile(first, 50))} ms (${list(first)}); ` +
              `repeat visit median ${Math.round(percentile(repeat, 50))} ms (${list(repeat)})`);
}
