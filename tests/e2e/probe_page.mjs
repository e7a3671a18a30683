// The page the Web Worker tests drive (worker_test.mjs, worker_stress_test.mjs):
// the engine's worker files and the probe module (engine_client_probe.cpp:
// the web EngineClient behind a few exported functions) in a temporary site,
// and setUpPage, which runs in the page and gives it `window.probe`;
// installSeeded, the random drivers' seeded helpers in the page.

import {copyFileSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

// A temporary folder with the files the app's page would serve, plus a page
// that loads engine_client.js before the module that uses it. WORKER_DIR
// holds arcade_engine_worker.{js,wasm}, engine_worker.js and
// engine_client.js (the web build's src/ folder); PROBE_DIR
// arcade_engine_client_probe.{js,wasm} (its tests/ folder).
export function makeProbeSite(workerDir, probeDir) {
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
// Resolves to the time the engine took to become ready after the probe
// module had loaded. `keepReplies` false: replies are not logged (for long
// runs that read each reply once, as probe.poll returns them).
export async function setUpPage(keepReplies = true) {
  const module = await createEngineClientProbe();
  const poll = module.cwrap('probe_poll', 'number', []);
  const polled = module.cwrap('probe_replies', 'string', []);
  const ready = module.cwrap('probe_ready', 'number', []);
  const sendPageLine = module.cwrap('probe_send_page_line', 'number', []);
  const probe = {
    send(line) {
      window.probeLine = line;
      return sendPageLine();
    },
    stop: module.cwrap('probe_stop', null, []),
    ready: () => ready() !== 0,
    replies: [],
    poll() {
      const got = poll() === 0 ? [] : polled().split('\x1e').map((record) => {
        const at = record.indexOf('\x1f');
        return {request: Number(record.slice(0, at)), line: record.slice(at + 1)};
      });
      if (keepReplies) probe.replies.push(...got);
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

// Runs in the page: `window.seeded`, the helpers of the random drivers
// (worker_stress_test.mjs, ponder_worker_test.mjs), from a seed so that a
// seed repeats a run.
export function installSeeded(seedValue) {
  let seed = seedValue >>> 0;
  // mulberry32: a small PRNG, so that a seed repeats a run.
  const random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const between = (low, high) => low + Math.floor(random() * (high - low + 1));
  const sleepMs = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  window.seeded = {random, pick, between, sleepMs};
}
