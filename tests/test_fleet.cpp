// The fleet policy: what each of its rules promises, on hand-made positions,
// and its contract as a planner (legal, collision-free, deterministic) over
// seeded games.
#include <catch2/catch.hpp>

#include <algorithm>

#include "halite/search/bench_positions.h"
#include "halite/search/params.h"
#include "halite/search/policy/fleet.h"
#include "halite/search/rng.h"
#include "search_checks.h"

using namespace halite;
using namespace halite::search;

namespace {

constexpr int kSize = 15;
int cell(int row, int col) {
  return row * kSize + col;
}

Config config_at(int steps = 400) {
  Config c;
  c.size = kSize;
  c.episode_steps = steps;
  return c;
}

FleetPolicy policy(const std::vector<std::string>& overrides = {}) {
  Params p = default_params("fleet");
  for (const std::string& o : overrides) p.set_from_string(o);
  return FleetPolicy(FleetParams::from(p));
}

// The option (0..5) the decision gives ship `index`, -1 if none.
int option_of(const PolicyDecision& d, int index) {
  for (const auto& [i, option] : d.ship_choices)
    if (i == index) return option;
  return -1;
}

// The cell ship `index` ends on.
int end_cell(const State& s, const PolicyDecision& d, int index) {
  const int option = option_of(d, index);
  return option == kConvertOption ? s.ships()[index].cell : s.neighbor(s.ships()[index].cell, kMoveActions[option]);
}

// Our yard at (7,7) with an empty enemy ship next to it on (7,8), our only
// ship far away on (12,12), every cell 50, step 150.
State yard_under_attack(double bank) {
  State s = State::empty(config_at(), 2, 150);
  s.add_shipyard(UnitId::make(1, 1), cell(7, 7), 0);
  s.add_shipyard(UnitId::make(1, 2), cell(1, 1), 1);
  s.add_ship(UnitId::make(2, 1), cell(7, 8), 1, 0);    // the attacker, adjacent
  s.add_ship(UnitId::make(2, 2), cell(12, 12), 0, 0);  // ours, far away
  for (int c = 0; c < kSize * kSize; ++c) s.set_halite(c, 50);
  s.mutable_player(0).bank = bank;
  return s;
}

// Two players at step 100, each with one yard and one ship, ours carrying
// `our_cargo`, the enemy's `enemy_cargo`; every cell holds 10, below
// min_target_halite.
State one_yard_and_ship_each(int our_yard, int our_ship, int enemy_yard, int enemy_ship, double enemy_cargo = 0,
                             double our_cargo = 0) {
  State s = State::empty(config_at(), 2, 100);
  s.add_shipyard(UnitId::make(1, 1), our_yard, 0);
  s.add_shipyard(UnitId::make(1, 2), enemy_yard, 1);
  s.add_ship(UnitId::make(2, 1), our_ship, 0, our_cargo);
  s.add_ship(UnitId::make(2, 2), enemy_ship, 1, enemy_cargo);
  for (int c = 0; c < kSize * kSize; ++c) s.set_halite(c, 10);
  return s;
}

// Our yard at (7,7), our empty ship on (7,9) holding 100 halite; a richer
// cell (7,14) with 150 lies 7 moves from the yard; every other cell below
// min_target_halite; the enemy far away (its yard on (0,0)). Step 100.
State farm_position() {
  State s = one_yard_and_ship_each(cell(7, 7), cell(7, 9), cell(0, 0), cell(1, 0));
  s.set_halite(cell(7, 9), 100);
  s.set_halite(cell(7, 14), 150);
  return s;
}

// Our yard and empty ship at (7,7); a rich cell (7,11) four moves east,
// two from the enemy yard at (7,13), and a poorer one (7,3) four moves west,
// five from it; every other cell below min_target_halite. Step 100.
State enemy_yard_lead_position() {
  State s = one_yard_and_ship_each(cell(7, 7), cell(7, 7), cell(7, 13), cell(0, 0));
  s.set_halite(cell(7, 11), 400);
  s.set_halite(cell(7, 3), 250);
  return s;
}

// Our ship with `cargo` on (7,7), going home to our yard on (7,0); enemy
// ships four moves from (7,6), one in each direction: (3,6), (11,6), (7,2)
// empty and (7,10) with `east_cargo`. No halite anywhere, step 100, the
// enemy's yard far off and its bank empty (no spawns).
State boxed_position(double cargo, double east_cargo = 0) {
  State s = State::empty(config_at(), 2, 100);
  s.add_shipyard(UnitId::make(1, 1), cell(7, 0), 0);
  s.add_shipyard(UnitId::make(1, 2), cell(0, 11), 1);
  s.add_ship(UnitId::make(2, 1), cell(7, 7), 0, cargo);
  for (const int c : {cell(3, 6), cell(11, 6), cell(7, 2)}) s.add_ship(UnitId::make(3, c), c, 1, 0);
  s.add_ship(UnitId::make(3, cell(7, 10)), cell(7, 10), 1, east_cargo);
  s.mutable_player(1).bank = 0;
  return s;
}

// Our loaded ship at `ours` with `cargo`, our yard at (7,2), an empty enemy
// ship at `enemy`, the enemy's yard at (2,12), every cell 100, step 100.
State loaded_ship_and_hunter(int ours, double cargo, int enemy) {
  State s = State::empty(config_at(), 2, 100);
  s.add_shipyard(UnitId::make(1, 1), cell(7, 2), 0);
  s.add_shipyard(UnitId::make(1, 2), cell(2, 12), 1);
  s.add_ship(UnitId::make(2, 1), ours, 0, cargo);
  s.add_ship(UnitId::make(2, 2), enemy, 1, 0);
  for (int c = 0; c < kSize * kSize; ++c) s.set_halite(c, 100);
  return s;
}

// Our empty ship on a 200 cell at (7,7), every other cell 40; two empty
// enemy ships three moves away on (7,10) and (9,8): they press on the cell
// once the ship has mined, but (6,7), (7,6) and (7,7) itself stay out of
// their reach, so the ship is not boxed in. Step 30: no tie penalties.
State pressed_mining_position() {
  State s = State::empty(config_at(), 2, 30);
  s.add_shipyard(UnitId::make(1, 1), cell(7, 2), 0);
  s.add_shipyard(UnitId::make(1, 2), cell(1, 13), 1);
  s.add_ship(UnitId::make(2, 1), cell(7, 7), 0, 0);
  for (const int c : {cell(7, 10), cell(9, 8)}) s.add_ship(UnitId::make(3, c), c, 1, 0);
  for (int c = 0; c < kSize * kSize; ++c) s.set_halite(c, 40);
  s.set_halite(cell(7, 7), 200);
  return s;
}

}  // namespace

