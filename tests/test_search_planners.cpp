// The search layer's contract: legal commands over many seeded games,
// no own collisions from the resolver, determinism with a seed and an
// iteration budget, budgets that hold, parameters that refuse bad input.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "build_kind.h"
#include "halite/lab/arena.h"
#include "halite/lab/match.h"
#include "halite/search/bench_positions.h"
#include "halite/search/builtin.h"
#include "halite/search/param_file.h"
#include "halite/search/policy/common.h"
#include "halite/search/rng.h"
#include "search_checks.h"

using namespace halite;
using namespace halite::search;
using namespace halite::lab;
using halite::testing::check_orders;

namespace {

// Plays seeded games on small boards, checking every answer.
void play_checked(const std::string& name, const std::vector<std::string>& overrides, int games, int players, int size,
                  int steps, int64_t iterations, bool expect_no_collisions) {
  for (int g = 0; g < halite::testing::per_build(games, (games + 3) / 4); ++g) {
    Config config;
    config.size = size;
    config.episode_steps = steps;
    config.random_seed = static_cast<uint32_t>(1000 + g);
    State s = State::initial(config, players);
    std::vector<std::unique_ptr<Planner>> planners;
    for (int p = 0; p < players; ++p)
      planners.push_back(make_planner(p % 2 == 0 ? name : std::string("greedy"),
                                      p % 2 == 0 ? overrides : std::vector<std::string>{"crash_home_steps=0"},
                                      static_cast<uint64_t>(g * 4 + p)));
    std::vector<State::Orders> orders(static_cast<size_t>(players));
    while (!s.is_terminal()) {
      for (int p = 0; p < players; ++p) {
        orders[p].clear();
        if (s.player(p).status != Status::Active) continue;
        orders[p] = planners[p]->plan(s, p, Budget::iterations(iterations));
        check_orders(s, p, orders[p], expect_no_collisions);
      }
      s.step(orders);
    }
  }
}

}  // namespace

TEST_CASE("greedy never issues a rejected command nor collides own ships", "[search]") {
  // crash_home_steps=0: no deliberate crashes on the yard at the very end.
  play_checked("greedy", {"crash_home_steps=0"}, 120, 2, 11, 120, 1, true);
  play_checked("greedy", {"crash_home_steps=0"}, 30, 4, 13, 120, 1, true);
}

TEST_CASE("the search planners never issue a rejected command nor collide own ships", "[search]") {
  // Paired Monte Carlo, on ships in contact and on every ship.
  play_checked("paired", {"crash_home_steps=0"}, 30, 2, 11, 60, 30, true);
  play_checked("paired", {"crash_home_steps=0", "contact_radius=0", "horizon=3"}, 10, 4, 11, 50, 20, true);
  // The decoupled bandit trees.
  play_checked("smitsimax", {"crash_home_steps=0", "contact_radius=0", "horizon=4"}, 20, 2, 11, 60, 30, true);
  play_checked("smitsimax",
               {"crash_home_steps=0", "horizon=3", "tree_depth=2", "regret_matching=1", "opponent_bandits=1"}, 15, 4,
               11, 50, 20, true);
  play_checked("beam", {"crash_home_steps=0", "beam_depth=2", "beam_width=2", "branching=3"}, 30, 2, 11, 60, 12, true);
  play_checked("beam", {"crash_home_steps=0", "beam_depth=2", "beam_width=2", "branching=8", "contact_radius=0"}, 10, 2,
               11, 60, 40, true);
  // The tree search over joint moves (more in test_mcts.cpp).
  play_checked("mcts", {"crash_home_steps=0", "horizon=4"}, 20, 2, 11, 60, 40, true);
  play_checked("mcts", {"crash_home_steps=0", "contact_radius=0", "horizon=3", "tree_depth=2"}, 10, 4, 11, 50, 30,
               true);
}

TEST_CASE("the reference-style planners only issue accepted commands", "[search]") {
  play_checked("miner", {}, 60, 2, 11, 100, 1, false);
  play_checked("random", {}, 60, 4, 11, 100, 1, false);
}

