// Start-up: read the embedded data (a clear message on the page if it is
// unusable), open the view the URL's hash asks for, and expose a small API
// (window.haliteViewer) that tests and measurements drive the page through.
'use strict';

// Steps through the whole game once, drawing each step as playback does, and
// returns the per-step draw times in milliseconds (median, 95th percentile,
// max).
function benchmarkStepping(app) {
  const times = [];
  for (let t = 0; t < app.steps; t++) {
    const start = performance.now();
    app.seek(t);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { steps: times.length, median_ms: at(0.5), p95_ms: at(0.95), max_ms: times[times.length - 1] };
}

function startViewer() {
  const parseStart = performance.now();
  let data;
  try {
    data = HV.readViewData(document.getElementById('viewer-data').textContent);
  } catch (e) {
    haliteViewerShowError(e instanceof HV.ViewDataError ? e.message : `cannot read the embedded data: ${e}`);
    return;
  }
  const parseMs = performance.now() - parseStart;
  const app = new ViewerApp(data);
  const hash = parseHash();
  app.debug = hash.debug;
  app.step = Math.max(0, Math.min(app.steps - 1, hash.step || 0));
  if (hash.unit) app.select(Math.min(app.games.length - 1, Math.max(0, hash.game || 0)), hash.unit);
  else app.render();
  window.haliteViewer = {
    app,
    seek: (t) => app.seek(t),
    select: (g, id) => app.select(g, id),
    drawn: () => window.haliteViewerDrawn,
    // The page coordinates of a cell's centre on game g's board, for clicks.
    cellCentre: (g, cell) => {
      const board = app.boards[g], r = board.canvas.getBoundingClientRect(), px = board.view.cellPx;
      const n = app.games[g].size;
      return { x: r.left + (cell % n) * px + px / 2, y: r.top + Math.floor(cell / n) * px + px / 2 };
    },
    benchmark: () => benchmarkStepping(app),
    // Milliseconds from navigation to the first board drawn, and the share
    // spent parsing and checking the embedded data.
    timing: { opened_ms: performance.now(), parse_ms: parseMs },
  };
  console.log(`halite view: opened in ${window.haliteViewer.timing.opened_ms.toFixed(1)} ms (data ${parseMs.toFixed(1)} ms)`);
}

try {
  startViewer();
} catch (e) {
  haliteViewerShowError(`the viewer failed to start: ${e && e.stack ? e.stack : e}`);
}
