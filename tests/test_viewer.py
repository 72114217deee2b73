"""`halite view` pages opened in headless Chromium (docs/viewer.md).

usage: test_viewer.py CASE HALITE CHROMIUM TESTDATA [KAGGLE_REPLAYS]

CASE is one of
  replays    every replay of TESTDATA/replays and TESTDATA/kaggle-env (and
             KAGGLE_REPLAYS/*.json when that folder exists), and games played
             on boards of 2, 5 and 32 cells a side: the page opens
             with no error and no network request, the board it drew at
             a set of steps is the replay's recorded state (ships, yards,
             cargo, cell halite, exactly), and its spawns, conversions and
             losses are the units that appear and vanish in the replay
  trace      a hand-written trace (TESTDATA/viewer/s12_trace.jsonl): the page
             opened at #step=30&unit=2-1 shows its recorded reason; a click on
             another unit and the arrow key show theirs
  two-games  two games of one seed side by side: one step for both, both
             boards drawn, charts overlaid; `halite play` prints the view line
  bad-input  malformed replays and traces: the command exits 1 naming the file
             and what was wrong; a page with damaged data shows a message
"""
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from viewer_browser import Browser  # noqa: E402


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def read_replay(path):
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    replay = json.loads(raw)
    if "replay" in replay and isinstance(replay["replay"], str):
        replay = json.loads(replay["replay"])
    return replay


def write_page(halite, out, *args):
    started = time.monotonic()
    run = subprocess.run([halite, "view", *args, "--out", out], capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"halite view {' '.join(args)}: exit {run.returncode}: {run.stderr}")
    return time.monotonic() - started


def open_page(page, path, fragment=""):
    page.navigate(f"file://{os.path.abspath(path)}{fragment}")
    problems = page.problems()
    page_errors = page.evaluate("window.haliteViewerErrors")
    if problems or page_errors:
        fail(f"{path}: page errors: {problems + page_errors}")


def recorded_board(replay, t):
    """The replay's state t as the page's drawn record spells it."""
    observation = replay["steps"][t][0]["observation"]
    ships, yards = [], []
    for p, (bank, player_yards, player_ships) in enumerate(observation["players"]):
        yards += [[uid, p, cell] for uid, cell in player_yards.items()]
        ships += [[uid, p, cell, cargo] for uid, (cell, cargo) in player_ships.items()]
    return {"halite": observation["halite"], "ships": sorted(ships), "yards": sorted(yards)}


def steps_to_check(replay):
    """First, second and last states, thirds of the game, and the first
    state after step 1 in which a ship is gone (lost or converted)."""
    count = len(replay["steps"])
    steps = {0, 1, count // 3, count // 2, (2 * count) // 3, count - 1}

    def ship_ids(t):
        return {uid for p in replay["steps"][t][0]["observation"]["players"] for uid in p[2]}

    for t in range(2, count):
        if ship_ids(t - 1) - ship_ids(t):
            steps.add(t)
            break
    return sorted(s for s in steps if 0 <= s < count)


def check_drawn_board(page, replay, t, name, game=0):
    page.evaluate(f"haliteViewer.seek({t})")
    drawn = page.evaluate("JSON.stringify(haliteViewer.drawn())")
    board = json.loads(drawn)["games"][game]
    expected = recorded_board(replay, t)
    if board["step"] != t:
        fail(f"{name}: asked for step {t}, the page drew {board['step']}")
    for key in ("ships", "yards"):
        if sorted(board[key]) != expected[key]:
            fail(f"{name} step {t}: {key} drawn {sorted(board[key])[:5]}..., recorded {expected[key][:5]}...")
    if board["halite"] != expected["halite"]:
        cell = next(c for c, (a, b) in enumerate(zip(board["halite"], expected["halite"])) if a != b)
        fail(f"{name} step {t}: cell {cell} drawn with {board['halite'][cell]}, recorded {expected['halite'][cell]}")


def check_events(page, replay, name):
    """The page's events against the replay's unit ids from state to state:
    a spawn for each new ship, a conversion or a loss for each ship gone, a
    conversion for each new shipyard, a shipyard loss for each yard gone."""
    events = page.evaluate("haliteViewer.app.games[0].events.map((e) => [e.step, e.type, e.unit])")
    by_step = {}
    for step, kind, unit in events:
        by_step.setdefault((step, kind), set()).add(unit)

    def ids(t, kind):
        return {uid for p in replay["steps"][t][0]["observation"]["players"] for uid in p[kind]}

    for t in range(1, len(replay["steps"])):
        ships_before, ships_after = ids(t - 1, 2), ids(t, 2)
        yards_before, yards_after = ids(t - 1, 1), ids(t, 1)
        got = {kind: by_step.get((t, kind), set()) for kind in ("spawn", "convert", "ship_lost", "yard_lost")}
        if got["spawn"] != ships_after - ships_before:
            fail(f"{name} step {t}: spawn events {got['spawn']}, new ships {ships_after - ships_before}")
        if got["convert"] | got["ship_lost"] != ships_before - ships_after or got["convert"] & got["ship_lost"]:
            fail(f"{name} step {t}: conversions {got['convert']} and losses {got['ship_lost']}, "
                 f"ships gone {ships_before - ships_after}")
        if len(got["convert"]) != len(yards_after - yards_before):
            fail(f"{name} step {t}: {len(got['convert'])} conversions, {len(yards_after - yards_before)} new yards")
        if got["yard_lost"] != yards_before - yards_after:
            fail(f"{name} step {t}: yard losses {got['yard_lost']}, yards gone {yards_before - yards_after}")
    return len(events)


def replay_files(testdata, kaggle_folder):
    files = []
    for folder in ("replays", "kaggle-env"):
        path = os.path.join(testdata, folder)
        files += sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".json.gz"))
    if kaggle_folder and os.path.isdir(kaggle_folder):
        files += sorted(os.path.join(kaggle_folder, f) for f in os.listdir(kaggle_folder) if f.endswith(".json"))
    else:
        print(f"note: {kaggle_folder} is absent: the two downloaded Kaggle episodes are not viewed")
    return files


