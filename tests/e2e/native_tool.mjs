// The native command-line tool (build/native-release/src/arcade) for the
// app's tests that need the engine's exact knowledge outside the page: it is
// kept running (its input open: at the end of input it would stop a solve),
// and each question is protocol lines answered by the first output line
// that starts with a given word.

import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {createInterface} from 'node:readline';

export const positionLine = (moves) =>
    'position startpos' + (moves.length ? ' moves ' + moves.join(' ') : '');

export class NativeTool {
  // For a test that asks many slow solves along its games (only where the
  // answers cannot change: solves, searches with a fixed seed):
  //   remember: the same question is answered from memory the second time;
  //   keepSession: a `game` line naming the game already in play is left
  //     out, so that the session keeps its tables from one question to the
  //     next (a solve's table then answers the positions after it at once:
  //     half the time over a game of Connect Four).
  constructor(cli, {remember = false, keepSession = false} = {}) {
    this.process = spawn(cli, [], {stdio: ['pipe', 'pipe', 'inherit']});
    this.waiting = null;
    this.answers = remember ? new Map() : null;
    this.keepSession = keepSession;
    this.game = null;  // the game of the last `game` line sent
    createInterface({input: this.process.stdout}).on('line', (line) => {
      if (this.waiting && line.startsWith(this.waiting.prefix)) {
        const {resolve} = this.waiting;
        this.waiting = null;
        resolve(line);
      }
    });
  }
  // Sends `lines` and resolves to the first output line starting with `prefix`.
  // One question at a time: ask the next once this one is answered.
  ask(lines, prefix) {
    if (this.answers) {
      const key = `${prefix}\n${lines.join('\n')}`;
      if (!this.answers.has(key)) this.answers.set(key, this.send(lines, prefix));
      return this.answers.get(key);
    }
    return this.send(lines, prefix);
  }
  send(lines, prefix) {
    if (this.keepSession) {
      lines = lines.filter((line) => line !== `game ${this.game}`);
      const games = lines.filter((line) => line.startsWith('game '));
      if (games.length) this.game = games.at(-1).slice('game '.length);
    }
    return new Promise((resolve) => {
      this.waiting = {prefix, resolve};
      this.process.stdin.write(lines.join('\n') + '\n');
    });
  }
  // The best columns of a Connect Four position, by the exact solver (with the book).
  async bestColumns(moves) {
    const line = await this.ask(['game connect4', positionLine(moves), 'solve'], 'solution');
    assert.ok(line.includes(' best '), `no best move for ${positionLine(moves)}: ${line}`);
    return line.split(' best ')[1].split(' ');
  }
  close() { this.process.stdin.end(); }
}
