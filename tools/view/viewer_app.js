// The page: one board per game on a shared step, playback controls and keys,
// the side panels (cell, unit, trace reason, events), timeline and charts.
// The URL's hash sets the starting view (#step=120&game=0&unit=3-1) and, for
// tests and measurements, asks for a record of what was drawn (debug=1).
'use strict';

function element(tag, attributes, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// A two-column table of [label, value] rows.
function table(rows) {
  const t = element('table');
  for (const [k, v] of rows) {
    const tr = element('tr');
    tr.append(element('td', {}, k), element('td', {}, v));
    t.append(tr);
  }
  return t;
}

function cellName(game, cell) {
  return `(${Math.floor(cell / game.size)}, ${cell % game.size})`;
}

function parseHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  return {
    step: params.has('step') ? Number(params.get('step')) : 0,
    game: params.has('game') ? Number(params.get('game')) : 0,
    unit: params.get('unit'),
    debug: params.get('debug') === '1',
  };
}

class ViewerApp {
  constructor(data) {
    this.games = data.games;
    this.steps = Math.max(...this.games.map((g) => g.steps));
    this.step = 0;
    this.playing = false;
    this.selected = null;  // {game, unit, life}
    this.debug = false;
    document.getElementById('boards').classList.toggle('single', this.games.length === 1);
    this.boards = this.games.map((game, g) => this.buildBoard(game, g));
    this.timeline = new HV.Timeline(document.getElementById('timeline'), this.games, (t) => this.seek(t));
    this.charts = HV.SERIES.map((series) => this.buildChart(series));
    this.unitChart = new HV.LineChart(document.getElementById('unit-cargo'), 'cargo of the selected ship', (t) => this.seek(t));
    this.buildLegend();
    this.bindControls();
    this.layout();
    window.addEventListener('resize', () => { this.layout(); this.render(); });
  }

  buildBoard(game, g) {
    const box = element('div', { class: 'game', id: `game-${g}` });
    const seed = game.seed === null || game.seed === undefined ? '' : `, seed ${game.seed}`;
    box.append(element('h2', {}, `${game.label} (${game.size}x${game.size}, ${game.players} players${seed})`),
               element('div', { class: 'muted game-over', id: `game-over-${g}` }));
    const canvas = element('canvas', { class: 'board', id: `board-${g}` });
    const players = element('div', { class: 'players', id: `players-${g}` });
    box.append(canvas, players);
    document.getElementById('boards').append(box);
    const view = new HV.BoardView(canvas, game);
    canvas.addEventListener('click', (e) => this.clickBoard(g, e));
    canvas.addEventListener('mousemove', (e) => this.hoverBoard(g, e));
    return { view, canvas, players };
  }

  buildChart(series) {
    const canvas = element('canvas', { class: 'chart', id: `chart-${series.key}` });
    document.getElementById('charts').append(canvas);
    return new HV.LineChart(canvas, series.label, (t) => this.seek(t));
  }


  buildLegend() {
    const legend = document.getElementById('timeline-legend');
    for (const type of Object.values(HV.EVENT_TYPES)) {
      const item = element('span');
      item.append(element('span', { class: 'swatch', style: `background:${type.color}` }), type.label);
      legend.append(item);
    }
    if (this.games.length > 1) {
      const [a, b] = this.games.map((g) => g.label);
      legend.append(element('span', {}, `timeline: top band ${a}, bottom ${b}; charts: solid lines ${a}, dashed ${b}`));
    }
  }

  bindControls() {
    // A clicked button gives up the focus, so that Space then toggles play
    // through the page's keys rather than pressing that button again.
    const on = (id, f) => document.getElementById(id).addEventListener('click', (e) => { e.currentTarget.blur(); f(); });
    on('btn-first', () => this.seek(0));
    on('btn-back', () => this.seek(this.step - 1));
    on('btn-play', () => this.togglePlay());
    on('btn-forward', () => this.seek(this.step + 1));
    on('btn-last', () => this.seek(this.steps - 1));
    const input = document.getElementById('step-input');
    input.max = String(this.steps - 1);
    input.addEventListener('change', () => this.seek(Number(input.value)));
    document.getElementById('step-max').textContent = String(this.steps - 1);
    document.addEventListener('keydown', (e) => this.key(e));
  }

