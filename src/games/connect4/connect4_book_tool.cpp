#include "games/connect4/connect4_book_tool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "games/connect4/connect4_book_builder.h"

namespace arcade {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr int kDefaultPlies = 8;
constexpr int kDefaultFullPlies = 2;
// Threads need the native build (the WebAssembly tool has no pthreads;
// src/CMakeLists.txt sets ARCADE_CLI_THREADS on the command-line tool's
// targets).
constexpr std::uint64_t kMaxThreads = ARCADE_CLI_THREADS ? 64 : 1;
constexpr std::uint64_t kDefaultHashMegabytes = 1024;
constexpr auto kProgressEvery = std::chrono::seconds(30);
constexpr std::size_t kRun = 8;  // positions a build thread takes at a time

int usage(std::ostream& err) {
  err << "usage:\n"
         "  arcade book build FILE [plies N] [full F] [hash MB] [threads T] [minutes M]\n"
         "  arcade book pack FILE\n"
         "  arcade book check FILE [samples K] [seed S] [plies P]\n"
         "  arcade book info FILE\n";
  return 2;
}

// "name value" pairs after the file name; nothing if one is unknown or odd.
std::optional<std::map<std::string, std::string>> read_options(
    const std::vector<std::string>& args, const std::vector<std::string>& known) {
  std::map<std::string, std::string> options;
  for (std::size_t i = 3; i < args.size(); i += 2) {
    if (i + 1 >= args.size() || std::find(known.begin(), known.end(), args[i]) == known.end())
      return std::nullopt;
    options[args[i]] = args[i + 1];
  }
  return options;
}

std::optional<std::uint64_t> number_option(const std::map<std::string, std::string>& options,
                                           const std::string& name, std::uint64_t fallback,
                                           std::uint64_t lo, std::uint64_t hi) {
  const auto it = options.find(name);
  return it == options.end() ? std::optional<std::uint64_t>(fallback)
                             : parse_number(it->second, lo, hi);
}

Parsed<Connect4Book> load_book(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ParseError{"cannot read '" + path.string() + "'"};
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                        std::istreambuf_iterator<char>());
  Parsed<Connect4Book> book = Connect4Book::from_bytes(bytes);
  if (!book) return ParseError{path.string() + ": " + book.error()};
  return book;
}

// Written beside the old file and renamed over it: a build stopped halfway
// never leaves a broken book.
bool save_book(const fs::path& path, const Connect4Book& book, std::ostream& err) {
  const std::vector<std::uint8_t> bytes = book.to_bytes();
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) {
      err << "error book: cannot write '" << temporary.string() << "'\n";
      return false;
    }
  }
  std::error_code ec;
  fs::rename(temporary, path, ec);
  if (ec) err << "error book: cannot rename to '" << path.string() << "': " << ec.message() << "\n";
  return !ec;
}

// The log of a build of `book`: FILE.log.
fs::path log_path(const fs::path& book) {
  return book.string() + ".log";
}

// Best columns as digits, "35" for columns 3 and 5.
std::string columns_text(std::uint8_t columns) {
  std::string text;
  for (int c = 0; c < Connect4::kWidth; ++c)
    if (columns & (1u << c)) text += static_cast<char>('1' + c);
  return text;
}

// A log line: "<moves> <score> <best columns>", e.g. "4453 -2 35"; the
// empty board's moves are "-".
std::string log_line(const BookPosition& b, const Connect4Book::Entry& e) {
  return (b.moves.empty() ? "-" : b.moves) + " " + std::to_string(e.score) + " " +
         columns_text(e.best_columns);
}

Parsed<std::pair<Connect4::Position, Connect4Book::Entry>> parse_log_line(const std::string& line) {
  std::istringstream in(line);
  std::string moves, columns, extra;
  int score = 0;
  if (!(in >> moves >> score >> columns) || (in >> extra) || score < -21 || score > 21)
    return ParseError{"expected '<moves> <score> <best columns>'"};
  const Parsed<Connect4::Position> p =
      moves == "-" ? Connect4::start() : Connect4::from_text(moves);
  if (!p) return ParseError{p.error()};
  Connect4Book::Entry e{score, 0};
  for (char c : columns) {
    if (c < '1' || c > '7') return ParseError{"best columns must be digits 1 to 7"};
    e.best_columns |= static_cast<std::uint8_t>(1u << (c - '1'));
  }
  return std::pair{*p, e};
}

