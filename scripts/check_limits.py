#!/usr/bin/env python3
"""Checks the limits that keep the code readable and the architecture honest.

  - no tracked source file over MAX_FILE_LINES lines;
  - no C++ function body over MAX_FUNCTION_LINES lines;
  - search/'s rooms in order: the core (include/halite/search/*.h, src/*.cpp)
    uses no room, policy/ only the core, model/ the core and policy/,
    planners/ all three; builtin.cpp, the list of built-in planners, is the
    one core source that sees every room;
  - Halite III's layers: search3/ and bot3/ include, of the project's
    headers, only halite3/ (engine3/, search3/, bot3/'s protocol) and search/'s
    core (halite/search/*.h: its parameters), never a room of search/ nor
    the Halite IV engine, lab or bot; search3/ never includes bot3/'s
    halite3/bot/.

Usage: check_limits.py [--root DIR] [--report]
  --root DIR  the repository (default: this script's parent's parent)
  --report    print every file and function over half its limit too

Exit status 0 when every limit holds, 1 otherwise (each breach on a line of
its own, as FILE:LINE: what), 2 on a usage error.

Function bodies are found by a scan, not a compiler: a '{' whose statement
has a ')' before it and stands at namespace or class scope opens a function
(lambdas and blocks inside a function count toward it). Strings, characters
and comments are skipped. It finds every function this code base writes;
a construct it misreads would show up as a breach to look at, never as a
silent pass of a long function, since any brace pair at namespace scope
with a ')' before it is measured.
"""

import argparse
import os
import re
import subprocess
import sys

MAX_FILE_LINES = 1000
MAX_FUNCTION_LINES = 120
SOURCE_ENDINGS = (".cpp", ".h", ".hpp", ".py", ".sh", ".js", ".in")
CXX_ENDINGS = (".cpp", ".h", ".hpp")
# Records and third-party material: not the project's code.
NOT_SOURCE_PREFIXES = ("docs/arena-runs/", "testdata/")
SEARCH_ROOMS = ["", "policy", "model", "planners"]  # in order: each may use the ones before it
SEES_EVERY_ROOM = {"search/src/builtin.cpp"}


def tracked_files(root):
    out = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if f.endswith(SOURCE_ENDINGS) and not f.startswith(NOT_SOURCE_PREFIXES)]


def strip_code(text):
    """The text with comments, strings and character literals blanked
    (newlines kept, so line numbers hold)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = ")" + m.group(1) + '"'
            j = text.find(end, i + m.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and (text[i - 1].isalnum()):  # a digit separator: 1'000
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def function_spans(text):
    """(first line, last line, name) of each function body at namespace or
    class scope."""
    code = strip_code(text)
    spans = []
    stack = []  # per open brace: ("namespace" | "class" | "function" | "other", line, name)
    statement_start = 0
    line = 1
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
            if code[statement_start:i].lstrip().startswith("#"):
                statement_start = i + 1  # a preprocessor line ends here
        elif c == "{":
            head = code[statement_start:i]
            inside_function = any(kind == "function" for kind, _, _ in stack)
            if inside_function:
                kind = "other"
            elif re.search(r"\bnamespace\b[^()]*$", head) or re.search(r'\bextern\s*""\s*$', head):
                kind = "namespace"
            elif re.search(r"\b(class|struct|union|enum)\b[^()=]*$", head):
                kind = "class"
            elif ")" in head and not re.search(r"=\s*$", head):
                kind = "function"
            else:
                kind = "other"
            name = ""
            if kind == "function":
                m = re.search(r"([~\w:<>]+)\s*\(", head)
                name = m.group(1) if m else "?"
            stack.append((kind, line, name))
            statement_start = i + 1
        elif c == "}":
            if stack:
                kind, first, name = stack.pop()
                if kind == "function":
                    spans.append((first, line, name))
            statement_start = i + 1
        elif c == ";":
            statement_start = i + 1
        elif c == ":" and stack and stack[-1][0] == "class" and re.search(r"\b(public|private|protected)\s*$", code[statement_start:i]):
            statement_start = i + 1
        elif c == "#" and code[code.rfind("\n", 0, i) + 1:i].strip() == "":
            statement_start = i  # a preprocessor line: a statement of its own
    return spans


def room_of(path):
    """(the room's index in SEARCH_ROOMS, or None outside search/)."""
    for prefix in ("search/include/halite/search/", "search/src/"):
        if path.startswith(prefix):
            rest = path[len(prefix):]
            room = rest.split("/")[0] if "/" in rest else ""
            return SEARCH_ROOMS.index(room) if room in SEARCH_ROOMS else None
    return None


def room_breaches(path, text):
    here = room_of(path)
    if here is None or path in SEES_EVERY_ROOM:
        return []
    breaches = []
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r'\s*#\s*include\s+"halite/search/([^"]+)"', line)
        if not m:
            continue
        target = m.group(1)
        room = target.split("/")[0] if "/" in target else ""
        if room in SEARCH_ROOMS and SEARCH_ROOMS.index(room) > here:
            breaches.append(f"{path}:{number}: includes {target}: room '{SEARCH_ROOMS[here] or 'core'}' "
                            f"may not use '{room}' (order: core, policy, model, planners)")
    return breaches


HALITE3_LAYERS = ("search3/", "bot3/")


def halite3_breaches(path, text):
    if not path.startswith(HALITE3_LAYERS):
        return []
    breaches = []
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
        if not m:
            continue
        target = m.group(1)
        core = target.startswith("halite/search/") and "/" not in target[len("halite/search/"):]
        own = target.startswith("halite3/") and not (path.startswith("search3/") and target.startswith("halite3/bot/"))
        if not (core or own):
            breaches.append(f"{path}:{number}: includes {target}: Halite III's layers see halite3/ and "
                            f"search/'s core only (search3/ not bot3/)")
    return breaches


def check(root, report):
    breaches, notes = [], []
    for path in tracked_files(root):
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            continue
        with open(full, encoding="utf-8", errors="replace") as f:
            text = f.read()
        lines = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if lines > MAX_FILE_LINES:
            breaches.append(f"{path}:1: {lines} lines (limit {MAX_FILE_LINES})")
        elif report and lines > MAX_FILE_LINES // 2:
            notes.append(f"{path}: {lines} lines")
        if path.endswith(CXX_ENDINGS):
            for first, last, name in function_spans(text):
                length = last - first + 1
                if length > MAX_FUNCTION_LINES:
                    breaches.append(f"{path}:{first}: function {name} is {length} lines (limit {MAX_FUNCTION_LINES})")
                elif report and length > MAX_FUNCTION_LINES // 2:
                    notes.append(f"{path}:{first}: function {name}: {length} lines")
            breaches.extend(room_breaches(path, text))
            breaches.extend(halite3_breaches(path, text))
    return breaches, notes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.root, ".git")) and not os.path.isfile(os.path.join(args.root, ".git")):
        print(f"check_limits.py: {args.root} is not a git checkout", file=sys.stderr)
        return 2
    breaches, notes = check(args.root, args.report)
    for n in notes:
        print("note: " + n)
    for b in breaches:
        print(b)
    print(f"check_limits: {len(breaches)} breach(es)")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
