#include "halite/search/planners/simple.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "halite/search/policy/common.h"
#include "halite/search/rng.h"

namespace halite::search {

namespace {

constexpr std::array<Action, 4> kMoves = {Action::North, Action::East, Action::South, Action::West};

class RandomPlanner final : public Planner {
 public:
  explicit RandomPlanner(uint64_t seed) : rng_(seed), seed_(seed) {}
  std::string name() const override { return "random"; }
  void new_game() override { rng_.reseed(seed_); }

  State::Orders choose(const State& s, int player, const Budget&) override {
    State::Orders orders;
    if (s.player(player).status != Status::Active) return orders;
    double remaining = s.player(player).bank;
    const double convert_cost = static_cast<double>(s.config().convert_cost);
    const double spawn_cost = static_cast<double>(s.config().spawn_cost);
    int yards = 0, ships = 0;
    for (const Shipyard& y : s.shipyards()) yards += y.owner == player;
    for (const Ship& sh : s.ships()) {
      if (sh.owner != player) continue;
      ++ships;
      if (s.halite(sh.cell) > sh.cargo && rng_.chance(0.5)) continue;  // mine
      bool on_yard = false;
      for (const Shipyard& y : s.shipyards()) on_yard |= y.cell == sh.cell;
      if (!on_yard && remaining > convert_cost && (rng_.chance(0.05) || (yards == 0 && rng_.chance(0.5)))) {
        remaining -= convert_cost;
        orders.push_back({sh.id, Action::Convert});
        continue;
      }
      orders.push_back({sh.id, kMoves[rng_.below(4)]});
    }
    for (const Shipyard& y : s.shipyards()) {
      if (y.owner != player) continue;
      if (remaining > spawn_cost && (ships == 0 || rng_.chance(0.2))) {
        remaining -= spawn_cost;
        orders.push_back({y.id, Action::Spawn});
      }
    }
    stats_ = {};
    return orders;
  }

 private:
  Rng rng_;
  uint64_t seed_;
};

class MinerPlanner final : public Planner {
 public:
  MinerPlanner(const Params& p, uint64_t seed)
      : return_cargo_(p.get("return_cargo")),
        mine_threshold_(p.get("mine_threshold")),
        max_ships_(p.get_int("max_ships")),
        spawn_until_(p.get_int("spawn_until_step")),
        radius_(p.get_int("search_radius")),
        rng_(seed),
        seed_(seed) {}
  std::string name() const override { return "miner"; }
  void new_game() override { rng_.reseed(seed_); }

  State::Orders choose(const State& s, int player, const Budget&) override {
    State::Orders orders;
    if (s.player(player).status != Status::Active) return orders;
    const int n = s.size();
    geo_.init(n);
    auto dist = [this](int a, int b) { return geo_.dist(a, b); };
    std::vector<int> yards;
    for (const Shipyard& y : s.shipyards())
      if (y.owner == player) yards.push_back(y.cell);
    std::vector<uint8_t> taken(static_cast<size_t>(s.cell_count()), 0);
    double bank = s.player(player).bank;
    int ships = 0;
    for (const Ship& sh : s.ships()) ships += sh.owner == player;

    // Without a shipyard, the first ship that can afford it converts.
    if (yards.empty()) {
      for (const Ship& sh : s.ships()) {
        if (sh.owner != player || sh.cargo + bank < static_cast<double>(s.config().convert_cost)) continue;
        orders.push_back({sh.id, Action::Convert});
        yards.push_back(sh.cell);
        bank -= std::max(0.0, static_cast<double>(s.config().convert_cost) - sh.cargo);
        break;
      }
    }
    const int steps_left = s.config().episode_steps - 1 - s.step();
    for (const Ship& sh : s.ships()) {
      if (sh.owner != player) continue;
      bool converting = false;
      for (const auto& o : orders) converting |= o.unit == sh.id;
      if (converting) continue;
      int home = -1;
      for (int y : yards)
        if (home < 0 || dist(sh.cell, y) < dist(sh.cell, home)) home = y;
      int target = sh.cell;
      const bool late = home >= 0 && sh.cargo > 0 && steps_left <= dist(sh.cell, home) + 2;
      if (home >= 0 && (sh.cargo >= return_cargo_ || late)) {
        target = home;
      } else if (s.halite(sh.cell) < mine_threshold_) {
        double best = -1;
        for (int dr = -radius_; dr <= radius_; ++dr)
          for (int dc = -radius_; dc <= radius_; ++dc) {
            const int c = offset_cell(sh.cell, dr, dc, n);
            const double score = s.halite(c) / (1 + std::abs(dr) + std::abs(dc));
            if (score > best) best = score, target = c;
          }
      }
      Action chosen = Action::None;
      int chosen_cell = sh.cell;
      // Preference: the moves that bring the ship closer, then staying, then any free move.
      std::array<Action, 5> prefs{Action::None, Action::None, Action::None, Action::None, Action::None};
      int k = 0;
      for (Action m : kMoves)
        if (dist(s.neighbor(sh.cell, m), target) < dist(sh.cell, target)) prefs[k++] = m;
      if (k == 0 || target == sh.cell) k = 0;
      prefs[k++] = Action::None;
      const uint32_t offset = rng_.below(4);
      for (int i = 0; i < 4 && k < 5; ++i) {
        Action m = kMoves[(offset + i) % 4];
        if (std::find(prefs.begin(), prefs.begin() + k, m) == prefs.begin() + k) prefs[k++] = m;
      }
      for (int i = 0; i < k; ++i) {
        const int c = prefs[i] == Action::None ? sh.cell : s.neighbor(sh.cell, prefs[i]);
        if (!taken[c]) {
          chosen = prefs[i];
          chosen_cell = c;
          break;
        }
      }
      taken[chosen_cell] = 1;
      if (chosen != Action::None) orders.push_back({sh.id, chosen});
    }
    for (const Shipyard& y : s.shipyards()) {
      if (y.owner != player || taken[y.cell]) continue;
      if (ships < max_ships_ && s.step() < spawn_until_ && bank >= static_cast<double>(s.config().spawn_cost)) {
        bank -= static_cast<double>(s.config().spawn_cost);
        ++ships;
        taken[y.cell] = 1;
        orders.push_back({y.id, Action::Spawn});
      }
    }
    stats_ = {};
    return orders;
  }

 private:
  double return_cargo_, mine_threshold_;
  Geometry geo_;
  int max_ships_, spawn_until_, radius_;
  Rng rng_;
  uint64_t seed_;
};

}  // namespace

PlannerInfo random_planner_info() {
  return {"random",
          "random moves; mines half the time on a cell richer than its cargo; converts 5% of the time (50% with no "
          "yard); spawns 20% of the time (always with no ship)",
          {},
          [](const Params&, const PlannerSetup& setup) { return std::make_unique<RandomPlanner>(setup.seed); }};
}

PlannerInfo miner_planner_info() {
  return {"miner",
          "a simple miner: mines rich cells, brings cargo home, spawns early, avoids its own ships",
          {{"return_cargo", 300, 0, 100000, "cargo at which a ship heads home"},
           {"mine_threshold", 50, 0, 100000, "stay and mine while the cell holds at least this much"},
           {"max_ships", 12, 0, 500, "stop spawning at this many ships", true},
           {"spawn_until_step", 250, 0, 1000000, "no spawns from this step on", true},
           {"search_radius", 4, 1, 16, "how far a ship looks for a richer cell", true}},
          [](const Params& p, const PlannerSetup& setup) { return std::make_unique<MinerPlanner>(p, setup.seed); }};
}

}  // namespace halite::search