TEST_CASE("the move resolver never puts two own ships on one cell", "[search]") {
  Rng rng(7);
  Geometry geo;
  MoveResolver resolver;
  for (int trial = 0; trial < 300; ++trial) {
    const int size = 5 + static_cast<int>(rng.below(10));
    geo.init(size);
    std::vector<int> cells(static_cast<size_t>(size * size));
    for (int c = 0; c < size * size; ++c) cells[c] = c;
    for (int i = static_cast<int>(cells.size()) - 1; i > 0; --i)
      std::swap(cells[i], cells[rng.below(static_cast<uint32_t>(i + 1))]);
    const int ships = 1 + static_cast<int>(rng.below(static_cast<uint32_t>(std::min(40, size * size))));
    std::vector<MoveRequest> reqs;
    for (int i = 0; i < ships; ++i) {
      MoveRequest r;
      r.ship_index = i;
      r.cell = cells[i];
      for (int m = 0; m <= kNumMoves; ++m) r.cost[m] = rng.chance(0.2) ? kInf : rng.uniform() * 100 - 50;
      reqs.push_back(r);
    }
    const std::vector<int>& choice = resolver.solve(reqs, geo);
    std::set<int> ends;
    for (int i = 0; i < ships; ++i) {
      if (choice[i] == kConvertOption) {
        REQUIRE(reqs[i].cost[kConvertOption] < kInf);
        continue;
      }
      REQUIRE(ends.insert(geo.neighbor(reqs[i].cell, choice[i])).second);
    }
  }
}

TEST_CASE("the assignment is optimal on small matrices", "[search]") {
  Rng rng(3);
  Assignment a;
  for (int trial = 0; trial < 200; ++trial) {
    const auto [rows, cols, cost] = testing::random_assignment_matrix(rng);
    const std::vector<int> got = a.solve(rows, cols, cost);
    REQUIRE(testing::assignment_total(rows, cols, cost, got) == testing::least_assignment_total(rows, cols, cost));
  }
}

TEST_CASE("planners are deterministic with a seed and an iteration budget", "[search]") {
  const auto positions = bench_positions(2, 2, 13, 40);
  for (const char* name : {"greedy", "paired", "smitsimax", "beam", "mcts"}) {
    for (const BenchPosition& pos : positions) {
      const std::vector<std::string> overrides =
          std::string(name) == "greedy" ? std::vector<std::string>{} : std::vector<std::string>{"contact_radius=0"};
      auto a = make_planner(name, overrides, 99);
      auto b = make_planner(name, overrides, 99);
      const State::Orders oa = a->plan(pos.state, pos.player, Budget::iterations(60));
      const State::Orders ob = b->plan(pos.state, pos.player, Budget::iterations(60));
      REQUIRE(oa == ob);
      REQUIRE(a->last_stats().simulated_steps == b->last_stats().simulated_steps);
    }
  }
}

TEST_CASE("a planner after reset() plays a new game as a new planner does", "[search]") {
  // The game before the reset must leave nothing behind: not its memory,
  // not its plans, not its random stream (the bot reuses one planner object
  // for every game it plays).
  const auto before = bench_positions(2, 2, 13, 41);
  const auto after = bench_positions(2, 4, 15, 42);
  for (const PlannerInfo& info : planners()) {
    INFO(info.name);
    const std::vector<std::string> overrides = default_params(info.name).to_json().contains("contact_radius")
                                                   ? std::vector<std::string>{"contact_radius=0"}
                                                   : std::vector<std::string>{};
    auto used = make_planner(info.name, overrides, 7);
    auto fresh = make_planner(info.name, overrides, 7);
    for (const BenchPosition& pos : before) used->plan(pos.state, pos.player, Budget::iterations(20));
    used->reset();
    fresh->reset();
    for (const BenchPosition& pos : after) {
      const State::Orders a = used->plan(pos.state, pos.player, Budget::iterations(20));
      const State::Orders b = fresh->plan(pos.state, pos.player, Budget::iterations(20));
      REQUIRE(a == b);
    }
  }
}