TEST_CASE("fleet: a loaded ship never ends where a lighter enemy can reach when a safe move exists", "[fleet]") {
  // Our ship with 200 at (7,7), a yard at (7,2); an empty enemy ship at (5,7)
  // reaches (6,7) and (5..7, ...) next turn; every cell it can reach is
  // danger, and moving north walks into it.
  State s = loaded_ship_and_hunter(cell(7, 7), 200, cell(5, 7));
  s.set_halite(cell(4, 7), 500);  // bait north, past the enemy
  FleetPolicy fleet = policy();
  const PolicyDecision& d = fleet.decide(s, 0);
  const int end = end_cell(s, d, 0);
  const int er = 5, ec = 7;
  const int dist = std::abs(end / kSize - er) + std::abs(end % kSize - ec);
  CHECK(dist > 1);
}

TEST_CASE("fleet: with predicted_escapes next turn's escapes count from where predicted enemies end", "[fleet]") {
  // Our ship with 300 at (7,7), an empty enemy ship two cells east at (7,9).
  // From where it stands it can reach every cell round (7,8) within two
  // moves: stepping east there has no escape. Predicted to step east to
  // (7,10), it threatens only the cells next to (7,10) next turn, so (7,8)
  // keeps four escapes: the trap's cost (trap_penalty + the cargo) goes.
  const State s = loaded_ship_and_hunter(cell(7, 7), 300, cell(7, 9));
  auto cost_east = [&](const std::string& mode, int predicted_end) {
    FleetPolicy fleet = policy({"predicted_escapes=" + mode});
    fleet.set_predicted_cells({-1, predicted_end});
    fleet.decide(s, 0);
    for (const MoveRequest& r : fleet.requests()) {
      if (r.ship_index != 0) continue;
      for (int m = 0; m < kNumMoves; ++m)
        if (s.neighbor(r.cell, kMoveActions[m]) == cell(7, 8)) return r.cost[m];
    }
    FAIL("no request for our ship");
    return 0.0;
  };
  const double trap = default_params("fleet").get("trap_penalty");
  CHECK(cost_east("0", cell(7, 10)) - cost_east("1", cell(7, 10)) == Approx(trap + 300));
  // Predicted to stay, it reaches (7,8) and (7,9) next turn, not the cells
  // west, north and south of (7,8): three escapes, still no trap.
  CHECK(cost_east("0", cell(7, 9)) - cost_east("1", cell(7, 9)) == Approx(trap + 300));
  // An unknown ship (-1) counts from where it stands, as without the switch.
  CHECK(cost_east("1", -1) == Approx(cost_east("0", -1)));
}

TEST_CASE("fleet: with stay_cargo_weight an empty ship does not start mining where empty enemies would box it in",
          "[fleet]") {
  // Our empty ship on a 400 cell at (7,7), every other cell 40; empty enemy
  // ships two moves away on three sides and (7,5): after this turn every
  // escape of (7,7) is within their reach. Staying mines 100 first, so next
  // turn the ship is heavier than all of them. Step 30: no tie penalties.
  State s = State::empty(config_at(), 2, 30);
  s.add_shipyard(UnitId::make(1, 1), cell(7, 2), 0);
  s.add_shipyard(UnitId::make(1, 2), cell(1, 13), 1);
  s.add_ship(UnitId::make(2, 1), cell(7, 7), 0, 0);
  for (const int c : {cell(5, 7), cell(9, 7), cell(7, 9), cell(7, 5)}) s.add_ship(UnitId::make(3, c), c, 1, 0);
  for (int c = 0; c < kSize * kSize; ++c) s.set_halite(c, 40);
  s.set_halite(cell(7, 7), 400);
  FleetPolicy before = policy({"stay_cargo_weight=0"});
  CHECK(end_cell(s, before.decide(s, 0), 0) == cell(7, 7));  // mines: judged empty, nothing threatens it
  FleetPolicy after = policy({"stay_cargo_weight=1"});
  CHECK(end_cell(s, after.decide(s, 0), 0) != cell(7, 7));
}

TEST_CASE("fleet: with stay_pressure_weight 0 a ship that can escape mines its target instead of stepping off and back",
          "[fleet]") {
  const State s = pressed_mining_position();
  FleetPolicy pressed = policy({"stay_cargo_weight=1"});
  const PolicyDecision& before = pressed.decide(s, 0);
  CHECK(before.targets[0] == cell(7, 7));
  CHECK(end_cell(s, before, 0) != cell(7, 7));  // the pressure of what it would mine outweighs a turn of its trip
  FleetPolicy mining = policy({"stay_cargo_weight=1", "stay_pressure_weight=0"});
  const PolicyDecision& after = mining.decide(s, 0);
  CHECK(after.targets[0] == cell(7, 7));
  CHECK(end_cell(s, after, 0) == cell(7, 7));
}

TEST_CASE("fleet: an opponent's ships weigh in the pressure as much as its threat weight says", "[fleet]") {
  // The pressure of two empty enemy ships moves our ship off its target.
  // With their owner's weight 0 it mines, and every cost is the one of a
  // policy with no pressure terms at all.
  const State s = pressed_mining_position();
  FleetPolicy pressed = policy({"stay_cargo_weight=1"});
  CHECK(end_cell(s, pressed.decide(s, 0), 0) != cell(7, 7));
  FleetPolicy::ThreatWeights passing = FleetPolicy::full_threat();
  passing[1] = 0;
  pressed.set_threat_weights(passing);
  CHECK(end_cell(s, pressed.decide(s, 0), 0) == cell(7, 7));
  FleetPolicy unpressed =
      policy({"stay_cargo_weight=1", "pressure_penalty=0", "pressure_discount=0", "risk_return_bias=0"});
  unpressed.decide(s, 0);
  REQUIRE(unpressed.requests().size() == pressed.requests().size());
  for (size_t k = 0; k < pressed.requests().size(); ++k)
    for (int m = 0; m < kNumMoves; ++m) CHECK(pressed.requests()[k].cost[m] == unpressed.requests()[k].cost[m]);
  // Back to full weight: the decision of a fresh policy.
  pressed.set_threat_weights(FleetPolicy::full_threat());
  CHECK(end_cell(s, pressed.decide(s, 0), 0) != cell(7, 7));
}

