#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora, tests/fuzz/corpus/<target>/.

    python3 tests/fuzz/make_corpus.py

Seeds are valid inputs (and a few typical mistakes) that start each fuzzer
deep in its input's format rather than at random bytes: real position
strings and moves of every game, protocol sessions that use every command,
slices of the shipped opening book and damaged copies of them, real saved
games as GameController::save writes them. The position strings were printed
by the engine itself (`arcade`, the `d` command). Running this again rewrites
the same files; the corpus folders hold nothing else.
"""

import pathlib
import shutil
import struct

FUZZ_DIR = pathlib.Path(__file__).resolve().parent
REPO = FUZZ_DIR.parent.parent
BOOK = REPO / "data" / "connect4_opening.book"

# --- game_text: byte 0 picks the game (its value modulo the number of games,
# in the order of src/games/games.txt: '0', '1', '2', '3', '4'), then a position
# string, a newline, a move text.

TICTACTOE = "0"
CONNECT4 = "1"
WOLFSHEEP = "2"
REVERSI = "3"
PACMAN = "4"

GAME_TEXT = {
    "tictactoe_start": (TICTACTOE, ".../.../...", "b2"),
    "tictactoe_three_moves": (TICTACTOE, "..x/.x./o..", "c1"),
    "tictactoe_x_won": (TICTACTOE, "x../xo./xo.", "c3"),
    "tictactoe_full": (TICTACTOE, "xox/oxx/oxo", "a1"),
    "tictactoe_square_taken": (TICTACTOE, "x.o/.x./..o", "b2"),
    "tictactoe_not_a_square": (TICTACTOE, "x.o/.x./..o", "d4"),
    "tictactoe_too_many_x": (TICTACTOE, "xxx/.../...", "a1"),
    "connect4_moves": (CONNECT4, "4453", "4"),
    "connect4_board": (CONNECT4, "......./......./......./......./...o.../..oxx..", "3"),
    "connect4_centre_full": (CONNECT4, "...o.../...x.../...o.../...x.../...o.../...x...", "4"),
    "connect4_x_won": (CONNECT4, "......./......./......./......./ooo..../xxxx...", "5"),
    "connect4_drawn": (CONNECT4, "oxoxxox/xxxooox/oooxxxo/xxxooox/xoooxxo/xxooxoo", "1"),
    "connect4_late": (CONNECT4, "ox.x.../xx.o.../ooox.../xxxo.ox/xoooxxo/xxooxoo", "6"),
    "connect4_floating": (CONNECT4, "......./......./......./...x.../......./...o...", "4"),
    "connect4_after_a_win": (CONNECT4, "11223345", "6"),
    "connect4_column_full": (CONNECT4, "4444444", "4"),
    "wolfsheep_start": (WOLFSHEEP, "1w1w1w1w/8/8/8/8/8/8/4s3 s", "d2"),
    "wolfsheep_from_to": (WOLFSHEEP, "1w1w1w1w/8/8/8/8/8/8/4s3 s", "e1-f2"),
    "wolfsheep_wolves_to_move": (WOLFSHEEP, "3w1w1w/w7/8/8/8/8/3s4/8 s", "d2e3"),
    "wolfsheep_wolves_won": (WOLFSHEEP, "8/8/8/8/1w6/8/1w1w1w2/s7 s", "b2"),
    "wolfsheep_wolves_move": (WOLFSHEEP, "1w1w1w1w/8/8/8/8/8/3s4/8 w", "b8a7"),
    "wolfsheep_light_square": (WOLFSHEEP, "w1w1w1w1/8/8/8/8/8/8/4s3 s", "d2"),
    "wolfsheep_no_side": (WOLFSHEEP, "1w1w1w1w/8/8/8/8/8/8/4s3", "e1d2"),
    # Reversi: the board's 64 squares row by row from a1 (X black, O white,
    # - empty), then the side to move; FFO #1 (fforum-1-19.obf); random games'
    # positions where the side to move can only pass, and one that is over.
    "reversi_start": (REVERSI, "-" * 27 + "OX------XO" + "-" * 27 + " X", "f5"),
    "reversi_three_moves": (REVERSI, "-" * 27 + "OX------XXX------XO" + "-" * 18 + " O", "f6"),
    "reversi_ffo_1": (REVERSI, "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX"
                               "--XOXOXX-XXXOOO--OOOOO-- X", "g8"),
    "reversi_must_pass": (REVERSI, "XXXXXXX-XXXXXOXXXXXXXOXXXXXXXOX-XOOXXOXO"
                                   "XOOOOXXOXXXXXOXO--OOOOOO X", "pass"),
    "reversi_pass_not_legal": (REVERSI, "-" * 27 + "OX------XO" + "-" * 27 + " X", "pass"),
    "reversi_pass_then_move": (REVERSI, "XXXXXXXXXXXXXXXOXXXOOXOOXXXOXO-OXOOXOOOO"
                                        "XOOOOXO-X-OOOOXX----OXXX O", "a1"),
    "reversi_full_board": (REVERSI, "X" * 40 + "O" * 24 + " O", "a1"),
    "reversi_no_flip": (REVERSI, "-" * 27 + "OX------XO" + "-" * 27 + " X", "a1"),
    "reversi_no_side": (REVERSI, "-" * 27 + "OX------XO" + "-" * 27, "d3"),
    "reversi_not_a_square": (REVERSI, "-" * 27 + "OX------XO" + "-" * 27 + " X", "i9"),
    "pacman_bare_maze": (PACMAN, "%%%%%%%/%P..o.%/%.%%%.%/%....G%/%%%%%%%", "E"),
    "pacman_in_play": (PACMAN, "%%%%%%/%P_._%/%%%%%%:-1:1:0:3.1.4.1.W.0", "stop"),
    "pacman_ghost_to_move": (PACMAN, "%%%%%%%/%.P__%%/%%%%%%%:-1:0:1:4.1.4.1.-.40", "W"),
    "pacman_caught": (PACMAN, "%%%%%%/%P_._%/%%%%%%:-501:1:0:1.1.3.1.W.0!", "E"),
    "pacman_ghost_cannot_stop": (PACMAN, "%%%%%%/%P_._%/%%%%%%:-1:0:1:4.1.4.1.-.0", "Stop"),
    "pacman_ragged": (PACMAN, "%%%%%/%P.G/%%%%%", "north"),
    # Issue 32: more points than 200 rounds with one ghost can reach.
    "pacman_score_beyond_reach": (PACMAN, "%%%%%%/%P_._%/%%%%%%:300000:200:0:3.1.4.1.W.0", "E"),
}

# --- protocol: one command a line.

PROTOCOL = {
    "basics": ["isready", "d", "moves", "help", "newgame", "ucinewgame"],
    "tictactoe_search": [
        "position startpos moves b2 a1",
        "setoption name Seed value 7",
        "go depth 3",
        "position x.o/.x./..o",
        "go",
        "setoption name RootScores value true",
        "go movetime 10",
    ],
    "connect4_game": [
        "game connect4",
        "position 4453",
        "d",
        "setoption name Level value 3",
        "go depth 4",
        "moves",
        "perft 3",
    ],
    "connect4_book": ["game connect4", "position startpos moves 4 4", "go", "solve"],
    "connect4_late_solve": [
        "game connect4",
        "position ox.x.../xx.o.../ooox.../xxxo.ox/xoooxxo/xxooxoo",
        "solve",
        "go infinite",
    ],
    "connect4_without_book": [
        "setoption name OwnBook value false",
        "game connect4",
        "position 444444",
        "go nodes 500",
    ],
    "wolfsheep_game": [
        "game wolfsheep",
        "position startpos moves e1d2 b8a7",
        "d",
        "moves",
        "solve",
        "perft 4",
        "position 3w1w1w/w7/8/8/8/8/3s4/8 s moves c3",
        "go",
    ],
    "options": [
        "setoption name Hash value 2",
        "setoption name Algorithm value minimax",
        "setoption name Table value false",
        "setoption name Ordering value off",
        "setoption name Iterative value 0",
        "setoption name RandomTies value true",
        "setoption name Level value 1",
        "go depth 2",
    ],
    "errors": [
        "frobnicate",
        "position",
        "position startpos moves z9",
        "position xx/ooo",
        "go depth -3",
        "go nodes 0",
        "go sideways",
        "perft many",
        "perft 99",
        "setoption name Hash value 65",
        "setoption name Level value 6",
        "setoption name Bogus value 1",
        "game chess",
        "game",
    ],
    "lab": [
        "tree depth 2",
        "tree depth 3 algorithm minimax ordering off table off limit 10",
        "eval",
        "setoption name TwoInLine value -20",
        "game connect4",
        "setoption name Weights value tutorial",
        "eval",
        "tree depth 2 limit 0",
    ],
    "finished_game": ["position xxx/oo./...", "go", "moves", "d", "tree depth 3", "eval"],
    "stop_and_quit": ["go depth 2", "stop", "isready", "quit", "d"],
    # Issue 32: a long search's history counters overflowed (UBSan in
    # search.h's remember_cutoff). The harness skips trees deeper than 4, so
    # this seed gives the fuzzer the words; the bound itself is checked in
    # tests/search_history_test.cpp.
    "connect4_deep_tree_stopped": [
        "game connect4",
        "tree depth 64 algorithm alphabeta deepening off table off ordering off",
        "stop",
    ],
    # Issue 32: a score no game reaches, times the largest weight, overflowed
    # the evaluation (refused now), and a legal one that still overflows 32
    # bits (evaluated exactly now).
    "pacman_eval_of_a_huge_score": [
        "game pacman",
        "position %%%%%%/%P_._%/%%%%%%:300000:200:0:3.1.4.1.W.0",
        "setoption name Score value 10000",
        "eval",
        "position %%%%%%%%%%/%P.______%/%%%%%%%%%%:250000:400:0:5.1.5.1.-.0:6.1.6.1.-.0:"
        "7.1.7.1.-.0:8.1.8.1.-.0",
        "eval",
        "go depth 2",
    ],
    # Each refused, changing nothing (issue 23); the lines of megabytes are
    # written at run time (protocol_long_lines.cmake).
    "extra_words": [
        "position startpos moves b2",
        "d now",
        "stop now",
        "isready x",
        "solve x",
        "eval x",
        "moves\tx",
        "ponderhit now",
        "newgame x",
        "go ponder depth abc",
        "ponderhit",
        "solve",
        "quit now",
        "d",
    ],
}

# --- saved_game: GameController::save's format.

SAVE_HEADER = "minimax-arcade-save 1"


def save(game, start="startpos", moves="", redo="", paused=0, sides=("human 3", "ai 3")):
    return (f"{SAVE_HEADER}\ngame {game}\nstart {start}\nmoves {moves}\nredo {redo}\n"
            f"paused {paused}\nside0 {sides[0]}\nside1 {sides[1]}\n")


V4_WHOLE = ("minimax-arcade-save 4\ngame connect4\nstart startpos\nmoves 4 4 3 3 5\nredo 2\n"
            "paused 0\nside0 human 2\nside1 ai 4\nkept game=tictactoe&moves=b2.a1\n"
            "sides tictactoe human 3 ai 1 paused\nend 10\n")

SAVED_GAME = {
    "new_game": save("tictactoe"),
    "tictactoe_with_redo": save("tictactoe", moves="b2 a1", redo="c3"),
    "connect4_paused": save("connect4", moves="4 4 3", redo="5", paused=1,
                            sides=("ai 5", "ai 2")),
    "connect4_from_position": save("connect4", start="4453", moves="3"),
    "wolfsheep_start_square": save("wolfsheep", start="1w1w1w1w/8/8/8/8/8/8/s7 s",
                                   moves="a1b2 b8a7", sides=("human 4", "human 1")),
    "wolfsheep_over": save("wolfsheep", start="8/8/8/8/1w6/8/1w1w1w2/s7 s"),
    "not_a_save": "minimax-arcade-save 2\ngame tictactoe\n",
    "illegal_move": save("tictactoe", moves="b2 b2"),
    "unknown_game": save("chess"),
    "bad_side": save("tictactoe", sides=("robot 3", "ai 9")),
    # Version 4: the "end" line counts the lines before it.
    "v4_whole": V4_WHOLE,
    "v4_cut_mid_moves": V4_WHOLE[:V4_WHOLE.index(" 5\n") + 2],
    "v4_zero_byte": V4_WHOLE.replace("3 3", "3\0 3"),
    "v4_lines_missing": V4_WHOLE.replace("paused 0\n", ""),
    "v4_crlf_trailing_spaces": V4_WHOLE.replace("\n", " \r\n"),
    "v4_unknown_line": V4_WHOLE.replace("paused 0\n", "paused 0\ncolour blue\n").replace(
        "end 10", "end 11"),
    "v5_newer": V4_WHOLE.replace("save 4", "save 5"),
    # 0xFF, 16: the rest repeated to 17 x 64 KiB, over the 1 MiB cap
    # (fuzz_saved_game.cpp); 0xFF, 0: to 64 KiB, kept lines.
    "repeated_over_the_cap": b"\xff\x10" + V4_WHOLE.encode(),
    "repeated_kept_lines": b"\xff\x00kept game=tictactoe&moves=b2.a1\n",
}

# --- link: links and pasted text (fuzz_link.cpp). Byte 0: even a link, odd
# pasted; byte 0 / 2 picks the game on the board (0 Tic-tac-toe, 1 Connect
# Four, 2 Wolf and Sheep).

LINK = {
    "tictactoe_link": "\x00game=tictactoe&moves=b2.a1&redo=c3",
    "connect4_link": "\x02#game=connect4&moves=4.4.5.3",
    "connect4_url": "\x02https://example.org/arcade/index.html#game=connect4&moves=4.4",
    "wolfsheep_start": "\x04game=wolfsheep&start=c1&moves=c1d2.b8a7",
    "wolfsheep_position": "\x04game=wolfsheep&position=1w1w1w1w%2F8%2F8%2F8%2F8%2F8%2F3s4%2F8%20w",
    "bad_key": "\x00game=tictactoe&x=1",
    "key_twice": "\x00game=tictactoe&game=connect4",
    "pasted_moves": "\x034453",
    "pasted_spaced": "\x03 4, 4, 5, 3\n",
    "pasted_position": "\x03......./......./......./......./......./...x...",
    "pasted_link": "\x01  https://example.org/#game=tictactoe&moves=b2 ",
    "pasted_wolfsheep": "\x05c1d2 b8a7",
    # 0xFF, n: the rest repeated to (n + 1) x 64 KiB: over the cap of 65,536
    # characters, as a link and pasted; and 'é' (two bytes) to 64 KiB, 32,768
    # characters, under it.
    "repeated_link_over_the_cap": b"\x02\xff\x04game=connect4&moves=4.4.",
    "repeated_paste_over_the_cap": b"\x03\xff\x2f4 4 5 3 ",
    "repeated_two_byte_characters": b"\x01\xff\x00\xc3\xa9",
}

# --- connect4_book: the file format of games/connect4_book.h.

HEADER = struct.Struct("<4sBBBBI")  # magic, version, deepest ply, whole plies, 0, entries


def fnv1a(data):
    h = 2166136261
    for b in data:
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h


def plies_of(word):
    """The number of discs of an entry's position: its key holds, per column
    of 7 bits, the mover's discs plus 2^height - 1."""
    key = word >> 13
    return sum(((key >> (7 * c)) & 0x7F).__add__(1).bit_length() - 1 for c in range(7))