// Adds a log's entries to the book. A last line without its newline is a
// write the build was stopped in: it is dropped, not an error.
Parsed<std::size_t> replay_log(const fs::path& path, Connect4Book& book) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::string all = text.str();
  if (!all.empty() && all.back() != '\n') all.erase(all.rfind('\n') + 1);
  std::istringstream lines(all);
  std::size_t count = 0, number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    const auto entry = parse_log_line(line);
    if (!entry)
      return ParseError{path.string() + " line " + std::to_string(number) + ": " + entry.error()};
    book.insert(entry->first, entry->second);
    ++count;
  }
  return count;
}

// The book file (if any) with its log (if any) replayed into it.
Parsed<Connect4Book> load_with_logs(const fs::path& path, std::ostream& out) {
  Connect4Book book;
  if (fs::exists(path)) {
    Parsed<Connect4Book> loaded = load_book(path);
    if (!loaded) return loaded;
    book = std::move(*loaded);
  }
  if (const fs::path log = log_path(path); fs::exists(log)) {
    const Parsed<std::size_t> count = replay_log(log, book);
    if (!count) return ParseError{count.error()};
    out << "book log " << log.filename().string() << " entries " << *count << "\n";
  }
  return book;
}

struct BuildPlan {
  fs::path path;
  int plies = kDefaultPlies;
  int full_plies = kDefaultFullPlies;
  std::size_t hash_megabytes = kDefaultHashMegabytes;
  std::size_t threads = 1;
  std::optional<Clock::time_point> deadline;
};

Parsed<BuildPlan> parse_build(const std::vector<std::string>& args) {
  const auto options = read_options(args, {"plies", "full", "hash", "threads", "minutes"});
  if (!options) return ParseError{"options are plies N, full N, hash MB, threads T, minutes M"};
  BuildPlan plan;
  plan.path = args[2];
  const auto plies = number_option(*options, "plies", kDefaultPlies, 0, 16);
  const auto full = number_option(*options, "full", kDefaultFullPlies, 0, 8);
  const auto hash = number_option(*options, "hash", kDefaultHashMegabytes, 1, 16384);
  const auto threads = number_option(*options, "threads", 1, 1, kMaxThreads);
  const auto minutes = number_option(*options, "minutes", 0, 0, 100000);
  if (!plies || !full || !hash || !threads || !minutes)
    return ParseError{"plies is 0-16, full 0-8, hash 1-16384 (MB), threads 1-" +
                      std::to_string(kMaxThreads) + ", minutes a number"};
  plan.plies = static_cast<int>(*plies);
  plan.full_plies = static_cast<int>(*full);
  plan.hash_megabytes = *hash;
  plan.threads = *threads;
  if (*minutes) plan.deadline = Clock::now() + std::chrono::minutes(*minutes);
  return plan;
}

// The solvers of a build, one a thread, each with its own table: kept from
// ply to ply, as what one learned about a position stays true.
struct Workers {
  explicit Workers(const BuildPlan& plan) {
    for (std::size_t i = 0; i < plan.threads; ++i) {
      solvers.push_back(std::make_unique<Connect4Solver>(plan.hash_megabytes));
      solvers.back()->set_limits({nullptr, plan.deadline, 0});
    }
  }
  std::vector<std::unique_ptr<Connect4Solver>> solvers;
};

struct Progress {
  Clock::time_point start = Clock::now(), last_report = Clock::now();
  std::size_t done = 0, todo = 0, reported = ~std::size_t{0};
  int ply = 0;
};

