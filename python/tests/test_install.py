"""`cmake --install` of the build into a fresh prefix gives an importable
halite4 (from the prefix, not the build tree) and the Kaggle agent file.

    python3 python/tests/test_install.py CMAKE BUILD_DIR MODULE_SUBDIR
"""
import os
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    cmake, build, subdir = sys.argv[1:]
    with tempfile.TemporaryDirectory() as prefix:
        subprocess.run([cmake, "--install", build, "--prefix", prefix], check=True, stdout=subprocess.DEVNULL)
        env = dict(os.environ, PYTHONPATH=os.path.join(prefix, subdir))
        where = subprocess.run([sys.executable, "-c", "import halite4; halite4.State.initial(2); print(halite4.__file__)"],
                               env=env, check=True, capture_output=True, text=True, cwd=prefix).stdout.strip()
        if not where.startswith(prefix):
            sys.exit("halite4 was imported from %s, not from the prefix %s" % (where, prefix))
        agent = os.path.join(prefix, "share", "halite4", "agent", "main.py")
        if not os.path.isfile(agent):
            sys.exit("the agent file is not at %s" % agent)
        print("installed and imported:", os.path.relpath(where, prefix))
    print("1 passed, 0 failed")


if __name__ == "__main__":
    main()
