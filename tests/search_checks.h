// Checks shared by the search-layer tests.
#pragma once

#include <catch2/catch.hpp>

#include <set>

#include "halite/state.h"

namespace halite::testing {

// Checks one answer against the state the way the engine will treat it:
// every order names a live unit of the player, once, and takes effect.
inline void check_orders(const State& s, int player, const State::Orders& orders, bool expect_no_collisions) {
  State copy = s;
  std::set<uint32_t> seen;
  std::set<int> ends;
  std::set<uint32_t> moved;
  for (const State::Command& c : orders) {
    INFO("step " << s.step() << " unit " << c.unit.str() << " " << action_name(c.action));
    REQUIRE(seen.insert(c.unit.value).second);
    const int si = s.find_ship(c.unit), yi = s.find_shipyard(c.unit);
    REQUIRE((si >= 0 || yi >= 0));
    if (si >= 0) {
      REQUIRE(s.ships()[si].owner == player);
      REQUIRE(c.action != Action::Spawn);
      REQUIRE(copy.stage_ship(si, c.action) == StageResult::Ok);
    } else {
      REQUIRE(s.shipyards()[yi].owner == player);
      REQUIRE(c.action == Action::Spawn);
      REQUIRE(copy.stage_shipyard(yi, c.action) == StageResult::Ok);
    }
  }
  if (!expect_no_collisions) return;
  for (int i = 0; i < static_cast<int>(s.ships().size()); ++i) {
    const Ship& sh = s.ships()[i];
    if (sh.owner != player) continue;
    Action a = Action::None;
    for (const State::Command& c : orders)
      if (c.unit == sh.id) a = c.action;
    if (a == Action::Convert) continue;
    INFO("step " << s.step() << " ship " << sh.id.str());
    REQUIRE(ends.insert(s.neighbor(sh.cell, a)).second);
  }
  for (const State::Command& c : orders) {
    const int yi = s.find_shipyard(c.unit);
    if (yi >= 0) REQUIRE(ends.count(s.shipyards()[yi].cell) == 0);  // a spawn never lands on an own ship
  }
}

}  // namespace halite::testing
