// OpponentFits (search/opponent_fit.h): which fleet model plays an opponent
// in beam's and mcts's simulations, chosen by the moves the game shows.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "halite/search/game_memory.h"
#include "halite/search/model/opponent_fit.h"
#include "halite/search/params.h"
#include "halite/search/planner.h"
#include "halite/search/policy/fleet.h"

using namespace halite;
using namespace halite::search;

namespace {

FleetParams fleet_defaults() {
  return FleetParams::from(default_params("fleet"));
}

// A 2-player game seen from seat 0, which plays the stateless fleet policy;
// seat 1 plays the stateless fleet policy with the parameters
// `opponent_params(memory)` gives each turn. `fits` is updated every turn,
// as a planner does, with `budget`.
template <typename OpponentParams>
void play(OpponentFits& fits, const OpponentParams& opponent_params, const Budget& budget = Budget()) {
  Config config;
  config.size = 21;
  config.episode_steps = 120;
  config.random_seed = 7;
  State s = State::initial(config, 2);
  GameMemory memory;
  memory.reset(2, 0);
  fits.reset();
  FleetPolicy us(stateless(fleet_defaults()));
  FleetPolicy them(stateless(fleet_defaults()));
  std::vector<State::Orders> orders(2);
  while (!s.is_terminal()) {
    memory.observe(s);
    fits.update(s, 0, memory, budget);
    const PolicyDecision& a = us.decide(s, 0);
    orders[0] = to_orders(s, a.ship_choices, a.spawn_yards);
    them.set_params(opponent_params(memory));
    const PolicyDecision& b = them.decide(s, 1);
    orders[1] = to_orders(s, b.ship_choices, b.spawn_yards);
    s.step(orders);
  }
}

}  // namespace

TEST_CASE("opponent_fit 2 keeps the policy's own parameters for an opponent that plays them",
          "[search][opponent_fit]") {
  const FleetParams base = fleet_defaults();
  OpponentFits fits(OpponentFit::better, base);
  play(fits, [&](const GameMemory&) { return stateless(base); });
  REQUIRE(fits.scored_actions(1) > 200);
  CHECK(fits.agreement(1, false) == 1.0);  // the model is the opponent
  CHECK(fits.agreement(1, true) < 1.0);    // the fitted one departs from it
  CHECK_FALSE(fits.uses_fitted(1));
  CHECK(fits.model(1).params().hunt_weight == base.hunt_weight);
}

TEST_CASE("opponent_fit 2 takes the fitted parameters for an opponent that plays them", "[search][opponent_fit]") {
  const FleetParams base = fleet_defaults();
  OpponentFits fits(OpponentFit::better, base);
  // The opponent plays, each turn, exactly the model fitted from our memory.
  play(fits, [&](const GameMemory& m) { return stateless(opponent_model(base, m.player(1), m.player(0))); });
  REQUIRE(fits.scored_actions(1) > 200);
  CHECK(fits.agreement(1, true) == 1.0);
  CHECK(fits.agreement(1, false) < 1.0);
  CHECK(fits.uses_fitted(1));
  CHECK(fits.model(1).params().hunt_weight != base.hunt_weight);
}

TEST_CASE("opponent_fit 0 and 1 choose without scoring, and 2 scores nothing with no time left",
          "[search][opponent_fit]") {
  const FleetParams base = fleet_defaults();
  auto plays_base = [&](const GameMemory&) { return stateless(base); };
  OpponentFits own(OpponentFit::base, base);
  play(own, plays_base);
  CHECK(own.scored_actions(1) == 0);
  CHECK_FALSE(own.uses_fitted(1));
  CHECK(own.model(1).params().hunt_weight == base.hunt_weight);

  OpponentFits fitted(OpponentFit::fitted, base);
  play(fitted, plays_base);
  CHECK(fitted.scored_actions(1) == 0);
  CHECK(fitted.uses_fitted(1));
  CHECK(fitted.model(1).params().hunt_weight != base.hunt_weight);

  OpponentFits late(OpponentFit::better, base);
  play(late, plays_base, Budget::milliseconds(-1));
  CHECK(late.scored_actions(1) == 0);
  CHECK_FALSE(late.uses_fitted(1));  // ties go to the base parameters
}
