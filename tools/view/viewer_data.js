// The page's data: the JSON `halite view` embeds (layout in docs/viewer.md),
// checked before anything is drawn so that a damaged page says what is wrong
// instead of drawing nonsense, and indexed for the lookups the page makes on
// every frame.
'use strict';

const HV = {};  // the viewer's one global: data, drawing, charts, app

HV.FORMAT = 'halite-view/1';

class ViewDataError extends Error {}
HV.ViewDataError = ViewDataError;

// Throws a ViewDataError naming the field when `ok` is false.
function expectData(ok, path, what) {
  if (!ok) throw new ViewDataError(`embedded data: ${path} ${what}`);
}

function isCount(v) { return Number.isInteger(v) && v >= 0; }
function isNumber(v) { return typeof v === 'number' && Number.isFinite(v); }

// One array per step, each checked by `checkRow(row, path)`.
function checkPerStep(game, key, gamePath, checkRow) {
  const rows = game[key];
  expectData(Array.isArray(rows) && rows.length === game.steps, `${gamePath}.${key}`,
             `should hold one entry per step (${game.steps}), got ${Array.isArray(rows) ? rows.length : typeof rows}`);
  for (let t = 0; t < rows.length; t++) checkRow(rows[t], `${gamePath}.${key}[${t}]`);
}

function checkGameHeader(game, path) {
  expectData(game && typeof game === 'object', path, 'should be an object');
  expectData(isCount(game.size) && game.size >= 2 && game.size <= 99, `${path}.size`, `should be a board size 2..99, got ${game.size}`);
  expectData(isCount(game.players) && game.players >= 1 && game.players <= 4, `${path}.players`, `should be 1..4, got ${game.players}`);
  expectData(isCount(game.steps) && game.steps >= 1, `${path}.steps`, `should be a step count >= 1, got ${game.steps}`);
  expectData(isNumber(game.maxCellHalite) && game.maxCellHalite > 0, `${path}.maxCellHalite`, 'should be a number > 0');
  expectData(Array.isArray(game.units), `${path}.units`, 'should be a list');
  game.units.forEach((u, i) => {
    expectData(u && typeof u.id === 'string' && isCount(u.owner) && u.owner < game.players &&
               (u.kind === 'ship' || u.kind === 'yard') && isCount(u.born) && isCount(u.last) && u.born <= u.last &&
               u.last < game.steps, `${path}.units[${i}]`, `is not a unit record: ${JSON.stringify(u)}`);
  });
}

// Ships are [unit, cell, cargo, ...] and yards [unit, cell, ...]: the unit an
// index into game.units of the right kind, the cell on the board.
function checkUnitRow(game, row, path, width, kind) {
  const cells = game.size * game.size;
  expectData(Array.isArray(row) && row.length % width === 0, path, `should be a flat list of ${width}-tuples`);
  for (let i = 0; i < row.length; i += width) {
    const unit = game.units[row[i]];
    expectData(isCount(row[i]) && unit !== undefined && unit.kind === kind, `${path}[${i}]`, `is not a ${kind} of units`);
    expectData(isCount(row[i + 1]) && row[i + 1] < cells, `${path}[${i + 1}]`, `is not a cell of a ${game.size}x${game.size} board`);
    if (width === 3) expectData(isNumber(row[i + 2]) && row[i + 2] >= 0, `${path}[${i + 2}]`, 'should be a cargo >= 0');
  }
}

function checkSeries(game, path) {
  expectData(game.series && typeof game.series === 'object', `${path}.series`, 'should be an object');
  for (const name of HV.SERIES) {
    const perPlayer = game.series[name.key];
    expectData(Array.isArray(perPlayer) && perPlayer.length === game.players, `${path}.series.${name.key}`,
               `should hold one list per player (${game.players})`);
    perPlayer.forEach((values, p) => expectData(Array.isArray(values) && values.length === game.steps &&
                                                values.every(isNumber),
                                                `${path}.series.${name.key}[${p}]`, `should be ${game.steps} numbers`));
  }
}

