// The State example of docs/engine.md, kept compiling and true.
#include <catch2/catch.hpp>

#include "conformance.h"
#include "halite/state.h"

using namespace halite;

TEST_CASE("docs/engine.md example: stage, resolve, step", "[readme]") {
  Config config;
  config.random_seed = 42;
  State state = State::initial(config, 2);
  for (int i = 0; i < static_cast<int>(state.ships().size()); ++i) {
    const Ship& ship = state.ships()[i];
    Action order = ship.owner == 0 ? Action::Convert : Action::North;
    CHECK(state.stage_ship(i, order) == StageResult::Ok);
  }
  State before = state;
  CHECK(before == state);
  state.resolve();
  REQUIRE(state.step() == 1);
  REQUIRE(state.shipyards().size() == 1);
  CHECK(state.shipyards()[0].id.str() == "1-1");
  CHECK(state.player(0).bank == 4500);
  testing::check_conformance(state);

  std::vector<State::Orders> orders(2);
  orders[0].push_back({state.shipyards()[0].id, Action::Spawn});
  state.step(orders);
  CHECK(state.step() == 2);
  CHECK(state.player(0).bank == 4000);
  REQUIRE(state.ships().size() == 2);
  CHECK(state.ships()[1].id.str() == "2-1");
  testing::check_conformance(state);
}
