// The side panels for the current step: the selected unit (where, cargo, its
// life), its recorded reason from the bot's trace, and the step's events.
'use strict';

function formatValue(v) {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'number') return String(Math.round(v * 1000) / 1000);
  if (typeof v === 'string') return v === '' ? '(none)' : v;
  return JSON.stringify(v);
}

function renderUnitPanel(app) {
  const panel = document.getElementById('unit-panel');
  if (!app.selected) {
    panel.className = 'muted';
    panel.textContent = 'click a ship or shipyard';
    return;
  }
  const { game: g, unit, life } = app.selected;
  const game = app.games[g], t = app.gameStep(g), u = game.units[unit];
  const now = life.find((p) => p.step === t);
  const rows = [['unit', `${u.id} (${u.kind === 'ship' ? 'ship' : 'shipyard'})`], ['player', String(u.owner)]];
  if (app.games.length > 1) rows.push(['game', game.label]);
  rows.push(['on board', `steps ${u.born} to ${u.last}`]);
  if (now) {
    rows.push(['cell', `${cellName(game, now.cell)} = ${now.cell}`]);
    if (u.kind === 'ship') rows.push(['cargo', String(now.cargo)]);
  } else {
    rows.push(['at this step', t < u.born ? 'not yet built' : 'gone']);
  }
  const fate = game.events.find((e) => e.unit === u.id && e.type !== 'spawn' && e.step === u.last + 1);
  if (fate) rows.push(['fate', `step ${fate.step}: ${fate.note}`]);
  panel.className = '';
  panel.replaceChildren(table(rows));
}

// The trace record of the selected unit at this step: what the bot chose for
// it when shown this state, with the runner-up and the rest it recorded.
function renderTracePanel(app) {
  const panel = document.getElementById('trace-panel');
  panel.className = 'muted';
  if (!app.selected) { panel.textContent = 'click a unit'; return; }
  const game = app.games[app.selected.game], t = app.gameStep(app.selected.game);
  const id = game.units[app.selected.unit].id;
  if (game.trace.length === 0) { panel.textContent = 'no trace given (halite view REPLAY --trace FILE)'; return; }
  const entry = game.traceByStepUnit.get(`${t}/${id}`);
  if (!entry) { panel.textContent = `no trace record for ${id} at step ${t}`; return; }
  const r = entry.record;
  const rows = [['step', `${t} (player ${entry.player})`], ['role', formatValue(r.role)],
                ['action', `${formatValue(r.action)}  value ${formatValue(r.value)}`],
                ['runner-up', `${formatValue(r.runner_up)}  value ${formatValue(r.runner_up_value)}`],
                ['danger', formatValue(r.danger)], ['visits', formatValue(r.visits)]];
  const known = new Set(['id', 'role', 'action', 'value', 'runner_up', 'runner_up_value', 'danger', 'visits']);
  for (const [k, v] of Object.entries(r)) if (!known.has(k)) rows.push([k, formatValue(v)]);
  panel.className = 'trace';
  panel.replaceChildren(table(rows));
}

function renderEventList(app) {
  const list = document.getElementById('event-list');
  list.replaceChildren();
  app.games.forEach((game, g) => {
    if (app.step >= game.steps) return;  // the game is over: its last events are not this step's
    for (const e of game.eventsByStep.get(app.step) || []) {
      const type = HV.EVENT_TYPES[e.type];
      const item = element('li');
      item.append(element('span', { class: 'swatch', style: `background:${type.color}` }));
      const who = e.player >= 0 ? `player ${e.player} ` : '';
      const where = e.cell >= 0 ? ` at ${cellName(game, e.cell)}` : '';
      const prefix = app.games.length > 1 ? `${game.label.split(':')[0]}: ` : '';
      item.append(`${prefix}${type.label}: ${who}${e.unit}${where}, ${e.note}`);
      list.append(item);
    }
  });
  if (!list.firstChild) list.append(element('li', { class: 'muted' }, 'none'));
}

HV.renderSidePanels = function (app) {
  renderUnitPanel(app);
  renderTracePanel(app);
  renderEventList(app);
};
