// The mcts planner: its tree is a tree whose visit counts add up, the
// subtree it keeps for the next turn is the one played, it is deterministic
// with a seed and an iteration budget, it holds its deadline, and it plays
// legal, collision-free orders at every board size.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>

#include "build_kind.h"
#include "halite/search/bench_positions.h"
#include "halite/search/planners/mcts.h"
#include "halite/search/policy/common.h"
#include "halite/search/policy/fleet.h"
#include "search_checks.h"

using namespace halite;
using namespace halite::search;
using halite::testing::check_orders;

namespace {

std::unique_ptr<MctsPlanner> mcts(const std::vector<std::string>& overrides, uint64_t seed) {
  Params p = default_params("mcts");
  for (const std::string& o : overrides) p.set_from_string(o);
  return std::make_unique<MctsPlanner>(p, PlannerSetup{seed, registered_opponent_models()});
}

FleetPolicy fleet(const std::vector<std::string>& overrides) {
  Params p = default_params("fleet");
  for (const std::string& o : overrides) p.set_from_string(o);
  return FleetPolicy(FleetParams::from(p));
}

int64_t arm_visits(const std::vector<MctsPlanner::ArmView>& arms) {
  int64_t sum = 0;
  for (const MctsPlanner::ArmView& a : arms) sum += a.visits;
  return sum;
}

// A game in which our seat plays mcts and the others play the stateless fleet
// policy at its defaults: exactly the model mcts has of them with
// opponent_fit=0, so that the state after a turn is the one the tree
// predicted. Calls `turn(state, orders)` after each of our answers.
template <typename Turn>
void play_predicted(MctsPlanner& planner, int players, int size, int steps, uint32_t seed,
                    const std::function<Budget(int step)>& budget, const Turn& turn) {
  Config config;
  config.size = size;
  config.episode_steps = steps;
  config.random_seed = seed;
  State s = State::initial(config, players);
  std::vector<FleetPolicy> others;
  for (int p = 0; p < players; ++p) others.push_back(fleet({"remember=0"}));
  planner.reset();
  std::vector<State::Orders> orders(static_cast<size_t>(players));
  while (!s.is_terminal()) {
    for (int p = 0; p < players; ++p) {
      orders[p].clear();
      if (s.player(p).status != Status::Active) continue;
      if (p == 0) {
        orders[p] = planner.plan(s, p, budget(s.step()));
        turn(s, orders[p]);
      } else {
        const PolicyDecision& d = others[p].decide(s, p);
        orders[p] = to_orders(s, d.ship_choices, d.spawn_yards);
      }
    }
    s.step(orders);
  }
}

// The board of the first seed from `seed` on that the reference accepts (on
// the smallest boards some seeds give no halite at all, and it refuses them).
State first_board(int size, int players, int steps, uint32_t seed) {
  Config config;
  config.size = size;
  config.episode_steps = steps;
  for (;; ++seed) {
    config.random_seed = seed;
    try {
      return State::initial(config, players);
    } catch (const std::invalid_argument&) {
      if (seed > 100000) throw;
    }
  }
}

}  // namespace