TEST_CASE("paired and beam play their base policy's move of every ship out of contact", "[search]") {
  // Early positions: the fleets are far apart, no ship is within contact_radius
  // of an enemy ship, so the search leaves every greedy decision alone.
  for (const BenchPosition& pos : bench_positions(2, 2, 21, 3)) {
    auto greedy = make_planner("greedy", std::vector<std::string>{}, 1);
    const State::Orders expected = greedy->plan(pos.state, pos.player, Budget::iterations(1));
    for (const char* name : {"paired", "beam"}) {
      auto planner = make_planner(name, std::vector<std::string>{}, 1);
      const State::Orders got = planner->plan(pos.state, pos.player, Budget::iterations(200));
      INFO(name);
      REQUIRE(planner->last_stats().iterations == 0);
      REQUIRE(got == expected);
    }
  }
}

TEST_CASE("search planners stop at their deadline", "[search]") {
  // The mechanism, without timing the machine: how far past its deadline a
  // plan returns is measured where it matters, in the arena's turn times
  // (halite arena --budget-ms; docs/arena-runs/), not asserted here, where a
  // loaded CI machine stretches any wall-clock bound (one such check failed
  // CI: smitsimax, 20 ms budget, 52 ms in the sanitizer build).
  const auto positions = bench_positions(1, 2, 21, 150);
  const BenchPosition& pos = positions[0];
  for (const char* name : {"paired", "smitsimax", "beam", "mcts"}) {
    INFO(name);
    // contact_radius=0: every ship is searched, so the search always runs.
    // mcts without the playouts of its answer, which a test of the search's
    // loop does not need.
    std::vector<std::string> overrides = {"contact_radius=0"};
    if (std::string(name) == "mcts") overrides.push_back("verify_arms=0");
    auto planner = make_planner(name, overrides, 5);
    // A deadline already passed: not one iteration, and still an answer.
    State::Orders orders = planner->plan(pos.state, pos.player, Budget::milliseconds(-1));
    CHECK(planner->last_stats().iterations == 0);
    check_orders(pos.state, pos.player, orders, true);
    // A deadline and no iteration cap: only the deadline can end the search
    // (a planner that ignored it would never return and time the test out).
    for (double ms : {20.0, 60.0}) {
      orders = planner->plan(pos.state, pos.player, Budget::milliseconds(ms));
      check_orders(pos.state, pos.player, orders, true);
    }
    // A deadline that leaves time: the search runs to the iteration cap.
    planner->plan(pos.state, pos.player, Budget::milliseconds(60000).with_iterations(20));
    CHECK(planner->last_stats().iterations == 20);
  }
}

TEST_CASE("greedy beats the random agent", "[search]") {
  ArenaOptions o;
  o.players = {PlayerSpec::parse("greedy"), PlayerSpec::parse("random")};
  o.games = 20;
  o.config.size = 13;
  o.config.episode_steps = 150;
  o.budget.iterations = 1;
  const ArenaSummary s = run_arena(o);
  REQUIRE(s.players[0].wins == 20);
}

TEST_CASE("planner parameters are declared, range-checked and unknown keys refused", "[search]") {
  for (const PlannerInfo& info : planners()) {
    Params p = default_params(info.name);  // defaults in range (the constructor checks)
    REQUIRE_NOTHROW(make_planner(info.name, p, 1));
  }
  REQUIRE_THROWS_WITH(make_planner("greedy", {"no_such_parameter=1"}, 1), Catch::Contains("known: max_mine_turns"));
  REQUIRE_THROWS_AS(make_planner("paired", {"horizon=0"}, 1), ParamError);
  REQUIRE_THROWS_AS(make_planner("paired", {"uct_c=0.5"}, 1), ParamError);  // smitsimax's, not paired's
  REQUIRE_THROWS_AS(make_planner("beam", {"beam_width=2.5"}, 1), ParamError);
  REQUIRE_THROWS_AS(PlayerSpec::parse("nosuchplanner"), ParamError);
  const PlayerSpec spec = PlayerSpec::parse("smitsimax:horizon=3,uct_c=0.5");
  REQUIRE(spec.planner == "smitsimax");
  REQUIRE(spec.overrides.size() == 2);
}

