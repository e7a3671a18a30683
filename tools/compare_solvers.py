#!/usr/bin/env python3
"""Before and after, in one run: `arcade bench connect4` of several builds on
one data file, the file cut into chunks and each chunk run by every build in
turn (the order reversed every other chunk), so that a machine whose speed
drifts (a shared host, a neighbour's build) slows every build alike.

    tools/compare_solvers.py FILE CHUNKS ROUNDS TOOL...

TOOL is an `arcade` executable, or an `arcade.js` (run under node). Prints,
for each tool, the mean time per position of each round, its median, and the
median of its per-round ratio to the first tool. Every score must match the
file's; a mismatch stops the run.

Example (the near table's figures in games/connect4_solver.cpp):
    tools/compare_solvers.py ../shared/data/connect4/c4_L1_R2.txt 6 3 \\
        /tmp/before/src/arcade.js build/web/src/arcade.js
"""
import os
import statistics
import subprocess
import sys
import tempfile


def bench(tool, path):
    command = (["node", tool] if tool.endswith(".js") else [tool]) + ["bench", "connect4", path]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout.split("\n")
    words = [line for line in output if line.startswith("bench ")][-1].split()
    fields = dict(zip(words[2::2], words[3::2]))
    if fields["mismatches"] != "0":
        sys.exit(f"{tool}: {fields['mismatches']} mismatches on {path}")
    positions = int(fields["positions"])
    return int(fields["mean_us"]) * positions, int(fields["mean_nodes"]) * positions


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    data, chunks, rounds, tools = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    lines = [line for line in open(data).read().split("\n") if line.strip()]
    size = -(-len(lines) // chunks)
    with tempfile.TemporaryDirectory() as folder:
        paths = []
        for i in range(0, len(lines), size):
            paths.append(os.path.join(folder, f"chunk{i}.txt"))
            with open(paths[-1], "w") as out:
                out.write("\n".join(lines[i:i + size]) + "\n")
        total = {tool: [0] * rounds for tool in tools}
        nodes = {tool: 0 for tool in tools}
        for r in range(rounds):
            for i, path in enumerate(paths):
                for tool in tools if (i + r) % 2 == 0 else tools[::-1]:
                    microseconds, searched = bench(tool, path)
                    total[tool][r] += microseconds
                    if r == 0:
                        nodes[tool] += searched
    first = tools[0]
    print(f"{os.path.basename(data)}: {len(lines)} positions, {len(paths)} chunks, {rounds} rounds")
    for tool in tools:
        means = [t / len(lines) for t in total[tool]]
        ratio = statistics.median(a / b for a, b in zip(total[tool], total[first]))
        print(f"{tool}: mean_us {' '.join(f'{m:.0f}' for m in means)} median "
              f"{statistics.median(means):.0f} ratio {ratio:.3f} mean_nodes "
              f"{nodes[tool] // len(lines)}")


if __name__ == "__main__":
    main()
