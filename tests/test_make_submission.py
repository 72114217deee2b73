"""bot/make_submission.sh builds what Kaggle is given: a tarball of main.py,
a statically linked halite_bot (without the local referee: --vs is refused)
and the bot.json passed with --config (by
default bot/submission.json), after its own smoke game; and it refuses what
it cannot use.

    python3 tests/test_make_submission.py MAKE_SUBMISSION_SH WORK_DIR [TREE]

WORK_DIR holds the script's own build (it is kept between runs, so a second
run only relinks), unless TREE names a build tree that builds what Kaggle is
given: the script then packs that tree's halite_bot_submission (--tree).
"""
import json
import os
import subprocess
import sys
import tarfile
import tempfile


def main():
    script, work = sys.argv[1:3]
    os.makedirs(work, exist_ok=True)
    where = ["--tree", sys.argv[3]] if len(sys.argv) > 3 else ["--build-dir", os.path.join(work, "build")]
    failures = []
    config = {"planner": "fleet", "params": {"max_lost_defenders": 2}}
    with tempfile.TemporaryDirectory() as root:
        cfg = os.path.join(root, "tuned.json")
        with open(cfg, "w") as f:
            json.dump(config, f)
        out = os.path.join(root, "out", "submission.tar.gz")
        r = subprocess.run(["sh", script, "--config", cfg, "--out", out] + where,
                           capture_output=True, text=True, timeout=1800)
        if r.returncode != 0:
            failures.append("make_submission.sh failed:\n" + r.stdout[-3000:] + r.stderr[-3000:])
        else:
            with tarfile.open(out) as tar:
                names = sorted(tar.getnames())
                if names != ["bot.json", "halite_bot", "main.py"]:
                    failures.append(f"the tarball holds {names}, not bot.json, halite_bot, main.py")
                else:
                    if json.load(tar.extractfile("bot.json")) != config:
                        failures.append("bot.json in the tarball is not the --config file")
                    if not tar.getmember("halite_bot").mode & 0o100:
                        failures.append("halite_bot is not executable in the tarball")
                    # What Kaggle runs: main.py and the binary, unpacked together.
                    unpacked = os.path.join(root, "unpacked")
                    if sys.version_info >= (3, 12):
                        tar.extractall(unpacked, filter="data")
                    else:
                        tar.extractall(unpacked)
                    ldd = subprocess.run(["ldd", os.path.join(unpacked, "halite_bot")], capture_output=True, text=True)
                    if ldd.returncode == 0 and "not a dynamic executable" not in ldd.stdout + ldd.stderr:
                        failures.append("halite_bot is dynamically linked:\n" + ldd.stdout)
                    # Packed without the local referee: --vs is refused, naming why.
                    vs = subprocess.run([os.path.join(unpacked, "halite_bot"), "--vs", "miner"], capture_output=True,
                                        text=True, timeout=60)
                    if vs.returncode != 2 or "no local referee" not in vs.stderr:
                        failures.append(f"the packed halite_bot --vs miner: exit {vs.returncode}, stderr "
                                        f"{vs.stderr[:300]!r}")
        # No --config: the project's submission settings are packed.
        default_out = os.path.join(root, "default", "submission.tar.gz")
        r = subprocess.run(["sh", script, "--out", default_out] + where,
                           capture_output=True, text=True, timeout=1800)
        shipped = os.path.join(os.path.dirname(os.path.abspath(script)), "submission.json")
        if r.returncode != 0:
            failures.append("make_submission.sh without --config failed:\n" + r.stdout[-3000:] + r.stderr[-3000:])
        else:
            with tarfile.open(default_out) as tar, open(shipped) as f:
                if json.load(tar.extractfile("bot.json")) != json.load(f):
                    failures.append("without --config, bot.json in the tarball is not bot/submission.json")
        # Wrong use: a clear message, no tarball.
        bad_out = os.path.join(root, "bad", "submission.tar.gz")
        r = subprocess.run(["sh", script, "--no-such-option", "--out", bad_out], capture_output=True, text=True,
                           timeout=60)
        if r.returncode == 0 or "unknown argument --no-such-option" not in r.stderr or os.path.exists(bad_out):
            failures.append(f"an unknown option: exit {r.returncode}, stderr {r.stderr!r}")
        # A --tree that is no build tree, or one that builds something else.
        r = subprocess.run(["sh", script, "--tree", root, "--out", bad_out], capture_output=True, text=True, timeout=60)
        if r.returncode != 2 or "not a configured build tree" not in r.stderr or os.path.exists(bad_out):
            failures.append(f"--tree without a CMakeCache.txt: exit {r.returncode}, stderr {r.stderr!r}")
        debug_tree = os.path.join(root, "debug-tree")
        os.makedirs(debug_tree)
        with open(os.path.join(debug_tree, "CMakeCache.txt"), "w") as f:
            f.write("CMAKE_BUILD_TYPE:STRING=Debug\nHALITE_NATIVE:BOOL=OFF\n")
        r = subprocess.run(["sh", script, "--tree", debug_tree, "--out", bad_out], capture_output=True, text=True,
                           timeout=60)
        if r.returncode != 2 or "CMAKE_BUILD_TYPE=Debug" not in r.stderr or os.path.exists(bad_out):
            failures.append(f"--tree of a Debug build: exit {r.returncode}, stderr {r.stderr!r}")
        r = subprocess.run(["sh", script, "--config", os.path.join(root, "missing.json"), "--out", bad_out],
                           capture_output=True, text=True, timeout=60)
        if r.returncode == 0 or "no config file" not in r.stderr or os.path.exists(bad_out):
            failures.append(f"a missing --config file: exit {r.returncode}, stderr {r.stderr!r}")
    for f in failures:
        print("FAIL:", f)
    print("make_submission:", "ok" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