TEST_CASE("parameter files: a bot config's values for a number of players", "[search]") {
  const nlohmann::json config = nlohmann::json::parse(R"({
    "planner": "miner", "params": {"max_ships": 5, "return_cargo": 400}, "seed": 3,
    "by_players": {"2": {"params": {"max_ships": 0}, "fallback_params": {"mine_threshold": 1}},
                   "4": {"fallback_params": {"return_cargo": 10}}}})");
  const auto value = [&](int num_players, const char* name) {
    std::string planner;
    return params_from_file_json(&planner, config, "bot.json", num_players).get(name);
  };
  CHECK(value(2, "max_ships") == 0);       // the two-player value wins
  CHECK(value(2, "return_cargo") == 400);  // the general one where it has none
  CHECK(value(4, "max_ships") == 5);       // four-player games have no main-planner values
  CHECK(value(3, "max_ships") == 5);       // nor have three-player games any
  CHECK(value(0, "max_ships") == 5);       // 0: not applied
  CHECK(values_for_players(config, "fallback_params", 2) == nlohmann::json{{"mine_threshold", 1}});
  CHECK(values_for_players(config, "fallback_params", 4) == nlohmann::json{{"return_cargo", 10}});
  // A file with a planner and no "params" is a config too, not parameters.
  std::string planner;
  CHECK(params_from_file_json(&planner, nlohmann::json{{"planner", "miner"}}, "f", 2).get("max_ships") == 12);

  const auto refused = [](const char* text) {
    std::string planner = "miner";
    return params_from_file_json(&planner, nlohmann::json::parse(text), "bad.json", 2);
  };
  CHECK_THROWS_WITH(refused(R"({"by_players": {"9": {}}})"), Catch::Contains("bad.json: by_players.\"9\""));
  CHECK_THROWS_WITH(refused(R"({"by_players": {"2": {"time": {}}}})"), Catch::Contains("unknown key 'time'"));
  CHECK_THROWS_WITH(refused(R"({"by_players": {"2": {"params": []}}})"), Catch::Contains("must be an object"));
  CHECK_THROWS_WITH(refused(R"({"by_players": {"2": {"params": {"max_ships": -1}}}})"), Catch::Contains("max_ships"));
  CHECK_THROWS_WITH(refused(R"({"params": 5})"), Catch::Contains("\"params\" must be an object"));
  CHECK_THROWS_WITH(refused(R"({"by_players": {"2": {"planner": 3}}})"),
                    Catch::Contains("by_players.\"2\".planner must be"));
  CHECK_THROWS_WITH(refused(R"({"by_players": {"2": {"planner": "no_such"}}})"),
                    Catch::Contains("by_players.\"2\".planner: ") && Catch::Contains("no_such"));
}

TEST_CASE("parameter files: a bot config's planner for a number of players", "[search]") {
  const nlohmann::json config = nlohmann::json::parse(R"({
    "planner": "miner", "params": {"max_ships": 5},
    "by_players": {"2": {"planner": "greedy", "params": {"max_ships": 7}}, "4": {"params": {"max_ships": 0}}}})");
  CHECK(planner_for_players(config, 2) == "greedy");
  CHECK(planner_for_players(config, 4) == "miner");
  CHECK(planner_for_players(config, 0) == "miner");
  CHECK(planner_for_players(nlohmann::json::object(), 2) == "");
  // The planner a file names in games of that many players takes the values.
  std::string two, four;
  CHECK(params_from_file_json(&two, config, "bot.json", 2).get("max_ships") == 7);
  CHECK(two == "greedy");
  CHECK(params_from_file_json(&four, config, "bot.json", 4).get("max_ships") == 0);
  CHECK(four == "miner");
  // A planner asked for by name must be the file's for that player count.
  std::string miner = "miner";
  CHECK_THROWS_WITH(params_from_file_json(&miner, config, "bot.json", 2), Catch::Contains("is for planner 'greedy'"));
}