TEST_CASE("fleet: a yard with an enemy next to it and nobody on it spawns a defender", "[fleet]") {
  State s = yard_under_attack(600);
  FleetPolicy fleet = policy({"defend_reserve=0", "spawn_min_value=1e5"});  // no economic spawn
  const PolicyDecision& d = fleet.decide(s, 0);
  REQUIRE(d.spawn_yards.size() == 1);
  CHECK(d.spawn_yards[0] == 0);
  // With no bank there is nothing to spawn with.
  s.mutable_player(0).bank = 100;
  CHECK(fleet.decide(s, 0).spawn_yards.empty());
}

TEST_CASE("fleet: moves a search planner changes leave a threatened yard to a defender", "[fleet]") {
  // Our empty ship stands on the yard next to the attacker. Whatever the
  // policy chose for it, moves that keep it there need no defender, and
  // moves that take it off need one, within the bank.
  State s = yard_under_attack(600);
  s.add_ship(UnitId::make(2, 3), cell(7, 7), 0, 0);
  FleetPolicy fleet = policy({"defend_reserve=0", "spawn_min_value=1e5"});
  const PolicyDecision& d = fleet.decide(s, 0);
  const int guard = s.find_ship(UnitId::make(2, 3));
  auto with_guard = [&](int option) {
    std::vector<std::pair<int, int>> choices = d.ship_choices;
    for (auto& [index, o] : choices)
      if (index == guard) o = option;
    return choices;
  };
  std::vector<int> spawns;
  fleet.add_defenders(s, 0, with_guard(0), spawns);  // stays
  CHECK(spawns.empty());
  fleet.add_defenders(s, 0, with_guard(1), spawns);  // NORTH, off the yard
  CHECK(spawns == std::vector<int>{0});
  // No second spawn for a yard that spawns already, nor beyond the bank.
  fleet.add_defenders(s, 0, with_guard(1), spawns);
  CHECK(spawns == std::vector<int>{0});
  s.mutable_player(0).bank = 400;
  FleetPolicy poor = policy({"defend_reserve=0", "spawn_min_value=1e5"});
  const PolicyDecision& dp = poor.decide(s, 0);
  std::vector<std::pair<int, int>> off = dp.ship_choices;
  for (auto& [index, o] : off)
    if (index == guard) o = 1;
  spawns.clear();
  poor.add_defenders(s, 0, off, spawns);
  CHECK(spawns.empty());
}

TEST_CASE("fleet: the last yards are defended whatever the count of sunk defenders", "[fleet]") {
  State s = yard_under_attack(600);
  const std::vector<std::string> no_defenders = {"defend_reserve=0", "spawn_min_value=1e5", "min_ships=0",
                                                 "max_lost_defenders=0"};
  auto spawns = [&](const State& state, const char* last_yards) {
    std::vector<std::string> values = no_defenders;
    values.push_back(last_yards);
    return policy(values).decide(state, 0).spawn_yards;
  };
  CHECK(spawns(s, "defend_last_yards=0").empty());
  CHECK(spawns(s, "defend_last_yards=1") == std::vector<int>{0});
  // With a second yard of ours, one last yard is not this one.
  s.add_shipyard(UnitId::make(1, 3), cell(14, 3), 0);
  CHECK(spawns(s, "defend_last_yards=1").empty());
  CHECK(spawns(s, "defend_last_yards=2") == std::vector<int>{0});
}

// The defensive spawns `fleet` adds when it decides on `s` for player 0 and
// the own ship `home` stays where it is (on its yard).
std::vector<int> defenders_if_staying(FleetPolicy& fleet, const State& s, UnitId home) {
  std::vector<std::pair<int, int>> stays = fleet.decide(s, 0).ship_choices;
  const int index_of_home = s.find_ship(home);
  for (auto& [index, option] : stays)
    if (index == index_of_home) option = 0;
  std::vector<int> spawns;
  fleet.add_defenders(s, 0, stays, spawns);
  return spawns;
}

TEST_CASE("fleet: a loaded ship coming home does not hold the last yard against an empty attacker", "[fleet]") {
  // Our ship stands on the yard next to the empty attacker. Staying there, it
  // holds the yard only if it carries nothing: a loaded one loses to the
  // attacker, which then sinks the yard, so the last yard spawns under it.
  const std::vector<std::string> values = {"defend_reserve=0", "spawn_min_value=1e5", "min_ships=0",
                                           "max_lost_defenders=0", "defend_last_yards=1"};
  for (const double cargo : {0.0, 40.0}) {
    State s = yard_under_attack(600);
    s.add_ship(UnitId::make(2, 3), cell(7, 7), 0, cargo);
    FleetPolicy fleet = policy(values);
    CHECK(defenders_if_staying(fleet, s, UnitId::make(2, 3)) == (cargo > 0 ? std::vector<int>{0} : std::vector<int>{}));
    // A yard that is not one of the last keeps the old rule: any own ship on
    // it is cover (the defenders' count decides the rest).
    s.add_shipyard(UnitId::make(1, 3), cell(14, 3), 0);
    FleetPolicy more_yards = policy({"defend_reserve=0", "spawn_min_value=1e5", "min_ships=0", "defend_last_yards=1"});
    CHECK(defenders_if_staying(more_yards, s, UnitId::make(2, 3)).empty());
  }
}

TEST_CASE("fleet: a fleet larger than defend_last_fleet leaves its last yard to max_lost_defenders", "[fleet]") {
  // The last yard, a loaded ship of ours on it, the empty attacker next to
  // it. With two ships of ours the yard is the player's lifeline and spawns
  // its defender; with a third one the player stays in the game without it,
  // and max_lost_defenders 0 spawns none (against a raider that keeps coming
  // a defender a turn costs the bank 500 a turn).
  const std::vector<std::string> values = {"defend_reserve=0",     "spawn_min_value=1e5", "min_ships=0",
                                           "max_lost_defenders=0", "defend_last_yards=1", "defend_last_fleet=2"};
  for (const bool third_ship : {false, true}) {
    State s = yard_under_attack(600);
    s.add_ship(UnitId::make(2, 3), cell(7, 7), 0, 40);
    if (third_ship) s.add_ship(UnitId::make(2, 4), cell(12, 2), 0, 0);
    FleetPolicy fleet = policy(values);
    CHECK(defenders_if_staying(fleet, s, UnitId::make(2, 3)) ==
          (third_ship ? std::vector<int>{} : std::vector<int>{0}));
  }
}

