// Drawing the board: cell halite, shipyards, ships with their cargo, and the
// selected unit's path. Each draw also returns what it drew (the values, not
// pixels), which the page exposes for tests (window.haliteViewerDrawn).
'use strict';

HV.PLAYER_COLORS = ['#4fb3ff', '#ff6b6b', '#7ee07e', '#c58cff'];

// Event types in the order of the timeline's rows, with their marker colours.
HV.EVENT_TYPES = {
  spawn: { label: 'spawn', color: '#7ee07e', row: 0 },
  convert: { label: 'conversion', color: '#4fb3ff', row: 1 },
  collision: { label: 'collision', color: '#ffb347', row: 2 },
  ship_lost: { label: 'ship lost', color: '#ff6b6b', row: 3 },
  yard_lost: { label: 'shipyard lost', color: '#c58cff', row: 4 },
  status: { label: 'player status', color: '#d8dee6', row: 5 },
};

// A canvas sized in CSS pixels and backed at the screen's resolution, so lines
// stay sharp on high-density screens.
HV.fitCanvas = function (canvas, cssWidth, cssHeight) {
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  canvas.width = Math.round(cssWidth * ratio);
  canvas.height = Math.round(cssHeight * ratio);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
};

// Cell colours for halite 0..maxCellHalite, precomputed as RGB triples: a
// square-root ramp (most cells hold little; the ramp keeps small amounts
// visible) from the background to gold.
function haliteRamp(levels) {
  const ramp = new Uint8ClampedArray(levels * 3);
  const from = [17, 26, 36], to = [232, 197, 71];
  for (let i = 0; i < levels; i++) {
    const f = Math.sqrt(i / (levels - 1));
    for (let k = 0; k < 3; k++) ramp[i * 3 + k] = Math.round(from[k] + (to[k] - from[k]) * f);
  }
  return ramp;
}
const HALITE_LEVELS = 64;
const HALITE_RAMP = haliteRamp(HALITE_LEVELS);

class BoardView {
  constructor(canvas, game) {
    this.canvas = canvas;
    this.game = game;
    this.resize(480);
  }

  // Whole pixels per cell, so cells do not blur; at least 3 even on a 99x99 board.
  resize(maxPixels) {
    this.cellPx = Math.max(3, Math.floor(maxPixels / this.game.size));
    this.pixels = this.cellPx * this.game.size;
    this.ctx = HV.fitCanvas(this.canvas, this.pixels, this.pixels);
    // The cells are painted as one pixel each into a size x size image,
    // then scaled up in one drawImage: far cheaper than a rectangle per cell.
    const n = this.game.size;
    this.cellCanvas = document.createElement('canvas');
    this.cellCanvas.width = n;
    this.cellCanvas.height = n;
    this.cellImage = this.cellCanvas.getContext('2d').createImageData(n, n);
  }

  cellOrigin(cell) {
    const n = this.game.size;
    return [(cell % n) * this.cellPx, Math.floor(cell / n) * this.cellPx];
  }

  cellFromPoint(x, y) {
    const col = Math.floor(x / this.cellPx), row = Math.floor(y / this.cellPx);
    if (col < 0 || row < 0 || col >= this.game.size || row >= this.game.size) return -1;
    return row * this.game.size + col;
  }

