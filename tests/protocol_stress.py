#!/usr/bin/env python3
"""The protocol under fire, through a real pipe to the `arcade` process.

    python3 tests/protocol_stress.py build/native-release/src/arcade [actions]

Checks, and prints the figures of:
  1. exact line counts: 30,000 times `game tictactoe`, `position .xo/.o./xxo`,
     `go nodes 7`, `isready` in one pipe give 30,000 `bestmove`, 30,000 `info`
     and 30,000 `readyok` lines, every line whole (once a tied input stream
     flushed the output outside its lock: lines came doubled, lost, merged);
  2. `stop` and `isready` answered while each long command runs, a `d` queued
     behind it (the time from `stop` to `readyok`);
  3. the end of input stops a `go infinite` and the process exits;
  4. `go depth 1` at the Perfect level is a depth-1 search;
  5. 10,000 random actions (go with small limits or infinite, stop, position,
     undo, newgame, new game of another kind): every `go` answered by exactly
     one `bestmove`, legal in the position it was sent for; the process's
     memory stays bounded;
  6. bad lines while a `go infinite` and while a `go ponder infinite` run (a
     70,000-byte line, a 4 MB one, extra words: `stop now`, `quit now`, ...)
     each get their one error at once and change nothing: the search goes
     on, `stop` gives one bestmove; `solve` in Tic-tac-toe then the end of
     input gives its error, not `solution stopped` (the time to refuse the
     4 MB line).
Times are checked only against generous bounds (a loaded machine must not
fail the test); the figures printed are what docs/figures.md quotes.
"""

import os
import random
import re
import subprocess
import sys
import threading
import time
import queue

ARCADE = sys.argv[1]
ACTIONS = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
SLOW_LIMIT_S = 2.0  # far above the ~ms a stop takes: only a hang fails

LINE_FORMS = re.compile(
    r"^(info depth \d+ (score (cp -?\d+|win \d+|loss \d+|draw) nodes \d+ nps \d+ time \d+ "
    r"evals \d+ tablecuts \d+ betacuts \d+( pv( \S+)+)?|move \S+ score \S+( \d+)?)"
    r"|bestmove \S+|bestmove \(none\)|readyok|moves( \S+)*|perft \d+ (\d+|stopped)"
    r"|info string chose \S+ (at random among \d+ equal moves|as a slip of the level)"
    r"|solution .+|error .+|position \S+( \S+)?|[ .xoXOws|+\-1-8a-h/]*)$")


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