TEST_CASE("fleet: a yard whose defenders are sunk at once stops spawning them", "[fleet]") {
  // A rich bank: every turn the attacker stands next to the yard and the
  // defender spawned the turn before is not on it (sunk).
  State s = yard_under_attack(5000);
  s.set_step(100);
  const std::vector<std::string> no_economy = {"defend_reserve=0", "spawn_min_value=1e5", "min_ships=0",
                                               "max_lost_defenders=2"};
  FleetPolicy fleet = policy(no_economy);
  const UnitId yard = UnitId::make(1, 1);
  CHECK(fleet.decide(s, 0).spawn_yards.size() == 1);
  s.set_step(101);
  CHECK(fleet.decide(s, 0).spawn_yards.size() == 1);
  CHECK(fleet.lost_defenders(yard) == 1);
  s.set_step(102);
  CHECK(fleet.decide(s, 0).spawn_yards.empty());
  CHECK(fleet.lost_defenders(yard) == 2);
  // A new game forgets; without `remember` the policy always defends.
  fleet.reset();
  CHECK(fleet.lost_defenders(yard) == 0);
  CHECK(fleet.decide(s, 0).spawn_yards.size() == 1);
  std::vector<std::string> forgetful = no_economy;
  forgetful.push_back("remember=0");
  FleetPolicy stateless = policy(forgetful);
  for (int step = 103; step < 107; ++step) {
    s.set_step(step);
    CHECK(stateless.decide(s, 0).spawn_yards.size() == 1);
  }
  CHECK(stateless.lost_defenders(yard) == 0);
  // A defender standing on its yard the next turn was not lost; nor does a
  // state that does not follow the last one count.
  FleetPolicy watcher = policy(no_economy);
  s.set_step(110);
  CHECK(watcher.decide(s, 0).spawn_yards.size() == 1);
  State next = s;
  next.set_step(111);
  next.add_ship(UnitId::make(3, 1), cell(7, 7), 0, 0);
  watcher.decide(next, 0);
  CHECK(watcher.lost_defenders(yard) == 0);
  s.set_step(120);
  watcher.decide(s, 0);
  s.set_step(125);
  watcher.decide(s, 0);
  CHECK(watcher.lost_defenders(yard) == 0);
}

TEST_CASE("fleet: a loaded ship with no safe move converts when the bank and cargo pay", "[fleet]") {
  // Our ship with 400 at (7,7), surrounded: empty enemies at distance 1 on
  // every side can reach every cell it can reach.
  State s = State::empty(config_at(), 2, 150);
  s.add_shipyard(UnitId::make(1, 1), cell(1, 1), 0);
  s.add_shipyard(UnitId::make(1, 2), cell(13, 13), 1);
  s.add_ship(UnitId::make(2, 1), cell(7, 7), 0, 400);
  s.add_ship(UnitId::make(2, 2), cell(6, 7), 1, 0);
  s.add_ship(UnitId::make(2, 3), cell(8, 7), 1, 0);
  s.add_ship(UnitId::make(2, 4), cell(7, 6), 1, 0);
  s.add_ship(UnitId::make(2, 5), cell(7, 8), 1, 0);
  s.mutable_player(0).bank = 200;
  FleetPolicy fleet = policy();
  CHECK(option_of(fleet.decide(s, 0), 0) == kConvertOption);
  // Below emergency_convert_cargo it does not.
  FleetPolicy cautious = policy({"emergency_convert_cargo=500"});
  CHECK(option_of(cautious.decide(s, 0), 0) != kConvertOption);
}

TEST_CASE("fleet: hunters close on a loaded enemy ship from different sides", "[fleet]") {
  // An enemy ship with 300 at (7,7) far from its yard; three empty ships of
  // ours around it at distance 3. Each heads for a different side.
  State s = State::empty(config_at(), 2, 150);
  s.add_shipyard(UnitId::make(1, 1), cell(0, 0), 0);
  s.add_shipyard(UnitId::make(1, 2), cell(0, 14), 1);
  s.add_ship(UnitId::make(2, 1), cell(7, 4), 0, 0);
  s.add_ship(UnitId::make(2, 2), cell(7, 10), 0, 0);
  s.add_ship(UnitId::make(2, 3), cell(10, 7), 0, 0);
  s.add_ship(UnitId::make(2, 4), cell(7, 7), 1, 300);
  FleetPolicy fleet = policy({"hunt_weight=1"});
  const PolicyDecision& d = fleet.decide(s, 0);
  std::vector<int> targets;
  for (size_t k = 0; k < d.ship_choices.size(); ++k) targets.push_back(d.targets[k]);
  std::sort(targets.begin(), targets.end());
  CHECK(std::unique(targets.begin(), targets.end()) == targets.end());  // three different sides
  for (int t : targets) CHECK(std::abs(t / kSize - 7) + std::abs(t % kSize - 7) == 1);
  // And every hunter got closer.
  for (int i = 0; i < 3; ++i) {
    const int before = std::abs(s.ships()[i].cell / kSize - 7) + std::abs(s.ships()[i].cell % kSize - 7);
    const int after = std::abs(end_cell(s, d, i) / kSize - 7) + std::abs(end_cell(s, d, i) % kSize - 7);
    CHECK(after < before);
  }
}

TEST_CASE("fleet: a surround sends one ship per direction along its axis, two cells out, then next to the target",
          "[fleet]") {
  // An enemy ship with 300 at (7,7), its yard far off on (13,13) (10 moves,
  // past surround_radius); our empty ships in the four cones: north (4,7),
  // south (10,7), west (7,3), east (7,10); no halite anywhere.
  auto position = [](int north) {
    State s = State::empty(config_at(), 2, 150);
    s.add_shipyard(UnitId::make(1, 1), cell(0, 0), 0);
    s.add_shipyard(UnitId::make(1, 2), cell(13, 13), 1);
    int id = 0;
    for (const int c : {north, cell(10, 7), cell(7, 3), cell(7, 10)}) s.add_ship(UnitId::make(2, ++id), c, 0, 0);
    s.add_ship(UnitId::make(3, 1), cell(7, 7), 1, 300);
    s.mutable_player(1).bank = 0;
    return s;
  };
  State s = position(cell(4, 7));
  FleetPolicy fleet = policy({"surround_radius=6"});
  const PolicyDecision& d = fleet.decide(s, 0);
  CHECK(fleet.roles().of(FleetPolicy::Role::Hunt) == 4);
  // Each heads for its axis two cells out: (5,7), (9,7), (7,5), (7,9).
  CHECK(d.targets[0] == cell(5, 7));
  CHECK(d.targets[1] == cell(9, 7));
  CHECK(d.targets[2] == cell(7, 5));
  CHECK(d.targets[3] == cell(7, 9));
  CHECK(end_cell(s, d, 0) == cell(5, 7));
  CHECK(end_cell(s, d, 2) == cell(7, 4));
  CHECK(end_cell(s, d, 3) == cell(7, 9));
  CHECK(end_cell(s, d, 1) == cell(9, 7));

  // A ship next to the target stays there while it stays lighter than the
  // target after mining the cell, and backs off when it would not.
  State next = position(cell(6, 7));
  CHECK(end_cell(next, fleet.decide(next, 0), 0) == cell(6, 7));
  next.set_halite(cell(6, 7), 1400);  // a quarter of it is more than 300
  const PolicyDecision& heavy = fleet.decide(next, 0);
  CHECK(heavy.targets[0] == cell(5, 7));
  CHECK(end_cell(next, heavy, 0) == cell(5, 7));
}

