#!/usr/bin/env python3
"""How fast `halite view` pages open and step, in headless Chromium
(docs/viewer.md, "Tests and speed").

usage: python3 scripts/viewer_speed.py [--chromium PATH] [--loads 5] PAGE.html...

For each page: the time from navigation to the first board drawn and the
share spent reading the embedded data (over --loads loads), the time to draw
one step of the whole page over every step of the game (three passes), and
the gaps between frames while it plays at 100 steps per second.
"""
import argparse
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
from viewer_browser import Browser  # noqa: E402

# Plays from step 0 at 100 steps/s and records the gaps between the next 120
# animation frames.
PLAYBACK = """new Promise((resolve) => {
  const app = haliteViewer.app;
  app.seek(0);
  document.getElementById('speed').value = '100';
  const gaps = [];
  let last = performance.now();
  const tick = (now) => {
    gaps.push(now - last);
    last = now;
    if (gaps.length < 120) requestAnimationFrame(tick);
    else { app.togglePlay(); resolve(gaps.slice(1)); }
  };
  app.togglePlay();
  requestAnimationFrame(tick);
})"""


def measure(browser, path, loads):
    page = browser.new_page()
    opened, parsed = [], []
    for _ in range(loads):
        page.navigate(f"file://{os.path.abspath(path)}")
        timing = page.evaluate("haliteViewer.timing")
        opened.append(timing["opened_ms"])
        parsed.append(timing["parse_ms"])
    print(f"{path} ({os.path.getsize(path) // 1024} KB)")
    print(f"  opened in {', '.join(f'{v:.0f}' for v in opened)} ms; data read in {', '.join(f'{v:.0f}' for v in parsed)} ms")
    for _ in range(3):
        b = page.evaluate("haliteViewer.benchmark()")
        print(f"  one step drawn: median {b['median_ms']:.2f} ms, 95th percentile {b['p95_ms']:.2f} ms, "
              f"max {b['max_ms']:.2f} ms over {b['steps']} steps")
    gaps = sorted(page.evaluate(PLAYBACK))
    print(f"  playing at 100 steps/s: frame gaps median {statistics.median(gaps):.1f} ms, "
          f"95th percentile {gaps[int(0.95 * len(gaps))]:.1f} ms, max {gaps[-1]:.1f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="+")
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="viewer-speed-") as profile:
        browser = Browser(args.chromium, profile)
        try:
            for path in args.pages:
                measure(browser, path, args.loads)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
