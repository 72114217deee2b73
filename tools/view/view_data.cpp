#include "view/view_data.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "halite/replay_check.h"

namespace halite::tools::view {
namespace {

// Integral values as JSON integers ("500", not "500.0"): most cells, cargo
// and banks are whole, and the page is mostly these numbers. Others keep
// nlohmann's shortest round-trip form, so the page reads the exact doubles.
Json number(double v) {
  if (v == std::floor(v) && std::fabs(v) < 9e15) return static_cast<long long>(v);
  return v;
}

// Every unit of the game gets a small index; per-step arrays refer to units
// by it, and the page finds a unit's whole life through it.
class UnitTable {
 public:
  int index(UnitId id, int owner, const char* kind, int step) {
    auto [it, fresh] = index_.emplace(id.value, static_cast<int>(units_.size()));
    if (fresh) units_.push_back({{"id", id.str()}, {"owner", owner}, {"kind", kind}, {"born", step}, {"last", step}});
    units_[static_cast<size_t>(it->second)]["last"] = step;
    return it->second;
  }
  int find(UnitId id) const {
    auto it = index_.find(id.value);
    return it == index_.end() ? -1 : it->second;
  }
  Json take() { return std::move(units_); }

 private:
  std::unordered_map<uint32_t, int> index_;
  Json units_ = Json::array();
};

struct Event {
  int step;          // the state the event is first seen in
  const char* type;  // spawn, convert, collision, ship_lost, yard_lost, status
  int player;        // -1 for a collision between players
  std::string unit;  // the unit concerned ("" for a collision)
  int cell;
  std::string note;  // why, in words
};

Json event_json(const Event& e) {
  return {{"step", e.step}, {"type", e.type}, {"player", e.player},
          {"unit", e.unit}, {"cell", e.cell}, {"note", e.note}};
}

// Where the turn's ships end their moves: each ship of `before` by the
// recorded orders staged on a copy, as the engine resolves them (a failed
// player's ships stay put, a converting ship stays on its cell), then the
// spawns the banks pay for, which collide like any ship. Spawns are paid in
// shipyard order before conversions, as the reference pays them.
struct TurnMoves {
  std::vector<int> ship_destination;        // by index into before.ships()
  std::vector<std::pair<int, int>> spawns;  // (cell, owner)
};

TurnMoves turn_moves(const State& before, const std::vector<ReplayEntry>& row) {
  State staged = before;
  stage_recorded_turn(staged, row);
  TurnMoves moves;
  for (const Ship& ship : staged.ships()) moves.ship_destination.push_back(staged.neighbor(ship.cell, ship.action));
  std::vector<double> bank;
  for (int p = 0; p < staged.num_players(); ++p) bank.push_back(staged.player(p).bank);
  for (const Shipyard& yard : staged.shipyards()) {
    if (yard.action != Action::Spawn || bank[yard.owner] < static_cast<double>(staged.config().spawn_cost)) continue;
    bank[yard.owner] -= static_cast<double>(staged.config().spawn_cost);
    moves.spawns.emplace_back(yard.cell, yard.owner);
  }
  return moves;
}

int yard_at(const State& state, int cell) {
  for (const Shipyard& y : state.shipyards())
    if (y.cell == cell) return y.owner;
  return -1;
}

bool converted(const Ship& ship, const State& after) {
  for (const Shipyard& y : after.shipyards())
    if (y.cell == ship.cell && y.owner == ship.owner && static_cast<int>(y.id.label()) == after.step()) return true;
  return false;
}

// Why a ship of `before` is gone from `after` (it was not converted).
std::string loss_cause(const Ship& ship, int destination, int arrivals, const State& before, const State& after) {
  const int yard_owner = yard_at(before, destination);
  if (arrivals >= 2) {
    const bool yard_gone = yard_owner >= 0 && yard_owner != ship.owner && yard_at(after, destination) < 0;
    return yard_gone ? "collision on the shipyard of player " + std::to_string(yard_owner) + ", which fell"
                     : "collision";
  }
  if (yard_owner >= 0 && yard_owner != ship.owner) return "rammed the shipyard of player " + std::to_string(yard_owner);
  if (is_failure(after.player(ship.owner).status))
    return std::string("removed with its player (") + status_name(after.player(ship.owner).status) + ")";
  return "removed";
}

// The ships' collisions of one turn: one event per cell where two or more ships
// ended their moves (spawns included), naming the survivor if any.
void collision_events(const State& before, const State& after, const TurnMoves& moves,
                      const std::map<int, int>& arrivals, std::vector<Event>& out) {
  for (const auto& [cell, count] : arrivals) {
    if (count < 2) continue;
    std::string survivor = "no survivor";
    for (const Ship& s : after.ships())
      if (s.cell == cell) survivor = s.id.str() + " (player " + std::to_string(s.owner) + ") survived";
    std::vector<int> owners;
    for (size_t i = 0; i < before.ships().size(); ++i)
      if (moves.ship_destination[i] == cell) owners.push_back(before.ships()[i].owner);
    for (const auto& [spawn_cell, owner] : moves.spawns)
      if (spawn_cell == cell) owners.push_back(owner);
    const bool one_player = std::all_of(owners.begin(), owners.end(), [&](int o) { return o == owners[0]; });
    out.push_back({after.step(), "collision", one_player ? owners[0] : -1, "", cell,
                   std::to_string(count) + " ships; " + survivor});
  }
}

// The events of the turn from state t - 1 to state t.
void turn_events(const State& before, const State& after, const std::vector<ReplayEntry>& row,
                 std::vector<Event>& out) {
  const int t = after.step();
  const TurnMoves moves = turn_moves(before, row);
  const std::vector<int>& dest = moves.ship_destination;
  std::map<int, int> arrivals;  // cell -> ships that ended their move there
  for (size_t i = 0; i < before.ships().size(); ++i)
    if (after.find_ship(before.ships()[i].id) >= 0 || !converted(before.ships()[i], after)) ++arrivals[dest[i]];
  for (const auto& [cell, owner] : moves.spawns) ++arrivals[cell];
  collision_events(before, after, moves, arrivals, out);
  for (size_t i = 0; i < before.ships().size(); ++i) {
    const Ship& ship = before.ships()[i];
    if (after.find_ship(ship.id) >= 0) continue;
    if (converted(ship, after)) {
      out.push_back({t, "convert", ship.owner, ship.id.str(), ship.cell, "became a shipyard"});
      continue;
    }
    out.push_back({t, "ship_lost", ship.owner, ship.id.str(), dest[i],
                   loss_cause(ship, dest[i], arrivals[dest[i]], before, after)});
  }
  for (const Ship& ship : after.ships())
    if (before.find_ship(ship.id) < 0) out.push_back({t, "spawn", ship.owner, ship.id.str(), ship.cell, "spawned"});
  for (const Shipyard& yard : before.shipyards()) {
    if (after.find_shipyard(yard.id) >= 0) continue;
    std::string why = "destroyed";
    for (size_t i = 0; i < before.ships().size(); ++i)
      if (dest[i] == yard.cell && before.ships()[i].owner != yard.owner)
        why = "rammed by player " + std::to_string(before.ships()[i].owner);
    if (is_failure(after.player(yard.owner).status)) why = "removed with its player";
    out.push_back({t, "yard_lost", yard.owner, yard.id.str(), yard.cell, why});
  }
  for (int p = 0; p < after.num_players(); ++p)
    if (after.player(p).status != before.player(p).status)
      out.push_back({t, "status", p, "", -1, std::string("status ") + status_name(after.player(p).status)});
}

// The chart series: per player, per step.
Json chart_series(const std::vector<State>& states, const std::vector<Event>& events) {
  const int players = states.front().num_players();
  const char* names[] = {"bank", "ships", "yards", "cargo", "lost"};
  Json series = Json::object();
  for (const char* name : names) series[name] = Json::array();
  std::vector<int> lost_by_step(states.size() * static_cast<size_t>(players), 0);
  for (const Event& e : events)
    if (std::string_view(e.type) == "ship_lost") ++lost_by_step[static_cast<size_t>(e.step) * players + e.player];
  for (int p = 0; p < players; ++p) {
    Json bank = Json::array(), ships = Json::array(), yards = Json::array(), cargo = Json::array(),
         lost = Json::array();
    int lost_so_far = 0;
    for (size_t t = 0; t < states.size(); ++t) {
      const State& s = states[t];
      int ship_count = 0, yard_count = 0;
      double aboard = 0;
      for (const Ship& ship : s.ships())
        if (ship.owner == p) ++ship_count, aboard += ship.cargo;
      for (const Shipyard& yard : s.shipyards()) yard_count += yard.owner == p;
      lost_so_far += lost_by_step[t * players + p];
      bank.push_back(number(s.player(p).bank));
      ships.push_back(ship_count);
      yards.push_back(yard_count);
      cargo.push_back(number(aboard));
      lost.push_back(lost_so_far);
    }
    for (auto [name, values] :
         {std::pair{"bank", &bank}, {"ships", &ships}, {"yards", &yards}, {"cargo", &cargo}, {"lost", &lost}})
      series[name].push_back(std::move(*values));
  }
  return series;
}

// Per step: cell halite, ships as [unit, cell, cargo, ...], yards as
// [unit, cell, ...], banks and statuses.
Json step_arrays(const std::vector<State>& states, UnitTable& units) {
  Json halite = Json::array(), ships = Json::array(), yards = Json::array(), banks = Json::array(),
       statuses = Json::array();
  for (const State& s : states) {
    Json cells = Json::array(), ship_row = Json::array(), yard_row = Json::array(), bank_row = Json::array(),
         status_row = Json::array();
    for (const double h : s.cells()) cells.push_back(number(h));
    for (const Ship& ship : s.ships()) {
      ship_row.push_back(units.index(ship.id, ship.owner, "ship", s.step()));
      ship_row.push_back(ship.cell);
      ship_row.push_back(number(ship.cargo));
    }
    for (const Shipyard& yard : s.shipyards()) {
      yard_row.push_back(units.index(yard.id, yard.owner, "yard", s.step()));
      yard_row.push_back(yard.cell);
    }
    for (int p = 0; p < s.num_players(); ++p) {
      bank_row.push_back(number(s.player(p).bank));
      status_row.push_back(status_name(s.player(p).status));
    }
    halite.push_back(std::move(cells));
    ships.push_back(std::move(ship_row));
    yards.push_back(std::move(yard_row));
    banks.push_back(std::move(bank_row));
    statuses.push_back(std::move(status_row));
  }
  return {{"halite", std::move(halite)},
          {"ships", std::move(ships)},
          {"yards", std::move(yards)},
          {"banks", std::move(banks)},
          {"statuses", std::move(statuses)}};
}

Json trace_json(const std::vector<TraceLine>& trace) {
  Json out = Json::array();
  for (const TraceLine& line : trace)
    out.push_back({{"step", line.step}, {"player", line.player}, {"units", line.units}});
  return out;
}

}  // namespace

Json game_view_data(const GameInput& game) {
  const Replay& replay = *game.replay;
  const std::vector<State>& states = *game.states;
  std::vector<Event> events;
  for (size_t t = 1; t < states.size(); ++t) turn_events(states[t - 1], states[t], replay.steps[t], events);
  UnitTable units;
  Json data = step_arrays(states, units);
  data["label"] = game.label;
  data["size"] = states.front().size();
  data["players"] = states.front().num_players();
  data["steps"] = states.size();
  data["maxCellHalite"] = replay.config.max_cell_halite;
  data["seed"] = replay.config.has_random_seed ? Json(replay.config.random_seed) : Json(nullptr);
  data["teams"] = replay.team_names;
  data["units"] = units.take();
  data["events"] = Json::array();
  for (const Event& e : events) data["events"].push_back(event_json(e));
  data["series"] = chart_series(states, events);
  data["trace"] = trace_json(game.trace);
  return data;
}

Json view_data(const std::vector<GameInput>& games) {
  Json out = {{"format", kViewDataFormat}, {"games", Json::array()}};
  for (const GameInput& game : games) out["games"].push_back(game_view_data(game));
  return out;
}

}  // namespace halite::tools::view