TEST_CASE("fleet: no surround with a direction open or too few ships, and then the decision is the plain one",
          "[fleet]") {
  auto position = [](bool third_player_east, bool yard_east, double west_cargo = 0) {
    State s = State::empty(config_at(), 4, 150);
    s.add_shipyard(UnitId::make(1, 1), cell(0, 0), 0);
    s.add_shipyard(UnitId::make(1, 2), cell(13, 13), 1);
    s.add_shipyard(UnitId::make(1, 3), cell(1, 13), 2);
    s.add_shipyard(UnitId::make(1, 5), cell(13, 1), 3);
    s.add_ship(UnitId::make(2, 1), cell(4, 7), 0, 0);
    s.add_ship(UnitId::make(2, 2), cell(10, 7), 0, 0);
    s.add_ship(UnitId::make(2, 3), cell(7, 3), 0, west_cargo);
    s.add_ship(UnitId::make(3, 1), cell(7, 7), 1, 300);
    if (third_player_east) s.add_ship(UnitId::make(3, 2), cell(7, 10), 2, 0);
    if (yard_east) s.add_shipyard(UnitId::make(1, 4), cell(7, 9), 1);
    s.mutable_player(1).bank = 0;
    return s;
  };
  auto same = [](const PolicyDecision& a, const PolicyDecision& b) {
    return a.ship_choices == b.ship_choices && a.targets == b.targets;
  };
  // Three ships of ours and a third player's lighter ship east: every
  // direction is closed, the surround is kept with three.
  FleetPolicy fleet = policy({"surround_radius=6"});
  State closed = position(true, false);
  PolicyDecision with = fleet.decide(closed, 0);
  CHECK(with.targets[0] == cell(5, 7));
  CHECK(with.targets[1] == cell(9, 7));
  CHECK(with.targets[2] == cell(7, 5));
  // It needs surround_min_hunters of ours.
  FleetPolicy four = policy({"surround_radius=6", "surround_min_hunters=4"});
  FleetPolicy off = policy();
  CHECK(same(four.decide(closed, 0), off.decide(closed, 0)));
  // East open: nobody there, or the target's own yard on (7,9) nearer than
  // the third player's ship.
  for (const auto& [third, yard] : {std::pair{false, false}, std::pair{true, true}}) {
    State open = position(third, yard);
    CHECK(same(fleet.decide(open, 0), off.decide(open, 0)));
  }
  // Ships carrying as much as the target do not surround it, nor ships
  // carrying more than surround_max_cargo.
  State heavy = position(true, false, 300);
  CHECK(same(fleet.decide(heavy, 0), off.decide(heavy, 0)));
  State loaded = position(true, false, 10);
  CHECK(fleet.decide(loaded, 0).targets[2] == cell(7, 5));
  FleetPolicy empty_only = policy({"surround_radius=6", "surround_max_cargo=0"});
  CHECK(same(empty_only.decide(loaded, 0), off.decide(loaded, 0)));
}

TEST_CASE("fleet: hunt_home_radius leaves alone the enemy ships that close to their yards", "[fleet]") {
  // Our empty ship three moves west of an enemy ship with 300 that is `gap`
  // moves west of its yard on (7,10); nothing worth mining.
  auto position = [](int gap) {
    return one_yard_and_ship_each(cell(0, 0), cell(7, 7 - gap), cell(7, 10), cell(7, 10 - gap), 300);
  };
  FleetPolicy near = policy({"hunt_weight=1", "hunt_home_radius=1"});
  near.decide(position(2), 0);
  CHECK(near.roles().of(FleetPolicy::Role::Hunt) == 1);
  FleetPolicy wide = policy({"hunt_weight=1", "hunt_home_radius=2"});
  wide.decide(position(2), 0);
  CHECK(wide.roles().of(FleetPolicy::Role::Hunt) == 0);
  wide.decide(position(3), 0);
  CHECK(wide.roles().of(FleetPolicy::Role::Hunt) == 1);
}

TEST_CASE("fleet: spawns while a ship repays itself, not in the last turns", "[fleet]") {
  State s = State::empty(config_at(), 2, 20);
  s.add_shipyard(UnitId::make(1, 1), cell(7, 7), 0);
  s.add_shipyard(UnitId::make(1, 2), cell(1, 1), 1);
  s.add_ship(UnitId::make(2, 1), cell(3, 3), 0, 0);
  s.add_ship(UnitId::make(2, 2), cell(2, 2), 0, 0);
  s.add_ship(UnitId::make(2, 3), cell(4, 4), 0, 0);
  s.add_ship(UnitId::make(2, 4), cell(1, 2), 1, 0);
  for (int c = 0; c < kSize * kSize; ++c) s.set_halite(c, 120);
  s.mutable_player(0).bank = 3000;
  FleetPolicy fleet = policy();
  CHECK(fleet.decide(s, 0).spawn_yards.size() == 1);
  s.set_step(390);
  CHECK(fleet.decide(s, 0).spawn_yards.empty());
}

TEST_CASE("fleet: the first ship converts at once, and a builder converts on the planned site", "[fleet]") {
  State s = State::initial(config_at(), 2);
  FleetPolicy fleet = policy();
  CHECK(option_of(fleet.decide(s, 0), 0) == kConvertOption);

  // A fleet past first_yard_ships with one yard plans a second one and sends
  // the nearest ship there; standing on it, the ship converts.
  State t = State::empty(config_at(), 2, 60);
  t.add_shipyard(UnitId::make(1, 1), cell(7, 7), 0);
  t.add_shipyard(UnitId::make(1, 2), cell(0, 0), 1);
  for (int k = 0; k < 4; ++k) t.add_ship(UnitId::make(2, 1 + static_cast<uint32_t>(k)), cell(7, 8 + k % 2), 0, 0);
  for (int c = 0; c < kSize * kSize; ++c) t.set_halite(c, 60);
  t.set_halite(cell(7, 13), 400);
  t.mutable_player(0).bank = 3000;
  FleetPolicy builder =
      policy({"first_yard_ships=4", "min_yard_distance=4", "max_yard_distance=6", "enemy_yard_distance=0"});
  builder.decide(t, 0);
  const int site = builder.planned_site();
  REQUIRE(site >= 0);
  t.add_ship(UnitId::make(3, 1), site, 0, 0);
  const PolicyDecision& d = builder.decide(t, 0);
  CHECK(option_of(d, t.find_ship(UnitId::make(3, 1))) == kConvertOption);
}

