// Every planner on every kind of board the engine accepts, at its parameters'
// defaults and range ends: legal orders, no own collisions (where the
// parameters promise none), deterministic with a seed and an iteration cap.
// Run in the AddressSanitizer + UndefinedBehaviorSanitizer build too, where an
// index off the board (a radius wider than the board, a wrap gone negative)
// is an error.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "build_kind.h"
#include "halite/search/planner.h"
#include "search_checks.h"

using namespace halite;
using namespace halite::search;

namespace {

// A board seed whose starting board has halite at every size from 2 up (on
// the smallest boards some seeds give none, and the reference refuses them).
constexpr uint32_t kSeed = 9;

// Resources bound memory and time, not behaviour: at their maximum
// (max_nodes = 10 million preallocated nodes) a test would measure the
// machine. They are tested at their minimum and default.
bool is_resource(const ParamSpec& spec) {
  return spec.name == "max_nodes" || spec.name == "default_iterations";
}

std::vector<std::string> at_ends(const PlannerInfo& info, bool maximum) {
  std::vector<std::string> out;
  for (const ParamSpec& spec : info.params) {
    if (maximum && is_resource(spec)) continue;
    out.push_back(spec.name + "=" + format_number(maximum ? spec.max : spec.min, 17));
  }
  return out;
}

bool promises_no_collision(const std::string& planner, const std::vector<std::string>& overrides) {
  if (planner == "random" || planner == "miner") return false;
  // In their last crash_home_steps steps, ships may crash on a yard on purpose.
  for (const std::string& o : overrides)
    if (o.rfind("crash_home_steps=", 0) == 0) return o == "crash_home_steps=0";
  return false;  // the default (1) allows the final crash
}

// One short game of `planner` (every seat, each its own seed), checking each
// answer; returns the final state's hash.
uint64_t play(const std::string& planner, const std::vector<std::string>& overrides, int size, int players, int steps,
              uint32_t board_seed) {
  Config config;
  config.size = size;
  config.episode_steps = steps;
  config.random_seed = board_seed;
  State s = State::initial(config, players);
  std::vector<std::unique_ptr<Planner>> seats;
  for (int p = 0; p < players; ++p) seats.push_back(make_planner(planner, overrides, 77 + static_cast<uint64_t>(p)));
  const bool no_collision = promises_no_collision(planner, overrides);
  std::vector<State::Orders> orders(static_cast<size_t>(players));
  while (!s.is_terminal()) {
    for (int p = 0; p < players; ++p) {
      orders[p].clear();
      if (s.player(p).status != Status::Active) continue;
      orders[p] = seats[p]->plan(s, p, Budget::iterations(6));
      testing::check_orders(s, p, orders[p], no_collision);
    }
    s.step(orders);
  }
  return hash(s);
}

void play_every_board_size(const PlannerInfo& info) {
  const std::vector<std::vector<std::string>> sets = {{}, at_ends(info, false), at_ends(info, true)};
  // The sanitizer build plays the range ends only: the defaults are what
  // every other planner test plays there.
  for (size_t k = testing::kSanitizedBuild ? 1 : 0; k < sets.size(); ++k) {
    for (int size : {2, 3, 4, 7, 21, 32}) {
      for (int players : {1, 2, 4}) {
        // Small boards play longer games (spawns, conversions, crowding);
        // large ones a few turns (their cost is per turn).
        const int steps = size <= 7 ? testing::per_build(40, 25) : 8;
        INFO(info.name << " parameter set " << k << " (0 defaults, 1 all-min, 2 all-max), " << size << "x" << size
                       << ", " << players << " players");
        const uint64_t first = play(info.name, sets[k], size, players, steps, kSeed);
        // Determinism is the Release build's to check (build_kind.h).
        if (!testing::kSanitizedBuild) CHECK(play(info.name, sets[k], size, players, steps, kSeed) == first);
      }
    }
  }
}

void play_each_parameter_at_its_ends(const PlannerInfo& info) {
  for (const ParamSpec& spec : info.params) {
    for (bool maximum : {false, true}) {
      if (maximum && is_resource(spec)) continue;
      const std::vector<std::string> overrides = {spec.name + "=" + format_number(maximum ? spec.max : spec.min, 17)};
      for (int size : {2, 3, 5}) {
        INFO(info.name << " " << overrides[0] << ", " << size << "x" << size);
        play(info.name, overrides, size, 2, testing::per_build(25, 10), kSeed);
      }
    }
  }
}

// The planners whose games take the longest (seconds in Release, a minute in
// the sanitizer build), in groups of their own; the last group, empty, stands
// for every other registered planner.
const std::vector<std::vector<std::string>> kGroups = {{"mcts"}, {"beam"}, {"fleet", "smitsimax"}, {}};

// Plays `play_planner` for the planners of kGroups[group].
void play_group(void (*play_planner)(const PlannerInfo&), size_t group) {
  for (const std::string& name : kGroups[group]) play_planner(planner_info(name));
  if (!kGroups[group].empty()) return;
  for (const PlannerInfo& info : planners()) {
    bool grouped = false;
    for (const std::vector<std::string>& names : kGroups)
      grouped = grouped || std::find(names.begin(), names.end(), info.name) != names.end();
    if (!grouped) play_planner(info);
  }
}

}  // namespace

// Both tests for one group of kGroups, as test cases of their own so that
// CTest can spread them over the cores.
#define HALITE_SIZES_TEST_CASES(group, names)                                                                   \
  TEST_CASE("every planner at every board size, at its defaults and at all-min and all-max parameters: " names, \
            "[search][sizes]") {                                                                                \
    play_group(play_every_board_size, group);                                                                   \
  }                                                                                                             \
  TEST_CASE("every planner parameter alone at each end of its range, on the smallest boards: " names,           \
            "[search][sizes]") {                                                                                \
    play_group(play_each_parameter_at_its_ends, group);                                                         \
  }

HALITE_SIZES_TEST_CASES(0, "mcts")
HALITE_SIZES_TEST_CASES(1, "beam")
HALITE_SIZES_TEST_CASES(2, "fleet, smitsimax")
HALITE_SIZES_TEST_CASES(3, "the others")