  drawCells(halite) {
    const ctx = this.ctx, px = this.cellPx, n = this.game.size, top = this.game.maxCellHalite;
    const pixels = this.cellImage.data;
    const drawn = new Array(halite.length);
    for (let cell = 0; cell < halite.length; cell++) {
      const h = halite[cell];
      drawn[cell] = h;
      const level = Math.max(0, Math.min(HALITE_LEVELS - 1, Math.floor((h / top) * (HALITE_LEVELS - 1))));
      pixels[cell * 4] = HALITE_RAMP[level * 3];
      pixels[cell * 4 + 1] = HALITE_RAMP[level * 3 + 1];
      pixels[cell * 4 + 2] = HALITE_RAMP[level * 3 + 2];
      pixels[cell * 4 + 3] = 255;
    }
    this.cellCanvas.getContext('2d').putImageData(this.cellImage, 0, 0);
    // A full clear first lets the browser drop the previous frame's drawing
    // instead of keeping it queued under this one.
    ctx.clearRect(0, 0, this.pixels, this.pixels);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(this.cellCanvas, 0, 0, this.pixels, this.pixels);
    if (px >= 8) {
      ctx.strokeStyle = 'rgba(0,0,0,0.35)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      for (let i = 1; i < n; i++) {
        ctx.moveTo(i * px + 0.5, 0); ctx.lineTo(i * px + 0.5, this.pixels);
        ctx.moveTo(0, i * px + 0.5); ctx.lineTo(this.pixels, i * px + 0.5);
      }
      ctx.stroke();
    }
    return drawn;
  }

  drawYards(yards) {
    const ctx = this.ctx, px = this.cellPx, inset = Math.max(1, px * 0.12);
    const drawn = [];
    for (let i = 0; i < yards.length; i += 2) {
      const unit = this.game.units[yards[i]];
      const [x, y] = this.cellOrigin(yards[i + 1]);
      ctx.fillStyle = HV.PLAYER_COLORS[unit.owner];
      ctx.globalAlpha = 0.45;
      ctx.fillRect(x + inset, y + inset, px - 2 * inset, px - 2 * inset);
      ctx.globalAlpha = 1;
      ctx.strokeStyle = HV.PLAYER_COLORS[unit.owner];
      ctx.lineWidth = Math.max(1, px * 0.1);
      ctx.strokeRect(x + inset, y + inset, px - 2 * inset, px - 2 * inset);
      drawn.push([unit.id, unit.owner, yards[i + 1]]);
    }
    return drawn;
  }

  // A ship is a triangle in its player's colour; its cargo a dark dot inside
  // (area grows with cargo up to 1000), and the number itself below when cells
  // are large enough to read it.
  drawShips(ships) {
    const ctx = this.ctx, px = this.cellPx;
    const drawn = [];
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    ctx.font = `${Math.min(14, Math.max(8, Math.floor(px * 0.3)))}px system-ui, sans-serif`;
    for (let i = 0; i < ships.length; i += 3) {
      const unit = this.game.units[ships[i]];
      const cargo = ships[i + 2];
      const [x, y] = this.cellOrigin(ships[i + 1]);
      ctx.fillStyle = HV.PLAYER_COLORS[unit.owner];
      ctx.beginPath();
      ctx.moveTo(x + px / 2, y + px * 0.12);
      ctx.lineTo(x + px * 0.85, y + px * 0.8);
      ctx.lineTo(x + px * 0.15, y + px * 0.8);
      ctx.closePath();
      ctx.fill();
      if (cargo > 0) {
        ctx.fillStyle = '#10161c';
        ctx.beginPath();
        ctx.arc(x + px / 2, y + px * 0.58, Math.max(1, px * 0.2 * Math.sqrt(Math.min(1, cargo / 1000))), 0, 2 * Math.PI);
        ctx.fill();
      }
      if (px >= 28 && cargo > 0) {
        ctx.fillStyle = '#ffffff';
        ctx.fillText(String(Math.round(cargo)), x + px / 2, y + px);
      }
      drawn.push([unit.id, unit.owner, ships[i + 1], cargo]);
    }
    return drawn;
  }

  // The selected unit's path over its whole life, brighter up to step t; a
  // move across the board's edge (the board is a torus) is not drawn as a line
  // across the board.
  drawPath(life, t) {
    if (life.length === 0) return;
    const ctx = this.ctx, px = this.cellPx, n = this.game.size;
    const centre = (cell) => [(cell % n) * px + px / 2, Math.floor(cell / n) * px + px / 2];
    ctx.lineWidth = Math.max(1.5, px * 0.12);
    ctx.lineCap = 'round';
    for (let i = 1; i < life.length; i++) {
      const a = life[i - 1].cell, b = life[i].cell;
      if (a === b) continue;
      const [ax, ay] = centre(a), [bx, by] = centre(b);
      if (Math.abs(ax - bx) > px * 1.5 || Math.abs(ay - by) > px * 1.5) continue;  // wrapped
      ctx.strokeStyle = life[i].step <= t ? 'rgba(255,255,255,0.9)' : 'rgba(255,255,255,0.25)';
      ctx.beginPath(); ctx.moveTo(ax, ay); ctx.lineTo(bx, by); ctx.stroke();
    }
    const [sx, sy] = centre(life[0].cell);
    ctx.fillStyle = 'rgba(255,255,255,0.8)';
    ctx.fillRect(sx - 2, sy - 2, 4, 4);
  }

  drawSelection(cell) {
    const [x, y] = this.cellOrigin(cell), px = this.cellPx;
    this.ctx.strokeStyle = '#ffffff';
    this.ctx.lineWidth = Math.max(1.5, px * 0.1);
    this.ctx.strokeRect(x + 1, y + 1, px - 2, px - 2);
  }

  // Draws step t; `selected` is {unit, life} or null. Returns what was drawn.
  draw(t, selected) {
    const game = this.game;
    const drawn = { step: t, halite: this.drawCells(game.halite[t]) };
    drawn.yards = this.drawYards(game.yards[t]);
    if (selected) this.drawPath(selected.life, t);
    drawn.ships = this.drawShips(game.ships[t]);
    if (selected) {
      const now = selected.life.find((p) => p.step === t);
      if (now) this.drawSelection(now.cell);
    }
    return drawn;
  }
}
HV.BoardView = BoardView;