TEST_CASE("mcts: the tree is a tree, and every node's visits are its children's plus the rollouts ending there",
          "[search][mcts]") {
  const std::vector<std::vector<std::string>> sets = {
      {"contact_radius=0", "local_radius=0"},  // every ship searched (up to max_units), the whole board simulated
      {"contact_radius=0", "max_nodes=30"},    // the node pool runs out
      {"contact_radius=0", "tree_depth=1"},    // a root and leaf arms only
      {"contact_radius=0", "tree_depth=5", "horizon=5", "policy_depth=1", "explore_prob=1"},
      {"contact_radius=0", "max_units=1", "global_epsilon=0.5"},
      {"contact_radius=0", "local_radius=1"},  // the units' neighbourhoods simulated only
      {"local_radius=3"},
      {"contact_radius=0", "max_units=3", "policy_rollout=1"},   // the players' policies below the root
      {"contact_radius=0", "max_units=3", "verify_arms=3"},      // the answer played out
      {"contact_radius=0", "policy_depth=3", "local_radius=4"},  // the fleet policy's priors below the root
  };
  for (int players : {2, 4}) {
    for (const BenchPosition& pos : bench_positions(testing::per_build(2, 1), players, 21, 150)) {
      for (size_t k = 0; k < sets.size(); ++k) {
        INFO(players << " players, parameter set " << k);
        auto planner = mcts(sets[k], 7);
        planner->plan(pos.state, pos.player, Budget::iterations(300));
        const MctsPlanner::TreeInfo& info = planner->tree_info();
        REQUIRE(info.units > 0);
        CHECK(planner->check_tree() == "");
        // A fresh tree: every iteration passed through the root and went on
        // through one of its joint moves.
        CHECK(info.reused_visits == 0);
        CHECK(info.root_visits == planner->last_stats().iterations);
        CHECK(info.root_visits == 300);
        CHECK(arm_visits(planner->root_arms()) == info.root_visits);
        CHECK(info.nodes <= std::max<int64_t>(1, default_params("mcts").get("max_nodes")));
        if (k == 1) CHECK(info.nodes <= 30);
        if (k == 2) CHECK(info.nodes == 1);
        if (k == 4) CHECK(info.units == 1);
        if (k != 2) CHECK(info.nodes > 1);
        CHECK(info.joint_moves >= static_cast<int64_t>(planner->root_arms().size()));
        CHECK(info.simulated_ships <= static_cast<int>(pos.state.ships().size()));
        if (k == 0) CHECK(info.simulated_ships == static_cast<int>(pos.state.ships().size()));
        if (k == 5) CHECK(info.simulated_ships < static_cast<int>(pos.state.ships().size()));
        const int most = k == 8 ? 3 : static_cast<int>(default_params("mcts").get("verify_arms"));
        CHECK(info.verified_arms <= most);
        if (k == 8) CHECK(info.verified_arms > 0);
        if (k == 9) CHECK(info.policy_priors > 0);
        if (k == 3) CHECK(info.policy_priors == 0);
      }
    }
  }
}

TEST_CASE("mcts: the subtree kept for the next turn is the one the next search starts from", "[search][mcts]") {
  // Our turns alternate: a search of 200 iterations, then none, so that the
  // second turn's root is exactly what the first turn kept (a search would
  // add to it).
  // The kept node is matched on the whole board's state, also when the
  // iterations simulate only the units' neighbourhoods (local_radius).
  const std::string local = GENERATE(as<std::string>{}, "local_radius=0", "local_radius=2");
  INFO(local);
  auto planner = mcts({"contact_radius=0", "opponent_fit=0", local}, 3);
  std::vector<MctsPlanner::ArmView> kept;
  int64_t kept_visits = -1;
  int reused = 0, searched = 0;
  play_predicted(
      *planner, 2, 11, 80, 21, [](int step) { return Budget::iterations(step % 2 ? 0 : 200); },
      [&](const State& s, const State::Orders&) {
        const MctsPlanner::TreeInfo& info = planner->tree_info();
        INFO("step " << s.step());
        REQUIRE(planner->check_tree() == "");
        if (s.step() % 2 == 1 && kept_visits >= 0 && info.units > 0) {
          // Reused unless the units changed (ships in another order, one lost).
          if (info.reused_visits > 0) {
            ++reused;
            CHECK(info.reused_visits == kept_visits);
            CHECK(info.root_visits == kept_visits);
            const std::vector<MctsPlanner::ArmView> root = planner->root_arms();
            REQUIRE(root.size() >= kept.size());
            CHECK(std::vector<MctsPlanner::ArmView>(root.begin(), root.begin() + static_cast<long>(kept.size())) ==
                  kept);
            // At most the new root's prior was added.
            CHECK(root.size() <= kept.size() + 1);
          }
        }
        if (s.step() % 2 == 0 && info.units > 0) ++searched;
        kept = planner->kept_arms();
        kept_visits = info.kept_visits;
        if (kept_visits >= 0) CHECK(arm_visits(kept) <= kept_visits);
      });
  INFO("searched " << searched << " turns, reused " << reused);
  CHECK(searched > 10);
  CHECK(reused > 0);

  // Against an opponent the model does not predict (greedy), the next root
  // is never a kept node.
  auto other = mcts({"contact_radius=0", "opponent_fit=0"}, 3);
  Config config;
  config.size = 11;
  config.episode_steps = 60;
  config.random_seed = 21;
  State s = State::initial(config, 2);
  auto greedy = make_planner("greedy", std::vector<std::string>{}, 1);
  std::vector<State::Orders> orders(2);
  int searches = 0;
  while (!s.is_terminal()) {
    orders[0] = other->plan(s, 0, Budget::iterations(100));
    if (other->tree_info().units > 0) ++searches;
    CHECK(other->tree_info().reused_visits == 0);
    orders[1] = greedy->plan(s, 1, Budget::iterations(1));
    s.step(orders);
  }
  CHECK(searches > 10);
}

