// Line charts over the game and the timeline with its event markers. Each
// draws its lines once into an offscreen canvas; moving the step cursor then
// only copies that image and draws one line, which keeps playback smooth.
'use strict';

HV.SERIES = [
  { key: 'bank', label: 'bank' },
  { key: 'ships', label: 'ships' },
  { key: 'yards', label: 'shipyards' },
  { key: 'cargo', label: 'cargo aboard' },
  { key: 'lost', label: 'ships lost (total)' },
];

const CHART_PAD = { left: 44, right: 8, top: 18, bottom: 16 };

// Round axis maximum: 1, 2 or 5 times a power of ten at or above `v`.
function niceCeiling(v) {
  if (!(v > 0)) return 1;
  const power = Math.pow(10, Math.floor(Math.log10(v)));
  for (const f of [1, 2, 5, 10]) if (f * power >= v) return f * power;
  return 10 * power;
}

function shortNumber(v) {
  if (Math.abs(v) >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (Math.abs(v) >= 1e4) return `${+(v / 1e3).toFixed(0)}k`;
  return String(+v.toFixed(2));
}

// A chart of one or more lines against the step. `lines` are
// {values, color, dashed}; `steps` the x range (the longer game's length).
class LineChart {
  constructor(canvas, title, onSeek) {
    this.canvas = canvas;
    this.title = title;
    this.lines = [];
    this.steps = 1;
    this.background = document.createElement('canvas');
    canvas.addEventListener('mousedown', (e) => onSeek(this.stepAt(e)));
    canvas.addEventListener('mousemove', (e) => { if (e.buttons & 1) onSeek(this.stepAt(e)); });
  }

  stepAt(e) {
    const r = this.canvas.getBoundingClientRect();
    const f = (e.clientX - r.left - CHART_PAD.left) / (r.width - CHART_PAD.left - CHART_PAD.right);
    return Math.round(Math.min(1, Math.max(0, f)) * (this.steps - 1));
  }

  setLines(lines, steps) {
    this.lines = lines;
    this.steps = Math.max(2, steps);
    this.render();
  }

  // Redraws the lines into the background image (on data or size changes).
  render() {
    const width = this.canvas.clientWidth || 320, height = this.canvas.clientHeight || 150;
    this.width = width; this.height = height;
    const ctx = HV.fitCanvas(this.background, width, height);
    HV.fitCanvas(this.canvas, width, height);
    this.canvas.style.width = ''; this.canvas.style.height = '';  // let CSS keep sizing it
    let top = 0;
    for (const line of this.lines) for (const v of line.values) if (v > top) top = v;
    this.top = niceCeiling(top);
    const plotW = width - CHART_PAD.left - CHART_PAD.right, plotH = height - CHART_PAD.top - CHART_PAD.bottom;
    ctx.fillStyle = '#1a2129'; ctx.fillRect(0, 0, width, height);
    ctx.fillStyle = '#8a96a3'; ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'top'; ctx.textAlign = 'left';
    ctx.fillText(this.title, CHART_PAD.left, 3);
    ctx.textAlign = 'right'; ctx.textBaseline = 'middle';
    ctx.strokeStyle = '#2c3640'; ctx.lineWidth = 1;
    for (const f of [0, 0.5, 1]) {
      const y = CHART_PAD.top + plotH * (1 - f);
      ctx.fillText(shortNumber(this.top * f), CHART_PAD.left - 4, y);
      ctx.beginPath(); ctx.moveTo(CHART_PAD.left, Math.round(y) + 0.5); ctx.lineTo(width - CHART_PAD.right, Math.round(y) + 0.5); ctx.stroke();
    }
    for (const line of this.lines) this.drawLine(ctx, line, plotW, plotH);
  }

  drawLine(ctx, line, plotW, plotH) {
    ctx.strokeStyle = line.color;
    ctx.lineWidth = line.width || 1.5;
    ctx.setLineDash(line.dashed ? [5, 3] : []);
    ctx.beginPath();
    line.values.forEach((v, t) => {
      const x = CHART_PAD.left + (plotW * t) / (this.steps - 1);
      const y = CHART_PAD.top + plotH * (1 - v / this.top);
      if (t === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
    });
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // The background and a cursor at step t.
  drawCursor(t) {
    const ctx = this.canvas.getContext('2d');
    ctx.drawImage(this.background, 0, 0, this.width, this.height);
    const x = CHART_PAD.left + ((this.width - CHART_PAD.left - CHART_PAD.right) * t) / (this.steps - 1);
    ctx.strokeStyle = 'rgba(255,255,255,0.6)'; ctx.lineWidth = 1;
    ctx.beginPath(); ctx.moveTo(x, CHART_PAD.top); ctx.lineTo(x, this.height - CHART_PAD.bottom); ctx.stroke();
  }
}
HV.LineChart = LineChart;

// The timeline: one row of markers per event type (HV.EVENT_TYPES), one band
// per game, and the step cursor; click or drag to go to a step.
class Timeline {
  constructor(canvas, games, onSeek) {
    this.canvas = canvas;
    this.games = games;
    this.steps = Math.max(2, ...games.map((g) => g.steps));
    this.background = document.createElement('canvas');
    const seek = (e) => {
      const r = canvas.getBoundingClientRect();
      onSeek(Math.round(Math.min(1, Math.max(0, (e.clientX - r.left - 8) / (r.width - 16))) * (this.steps - 1)));
    };
    canvas.addEventListener('mousedown', seek);
    canvas.addEventListener('mousemove', (e) => { if (e.buttons & 1) seek(e); });
  }

  x(t) { return 8 + ((this.width - 16) * t) / (this.steps - 1); }

  render() {
    this.width = this.canvas.clientWidth || 800; this.height = this.canvas.clientHeight || 70;
    const ctx = HV.fitCanvas(this.background, this.width, this.height);
    HV.fitCanvas(this.canvas, this.width, this.height);
    this.canvas.style.width = ''; this.canvas.style.height = '';
    ctx.fillStyle = '#1a2129'; ctx.fillRect(0, 0, this.width, this.height);
    const rows = Object.keys(HV.EVENT_TYPES).length;
    const band = (this.height - 8) / this.games.length, rowH = band / rows;
    this.games.forEach((game, g) => {
      for (const e of game.events) {
        const type = HV.EVENT_TYPES[e.type];
        ctx.fillStyle = type.color;
        ctx.fillRect(Math.round(this.x(e.step)) - 1, 4 + g * band + type.row * rowH, 2, Math.max(1, rowH - 1));
      }
      if (g > 0) { ctx.fillStyle = '#3a4654'; ctx.fillRect(0, 4 + g * band - 1, this.width, 1); }
    });
  }

  drawCursor(t) {
    const ctx = this.canvas.getContext('2d');
    ctx.drawImage(this.background, 0, 0, this.width, this.height);
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillRect(Math.round(this.x(t)) - 1, 0, 2, this.height);
  }
}
HV.Timeline = Timeline;