TEST_CASE("fleet: in the farming phase a held cell near a yard regrows to the harvest threshold", "[fleet]") {
  // (7,14) lies outside farm_radius 5 of the yard; the enemy is far away, so
  // (7,9) is ours (control above farm_control).
  State s = farm_position();
  const std::vector<std::string> farm = {"farm_start_step=0", "farm_end_step=345", "farm_radius=5",
                                         "farm_control=0.5",  "harvest_base=80",   "harvest_slope=1.1",
                                         "harvest_min=110",   "harvest_max=450"};
  // Without a farm the ship mines where it stands.
  FleetPolicy plain = policy();
  CHECK(end_cell(s, plain.decide(s, 0), 0) == cell(7, 9));
  // With one, 100 is below the threshold (max(80 + 1.1 x 100, 110) = 190):
  // the cell is left to grow and the ship goes east to the rich cell.
  FleetPolicy farmer = policy(farm);
  const PolicyDecision& d = farmer.decide(s, 0);
  REQUIRE(farmer.control(cell(7, 9)) >= 0.5);
  CHECK(end_cell(s, d, 0) == cell(7, 10));
  // Above the threshold the farm cell is mined again.
  s.set_halite(cell(7, 9), 400);
  CHECK(end_cell(s, farmer.decide(s, 0), 0) == cell(7, 9));
  // After farm_end_step the farm is mined out like any cell.
  s.set_halite(cell(7, 9), 100);
  s.set_step(350);
  CHECK(end_cell(s, farmer.decide(s, 0), 0) == cell(7, 9));
}

TEST_CASE("fleet: with farm_yards 2 only the cells near two own yards are farmed", "[fleet]") {
  // (7,9) with 100 halite is 2 moves from our yard at (7,7). Within
  // farm_radius of one yard it is no farm when two are asked for, and the
  // ship mines where it stands; a second own yard at (3,9), 4 moves away,
  // puts it between two yards, and it is left to regrow.
  State s = farm_position();
  const std::vector<std::string> lens = {"farm_start_step=0", "farm_end_step=345", "farm_radius=5",
                                         "farm_yards=2",      "farm_control=0.5",  "harvest_base=80",
                                         "harvest_slope=1.1", "harvest_min=110",   "harvest_max=450"};
  FleetPolicy farmer = policy(lens);
  CHECK(end_cell(s, farmer.decide(s, 0), 0) == cell(7, 9));
  s.add_shipyard(UnitId::make(1, 3), cell(3, 9), 0);
  FleetPolicy plain = policy();
  CHECK(end_cell(s, plain.decide(s, 0), 0) == cell(7, 9));
  const PolicyDecision& d = farmer.decide(s, 0);
  REQUIRE(farmer.control(cell(7, 9)) >= 0.5);
  CHECK(end_cell(s, d, 0) != cell(7, 9));
}

TEST_CASE("fleet: the box map marks cells with a lighter enemy ahead in every direction before an own yard",
          "[fleet]") {
  // (7,6) and (7,7) have an enemy in each of the four cones (no more to the
  // side than ahead) within box_radius 5; (6,7) and (8,7) have none within
  // 5 to the south and to the north.
  State s = boxed_position(100);
  FleetPolicy off = policy({"box_penalty=0"});
  off.decide(s, 0);
  CHECK(off.box_cargo(cell(7, 7)) == kInf);  // no penalty, no map
  FleetPolicy fleet = policy();
  fleet.decide(s, 0);
  CHECK(fleet.box_cargo(cell(7, 7)) == 0);
  CHECK(fleet.box_cargo(cell(7, 6)) == 0);
  CHECK(fleet.box_cargo(cell(6, 7)) == kInf);
  CHECK(fleet.box_cargo(cell(8, 7)) == kInf);
  CHECK(fleet.box_cargo(cell(7, 0)) == kInf);  // an own yard
  // An own yard nearer than the enemy that way opens the side: a yard on
  // (7,9) is two moves east of (7,7), three of (7,6), the enemy four.
  State yard_east = s;
  yard_east.add_shipyard(UnitId::make(1, 3), cell(7, 9), 0);
  fleet.decide(yard_east, 0);
  CHECK(fleet.box_cargo(cell(7, 7)) == kInf);
  CHECK(fleet.box_cargo(cell(7, 6)) == kInf);
  // The lightest enemy covering a side decides which cargo is boxed in.
  fleet.decide(boxed_position(100, 50), 0);
  CHECK(fleet.box_cargo(cell(7, 7)) == 50);
  // Enemies farther than box_radius do not count.
  FleetPolicy narrow = policy({"box_radius=3"});
  narrow.decide(s, 0);
  CHECK(narrow.box_cargo(cell(7, 7)) == kInf);
}

TEST_CASE("fleet: box_penalty keeps a loaded ship from stepping into a box on its way home", "[fleet]") {
  State s = boxed_position(100);
  CHECK(end_cell(s, policy({"box_penalty=0"}).decide(s, 0), 0) == cell(7, 6));
  const int end = end_cell(s, policy().decide(s, 0), 0);
  CHECK((end == cell(6, 7) || end == cell(8, 7)));
}

TEST_CASE("fleet: an empty ship escorts a loaded ship of ours that is boxed in", "[fleet]") {
  // boxed_position's loaded ship on (7,7) is boxed in; our empty ship on
  // (10,9) is five moves from it, with nothing to mine.
  auto position = [](double cargo) {
    State s = boxed_position(cargo);
    s.add_ship(UnitId::make(2, 2), cell(10, 9), 0, 0);
    return s;
  };
  auto distance = [](int a, int b) { return std::abs(a / kSize - b / kSize) + std::abs(a % kSize - b % kSize); };
  FleetPolicy escort = policy({"escort_weight=0.3", "escort_radius=5"});
  State s = position(100);
  const PolicyDecision& d = escort.decide(s, 0);
  CHECK(escort.roles().of(FleetPolicy::Role::Escort) == 1);
  CHECK(distance(end_cell(s, d, 1), cell(7, 7)) == 4);
  // Not beyond escort_radius, not for a ship that is not boxed in (the box
  // map off), and not by default.
  FleetPolicy near = policy({"escort_weight=0.3", "escort_radius=4"});
  near.decide(s, 0);
  CHECK(near.roles().of(FleetPolicy::Role::Escort) == 0);
  FleetPolicy no_box = policy({"escort_weight=0.3", "escort_radius=5", "box_penalty=0"});
  no_box.decide(s, 0);
  CHECK(no_box.roles().of(FleetPolicy::Role::Escort) == 0);
  FleetPolicy plain = policy();
  plain.decide(s, 0);
  CHECK(plain.roles().of(FleetPolicy::Role::Escort) == 0);
}