TEST_CASE("mcts: tree_info counts the opponents its fitted fleet model plays, by opponent_fit", "[search][mcts]") {
  // The opponent plays the fleet policy at mcts's own fleet parameters: mode 2
  // finds the base model gives all its ship actions and keeps it.
  for (const int mode : {0, 1, 2}) {
    INFO("opponent_fit " << mode);
    auto planner = mcts({"opponent_fit=" + std::to_string(mode)}, 5);
    int turns = 0, fitted_turns = 0;
    play_predicted(
        *planner, 2, 11, 40, 9, [](int) { return Budget::iterations(20); },
        [&](const State&, const State::Orders&) {
          ++turns;
          fitted_turns += planner->tree_info().fitted_opponents;
        });
    REQUIRE(turns > 30);
    CHECK(fitted_turns == (mode == 1 ? turns : 0));
  }
}

TEST_CASE("mcts: the same seed and iteration budget give the same answers and the same tree", "[search][mcts]") {
  for (int players : {2, 4}) {
    auto a = mcts({"contact_radius=0", "local_radius=2"}, 11);
    auto b = mcts({"contact_radius=0", "local_radius=2"}, 11);
    std::vector<State::Orders> answers;
    std::vector<std::vector<MctsPlanner::ArmView>> trees;
    auto record = [&](MctsPlanner& p, std::vector<State::Orders>& out,
                      std::vector<std::vector<MctsPlanner::ArmView>>& arms) {
      return [planner = &p, answers = &out, roots = &arms](const State&, const State::Orders& orders) {
        answers->push_back(orders);
        roots->push_back(planner->root_arms());
      };
    };
    std::vector<State::Orders> answers_b;
    std::vector<std::vector<MctsPlanner::ArmView>> trees_b;
    const auto budget = [](int) { return Budget::iterations(150); };
    play_predicted(*a, players, 13, 60, 5, budget, record(*a, answers, trees));
    play_predicted(*b, players, 13, 60, 5, budget, record(*b, answers_b, trees_b));
    REQUIRE(answers.size() == answers_b.size());
    for (size_t t = 0; t < answers.size(); ++t) {
      INFO(players << " players, turn " << t);
      CHECK(answers[t] == answers_b[t]);
      CHECK(trees[t] == trees_b[t]);
    }
    // A planner reset for a new game plays it again the same way.
    std::vector<State::Orders> again;
    std::vector<std::vector<MctsPlanner::ArmView>> trees_again;
    play_predicted(*a, players, 13, 60, 5, budget, record(*a, again, trees_again));
    REQUIRE(again.size() == answers.size());
    for (size_t t = 0; t < answers.size(); ++t) CHECK(again[t] == answers[t]);
  }
}

