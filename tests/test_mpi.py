"""halite arena and halite tune under mpirun against the same runs in one process.

usage: test_mpi.py MPIEXEC HALITE CASE
CASE: arena | tune | killed-rank | many-ranks

Run by CTest when CMake found MPI (tests/CMakeLists.txt). Works as root (the
variables that let Open MPI's mpirun run as root are set here) and as a user.
Python's standard library only.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

MPIEXEC, HALITE, CASE = sys.argv[1], sys.argv[2], sys.argv[3]
# Open MPI takes a job down with SIGTERM a second after a rank died, then
# SIGKILL a second later: on a loaded machine rank 0 may not have run its
# report by then, so both waits get longer, 2 s each. A job then ends about 2 s
# after the death, its report made (sanitizer build at load 4.5, 7 Dec 2026); at
# 5 s it took 8 s, most of this case's time.
MPI_ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_odls_base_sigkill_timeout="2")
# In the sanitizer build, every process checks its memory accesses (ASan,
# UBSan). Leaks: the one-process runs check theirs (fast unwinding). Under
# mpirun, Open MPI's own leaks at exit must be suppressed (see the file), which
# needs whole allocation stacks (Open MPI has no frame pointers: a stack cut at
# 8 frames misses its libraries), and unwinding slowly at every allocation is
# most of these cases' time (alone, sanitizer build: many-ranks 21.8 s against
# 3.8 s without leak checks, arena 18.9 s against 7.6 s, killed-rank 53.6 s
# against 32.8 s). So one case checks leaks under mpirun: tune, whose ranks run
# the cluster's code (Cluster::run on rank 0, the workers' loop) over several
# batches on 3 ranks and again on 2 when resumed; the other cases run the same
# cluster code for what they are about (the same games on 3 or 16 ranks, a
# killed rank) and leave leaks under mpirun to it.
LEAK_CHECKED_UNDER_MPIRUN = CASE == "tune"
if LEAK_CHECKED_UNDER_MPIRUN:
    MPI_ENV["LSAN_OPTIONS"] = ":".join(filter(None, [os.environ.get("LSAN_OPTIONS"), "suppressions=" + os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "lsan-openmpi.supp")]))
    MPI_ENV["ASAN_OPTIONS"] = ":".join(filter(None, [os.environ.get("ASAN_OPTIONS"), "fast_unwind_on_malloc=0"]))
else:
    MPI_ENV["ASAN_OPTIONS"] = ":".join(filter(None, [os.environ.get("ASAN_OPTIONS"), "detect_leaks=0"]))
# Attempts at catching a rank with a game in hand (not between two games) when it is made to crash.
CRASH_ATTEMPTS = 5
# A game played by every test here: short, so that a run takes seconds.
SHORT_GAMES = ["--size", "11", "--episode-steps", "40", "--iterations", "30", "--no-progress"]
# How long a killed-rank run may take to reach its first finished games, and to end.
STARTUP_SECONDS = 120
FAILURES = []


def check(condition, what):
    print(("ok: " if condition else "FAILED: ") + what, flush=True)
    if not condition:
        FAILURES.append(what)


def halite(args, ranks=None, wait=True, **kwargs):
    command = [HALITE] + args
    env = None
    if ranks is not None:
        command = [MPIEXEC, "--oversubscribe", "-np", str(ranks)] + command
        env = MPI_ENV
    if not wait:
        return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)
    done = subprocess.run(command, env=env, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        print(done.stdout, done.stderr, sep="\n")
        sys.exit("%s exited with %d" % (" ".join(command), done.returncode))
    return done


def sorted_records(path):
    """The JSONL game records of `path`, sorted, without what a clock gives (turn times).
    A line that is not JSON (torn) is kept as it is, so it matches no record."""
    records = []
    with open(path) as f:
        for line in f.read().splitlines():
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                records.append(line)
                continue
            record.pop("turn_ms", None)
            records.append(json.dumps(record, sort_keys=True))
    return sorted(records)


def without_times(summary):
    """The --json summary without what a clock gives (turn times)."""
    for player in summary["players"]:
        player.pop("turn_ms")
    return summary


def arena_case(work):
    """Two- and four-player arenas: the same JSONL lines and summary on 3 ranks as in one process."""
    for name, players in (("2p", ["--players", "greedy;miner"]),
                          ("4p", ["--players", "fleet;greedy;miner", "--four-player"])):
        args = ["arena"] + players + ["--games", "12", "--seed", "7", "--json"] + SHORT_GAMES
        one = halite(args + ["--jobs", "2", "--out", f"{work}/{name}-one.jsonl"])
        three = halite(args + ["--jobs", "1", "--out", f"{work}/{name}-three.jsonl"], ranks=3)
        lines = sorted_records(f"{work}/{name}-one.jsonl")
        check(len(lines) == 12, f"{name}: one process wrote 12 games")
        check(lines == sorted_records(f"{work}/{name}-three.jsonl"), f"{name}: 3 ranks wrote the same 12 games")
        check(without_times(json.loads(one.stdout)) == without_times(json.loads(three.stdout)),
              f"{name}: the same summary (turn times aside)")


def tune_log_without_times(path):
    with open(path) as f:
        return [re.sub(r'"seconds":[^,}]*', "", line) for line in f.read().splitlines()]


def tune_case(work):
    """A short tune on 3 ranks gives the log, parameters, CSV and SVG of one process; a log
    cut after two iterations resumes on 2 ranks to the same end."""
    settings = ["miner", "--spsa-iterations", "4", "--games-per-iteration", "4", "--seed", "5", "--quiet",
                "--size", "11", "--episode-steps", "30", "--iterations", "20"]

    def outputs(name):
        return ["--log", f"{work}/{name}.jsonl", "--out", f"{work}/{name}.json", "--csv", f"{work}/{name}.csv",
                "--svg", f"{work}/{name}.svg"]

    halite(["tune"] + settings + ["--jobs", "2"] + outputs("one"))
    halite(["tune"] + settings + ["--jobs", "1"] + outputs("three"), ranks=3)
    reference = tune_log_without_times(f"{work}/one.jsonl")
    check(len(reference) == 5, "one process logged a header and 4 iterations")
    check(tune_log_without_times(f"{work}/three.jsonl") == reference, "3 ranks: the same log (times aside)")
    for ext in ("json", "csv", "svg"):
        with open(f"{work}/one.{ext}") as a, open(f"{work}/three.{ext}") as b:
            check(a.read() == b.read(), f"3 ranks: the same {ext}")

    with open(f"{work}/one.jsonl") as f:
        header_and_two = f.read().splitlines(keepends=True)[:3]
    with open(f"{work}/cut.jsonl", "w") as f:
        f.writelines(header_and_two)
    halite(["tune", "--resume", f"{work}/cut.jsonl", "--quiet", "--out", f"{work}/cut.json", "--csv",
            f"{work}/cut.csv", "--svg", f"{work}/cut.svg"], ranks=2)
    check(tune_log_without_times(f"{work}/cut.jsonl") == reference, "resumed on 2 ranks: the same log")
    with open(f"{work}/one.json") as a, open(f"{work}/cut.json") as b:
        check(a.read() == b.read(), "resumed on 2 ranks: the same tuned parameters")


def rank_pid(launcher, rank):
    """The pid of MPI rank `rank` among the launcher's children (Open MPI starts local ranks itself)."""
    deadline = time.time() + STARTUP_SECONDS
    while time.time() < deadline:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
                if parent != launcher.pid:
                    continue
                with open(f"/proc/{entry}/environ", "rb") as f:
                    if f"OMPI_COMM_WORLD_RANK={rank}".encode() in f.read().split(b"\0"):
                        return int(entry)
            except (OSError, IndexError, ValueError):
                continue
        time.sleep(0.05)
    sys.exit(f"no rank {rank} under mpirun")