class Engine:
    """An arcade process whose output lines are read by a thread."""

    def __init__(self):
        self.process = subprocess.Popen([ARCADE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.lines = queue.Queue()
        self.sent = []  # the last lines sent, for a failure's message
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, *lines):
        self.sent.extend(lines)
        del self.sent[:-40]
        self.process.stdin.write("".join(line + "\n" for line in lines))
        self.process.stdin.flush()

    def until(self, predicate, limit_s=60):
        """Lines up to and including the first that satisfies predicate."""
        got = []
        deadline = time.monotonic() + limit_s
        while True:
            try:
                at, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                fail("no answer within %.0f s; last lines: %s" % (limit_s, got[-5:]))
            if line is None:
                fail("the engine exited; last lines: %s" % got[-5:])
            if not LINE_FORMS.match(line):
                fail("malformed line: %r" % line)
            got.append(line)
            if predicate(line):
                return at, got

    def rss_kb(self):
        with open("/proc/%d/status" % self.process.pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


def exact_line_counts():
    """The input stays open until the last bestmove: the end of input would
    stop the last search, which may then answer before its first info."""
    repeats = int(os.environ.get("ARCADE_STRESS_REPEATS", "30000"))
    script = "game tictactoe\nposition .xo/.o./xxo\ngo nodes 7\nisready\n" * repeats
    started = time.monotonic()
    process = subprocess.Popen([ARCADE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    writer = threading.Thread(target=lambda: process.stdin.write(script), daemon=True)
    writer.start()
    counts = {"bestmove": 0, "info": 0, "readyok": 0}
    lines = 0
    while counts["bestmove"] < repeats:
        line = process.stdout.readline()
        if not line.endswith("\n"):
            fail("the output ended early or with a part of a line: %r" % line)
        line = line[:-1]
        if not LINE_FORMS.match(line):
            fail("malformed line: %r" % line)
        word = line.split(" ")[0]
        counts[word] = counts.get(word, 0) + 1
        lines += 1
    writer.join()
    process.stdin.close()
    rest = process.stdout.read()
    process.wait(timeout=30)
    for line in rest.split("\n")[:-1]:
        word = line.split(" ")[0]
        counts[word] = counts.get(word, 0) + 1
        lines += 1
    elapsed = time.monotonic() - started
    print("1. %d x (game, position, go nodes 7, isready) in %.1f s: %d bestmove, %d info, "
          "%d readyok, %d lines in all" % (repeats, elapsed, counts["bestmove"], counts["info"],
                                           counts["readyok"], lines))
    for word in counts:
        if counts[word] != repeats:
            fail("%d %s lines for %d go" % (counts[word], word, repeats))


STOP_CASES = [
    ("go infinite at Club", ["game connect4", "setoption name Level value 3"], "go infinite",
     "bestmove "),
    ("perft 64", ["game connect4"], "perft 64", "perft 64 stopped"),
    # Outside the book (which holds every position of up to 7 plies): seconds of solving.
    ("solve 13577533", ["game connect4", "position 13577533"], "solve", "solution "),
    ("solve 265 (in the book)", ["game connect4", "position 265"], "solve", "solution "),
    ("solve the empty board, no book",
     ["game connect4", "setoption name OwnBook value false"], "solve", "solution stopped"),
]


def stop_cases():
    for name, setup, command, answer in STOP_CASES:
        engine = Engine()
        engine.send(*setup, "isready")
        engine.until(lambda l: l == "readyok")
        engine.send(command)
        time.sleep(0.3)
        engine.send("d")
        sent = time.monotonic()
        engine.send("stop", "isready")
        at, got = engine.until(lambda l: l == "readyok")
        waited_ms = (at - sent) * 1000
        answers = [l for l in got if l.startswith(answer)]
        board = [i for i, l in enumerate(got) if l.startswith("position ")]
        print("2. %-32s readyok %6.1f ms after stop (answer: %s)" %
              (name, waited_ms, answers[0] if answers else "none"))
        if len(answers) != 1:
            fail("%s: %d '%s' lines" % (name, len(answers), answer))
        if not board or got.index(answers[0]) > board[0]:
            fail("%s: the queued d did not run after the command" % name)
        if waited_ms > SLOW_LIMIT_S * 1000:
            fail("%s: readyok took %.0f ms" % (name, waited_ms))
        engine.close()


def end_of_input():
    engine = Engine()
    engine.send("game connect4", "setoption name Level value 3", "go infinite")
    time.sleep(0.3)
    closed = time.monotonic()
    engine.process.stdin.close()
    try:
        engine.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        fail("the engine did not exit at the end of its input")
    exit_ms = (time.monotonic() - closed) * 1000
    _, got = engine.until(lambda l: l.startswith("bestmove"))
    print("3. end of input during go infinite: exit %.1f ms later, %s" % (exit_ms, got[-1]))
    if exit_ms > SLOW_LIMIT_S * 1000:
        fail("the exit took %.0f ms" % exit_ms)


def perfect_depth_one():
    engine = Engine()
    engine.send("game connect4", "position 13577533", "isready")
    engine.until(lambda l: l == "readyok")
    sent = time.monotonic()
    engine.send("go depth 1")
    at, got = engine.until(lambda l: l.startswith("bestmove"))
    print("4. go depth 1 at Perfect on 13577533: %.1f ms, %s" % ((at - sent) * 1000, got[0]))
    if not got[0].startswith("info depth 1 "):
        fail("go depth 1 searched otherwise: %s" % got[0])
    engine.close()


class Stress:
    """Random actions against one engine. Lines are sent without waiting for
    searches, so most of them queue behind one; the script reads only when it
    needs the legal moves of the position (`moves`), and accounts for every
    `bestmove` it reads on the way: the k-th belongs to the k-th `go`."""

    def __init__(self, rng):
        self.rng = rng
        self.engine = Engine()
        self.game = "tictactoe"
        self.moves = []
        self.expected = []  # for each go sent, the legal moves of its position
        self.answered = 0
        self.infinite_running = False
        self.engine.send("game tictactoe")

    def account(self, line):
        if line.startswith("error"):
            fail("error during the stress: " + line)
        if not line.startswith("bestmove"):
            return
        if self.answered >= len(self.expected):
            fail("a bestmove nobody asked for: " + line)
        if line.split()[1] not in self.expected[self.answered]:
            fail("%s is not legal in its position (legal: %s); last lines sent:\n  %s" %
                 (line, self.expected[self.answered], "\n  ".join(self.engine.sent)))
        self.answered += 1

    def read_until(self, predicate):
        while True:
            _, got = self.engine.until(lambda l: l.startswith(("bestmove", "error")) or
                                       predicate(l))
            self.account(got[-1])
            if predicate(got[-1]):
                return got[-1]

    def legal_moves(self):
        self.stop_infinite()
        self.engine.send("moves")
        return self.read_until(lambda l: l.startswith("moves")).split()[1:]

    def stop_infinite(self):
        if self.infinite_running:
            self.engine.send("stop")
            self.infinite_running = False

    def go(self):
        moves = self.legal_moves()
        if not moves:
            return  # a finished game answers `bestmove (none)`, tested elsewhere
        limit = self.rng.choice(["nodes %d" % self.rng.randint(1, 3000),
                                 "depth %d" % self.rng.randint(1, 3),
                                 "movetime %d" % self.rng.randint(1, 20), "infinite"])
        self.infinite_running = limit == "infinite"
        self.engine.send("setoption name Level value %d" % self.rng.randint(1, 5), "go " + limit)
        self.expected.append(moves)

    def play(self):
        moves = self.legal_moves()
        if moves:
            self.moves.append(self.rng.choice(moves))
        self.engine.send("position startpos moves " + " ".join(self.moves))

    def undo(self):
        self.moves = self.moves[:-1]
        self.engine.send("position startpos moves " + " ".join(self.moves))

    def newgame(self):
        self.moves = []
        self.engine.send("newgame", "position startpos")

    def other_game(self):
        self.game = self.rng.choice(["tictactoe", "connect4", "wolfsheep"])
        self.moves = []
        self.engine.send("game " + self.game)

    def stop(self):
        self.engine.send("stop")
        self.infinite_running = False

    def finish(self):
        self.stop_infinite()
        while self.answered < len(self.expected):
            self.read_until(lambda l: l.startswith("bestmove"))
        self.engine.close()


def random_actions(count, rng):
    stress = Stress(rng)
    actions = {"go": stress.go, "stop": stress.stop, "position": stress.play, "undo": stress.undo,
               "newgame": stress.newgame, "game": stress.other_game}
    done = {name: 0 for name in actions}
    rss = []
    started = time.monotonic()
    for i in range(count):
        name = rng.choices(list(actions), weights=[40, 15, 25, 8, 4, 4])[0]
        actions[name]()
        done[name] += 1
        if i % 1000 == 999:
            rss.append(stress.engine.rss_kb())
    stress.finish()
    elapsed = time.monotonic() - started
    print("5. %d random actions in %.1f s (%s): %d go answered once each with a legal move; "
          "memory (VmRSS, MB, every 1,000 actions): %s" %
          (count, elapsed, ", ".join("%s %d" % kv for kv in done.items()), stress.answered,
           " ".join("%.0f" % (kb / 1024) for kb in rss)))
    if rss and max(rss[len(rss) // 2:]) > 1.25 * max(rss[:len(rss) // 2]) + 32 * 1024:
        fail("memory grew: %s" % rss)


LINE_CAP = 65536


def too_long(line):
    return "error line too long: %d bytes (at most %d)" % (len(line.encode()), LINE_CAP)


# Bad lines and their one error each, read while a search runs.
REFUSED = [(line, too_long(line)) for line in
           ["stop" + " " * 69996, "position startpos moves " + "4 " * 2000000]] + [
    ("%s %s" % (command, extra), "error usage: " + command)
    for command, extra in [("stop", "now"), ("quit", "now"), ("isready", "x"), ("d", "now"),
                           ("solve", "x"), ("eval", "x"), ("ponderhit", "x"), ("newgame", "x")]
] + [("position garbage", "error a connect4 position is "),
     ("setoption name Bogus value 1", "error unknown option 'Bogus' (try help)"),
     ("go sideways", "error unknown go parameter 'sideways'"),
     ("frobnicate", "error unknown command 'frobnicate' (try help)")]


def refusals():
    for search in ["go infinite", "go ponder infinite"]:
        engine = Engine()
        engine.send("game connect4", "setoption name Level value 3", "isready")
        engine.until(lambda l: l == "readyok")
        engine.send(search)
        slowest_ms = 0.0
        for line, error in REFUSED:
            sent = time.monotonic()
            engine.send(line)
            at, got = engine.until(lambda l: l.startswith(("error", "bestmove")))
            slowest_ms = max(slowest_ms, (at - sent) * 1000)
            got = [l for l in got if not l.startswith("info")]
            if len(got) != 1 or not got[0].startswith(error):
                fail("%s: %s... answered %s, not %s" % (search, line[:30], got, error))
        engine.send("isready")
        _, got = engine.until(lambda l: l == "readyok")
        if any(l.startswith("bestmove") for l in got):
            fail("%s: a bad line ended the search: %s" % (search, got))
        engine.send("stop", "isready")
        _, got = engine.until(lambda l: l == "readyok")
        if len([l for l in got if l.startswith("bestmove")]) != 1:
            fail("%s: stop after the bad lines answered %s" % (search, got))
        engine.close()
        print("6. during %s: %d bad lines, one error each (the slowest, the 4 MB line's, "
              "%.1f ms), then stop: one bestmove" % (search, len(REFUSED), slowest_ms))
    process = subprocess.run([ARCADE], input="solve\n", capture_output=True, text=True,
                             timeout=30)
    if process.stdout != "error no exact solver for tictactoe\n":
        fail("solve in Tic-tac-toe, then the end of input: %r" % process.stdout)


def main():
    rng = random.Random(int(os.environ.get("ARCADE_STRESS_SEED", "1")))
    only = os.environ.get("ARCADE_STRESS_ONLY")
    for number, check in enumerate([exact_line_counts, stop_cases, end_of_input,
                                    perfect_depth_one, lambda: random_actions(ACTIONS, rng),
                                    refusals], 1):
        if not only or str(number) in only:
            check()
    print("protocol stress: all checks passed")


main()
