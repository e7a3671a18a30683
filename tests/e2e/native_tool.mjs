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
  constructor(cli) {
    this.process = spawn(cli, [], {stdio: ['pipe', 'pipe', 'inherit']});
    this.waiting = null;
    createInterface({input: this.process.stdout}).on('line', (line) => {
      if (this.waiting && line.startsWith(this.waiting.prefix)) {
        const {resolve} = this.waiting;
        this.waiting = null;
        resolve(line);
      }
    });
  }
  // Sends `lines` and resolves to the first output line starting with `prefix`.
  ask(lines, prefix) {
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