  key(e) {
    // Keys typed into the step box or the speed list are theirs.
    if (e.target && (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT')) return;
    const jump = e.shiftKey ? 10 : 1;
    const speed = document.getElementById('speed');
    const actions = {
      ' ': () => this.togglePlay(),
      ArrowLeft: () => this.seek(this.step - jump),
      ArrowRight: () => this.seek(this.step + jump),
      Home: () => this.seek(0),
      End: () => this.seek(this.steps - 1),
      ArrowUp: () => { speed.selectedIndex = Math.min(speed.options.length - 1, speed.selectedIndex + 1); },
      ArrowDown: () => { speed.selectedIndex = Math.max(0, speed.selectedIndex - 1); },
    };
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  }

  // Board sizes from the window: the boards share the width left of the side panel.
  layout() {
    const free = Math.max(240, window.innerWidth - 24 - 400 - 12 * this.games.length);
    const each = Math.min(720, window.innerHeight - 150, free / this.games.length);
    this.boards.forEach((b) => b.view.resize(Math.max(150, each)));
    this.timeline.render();
    this.charts.forEach((chart, i) => chart.setLines(this.chartLines(HV.SERIES[i].key), this.steps));
    if (this.selectedShip()) this.updateUnitChart();
  }

  chartLines(key) {
    const lines = [];
    this.games.forEach((game, g) => {
      game.series[key].forEach((values, p) => lines.push({ values, color: HV.PLAYER_COLORS[p], dashed: g === 1 }));
    });
    return lines;
  }

  seek(t) {
    const step = Math.max(0, Math.min(this.steps - 1, Math.round(Number(t) || 0)));
    if (step === this.step && this.rendered) return;
    this.step = step;
    this.render();
  }

  togglePlay() {
    this.playing = !this.playing;
    document.getElementById('btn-play').innerHTML = this.playing ? '||' : '&#x25B6;';
    if (!this.playing) return;
    if (this.step >= this.steps - 1) this.seek(0);
    let last = performance.now(), carry = 0;
    const tick = (now) => {
      if (!this.playing) return;
      carry += ((now - last) / 1000) * Number(document.getElementById('speed').value);
      last = now;
      if (carry >= 1) {
        const advance = Math.floor(carry);
        carry -= advance;
        this.seek(this.step + advance);
        if (this.step >= this.steps - 1) { this.togglePlay(); return; }
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  // The step shown for game g: games of different lengths stop at their last state.
  gameStep(g) { return Math.min(this.step, this.games[g].steps - 1); }

  clickBoard(g, e) {
    const board = this.boards[g];
    const r = board.canvas.getBoundingClientRect();
    const cell = board.view.cellFromPoint(e.clientX - r.left, e.clientY - r.top);
    const game = this.games[g];
    let unit = cell < 0 ? -1 : HV.unitAt(game, this.gameStep(g), cell);
    // A ship on a shipyard hides it: a second click on the cell selects the yard.
    if (unit >= 0 && this.selected && this.selected.game === g && this.selected.unit === unit)
      unit = HV.yardAt(game, this.gameStep(g), cell);
    this.select(g, unit < 0 ? null : game.units[unit].id);
  }

  hoverBoard(g, e) {
    const board = this.boards[g], game = this.games[g], t = this.gameStep(g);
    const r = board.canvas.getBoundingClientRect();
    const cell = board.view.cellFromPoint(e.clientX - r.left, e.clientY - r.top);
    const panel = document.getElementById('cell-panel');
    if (cell < 0) return;
    const rows = [['cell', `${cellName(game, cell)} = ${cell}`], ['halite', String(game.halite[t][cell])]];
    const unit = HV.unitAt(game, t, cell);
    if (unit >= 0) rows.push(['unit', `${game.units[unit].id} (${game.units[unit].kind}, player ${game.units[unit].owner})`]);
    panel.className = '';
    panel.replaceChildren(table(rows));
  }

  // Selects a unit of game g by id (null clears the selection).
  select(g, id) {
    const game = this.games[g];
    const unit = id === null || id === undefined ? undefined : game.unitById.get(id);
    this.selected = unit === undefined ? null : { game: g, unit, life: HV.unitLife(game, unit) };
    // Shown before it is drawn: a hidden canvas has no size to draw at.
    document.getElementById('unit-cargo').hidden = !this.selectedShip();
    if (this.selectedShip()) this.updateUnitChart();
    this.render();
  }

  selectedShip() {
    return this.selected !== null && this.games[this.selected.game].units[this.selected.unit].kind === 'ship';
  }

  updateUnitChart() {
    const { game: g, life } = this.selected;
    const values = new Array(this.steps).fill(0);
    for (const p of life) values[p.step] = p.cargo;
    this.unitChart.title = `cargo of ${this.games[g].units[this.selected.unit].id}`;
    this.unitChart.setLines([{ values, color: HV.PLAYER_COLORS[this.games[g].units[this.selected.unit].owner] }], this.steps);
  }

  render() {
    this.rendered = true;
    const drawnGames = this.boards.map((board, g) => {
      const selected = this.selected && this.selected.game === g ? this.selected : null;
      const drawn = board.view.draw(this.gameStep(g), selected);
      drawn.label = this.games[g].label;
      // A shorter game stays on its last state while the other plays on.
      document.getElementById(`game-over-${g}`).textContent =
          this.step > this.games[g].steps - 1 ? `this game ended at step ${this.games[g].steps - 1}` : '';
      this.renderPlayers(g);
      return drawn;
    });
    document.getElementById('step-input').value = String(this.step);
    this.timeline.drawCursor(this.step);
    this.charts.forEach((c) => c.drawCursor(this.step));
    if (this.selectedShip()) this.unitChart.drawCursor(this.step);
    HV.renderSidePanels(this);
    window.haliteViewerDrawn = { step: this.step, games: drawnGames, selected: this.selectedSummary() };
    if (this.debug) document.getElementById('debug-drawn').textContent = JSON.stringify(window.haliteViewerDrawn);
  }

  selectedSummary() {
    if (!this.selected) return null;
    const unit = this.games[this.selected.game].units[this.selected.unit];
    return { game: this.selected.game, id: unit.id, trace: document.getElementById('trace-panel').textContent };
  }

  renderPlayers(g) {
    const game = this.games[g], t = this.gameStep(g), box = this.boards[g].players;
    const rows = [['player', '', 'bank', 'ships', 'cargo']];
    for (let p = 0; p < game.players; p++) {
      const team = game.teams[p] ? ` ${game.teams[p]}` : '';
      const status = game.statuses[t][p] === 'ACTIVE' ? '' : ` ${game.statuses[t][p]}`;
      rows.push([`${p}`, `${team}${status}`, String(Math.round(game.banks[t][p])), String(game.series.ships[p][t]),
                 String(Math.round(game.series.cargo[p][t]))]);
    }
    box.replaceChildren();
    rows.forEach((row, i) => row.forEach((text, k) => {
      const cell = element('span', i === 0 ? { class: 'muted' } : {});
      if (k === 0 && i > 0) cell.append(element('span', { class: 'swatch', style: `background:${HV.PLAYER_COLORS[i - 1]}` }));
      cell.append(text);
      box.append(cell);
    }));
  }
}
HV.ViewerApp = ViewerApp;