def played_games(halite, work):
    """Games at the board sizes the stored replays lack: the smallest the
    engine accepts (2), a small one (5) and the largest (32)."""
    files = []
    for size, players in ((2, 1), (5, 4), (32, 4)):
        out = os.path.join(work, f"played_size{size}_{players}p.json")
        run = subprocess.run([halite, "play", "--size", str(size), "--players", str(players), "--seed", "5",
                              "--episode-steps", "60", "--agents", ",".join(["random"] * players), "--out", out],
                             capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"halite play --size {size}: {run.stderr}")
        files.append(out)
    return files


def case_replays(halite, browser, work, testdata, kaggle_folder):
    page = browser.new_page()
    files = replay_files(testdata, kaggle_folder) + played_games(halite, work)
    write_seconds = 0.0
    for path in files:
        name = os.path.basename(path)
        out = os.path.join(work, name + ".html")
        write_seconds += write_page(halite, out, path)
        open_page(page, out)
        replay = read_replay(path)
        checked = steps_to_check(replay)
        for t in checked:
            check_drawn_board(page, replay, t, name)
        events = check_events(page, replay, name)
        timing = page.evaluate("haliteViewer.timing")
        print(f"{name}: steps {checked} match, {events} events agree; opened in {timing['opened_ms']:.0f} ms")
    print(f"{len(files)} replays; halite view took {write_seconds:.1f} s in all")
    # The speed figures of docs/viewer.md: a 400-step 4-player game on 21x21.
    s12 = os.path.join(work, "s12_4p_s21_greedy_x4.json.gz.html")
    open_page(page, s12)
    timing = page.evaluate("haliteViewer.timing")
    bench = page.evaluate("haliteViewer.benchmark()")
    print(f"speed (s12, 4 players, 400 steps, 21x21): opened in {timing['opened_ms']:.0f} ms "
          f"(data parsed and checked in {timing['parse_ms']:.0f} ms); one step drawn in "
          f"{bench['median_ms']:.2f} ms median, {bench['p95_ms']:.2f} ms p95, {bench['max_ms']:.2f} ms max")


def text_of(page, element_id):
    return page.evaluate(f"document.getElementById({json.dumps(element_id)}).textContent")