TEST_CASE("fleet: stay_mining_bonus keeps a ship mining its cell rather than hopping to a richer one", "[fleet]") {
  // Step 150. Our ship on (7,9) with 20 aboard, its cell holding 61 (two
  // moves from our yard on (7,7)); a richer cell (7,11) with 150 two moves
  // on; every other cell below min_target_halite; the enemy far away.
  State s = one_yard_and_ship_each(cell(7, 7), cell(7, 9), cell(0, 0), cell(1, 0), /*enemy_cargo=*/0, /*our_cargo=*/20);
  s.set_step(150);
  s.set_halite(cell(7, 9), 61);
  s.set_halite(cell(7, 11), 150);
  // Undiscounted rates: staying about 9.2 a turn (x 1.3 = 11.9 with the
  // default bonus), the richer cell about 11.3.
  CHECK(end_cell(s, policy({"stay_mining_bonus=0"}).decide(s, 0), 0) == cell(7, 10));
  CHECK(end_cell(s, policy().decide(s, 0), 0) == cell(7, 9));
}

TEST_CASE("fleet: enemy_yard_discount keeps miners off cells nearer an enemy yard than our own", "[fleet]") {
  // Without the discount the ship heads for the rich cell; with it
  // (exp(-0.4 x 2) on the rich one) for the one on our side.
  State s = enemy_yard_lead_position();
  FleetPolicy plain = policy({"enemy_yard_discount=0"});
  CHECK(end_cell(s, plain.decide(s, 0), 0) == cell(7, 8));
  FleetPolicy wary = policy({"enemy_yard_discount=0.4"});
  CHECK(end_cell(s, wary.decide(s, 0), 0) == cell(7, 6));
}

TEST_CASE("fleet: late_discount_steps scales the enemy discounts in the last steps only", "[fleet]") {
  // The rich cell nearer the enemy yard (east) against the poorer one on our
  // side (west), as in the enemy_yard_discount case.
  State s = enemy_yard_lead_position();
  FleetPolicy late = policy({"enemy_yard_discount=0.4", "late_discount_steps=50", "late_discount_scale=0"});
  CHECK(end_cell(s, late.decide(s, 0), 0) == cell(7, 6));  // 299 steps left: the discount holds
  s.set_step(360);                                         // 39 left: it is scaled to nothing
  CHECK(end_cell(s, late.decide(s, 0), 0) == cell(7, 8));
  FleetPolicy always = policy({"enemy_yard_discount=0.4"});
  CHECK(end_cell(s, always.decide(s, 0), 0) == cell(7, 6));
}

TEST_CASE("fleet: safe_discount leaves for later the cells no enemy ship is near", "[fleet]") {
  // Our yard and empty ship at (7,7); two cells of 200 three moves away, west
  // (7,4) and east (7,10). An empty enemy ship at (7,12) is two moves from
  // the east cell and seven from the west one, whose lead is 7 - 3 - 2 = 2.
  // The other enemy discounts off: the two cells are worth the same, and the
  // tie goes to the lower cell, west.
  State s = one_yard_and_ship_each(cell(7, 7), cell(7, 7), cell(0, 0), cell(7, 12));
  s.set_halite(cell(7, 4), 200);
  s.set_halite(cell(7, 10), 200);
  const std::vector<std::string> neutral = {"threat_discount=0", "pressure_discount=0", "control_discount=0"};
  auto with = [&](std::vector<std::string> extra) {
    extra.insert(extra.end(), neutral.begin(), neutral.end());
    return policy(extra);
  };
  const int west = cell(7, 6), east = cell(7, 8);
  CHECK(end_cell(s, with({}).decide(s, 0), 0) == west);
  CHECK(end_cell(s, with({"safe_discount=1"}).decide(s, 0), 0) == east);                   // west worth a third
  CHECK(end_cell(s, with({"safe_discount=1", "safe_margin=5"}).decide(s, 0), 0) == west);  // no lead left
  s.set_step(330);  // 69 steps left: the harvest, every cell at its whole value
  CHECK(end_cell(s, with({"safe_discount=1"}).decide(s, 0), 0) == west);
  CHECK(end_cell(s, with({"safe_discount=1", "safe_end_steps=60"}).decide(s, 0), 0) == east);
  s.set_step(100);
  s.set_halite(cell(7, 4), 400);  // rich enough to take now
  s.set_halite(cell(7, 10), 400);
  CHECK(end_cell(s, with({"safe_discount=1"}).decide(s, 0), 0) == west);
  CHECK(end_cell(s, with({"safe_discount=1", "safe_full_halite=401"}).decide(s, 0), 0) == east);
}

TEST_CASE("fleet: a policy that decided neighbouring states answers as a fresh one (the mining memo)", "[fleet]") {
  // A search asks one policy about many states one turn after the same
  // root, differing in a few of its own ships' moves (here a fifth of them
  // move at random, the rest and every enemy ship stay); the mining memo
  // reuses a ship's last targets there. Its answers must be a fresh
  // policy's, bit for bit.
  std::vector<BenchPosition> positions = bench_positions(3, 4, 21, 150);
  for (const BenchPosition& pos : bench_positions(3, 2, 21, 100)) positions.push_back(pos);
  // With and without stay_mining_bonus (its factor enters the bounds the
  // memo relies on), the box map (kept while the enemy ships and our
  // yards stay the same), surrounds and escorts, safe cells that wait
  // (their factor enters the bounds too).
  for (const std::vector<std::string>& values :
       {std::vector<std::string>{}, std::vector<std::string>{"stay_mining_bonus=0"},
        std::vector<std::string>{"box_penalty=0"}, std::vector<std::string>{"surround_radius=6", "escort_weight=0.3"},
        std::vector<std::string>{"safe_discount=1"}}) {
    for (const BenchPosition& pos : positions) {
      FleetPolicy warm = policy(values);
      Rng rng(7);
      for (int k = 0; k < 30; ++k) {
        State next = pos.state;
        for (int i = 0; i < static_cast<int>(next.ships().size()); ++i)
          if (next.ships()[i].owner == pos.player && rng.chance(0.2))
            next.stage_ship(i, kMoveActions[1 + rng.below(4)]);
        next.resolve();
        INFO("position at step " << pos.state.step() << ", successor " << k);
        const PolicyDecision reused = warm.decide(next, pos.player);
        FleetPolicy fresh = policy(values);
        const PolicyDecision& whole = fresh.decide(next, pos.player);
        CHECK(reused.ship_choices == whole.ship_choices);
        CHECK(reused.targets == whole.targets);
        CHECK(reused.rates == whole.rates);
        CHECK(reused.spawn_yards == whole.spawn_yards);
      }
      CHECK(warm.mining_memo_hits() > 0);  // the memo was used, not only filled
    }
  }
}