function checkGame(game, path) {
  checkGameHeader(game, path);
  const cells = game.size * game.size;
  checkPerStep(game, 'halite', path, (row, p) => expectData(Array.isArray(row) && row.length === cells && row.every(isNumber), p,
                                                           `should be ${cells} cell values, got ${Array.isArray(row) ? row.length : typeof row}`));
  checkPerStep(game, 'ships', path, (row, p) => checkUnitRow(game, row, p, 3, 'ship'));
  checkPerStep(game, 'yards', path, (row, p) => checkUnitRow(game, row, p, 2, 'yard'));
  checkPerStep(game, 'banks', path, (row, p) => expectData(Array.isArray(row) && row.length === game.players && row.every(isNumber), p,
                                                          'should be one bank per player'));
  checkPerStep(game, 'statuses', path, (row, p) => expectData(Array.isArray(row) && row.length === game.players, p,
                                                             'should be one status per player'));
  expectData(Array.isArray(game.events), `${path}.events`, 'should be a list');
  game.events.forEach((e, i) => expectData(e && isCount(e.step) && e.step < game.steps && HV.EVENT_TYPES[e.type] !== undefined,
                                           `${path}.events[${i}]`, `is not an event: ${JSON.stringify(e)}`));
  checkSeries(game, path);
  expectData(Array.isArray(game.trace), `${path}.trace`, 'should be a list');
  game.trace.forEach((line, i) => {
    expectData(line && isCount(line.step) && isCount(line.player) && Array.isArray(line.units),
               `${path}.trace[${i}]`, 'is not a trace line {step, player, units}');
    line.units.forEach((u, k) => expectData(u && typeof u.id === 'string', `${path}.trace[${i}].units[${k}]`,
                                            'is not a unit record with an id'));
  });
}

// Lookups built once: unit by id, events by step, trace records by step and unit.
function indexGame(game) {
  game.unitById = new Map(game.units.map((u, i) => [u.id, i]));
  game.eventsByStep = new Map();
  for (const e of game.events) {
    if (!game.eventsByStep.has(e.step)) game.eventsByStep.set(e.step, []);
    game.eventsByStep.get(e.step).push(e);
  }
  game.traceByStepUnit = new Map();
  for (const line of game.trace)
    for (const record of line.units) game.traceByStepUnit.set(`${line.step}/${record.id}`, { player: line.player, record });
  game.teams = Array.isArray(game.teams) ? game.teams : [];
  return game;
}

// Reads the page's embedded data (the text of <script id="viewer-data">).
HV.readViewData = function (text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ViewDataError(`embedded data is not valid JSON (${e.message}); rewrite the page with halite view`);
  }
  expectData(data && data.format === HV.FORMAT, 'format', `should be "${HV.FORMAT}", got ${JSON.stringify(data && data.format)}`);
  expectData(Array.isArray(data.games) && data.games.length >= 1 && data.games.length <= 2, 'games', 'should hold one or two games');
  data.games.forEach((g, i) => checkGame(g, `games[${i}]`));
  data.games.forEach(indexGame);
  return data;
};

// A unit's life: [{step, cell, cargo}] for each step it is on the board.
// Scans only the steps between its first and last appearance.
HV.unitLife = function (game, unitIndex) {
  const unit = game.units[unitIndex];
  const life = [];
  const key = unit.kind === 'ship' ? 'ships' : 'yards';
  const width = unit.kind === 'ship' ? 3 : 2;
  for (let t = unit.born; t <= unit.last; t++) {
    const row = game[key][t];
    for (let i = 0; i < row.length; i += width) {
      if (row[i] !== unitIndex) continue;
      life.push({ step: t, cell: row[i + 1], cargo: width === 3 ? row[i + 2] : 0 });
      break;
    }
  }
  return life;
};

// The shipyard (index into game.units) on `cell` at step t, or -1.
HV.yardAt = function (game, t, cell) {
  const yards = game.yards[t];
  for (let i = 0; i < yards.length; i += 2) if (yards[i + 1] === cell) return yards[i];
  return -1;
};

// The unit on `cell` at step t: the ship if there is one, else the shipyard.
HV.unitAt = function (game, t, cell) {
  const ships = game.ships[t];
  for (let i = 0; i < ships.length; i += 3) if (ships[i + 1] === cell) return ships[i];
  return HV.yardAt(game, t, cell);
};