def case_trace(halite, browser, work, testdata):
    replay_path = os.path.join(testdata, "replays", "s12_4p_s21_greedy_x4.json.gz")
    out = os.path.join(work, "s12_trace.html")
    write_page(halite, out, replay_path, "--trace", os.path.join(testdata, "viewer", "s12_trace.jsonl"))
    page = browser.new_page()
    # Opened at a step with a unit selected, from the URL as a link would.
    open_page(page, out, "#step=30&unit=2-1&debug=1")
    trace = text_of(page, "trace-panel")
    for expected in ("return", "SOUTH", "41.5", "NORTH", "38.25", "0.1", "400"):
        if expected not in trace:
            fail(f"step 30, unit 2-1: the trace panel lacks {expected!r}: {trace!r}")
    debug = json.loads(text_of(page, "debug-drawn"))
    if debug["step"] != 30 or debug["selected"]["id"] != "2-1":
        fail(f"the #debug-drawn record is not of step 30 and unit 2-1: {debug['step']}, {debug['selected']}")
    # The right arrow goes to step 31, where the trace records 2-1 going north.
    page.key("ArrowRight", "ArrowRight", 39)
    if page.evaluate("haliteViewer.drawn().step") != 31:
        fail("the right arrow key did not step forward")
    trace = text_of(page, "trace-panel")
    if "NORTH" not in trace or "380" not in trace:
        fail(f"step 31, unit 2-1: expected the recorded NORTH with 380 visits, got {trace!r}")
    # Player 0's shipyard 1-1 has ship 6-1 on it at step 31: a second click
    # on the cell selects the yard and shows its recorded spawn. An extra key
    # of a record ("target" of player 1's 2-2) is shown too.
    for unit, cell, step, clicks, expected in (("1-1", 110, 31, 2, "SPAWN"), ("2-2", 122, 30, 1, "target6-1")):
        page.evaluate(f"haliteViewer.seek({step})")
        centre = page.evaluate(f"haliteViewer.cellCentre(0, {cell})")
        for _ in range(clicks):
            page.click(centre["x"], centre["y"])
        selected = page.evaluate("haliteViewer.drawn().selected")
        trace = text_of(page, "trace-panel")
        if not selected or selected["id"] != unit or expected not in trace.replace(" ", ""):
            fail(f"a click on cell {cell} at step {step}: selected {selected}, trace {trace!r}")
    page.evaluate("haliteViewer.seek(200)")
    if "no trace record for 2-2 at step 200" not in text_of(page, "trace-panel"):
        fail(f"a step the trace does not cover: {text_of(page, 'trace-panel')!r}")
    if page.problems():
        fail(f"page errors: {page.problems()}")
    print("trace: the recorded reasons show for the selected units (URL, arrow key, clicks)")


def case_two_games(halite, browser, work, testdata):
    replays = []
    for agents in ("greedy,miner", "greedy,random"):
        out = os.path.join(work, f"two-{agents.replace(',', '-')}.json")
        run = subprocess.run([halite, "play", "--players", "2", "--seed", "7", "--episode-steps", "120",
                              "--agents", agents, "--out", out], capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"halite play: {run.stderr}")
        if f"view: halite view {out} --out " not in run.stdout:
            fail(f"halite play does not print the view command: {run.stdout}")
        replays.append(out)
    page_path = os.path.join(work, "two.html")
    write_page(halite, page_path, *replays)
    page = browser.new_page()
    open_page(page, page_path)
    for t in (0, 60, 119):
        for g, path in enumerate(replays):
            check_drawn_board(page, read_replay(path), t, os.path.basename(path), game=g)
    drawn = page.evaluate("haliteViewer.drawn()")
    if len(drawn["games"]) != 2 or {g["step"] for g in drawn["games"]} != {119}:
        fail(f"two games should show one step: {[g['step'] for g in drawn['games']]}")
    lines = page.evaluate("haliteViewer.app.charts.map((c) => c.lines.length)")
    if lines != [4] * 5:
        fail(f"each chart should overlay 2 games x 2 players: {lines}")
    page.key("Home", "Home", 36)
    if page.evaluate("haliteViewer.drawn().games.map((g) => g.step)") != [0, 0]:
        fail("Home should take both games to step 0")
    print("two games: one step for both boards, charts overlaid")


def damaged_page(good_html, change):
    """good_html with its embedded data passed through change(data) -> text."""
    start = good_html.index('<script type="application/json" id="viewer-data">') + len(
        '<script type="application/json" id="viewer-data">')
    end = good_html.index("</script>", start)
    return good_html[:start] + change(json.loads(good_html[start:end])) + good_html[end:]


def check_cli_refuses(halite, work, args, expected, what):
    run = subprocess.run([halite, "view", *args, "--out", os.path.join(work, "refused.html")],
                         capture_output=True, text=True)
    if run.returncode != 1 or not re.search(expected, run.stderr):
        fail(f"{what}: expected exit 1 and /{expected}/, got {run.returncode}: {run.stderr!r}")
    print(f"{what}: {run.stderr.strip()}")