def kill_rank_after(path, launcher, rank, sig, finished_lines, settle=0.0):
    """Sends `sig` to `rank` `settle` seconds after `path` holds `finished_lines` games; returns the
    launcher's stderr."""
    pid = rank_pid(launcher, rank)
    deadline = time.time() + STARTUP_SECONDS
    while time.time() < deadline and launcher.poll() is None:
        if os.path.exists(path) and sum(1 for _ in open(path)) >= finished_lines:
            break
        time.sleep(0.02)
    time.sleep(settle)
    os.kill(pid, sig)
    _, err = launcher.communicate(timeout=STARTUP_SECONDS)
    return err


def killed_rank_case(work):
    """A rank killed mid-run: the games finished are in the output, byte for byte those of one
    process; rank 0 names the lost ones; --resume (on 2 ranks) completes the same arena.
    A rank that crashes (SIGSEGV) names the game it was playing."""
    # Games long enough (a few tenths of a second) that every rank is playing when one is killed.
    args = ["arena", "--players", "fleet;greedy", "--games", "30", "--seed", "3", "--jobs", "1", "--size", "21",
            "--episode-steps", "200", "--iterations", "30", "--no-progress"]
    halite(args + ["--out", f"{work}/reference.jsonl"])
    reference = sorted_records(f"{work}/reference.jsonl")

    out = f"{work}/killed.jsonl"
    launcher = halite(args + ["--out", out], ranks=3, wait=False)
    err = kill_rank_after(out, launcher, 1, signal.SIGKILL, 5)
    print(err)
    check(launcher.returncode != 0, "mpirun failed when a rank was killed")
    partial = sorted_records(out)
    check(len(partial) >= 5 and set(partial) <= set(reference),
          f"the {len(partial)} finished games are in the output as one process wrote them")
    check("lost, in play on rank" in err and "board seed" in err and "--resume" in err,
          "rank 0 named the lost games (seed, line-up, rank) and how to resume")
    halite(args + ["--out", out, "--resume"], ranks=2)
    check(sorted_records(out) == reference, "--resume on 2 ranks completed the same 30 games")

    # The crashing rank names the games it holds; between two games (its answer sent,
    # the next game not yet arrived) it holds none, so a crash there names nothing.
    # The games are seeded, so the order in which they finish repeats: a crash sent
    # just as the 8th line lands can fall in the same rank's gap every attempt (on a
    # loaded machine it did, three times). Each attempt waits a little longer after it.
    named = False
    for attempt in range(CRASH_ATTEMPTS):
        crashed = f"{work}/crashed-{attempt}.jsonl"
        launcher = halite(args + ["--out", crashed], ranks=3, wait=False)
        err = kill_rank_after(crashed, launcher, 2, signal.SIGSEGV, 8, settle=0.07 * attempt)
        print(err)
        check("rank 2 crashed (signal 11) while playing:" in err, "the crashing rank reported")
        check(set(sorted_records(crashed)) <= set(reference), "the games finished before the crash are intact")
        held = re.findall(r"rank 2 crashed \(signal 11\) while playing:\n((?:  game .*\n)+)", err)
        if held:
            games = re.findall(r"  (game \d+ \(board seed \d+, seats [^)]*\))", held[0])
            check(all(f"lost, in play on rank 2: {g}" in err for g in games),
                  "rank 0 reported the crashing rank's games as lost on it")
            named = True
            break
    check(named, f"the crashing rank named the game it was playing (in {CRASH_ATTEMPTS} attempts)")


def many_ranks_case(work):
    """16 ranks on this machine (oversubscribed), 200 short games: identical to one process."""
    args = ["arena", "--players", "greedy;miner", "--games", "200", "--seed", "11", "--jobs", "1",
            "--size", "7", "--episode-steps", "20", "--iterations", "10", "--no-progress", "--json"]
    one = halite(args + ["--out", f"{work}/one.jsonl"])
    sixteen = halite(args + ["--out", f"{work}/sixteen.jsonl"], ranks=16)
    lines = sorted_records(f"{work}/one.jsonl")
    check(len(lines) == 200 and lines == sorted_records(f"{work}/sixteen.jsonl"), "16 ranks: the same 200 games")
    check(without_times(json.loads(one.stdout)) == without_times(json.loads(sixteen.stdout)), "16 ranks: the same summary")


CASES = {"arena": arena_case, "tune": tune_case, "killed-rank": killed_rank_case, "many-ranks": many_ranks_case}

work = tempfile.mkdtemp(prefix="halite-mpi-")
try:
    CASES[CASE](work)
finally:
    shutil.rmtree(work, ignore_errors=True)
if FAILURES:
    sys.exit(f"{len(FAILURES)} check(s) failed")
print("all checks passed")