TEST_CASE("fleet: legal and collision-free over seeded games, the same answers every run", "[fleet]") {
  for (int players : {2, 4}) {
    for (int g = 0; g < 6; ++g) {
      // Half the games with surrounds and escorts, a third with a guarded
      // farm, a third with safe cells that wait (all off by default).
      std::vector<std::string> overrides = {"crash_home_steps=0"};
      if (g >= 3) overrides.insert(overrides.end(), {"surround_radius=6", "escort_weight=0.3"});
      if (g % 3 == 1) overrides.insert(overrides.end(), {"safe_discount=1", "safe_end_steps=40"});
      if (g % 3 == 2)
        overrides.insert(overrides.end(),
                         {"farm_start_step=20", "farm_radius=3", "farm_guard_value=10", "farm_hunt_bonus=1"});
      Config config = config_at(160);
      config.size = g % 2 ? 11 : 17;
      config.random_seed = static_cast<uint32_t>(40 + g);
      State a = State::initial(config, players), b = a;
      std::vector<FleetPolicy> pa, pb;
      for (int p = 0; p < players; ++p) pa.push_back(policy(overrides)), pb.push_back(policy(overrides));
      while (!a.is_terminal()) {
        std::vector<State::Orders> oa(players), ob(players);
        for (int p = 0; p < players; ++p) {
          if (a.player(p).status != Status::Active) continue;
          const PolicyDecision& da = pa[p].decide(a, p);
          oa[p] = to_orders(a, da.ship_choices, da.spawn_yards);
          halite::testing::check_orders(a, p, oa[p], true);
          const PolicyDecision& db = pb[p].decide(b, p);
          ob[p] = to_orders(b, db.ship_choices, db.spawn_yards);
        }
        a.step(oa);
        b.step(ob);
        REQUIRE(a == b);
      }
    }
  }
}

TEST_CASE("fleet: farm guards stand on the farm's edge without mining it", "[fleet]") {
  // Our yard on (7,7), our empty ship on it; every cell holds 10 (nothing
  // worth mining), the enemy far off: the cells within farm_radius 2 of the
  // yard are the farm, its edge the cells 2 moves away.
  State s = one_yard_and_ship_each(cell(7, 7), cell(7, 7), cell(0, 0), cell(1, 0));
  const std::vector<std::string> farm = {"farm_start_step=0", "farm_end_step=345", "farm_radius=2", "farm_control=0"};
  std::vector<std::string> guarded = farm;
  guarded.push_back("farm_guard_value=10");
  auto distance = [](int a, int b) { return std::abs(a / kSize - b / kSize) + std::abs(a % kSize - b % kSize); };
  FleetPolicy plain = policy(farm);
  plain.decide(s, 0);
  CHECK(plain.roles().of(FleetPolicy::Role::Patrol) == 0);
  CHECK(plain.roles().of(FleetPolicy::Role::Idle) == 1);
  FleetPolicy guard = policy(guarded);
  const PolicyDecision& d = guard.decide(s, 0);
  CHECK(guard.roles().of(FleetPolicy::Role::Patrol) == 1);
  CHECK(distance(end_cell(s, d, 0), cell(7, 7)) == 1);
  // On a post with halite it moves on to another post rather than mine.
  State on_post = one_yard_and_ship_each(cell(7, 7), cell(7, 9), cell(0, 0), cell(1, 0));
  const PolicyDecision& moved = guard.decide(on_post, 0);
  CHECK(guard.roles().of(FleetPolicy::Role::Patrol) == 1);
  CHECK(end_cell(on_post, moved, 0) != cell(7, 9));
  // On an empty cell of the edge it stays.
  on_post.set_halite(cell(7, 9), 0);
  CHECK(end_cell(on_post, guard.decide(on_post, 0), 0) == cell(7, 9));
  // Not beyond farm_guard_radius, and not outside the farming phase.
  FleetPolicy short_reach = policy([&] {
    auto o = guarded;
    o.push_back("farm_guard_radius=1");
    return o;
  }());
  short_reach.decide(s, 0);
  CHECK(short_reach.roles().of(FleetPolicy::Role::Patrol) == 0);
  s.set_step(350);
  guard.decide(s, 0);
  CHECK(guard.roles().of(FleetPolicy::Role::Patrol) == 0);
}

TEST_CASE("fleet: farm_hunt_bonus sends hunters after ships on the farm", "[fleet]") {
  // Our empty ship on (7,9), two moves from our yard on (7,7), on a cell of
  // 300; an enemy ship carrying 60 on (7,11), four moves from our yard
  // (inside farm_radius 4), its own yard far off.
  State s = one_yard_and_ship_each(cell(7, 7), cell(7, 9), cell(0, 0), cell(7, 11), 60);
  s.set_halite(cell(7, 9), 300);
  const std::vector<std::string> farm = {"farm_start_step=0", "farm_end_step=345", "farm_radius=4",
                                         "farm_control=-100", "harvest_min=0",     "harvest_base=0",
                                         "harvest_slope=0"};
  FleetPolicy plain = policy(farm);
  plain.decide(s, 0);
  CHECK(plain.roles().of(FleetPolicy::Role::Mine) == 1);
  FleetPolicy hunter = policy([&] {
    auto o = farm;
    o.push_back("farm_hunt_bonus=20");
    return o;
  }());
  hunter.decide(s, 0);
  CHECK(hunter.roles().of(FleetPolicy::Role::Hunt) == 1);
  // Off the farm the bonus does not apply.
  FleetPolicy small_farm = policy([&] {
    auto o = farm;
    o.push_back("farm_hunt_bonus=20");
    o[2] = "farm_radius=3";
    return o;
  }());
  small_farm.decide(s, 0);
  CHECK(small_farm.roles().of(FleetPolicy::Role::Mine) == 1);
}