void report(Progress& p, std::ostream& out) {
  const double seconds = std::chrono::duration<double>(Clock::now() - p.start).count();
  out << "book ply " << p.ply << " solved " << p.done << " of " << p.todo << " in "
      << static_cast<long>(seconds) << " s";
  if (p.done && p.done < p.todo)
    out << " eta " << static_cast<long>((p.todo - p.done) * seconds / p.done) << " s";
  out << std::endl;
  p.last_report = Clock::now();
  p.reported = p.done;
}

// Solves the positions of one ply that the book lacks, on every worker.
// The solvers read a copy of the book as it was before this ply (its
// positions do not lead to each other); results go into the book and the
// log as they come. False when the deadline stopped it first.
bool solve_layer(const std::vector<BookPosition>& todo, int ply, Connect4Book& book,
                 Workers& workers, std::ofstream& log, std::ostream& out) {
  const Connect4Book before = book;
  std::mutex lock;
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stopped{false};
  Progress progress;
  progress.todo = todo.size();
  progress.ply = ply;
  // False when the deadline stopped the solve.
  auto solve_one = [&](Connect4Solver& solver, const BookPosition& b) {
    const std::optional<Connect4Book::Entry> e = connect4_book_entry(solver, b.position);
    if (!e) return false;
    const std::lock_guard<std::mutex> guard(lock);
    book.insert(b.position, *e);
    log << log_line(b, *e) << std::endl;
    ++progress.done;
    if (Clock::now() - progress.last_report >= kProgressEvery) report(progress, out);
    return true;
  };
  // Each thread takes runs of neighbours (todo keeps siblings together): what
  // its table learned from one position serves the next.
  auto work = [&](Connect4Solver& solver) {
    solver.set_book(&before);
    for (std::size_t first; !stopped && (first = next.fetch_add(kRun)) < todo.size();)
      for (std::size_t i = first; !stopped && i < std::min(first + kRun, todo.size()); ++i)
        if (!solve_one(solver, todo[i])) stopped = true;
    solver.set_book(nullptr);
  };
  std::vector<std::thread> threads;
  for (std::size_t t = 1; t < workers.solvers.size(); ++t)
    threads.emplace_back(work, std::ref(*workers.solvers[t]));
  work(*workers.solvers[0]);
  for (std::thread& t : threads) t.join();
  if (progress.reported != progress.done) report(progress, out);
  return !stopped;
}

// The order of the plies: first those where the book has every position,
// deepest first, as then each shallower position finds all its children in
// the book (after ply 1, the empty board costs nothing); then the tree,
// ply by ply, as each ply follows from the book's moves two plies before.
std::vector<int> ply_order(const BuildPlan& plan) {
  std::vector<int> order;
  const int full = std::min(std::max(plan.full_plies, 1), plan.plies);
  for (int ply = full; ply >= 0; --ply) order.push_back(ply);
  for (int ply = full + 1; ply <= plan.plies; ++ply) order.push_back(ply);
  return order;
}

// False when stopped by the deadline.
bool solve_missing(const BuildPlan& plan, Connect4Book& book, std::ostream& out) {
  Workers workers(plan);
  std::ofstream log(log_path(plan.path), std::ios::app);
  for (int ply : ply_order(plan)) {
    const BookLayer layer = connect4_book_layer(book, ply, std::max(plan.full_plies, 1));
    std::vector<BookPosition> todo;
    for (const BookPosition& b : layer.positions)
      if (!book.find(b.position)) todo.push_back(b);
    out << "book ply " << ply << " positions " << layer.positions.size() << " to solve "
        << todo.size() << std::endl;
    if (layer.missing) return false;  // an earlier run stopped short of this ply
    if (!solve_layer(todo, ply, book, workers, log, out)) return false;
  }
  return true;
}

int build(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const Parsed<BuildPlan> plan = parse_build(args);
  if (!plan) {
    err << "error book build: " << plan.error() << "\n";
    return 2;
  }
  Parsed<Connect4Book> book = load_with_logs(plan->path, out);
  if (!book) {
    err << "error book: " << book.error() << "\n";
    return 2;
  }
  const auto start = Clock::now();
  const bool finished = solve_missing(*plan, *book, out);
  if (!finished) out << "book stopped at the time limit; the same command goes on" << std::endl;
  if (!save_book(plan->path, *book, err)) return 2;
  fs::remove(log_path(plan->path));
  out << "book " << plan->path.string() << " entries " << book->size() << " seconds "
      << std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - start).count() << "\n";
  return 0;
}