TEST_CASE("mcts: opponent_sample draws the enemies' first moves from the move model, the same way every run",
          "[search][mcts]") {
  // Per turn, the root's arms: they show which first-turn replies the tree
  // met. Four players on a small board, so that enemy ships come within
  // reach of the searched ones.
  const auto root_trees = [](const std::string& sample) {
    auto planner = mcts({"contact_radius=0", "local_radius=2", "opponent_sample=" + sample}, 11);
    std::vector<std::vector<MctsPlanner::ArmView>> trees;
    play_predicted(
        *planner, 4, 13, 100, 5, [](int) { return Budget::iterations(60); },
        [&](const State&, const State::Orders&) { trees.push_back(planner->root_arms()); });
    return trees;
  };
  const auto sampled = root_trees("1");
  CHECK(root_trees("1") == sampled);
  // The enemies' replies changed what the tree saw on some turn.
  CHECK(root_trees("0") != sampled);
}

TEST_CASE("mcts: stops at its deadline", "[search][mcts]") {
  // The mechanism, without timing the machine (a loaded CI machine stretches
  // any wall-clock bound; the arena's turn times measure the overrun).
  // Crowded boards: 4 players on 32x32 late in the game, every ship a unit.
  const auto positions = bench_positions(1, 4, 32, 250);
  const BenchPosition& pos = positions[0];
  // With verify_arms the policy's playout (8 turns of four fleet decisions)
  // comes before the search, and the search keeps time for the others'.
  for (const char* verify : {"verify_arms=0", "verify_arms=4"}) {
    INFO(verify);
    auto planner = mcts({"contact_radius=0", "max_units=21", verify}, 5);
    // A deadline already passed: not one iteration, and a whole tree.
    planner->plan(pos.state, pos.player, Budget::milliseconds(-1));
    CHECK(planner->last_stats().iterations == 0);
    CHECK(planner->check_tree() == "");
    // A deadline and no iteration cap: only the deadline can end the search
    // (a planner that ignored it would never return and time the test out).
    // Before its first iteration a plan decides for every player on this
    // board, which these budgets may not leave time for: not required here.
    for (double ms : {5.0, 20.0, 60.0, 250.0}) {
      planner->plan(pos.state, pos.player, Budget::milliseconds(ms));
      CHECK(planner->check_tree() == "");
    }
    // A deadline that leaves time: the search runs to its iteration cap.
    planner->plan(pos.state, pos.player, Budget::milliseconds(60000).with_iterations(20));
    CHECK(planner->last_stats().iterations == 20);
    CHECK(planner->check_tree() == "");
  }
}

TEST_CASE("mcts: plays the fleet policy's orders when no ship is in contact", "[search][mcts]") {
  // Early positions: the fleets are far apart, nothing is searched.
  for (const BenchPosition& pos : bench_positions(2, 2, 21, 3)) {
    auto fleet_planner = make_planner("fleet", std::vector<std::string>{}, 1);
    auto planner = mcts({}, 1);
    const State::Orders expected = fleet_planner->plan(pos.state, pos.player, Budget::iterations(1));
    const State::Orders got = planner->plan(pos.state, pos.player, Budget::iterations(200));
    CHECK(planner->tree_info().units == 0);
    CHECK(planner->last_stats().iterations == 0);
    CHECK(got == expected);
  }
}

