#include "halite/lab/dataset.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "halite/lab/match.h"
#include "halite/lab/npz.h"
#include "halite/replay_check.h"

namespace halite::lab {

const char* const kDatasetPlaneNames[kDatasetPlanes] = {
    "halite", "own_ship", "own_ship_cargo", "enemy_ship", "enemy_ship_cargo", "own_shipyard", "enemy_shipyard"};
const char* const kDatasetGlobalNames[kDatasetGlobals] = {
    "step",      "steps_left",     "own_bank",    "unit_cargo",      "own_ships", "own_shipyards",
    "own_cargo", "top_enemy_bank", "enemy_ships", "enemy_shipyards", "players"};
const char* const kDatasetShipActionNames[6] = {"NONE", "NORTH", "SOUTH", "EAST", "WEST", "CONVERT"};
const char* const kDatasetYardActionNames[2] = {"NONE", "SPAWN"};

namespace {

enum Plane { kHalite, kOwnShip, kOwnCargo, kEnemyShip, kEnemyCargo, kOwnYard, kEnemyYard };

// Who is where on one state's board.
struct Board {
  int size = 0;
  std::vector<int> ship_owner, yard_owner;  // -1: none
  std::vector<double> cargo;
  explicit Board(const State& s)
      : size(s.size()),
        ship_owner(static_cast<size_t>(s.cell_count()), -1),
        yard_owner(static_cast<size_t>(s.cell_count()), -1),
        cargo(static_cast<size_t>(s.cell_count()), 0) {
    for (const Ship& ship : s.ships()) ship_owner[ship.cell] = ship.owner, cargo[ship.cell] = ship.cargo;
    for (const Shipyard& yard : s.shipyards()) yard_owner[yard.cell] = yard.owner;
  }
};

struct PlayerTotals {
  double bank = 0, cargo = 0;
  int ships = 0, yards = 0;
};

void add_sample(Samples& out, const State& s, const Board& board, int window, int player, int cell, double unit_cargo,
                const std::vector<PlayerTotals>& totals, int8_t action, int32_t replay_index) {
  const int n = board.size, half = window / 2, r0 = s.row(cell), c0 = s.col(cell);
  const size_t area = static_cast<size_t>(window) * static_cast<size_t>(window);
  const size_t base = out.planes.size();
  out.planes.resize(base + kDatasetPlanes * area, 0.0f);
  float* planes = out.planes.data() + base;
  for (int dy = 0; dy < window; ++dy) {
    const int row = ((r0 + dy - half) % n + n) % n;
    for (int dx = 0; dx < window; ++dx) {
      const int c = row * n + ((c0 + dx - half) % n + n) % n;
      const size_t at = static_cast<size_t>(dy) * static_cast<size_t>(window) + static_cast<size_t>(dx);
      planes[kHalite * area + at] = static_cast<float>(s.halite(c));
      if (const int owner = board.ship_owner[c]; owner >= 0) {
        const bool own = owner == player;
        planes[(own ? kOwnShip : kEnemyShip) * area + at] = 1.0f;
        planes[(own ? kOwnCargo : kEnemyCargo) * area + at] = static_cast<float>(board.cargo[c]);
      }
      if (const int owner = board.yard_owner[c]; owner >= 0)
        planes[(owner == player ? kOwnYard : kEnemyYard) * area + at] = 1.0f;
    }
  }
  PlayerTotals enemies;
  enemies.bank = 0;
  for (int q = 0; q < s.num_players(); ++q) {
    if (q == player) continue;
    enemies.bank = std::max(enemies.bank, totals[q].bank);
    enemies.ships += totals[q].ships;
    enemies.yards += totals[q].yards;
  }
  const PlayerTotals& own = totals[player];
  const float globals[kDatasetGlobals] = {
      static_cast<float>(s.step()),       static_cast<float>(s.config().episode_steps - 1 - s.step()),
      static_cast<float>(own.bank),       static_cast<float>(unit_cargo),
      static_cast<float>(own.ships),      static_cast<float>(own.yards),
      static_cast<float>(own.cargo),      static_cast<float>(enemies.bank),
      static_cast<float>(enemies.ships),  static_cast<float>(enemies.yards),
      static_cast<float>(s.num_players())};
  out.globals.insert(out.globals.end(), std::begin(globals), std::end(globals));
  out.action.push_back(action);
  out.replay.push_back(replay_index);
  out.step.push_back(s.step());
  out.player.push_back(player);
  out.cell.push_back(cell);
}

int8_t ship_label(Action a) {
  switch (a) {
    case Action::North:
      return 1;
    case Action::South:
      return 2;
    case Action::East:
      return 3;
    case Action::West:
      return 4;
    case Action::Convert:
      return 5;
    default:
      return 0;
  }
}

}  // namespace

void validate(const DatasetOptions& o) {
  if (o.window < 1 || o.window > kMaxWindow || o.window % 2 == 0)
    throw std::invalid_argument("the window must be odd, from 1 to " + std::to_string(kMaxWindow) + ", got " +
                                std::to_string(o.window));
  for (int p : o.players)
    if (p < 0 || p >= kMaxPlayers)
      throw std::invalid_argument("a player index is 0 to " + std::to_string(kMaxPlayers - 1) + ", got " +
                                  std::to_string(p));
}

void add_replay(Dataset& dataset, const Replay& replay, const std::string& name, const DatasetOptions& options) {
  validate(options);
  const std::vector<State> states = replay_states(replay);  // throws when the replay does not reproduce
  const State& last = states.back();
  std::vector<double> final_rewards;
  for (int p = 0; p < last.num_players(); ++p)
    final_rewards.push_back(is_failure(last.player(p).status) ? -std::numeric_limits<double>::infinity()
                                                              : last.player(p).reward);
  const std::vector<int> ranks = rank_players(final_rewards);
  std::vector<bool> kept(static_cast<size_t>(last.num_players()), true);
  for (int p = 0; p < last.num_players(); ++p) {
    if (!options.players.empty())
      kept[p] = std::find(options.players.begin(), options.players.end(), p) != options.players.end();
    if (!options.teams.empty())
      kept[p] = kept[p] && p < static_cast<int>(replay.team_names.size()) &&
                std::find(options.teams.begin(), options.teams.end(), replay.team_names[p]) != options.teams.end();
    if (options.winners_only) kept[p] = kept[p] && ranks[p] == 0;
  }

  if (!dataset.replays.empty() && dataset.window != options.window)
    throw std::invalid_argument("a dataset holds one window size: " + std::to_string(dataset.window) + ", not " +
                                std::to_string(options.window));
  dataset.window = options.window;
  const int32_t replay_index = static_cast<int32_t>(dataset.replays.size());
  for (size_t t = 0; t + 1 < states.size(); ++t) {
    State staged = states[t];
    stage_recorded_turn(staged, replay.steps[t + 1]);
    const Board board(staged);
    std::vector<PlayerTotals> totals(static_cast<size_t>(staged.num_players()));
    for (int p = 0; p < staged.num_players(); ++p) totals[p].bank = staged.player(p).bank;
    for (const Ship& ship : staged.ships()) ++totals[ship.owner].ships, totals[ship.owner].cargo += ship.cargo;
    for (const Shipyard& yard : staged.shipyards()) ++totals[yard.owner].yards;
    for (int p = 0; p < staged.num_players(); ++p) {
      // A player out of the game, or whose turn failed, chose nothing.
      if (!kept[p] || states[t].player(p).status != Status::Active || staged.player(p).status != Status::Active)
        continue;
      for (const Ship& ship : staged.ships())
        if (ship.owner == p)
          add_sample(dataset.ships, staged, board, options.window, p, ship.cell, ship.cargo, totals,
                     ship_label(ship.action), replay_index);
      for (const Shipyard& yard : staged.shipyards())
        if (yard.owner == p)
          add_sample(dataset.shipyards, staged, board, options.window, p, yard.cell, 0, totals,
                     static_cast<int8_t>(yard.action == Action::Spawn), replay_index);
    }
  }
  dataset.replays.push_back(name);
}

void write_npz(const Dataset& dataset, const std::string& path, bool compress) {
  NpzWriter npz(path, compress);
  const size_t w = static_cast<size_t>(dataset.window);
  for (auto [prefix, samples] : {std::pair{"ship_", &dataset.ships}, std::pair{"yard_", &dataset.shipyards}}) {
    const std::string p = prefix;
    const size_t n = samples->size();
    npz.add(p + "planes", std::span<const float>(samples->planes), {n, size_t{kDatasetPlanes}, w, w});
    npz.add(p + "globals", std::span<const float>(samples->globals), {n, size_t{kDatasetGlobals}});
    npz.add(p + "action", std::span<const int8_t>(samples->action), {n});
    npz.add(p + "replay", std::span<const int32_t>(samples->replay), {n});
    npz.add(p + "step", std::span<const int32_t>(samples->step), {n});
    npz.add(p + "player", std::span<const int32_t>(samples->player), {n});
    npz.add(p + "cell", std::span<const int32_t>(samples->cell), {n});
  }
  npz.add("replays", dataset.replays);
  npz.add("plane_names", std::vector<std::string>(std::begin(kDatasetPlaneNames), std::end(kDatasetPlaneNames)));
  npz.add("global_names", std::vector<std::string>(std::begin(kDatasetGlobalNames), std::end(kDatasetGlobalNames)));
  npz.add("ship_action_names",
          std::vector<std::string>(std::begin(kDatasetShipActionNames), std::end(kDatasetShipActionNames)));
  npz.add("yard_action_names",
          std::vector<std::string>(std::begin(kDatasetYardActionNames), std::end(kDatasetYardActionNames)));
  npz.close();
}

}  // namespace halite::lab
