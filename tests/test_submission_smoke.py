"""bot/smoke_test.py passes a working submission and fails a broken one.

    python3 tests/test_submission_smoke.py HALITE_BOT MAIN_PY SMOKE_TEST_PY
"""
import os
import shutil
import stat
import subprocess
import sys
import tempfile


def stage_with(bot_source, main_py, folder, script=None):
    shutil.copy(main_py, os.path.join(folder, "main.py"))
    exe = os.path.join(folder, "halite_bot")
    if script is None:
        shutil.copy(bot_source, exe)
    else:
        with open(exe, "w") as f:
            f.write(script)
    os.chmod(exe, os.stat(exe).st_mode | stat.S_IXUSR)


def run(smoke, folder):
    return subprocess.run([sys.executable, smoke, folder], capture_output=True, text=True, timeout=120)


def main():
    bot, main_py, smoke = sys.argv[1:4]
    failures = []
    with tempfile.TemporaryDirectory() as root:
        good = os.path.join(root, "good")
        os.mkdir(good)
        stage_with(bot, main_py, good)
        r = run(smoke, good)
        if r.returncode != 0:
            failures.append("a working submission failed the smoke test: " + r.stdout + r.stderr)
        # Broken bots: one that answers {} to everything, one that exits at once.
        for name, script in [("answers-nothing", "#!/bin/sh\nwhile read line; do echo '{}'; done\n"),
                             ("exits", "#!/bin/sh\nexit 3\n")]:
            folder = os.path.join(root, name)
            os.mkdir(folder)
            stage_with(bot, main_py, folder, script)
            r = run(smoke, folder)
            if r.returncode == 0:
                failures.append("a broken bot (%s) passed the smoke test: %s" % (name, r.stdout))
    for f in failures:
        print("FAILED:", f)
    print("%d passed, %d failed" % (3 - len(failures), len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