def bad_input_cli(halite, work, testdata):
    good = os.path.join(testdata, "replays", "s15_2p_s11_greedy_rammer.json.gz")
    replay = read_replay(good)
    files = {}

    def write(name, text):
        files[name] = os.path.join(work, name)
        with open(files[name], "w") as f:
            f.write(text)

    write("truncated.json", json.dumps(replay)[:5000])
    broken = json.loads(json.dumps(replay))
    broken["configuration"]["size"] = "eleven"
    write("wrong-type.json", json.dumps(broken))
    changed = json.loads(json.dumps(replay))
    changed["steps"][5][0]["observation"]["players"][0][0] += 1
    write("changed-bank.json", json.dumps(changed))
    write("trace-not-json.jsonl", '{"step": 3, "player": 0, "units": [\n')
    write("trace-past-end.jsonl", '{"step": 900, "player": 0, "units": []}\n')
    write("trace-no-id.jsonl", '{"step": 3, "player": 0, "units": [{"action": "NORTH"}]}\n')
    check_cli_refuses(halite, work, [files["truncated.json"]], r"truncated\.json.*(parse|JSON|json)", "truncated replay")
    check_cli_refuses(halite, work, [files["wrong-type.json"]], r"wrong-type\.json.*size", "replay with a wrong type")
    check_cli_refuses(halite, work, [files["changed-bank.json"]], r"changed-bank\.json: replay does not reproduce: step 5, "
                      r"player 0, bank", "replay that does not reproduce")
    check_cli_refuses(halite, work, [os.path.join(work, "missing.json")], r"missing\.json", "missing replay")
    check_cli_refuses(halite, work, [good, "--trace", files["trace-not-json.jsonl"]],
                      r"trace-not-json\.jsonl line 1", "trace line that is not JSON")
    check_cli_refuses(halite, work, [good, "--trace", files["trace-past-end.jsonl"]],
                      r"trace-past-end\.jsonl line 1: step 900", "trace step past the game")
    check_cli_refuses(halite, work, [good, "--trace", files["trace-no-id.jsonl"]],
                      r"trace-no-id\.jsonl line 1, units\[0\]: \"id\"", "trace unit without an id")


def hostile_team_name(halite, browser, work, testdata):
    """A team name that would end the page's <script> if written raw stays text."""
    replay = read_replay(os.path.join(testdata, "replays", "s15_2p_s11_greedy_rammer.json.gz"))
    name = "</script><b>x</b><!--"
    replay["info"]["TeamNames"] = [name, "greedy"]
    path = os.path.join(work, "hostile.json")
    with open(path, "w") as f:
        json.dump(replay, f)
    write_page(halite, os.path.join(work, "hostile.html"), path)
    page = browser.new_page()
    open_page(page, os.path.join(work, "hostile.html"))
    if name not in text_of(page, "players-0"):
        fail(f"the team name {name!r} is not shown as text: {text_of(page, 'players-0')!r}")
    print(f"team name {name!r}: shown as text, the page intact")


def bad_input_page(halite, browser, work, testdata):
    hostile_team_name(halite, browser, work, testdata)
    good = os.path.join(work, "good.html")
    write_page(halite, good, os.path.join(testdata, "replays", "s15_2p_s11_greedy_rammer.json.gz"))
    with open(good) as f:
        good_html = f.read()

    def short_row(data):
        data["games"][0]["halite"][5].pop()
        return json.dumps(data)

    def unknown_unit(data):
        data["games"][0]["ships"][7][0] = 99999
        return json.dumps(data)

    cases = [
        ("not JSON", lambda data: json.dumps(data)[:20000], "not valid JSON"),
        ("wrong format", lambda data: json.dumps({**data, "format": "halite-view/0"}), 'format should be "halite-view/1"'),
        ("short halite row", short_row, r"games\[0\]\.halite\[5\] should be 121 cell values, got 120"),
        ("unknown unit", unknown_unit, r"games\[0\]\.ships\[7\]\[0\] is not a ship of units"),
    ]
    page = browser.new_page()
    for name, change, expected in cases:
        path = os.path.join(work, f"damaged-{name.replace(' ', '-')}.html")
        with open(path, "w") as f:
            f.write(damaged_page(good_html, change))
        page.navigate(f"file://{path}")
        shown = page.evaluate("(() => { const e = document.getElementById('page-error');"
                              " return e.hidden ? '' : e.textContent; })()")
        if not re.search(expected, shown):
            fail(f"damaged page ({name}): expected a message /{expected}/, the page shows {shown!r}")
        page.problems()  # drained: a damaged page is expected to report
        print(f"damaged page ({name}): {shown}")


def main():
    if len(sys.argv) < 5:
        fail(__doc__)
    case, halite, chromium, testdata = sys.argv[1:5]
    kaggle_folder = sys.argv[5] if len(sys.argv) > 5 else None
    if not shutil.which(chromium):
        print(f"skipped: {chromium} not found (bash scripts/install_deps.sh installs Debian's chromium)")
        sys.exit(77)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="halite-view-test-") as work:
        browser = Browser(chromium, os.path.join(work, "profile"))
        try:
            if case == "replays":
                case_replays(halite, browser, work, testdata, kaggle_folder)
            elif case == "trace":
                case_trace(halite, browser, work, testdata)
            elif case == "two-games":
                case_two_games(halite, browser, work, testdata)
            elif case == "bad-input":
                bad_input_cli(halite, work, testdata)
                bad_input_page(halite, browser, work, testdata)
            else:
                fail(f"unknown case {case}")
        finally:
            browser.close()
    print(f"OK ({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    main()