int pack(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 3) return usage(err);
  const fs::path path = args[2];
  Parsed<Connect4Book> book = load_with_logs(path, out);
  if (!book) {
    err << "error book: " << book.error() << "\n";
    return 2;
  }
  if (!save_book(path, *book, err)) return 2;
  fs::remove(log_path(path));
  out << "book " << path.string() << " entries " << book->size() << "\n";
  return 0;
}

int info(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 3) return usage(err);
  const Parsed<Connect4Book> book = load_book(args[2]);
  if (!book) {
    err << "error book: " << book.error() << "\n";
    return 2;
  }
  std::vector<std::size_t> per_ply(static_cast<std::size_t>(book->max_plies()) + 1);
  for (const Connect4::Position& p : book->positions()) ++per_ply[p.plies];
  out << "book entries " << book->size() << " plies 0-" << book->max_plies() << " whole plies "
      << book->whole_plies() << " bytes " << book->to_bytes().size() << "\n";
  for (std::size_t ply = 0; ply < per_ply.size(); ++ply)
    out << "ply " << ply << " entries " << per_ply[ply] << "\n";
  return 0;
}

// One entry solved again without the book: the score must be exact and each
// of its columns one that keeps it. An empty string when it agrees.
std::string recheck(const Connect4::Position& p, const Connect4Book::Entry& e) {
  Connect4Solver solver;
  const Connect4Solver::BestMoves fresh = solver.best_moves(p);
  std::uint8_t best = 0;
  for (Move c : fresh.columns) best |= static_cast<std::uint8_t>(1u << c);
  if (fresh.score == e.score && (e.best_columns & ~best) == 0) return "";
  return Connect4::to_text(p) + ": book score " + std::to_string(e.score) + " columns " +
         columns_text(e.best_columns) + ", solver score " + std::to_string(fresh.score) +
         " columns " + columns_text(best);
}

int check(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto options = read_options(args, {"samples", "seed", "plies"});
  const auto samples = options ? number_option(*options, "samples", 20, 1, 1000000) : std::nullopt;
  const auto seed = options ? number_option(*options, "seed", 1, 0, ~0ull) : std::nullopt;
  const auto min_plies = options ? number_option(*options, "plies", 0, 0, 42) : std::nullopt;
  if (!samples || !seed || !min_plies) return usage(err);
  const Parsed<Connect4Book> book = load_book(args[2]);
  if (!book) {
    err << "error book: " << book.error() << "\n";
    return 2;
  }
  std::vector<Connect4::Position> held;
  for (const Connect4::Position& p : book->positions())
    if (p.plies >= *min_plies) held.push_back(p);
  std::mt19937_64 rng(*seed);
  std::shuffle(held.begin(), held.end(), rng);
  held.resize(std::min<std::size_t>(held.size(), *samples));
  std::size_t wrong = 0;
  for (const Connect4::Position& p : held)
    if (const std::string problem = recheck(p, *book->find(p)); !problem.empty()) {
      out << "wrong " << problem << "\n";
      ++wrong;
    }
  out << "book check samples " << held.size() << " wrong " << wrong << "\n";
  return wrong ? 1 : 0;
}

}  // namespace

int connect4_book_tool(const ToolCall& call) {
  const std::vector<std::string>& args = call.args;
  std::ostream &out = call.out, &err = call.err;
  if (args.size() < 3) return usage(err);
  if (args[1] == "build") return build(args, out, err);
  if (args[1] == "pack") return pack(args, out, err);
  if (args[1] == "check") return check(args, out, err);
  if (args[1] == "info") return info(args, out, err);
  err << "error book: unknown sub-command '" << args[1] << "'\n";
  return usage(err);
}

}  // namespace arcade