def book_file(words, max_plies=None, version=2, reserved=0, magic=b"C4OB", whole=0, values=b""):
    """A book file: the values of its whole plies (`whole` of them), then words."""
    if max_plies is None:  # the header names the deepest entry's ply
        max_plies = max((plies_of(w) for w in words), default=0)
    body = HEADER.pack(magic, version, max_plies, whole, reserved, len(words)) + values
    body += b"".join(struct.pack("<Q", w) for w in words)
    return body + struct.pack("<I", fnv1a(body))


def book_slices():
    data = BOOK.read_bytes()
    count = HEADER.unpack_from(data)[5]
    values = (len(data) - HEADER.size - 8 * count - 4) // 2  # the whole plies' values
    words = list(struct.unpack_from(f"<{count}Q", data, HEADER.size + 2 * values))
    spread = words[:: max(1, count // 40)]
    out = {
        "empty": book_file([]),
        "first_entry": book_file(words[:1]),
        "first_8": book_file(words[:8]),
        "every_400th": book_file(spread),
        "last_16": book_file(words[-16:]),
        # Ply 0 whole: the empty board's value (the first, key 0), then words.
        "whole_ply_0": book_file(words[:8], whole=1, values=data[HEADER.size : HEADER.size + 2]),
        # Damaged: each must be refused, for the reason in its name.
        "bad_magic": book_file(words[:4], magic=b"C4OX"),
        "bad_version": book_file(words[:4], version=1),
        "reserved_not_zero": book_file(words[:4], reserved=1),
        "out_of_order": book_file([words[1], words[0]] + words[2:4]),
        "too_deep": book_file(words[:4], max_plies=40),
        "no_best_column": book_file([words[0] & ~0x7F]),
    }
    truncated = bytearray(book_file(words[:4]))
    out["truncated"] = bytes(truncated[:-3])
    truncated[20] ^= 1
    out["bad_checksum"] = bytes(truncated)
    return out


def write_folder(name, files):
    folder = FUZZ_DIR / "corpus" / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for file_name, content in files.items():
        data = content.encode() if isinstance(content, str) else content
        (folder / file_name).write_bytes(data)


def main():
    write_folder("game_text", {n: g + p + "\n" + m for n, (g, p, m) in GAME_TEXT.items()})
    write_folder("protocol", {n: "\n".join(lines) + "\n" for n, lines in PROTOCOL.items()})
    write_folder("saved_game", SAVED_GAME)
    write_folder("link", LINK)
    write_folder("connect4_book", book_slices())


if __name__ == "__main__":
    main()