TEST_CASE("mcts: legal, collision-free orders over seeded games at every board size", "[search][mcts]") {
  // Against the fleet policy (it seeks contact: hunting, guarding); every own
  // ship a unit, so that the search decides many moves. Small boards play
  // longer games (spawns, conversions, crowding), large ones fewer turns.
  for (int size : {2, 3, 4, 5, 7, 10, 15, 21, 32}) {
    for (int players : {2, 4}) {
      const int games = size <= 10 ? testing::per_build(3, 1) : 1;
      const int steps = size <= 10 ? 60 : size <= 21 ? 50 : 30;
      for (int g = 0; g < games; ++g) {
        const State start = first_board(size, players, steps, static_cast<uint32_t>(300 + 7 * g + size));
        State s = start;
        std::vector<std::unique_ptr<Planner>> seats;
        for (int p = 0; p < players; ++p)
          // Seat 0 searches every ship of the whole board, seat 2 the ships
          // near an enemy within their neighbourhoods (local_radius).
          seats.push_back(
              p == 0 ? make_planner("mcts",
                                    std::vector<std::string>{"crash_home_steps=0", "contact_radius=0", "max_units=12"},
                                    static_cast<uint64_t>(g * 4 + p))
              : p == 2
                  ? make_planner("mcts",
                                 std::vector<std::string>{"crash_home_steps=0", "contact_radius=3", "local_radius=2"},
                                 static_cast<uint64_t>(g * 4 + p))
                  : make_planner("fleet", std::vector<std::string>{"crash_home_steps=0"}, static_cast<uint64_t>(p)));
        std::vector<State::Orders> orders(static_cast<size_t>(players));
        while (!s.is_terminal()) {
          for (int p = 0; p < players; ++p) {
            orders[p].clear();
            if (s.player(p).status != Status::Active) continue;
            INFO(size << "x" << size << ", " << players << " players, game " << g << ", seat " << p);
            orders[p] = seats[p]->plan(s, p, Budget::iterations(40));
            check_orders(s, p, orders[p], true);
            if (p % 2 == 0) REQUIRE(static_cast<MctsPlanner&>(*seats[p]).check_tree() == "");
          }
          s.step(orders);
        }
      }
    }
  }
}

TEST_CASE("with_ships: the state with only the kept ships, everything else as it was", "[search][mcts]") {
  for (int players : {2, 4}) {
    for (const BenchPosition& pos : bench_positions(2, players, 21, 150)) {
      const State& s = pos.state;
      const auto ships = s.ships();
      std::vector<uint8_t> keep(ships.size(), 1);
      CHECK(with_ships(s, keep) == s);  // all kept: the same state, byte for byte
      for (size_t i = 0; i < keep.size(); ++i) keep[i] = i % 3 != 1;
      const State part = with_ships(s, keep);
      CHECK(part.check() == "");
      REQUIRE(part.ships().size() == static_cast<size_t>(std::count(keep.begin(), keep.end(), uint8_t{1})));
      size_t next = 0;
      for (size_t i = 0; i < ships.size(); ++i) {
        if (!keep[i]) {
          CHECK(part.find_ship(ships[i].id) == -1);
          continue;
        }
        const Ship& got = part.ships()[next++];
        CHECK(got.id == ships[i].id);
        CHECK(got.cell == ships[i].cell);
        CHECK(got.owner == ships[i].owner);
        CHECK(got.cargo == ships[i].cargo);
      }
      CHECK(std::equal(part.shipyards().begin(), part.shipyards().end(), s.shipyards().begin(), s.shipyards().end()));
      CHECK(std::equal(part.cells().begin(), part.cells().end(), s.cells().begin(), s.cells().end()));
      for (int p = 0; p < players; ++p) CHECK(part.player(p) == s.player(p));
      CHECK(part.step() == s.step());
      // It plays on as a state of its own.
      State next_turn = part;
      next_turn.resolve();
      CHECK(next_turn.check() == "");
    }
  }
}

TEST_CASE("mcts: with local_radius the iterations simulate the units' neighbourhoods only", "[search][mcts]") {
  for (int players : {2, 4}) {
    for (const BenchPosition& pos : bench_positions(2, players, 21, 150)) {
      INFO(players << " players");
      auto whole = mcts({"contact_radius=0", "max_units=2", "local_radius=0"}, 5);
      auto local = mcts({"contact_radius=0", "max_units=2", "local_radius=1"}, 5);
      whole->plan(pos.state, pos.player, Budget::iterations(100));
      const State::Orders orders = local->plan(pos.state, pos.player, Budget::iterations(100));
      check_orders(pos.state, pos.player, orders, true);
      CHECK(local->check_tree() == "");
      const int ships = static_cast<int>(pos.state.ships().size());
      CHECK(whole->tree_info().simulated_ships == ships);
      // Two units and the ships next to them: a handful of the board's.
      CHECK(local->tree_info().simulated_ships >= 2);
      CHECK(local->tree_info().simulated_ships <= 2 * 5);
      CHECK(local->tree_info().root_visits == 100);
    }
  }
}

