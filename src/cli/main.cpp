// arcade: the command-line face of the engine.
//   arcade                      the text protocol on stdin/stdout
//   arcade perft GAME N         move-generation counts
//   arcade match ...            two levels play a series (arcade help)
//   arcade bench [...]          benchmarks (arcade help)

#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const std::vector<std::string> args(argv + 1, argv + argc);
  return arcade::cli::run(args, std::cin, std::cout, std::cerr);
}