TEST_CASE("arena statistics", "[search]") {
  const auto [lo, hi] = wilson95(50, 100);
  REQUIRE(lo == Approx(0.4038).margin(1e-3));
  REQUIRE(hi == Approx(0.5962).margin(1e-3));
  ArenaOptions o;
  o.players = {PlayerSpec::parse("miner"), PlayerSpec::parse("greedy")};
  o.games = 4;
  o.jobs = 2;
  o.config.size = 11;
  o.config.episode_steps = 60;
  const ArenaSummary s = run_arena(o);
  const nlohmann::json j = s.to_json();
  REQUIRE(j["games"] == 4);
  REQUIRE(j["players"].size() == 2);
  for (const auto& p : j["players"]) {
    for (const char* key : {"name", "games", "wins", "win_rate", "ci95", "elo", "avg_bank", "turn_ms"})
      REQUIRE(p.contains(key));
    REQUIRE(p["turn_ms"].contains("p99"));
  }
  REQUIRE(s.players[0].wins + s.players[1].wins == Approx(4));
}

TEST_CASE("beam widens its beam while the deadline allows, and only then", "[search]") {
  const auto positions = bench_positions(1, 2, 21, 150);
  const BenchPosition& pos = positions[0];
  // Without a deadline widen changes nothing: the same answer and work.
  auto plain = make_planner("beam", std::vector<std::string>{"contact_radius=0"}, 3);
  auto wide = make_planner("beam", std::vector<std::string>{"contact_radius=0", "widen=2"}, 3);
  const State::Orders a = plain->plan(pos.state, pos.player, Budget::iterations(5000));
  const State::Orders b = wide->plan(pos.state, pos.player, Budget::iterations(5000));
  CHECK(a == b);
  CHECK(plain->last_stats().iterations == wide->last_stats().iterations);
  // With a deadline that leaves time, a widening beam keeps working past the
  // configured shape (at most 12 + 5 x 6 x 12 = 372 children), here up to the
  // iteration cap; the plain beam stops at its shape.
  const Budget roomy = Budget::milliseconds(60000).with_iterations(2000);
  plain->plan(pos.state, pos.player, roomy);
  CHECK(plain->last_stats().iterations <= 372);
  wide->plan(pos.state, pos.player, roomy);
  CHECK(wide->last_stats().iterations == 2000);
  // A deadline and no cap: only the deadline ends the widening.
  wide->plan(pos.state, pos.player, Budget::milliseconds(100));
}

TEST_CASE("beam with the learned move model for its opponents: legal, deterministic, its own game", "[search]") {
  play_checked("beam", {"crash_home_steps=0", "beam_depth=3", "beam_width=2", "branching=4", "opponent_move_levels=2"},
               8, 4, 13, 60, 30, true);
  auto play = [](const std::string& levels) {
    std::vector<std::unique_ptr<Planner>> planners;
    planners.push_back(make_planner("beam", std::vector<std::string>{"opponent_move_levels=" + levels}, 1));
    planners.push_back(make_planner("greedy", std::vector<std::string>{}, 2));
    MatchOptions options;
    options.config.size = 15;
    options.config.episode_steps = 150;
    options.config.random_seed = 5;
    options.config.has_random_seed = true;
    options.record = true;
    options.budget.iterations = 200;
    return play_match(std::vector<Planner*>{planners[0].get(), planners[1].get()}, options).recorded_actions;
  };
  const auto learned = play("6");
  CHECK(learned == play("6"));
  CHECK(learned != play("0"));
}

TEST_CASE("Budget: past_deadline only once a deadline has passed", "[search]") {
  CHECK_FALSE(Budget().past_deadline());
  CHECK_FALSE(Budget::iterations(1).past_deadline());
  CHECK_FALSE(Budget::milliseconds(60000).past_deadline());
  CHECK(Budget::milliseconds(-1).past_deadline());
  // A search's inner budget: the deadline moved earlier by the safety margin.
  CHECK(Budget::milliseconds(5).for_search(10, 1).past_deadline());
}