namespace {

// What mcts's verify_arms playout of `orders` is worth, computed here
// independently: our orders and the other players' stateless fleet
// decisions on the first turn, then `horizon - 1` turns of every player's
// stateless fleet policy at the defaults, then evaluate().
double playout_value(const State& root, int player, const State::Orders& orders, int horizon) {
  State s = root;
  FleetPolicy policy = fleet({"remember=0"});
  for (int q = 0; q < s.num_players(); ++q) {
    if (q == player || s.player(q).status != Status::Active) continue;
    stage_decision(s, policy.decide(root, q));
  }
  s.stage(player, orders);
  s.resolve();
  for (int d = 1; d < horizon && !s.is_terminal(); ++d) {
    for (int q = 0; q < s.num_players(); ++q)
      if (s.player(q).status == Status::Active) policy.stage(s, q);
    s.resolve();
  }
  Geometry geo;
  geo.init(s.size());
  return evaluate(s, player, geo, EvalParams::from(default_params("mcts")));
}

}  // namespace

TEST_CASE("mcts: with verify_arms the answer is the best playout, by min_gain", "[search][mcts]") {
  // The opponents play the stateless fleet policy and mcts models them so
  // (opponent_fit=0, no recogniser), and our policy keeps no memory: the
  // playouts are then the games computed by playout_value().
  const std::vector<std::string> common = {"opponent_fit=0",   "predict_opponents=0", "remember=0",
                                           "contact_radius=3", "verify_arms=4",       "verify_horizon=6"};
  for (int players : {2, 4}) {
    INFO(players << " players");
    auto planner = mcts(common, 3);
    FleetPolicy policy = fleet({"remember=0"});
    int departures = 0, verified_turns = 0;
    std::vector<State::Orders> answers;
    play_predicted(
        *planner, players, 15, 80, 9, [](int) { return Budget::iterations(100); },
        [&](const State& s, const State::Orders& orders) {
          answers.push_back(orders);
          const MctsPlanner::TreeInfo& info = planner->tree_info();
          if (info.verified_arms == 0) {
            CHECK(info.chose_policy);
            return;
          }
          ++verified_turns;
          const PolicyDecision& d = policy.decide(s, 0);
          const State::Orders policy_orders = to_orders(s, d.ship_choices, d.spawn_yards);
          INFO("step " << s.step());
          if (info.chose_policy) {
            CHECK(orders == policy_orders);
            CHECK(info.answer_gain == 0);
            return;
          }
          ++departures;
          const double gain = playout_value(s, 0, orders, 6) - playout_value(s, 0, policy_orders, 6);
          CHECK(gain == Approx(info.answer_gain).margin(1e-6));
          CHECK(info.answer_gain >= default_params("mcts").get("min_gain"));
        });
    CHECK(verified_turns > 10);
    CHECK(departures > 0);
    // Deterministic with a seed and an iteration budget.
    auto again = mcts(common, 3);
    size_t turn = 0;
    play_predicted(
        *again, players, 15, 80, 9, [](int) { return Budget::iterations(100); },
        [&](const State&, const State::Orders& orders) {
          REQUIRE(turn < answers.size());
          CHECK(orders == answers[turn++]);
        });
    CHECK(turn == answers.size());
    // With a min_gain no playout reaches, the policy's orders every turn.
    auto never = mcts(
        [&] {
          auto o = common;
          o.push_back("min_gain=100000");
          return o;
        }(),
        3);
    play_predicted(
        *never, players, 15, 80, 9, [](int) { return Budget::iterations(100); },
        [&](const State& s, const State::Orders& orders) {
          const PolicyDecision& d = policy.decide(s, 0);
          CHECK(orders == to_orders(s, d.ship_choices, d.spawn_yards));
        });
  }
}
