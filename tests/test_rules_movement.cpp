// The rules of moving units: the torus's geometry, ship collisions, ships
// on enemy shipyards, and moveCost.
//
// One test case per rule of ../shared/design/rules-halite4.md, each on a small
// hand-made position: build it with State::empty + add_ship/add_shipyard,
// stage orders, resolve, and assert the exact outcome (cells, cargo, banks,
// ids, statuses, rewards). Every resolved state also goes through the
// conformance check (copy, hash, invariants, JSON round trip).
//
// Expected numbers come from the rules and the reference source
// (kaggle-environments halite helpers.py Board.next, halite.py interpreter);
// the non-trivial doubles were computed with python3 (round(), float
// arithmetic), as the reference computes them.
#include <catch2/catch.hpp>

#include "rules_fixtures.h"

using namespace halite;
using namespace halite::rules_test;

// ---------------------------------------------------------------- geometry --

TEST_CASE("geometry: cell = row * size + col | the four moves wrap on the torus", "[rules][geometry]") {
  SECTION("neighbor() on every cell of a 7x7 board") {
    const State s = State::empty(config_of(7), 1, 0);
    for (int c = 0; c < s.cell_count(); ++c) {
      const int r = c / 7, k = c % 7;
      CHECK(s.row(c) == r);
      CHECK(s.col(c) == k);
      CHECK(s.neighbor(c, Action::North) == ((r + 6) % 7) * 7 + k);
      CHECK(s.neighbor(c, Action::South) == ((r + 1) % 7) * 7 + k);
      CHECK(s.neighbor(c, Action::East) == r * 7 + (k + 1) % 7);
      CHECK(s.neighbor(c, Action::West) == r * 7 + (k + 6) % 7);
      CHECK(s.neighbor(c, Action::None) == c);
      CHECK(s.neighbor(c, Action::Convert) == c);
    }
  }
  SECTION("neighbor() (division-free) on every cell of every board size 2 to 32") {
    const Action all[] = {Action::None, Action::North,   Action::South, Action::East,
                          Action::West, Action::Convert, Action::Spawn};
    for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n) {
      const State s = State::empty(config_of(n), 1, 0);
      for (int c = 0; c < n * n; ++c) {
        const int r = c / n, k = c % n;
        for (Action a : all) {
          int want = c;
          if (a == Action::North) want = ((r + n - 1) % n) * n + k;
          if (a == Action::South) want = ((r + 1) % n) * n + k;
          if (a == Action::East) want = r * n + (k + 1) % n;
          if (a == Action::West) want = r * n + (k + n - 1) % n;
          if (s.neighbor(c, a) != want) FAIL("size " << n << " cell " << c << " " << action_name(a));
        }
      }
    }
  }
  SECTION("the smallest board, 2x2: north and south both reach the other row") {
    const State s = State::empty(config_of(2), 1, 0);
    CHECK(s.neighbor(0, Action::North) == 2);
    CHECK(s.neighbor(0, Action::South) == 2);
    CHECK(s.neighbor(3, Action::East) == 2);
    CHECK(s.neighbor(3, Action::West) == 2);
  }
  SECTION("ships move one cell each way, wrapping at every edge, cargo kept") {
    State s = State::empty(config_of(5), 1, 10);
    add_ship(s, "1-1", at(s, 0, 0), 0, 1);  // north off the top
    add_ship(s, "1-2", at(s, 4, 3), 0, 2);  // south off the bottom
    add_ship(s, "1-3", at(s, 2, 4), 0, 3);  // east off the right
    add_ship(s, "1-4", at(s, 3, 0), 0, 4);  // west off the left
    add_ship(s, "1-5", at(s, 1, 2), 0, 5);  // south, inside
    add_ship(s, "1-6", at(s, 1, 1), 0, 6);  // east into the cell 1-5 leaves: no collision
    CHECK(order(s, "1-1", Action::North) == StageResult::Ok);
    CHECK(order(s, "1-2", Action::South) == StageResult::Ok);
    CHECK(order(s, "1-3", Action::East) == StageResult::Ok);
    CHECK(order(s, "1-4", Action::West) == StageResult::Ok);
    CHECK(order(s, "1-5", Action::South) == StageResult::Ok);
    CHECK(order(s, "1-6", Action::East) == StageResult::Ok);
    resolve(s);
    REQUIRE(s.ships().size() == 6);
    CHECK(ship(s, "1-1").cell == at(s, 4, 0));
    CHECK(ship(s, "1-2").cell == at(s, 0, 3));
    CHECK(ship(s, "1-3").cell == at(s, 2, 0));
    CHECK(ship(s, "1-4").cell == at(s, 3, 4));
    CHECK(ship(s, "1-5").cell == at(s, 2, 2));
    CHECK(ship(s, "1-6").cell == at(s, 1, 2));
    for (int i = 0; i < 6; ++i) CHECK(s.ships()[static_cast<size_t>(i)].cargo == i + 1);
    for (const Ship& sh : s.ships()) CHECK(sh.action == Action::None);  // orders are cleared
  }
}

// -------------------------------------------------------------- collisions --

namespace {
// 4 players on 5x5, each with an idle anchor ship in a corner (cargo 0, no
// halite), so that losing a ship in the middle eliminates nobody.
State four_with_anchors() {
  State s = State::empty(config_of(5), 4, 10);
  add_ship(s, "0-1", at(s, 0, 0), 0, 0);
  add_ship(s, "0-2", at(s, 0, 4), 1, 0);
  add_ship(s, "0-3", at(s, 4, 0), 2, 0);
  add_ship(s, "0-4", at(s, 4, 4), 3, 0);
  s.set_halite(at(s, 2, 2), 50);
  return s;
}
}  // namespace

TEST_CASE("ship collisions: the single least-cargo ship survives and takes the sum", "[rules][collision]") {
  State s = four_with_anchors();
  add_ship(s, "5-1", at(s, 1, 2), 0, 30);
  add_ship(s, "5-2", at(s, 3, 2), 1, 10);
  add_ship(s, "5-3", at(s, 2, 3), 2, 20);
  add_ship(s, "5-4", at(s, 2, 1), 3, 40);
  order(s, "5-1", Action::South);
  order(s, "5-2", Action::North);
  order(s, "5-3", Action::West);
  order(s, "5-4", Action::East);
  resolve(s);
  CHECK_FALSE(has_ship(s, "5-1"));
  CHECK_FALSE(has_ship(s, "5-3"));
  CHECK_FALSE(has_ship(s, "5-4"));
  CHECK(ship(s, "5-2").cell == at(s, 2, 2));
  CHECK(ship(s, "5-2").owner == 1);
  CHECK(ship(s, "5-2").cargo == 100);
  CHECK(s.halite(at(s, 2, 2)) == 50);  // the survivor moved (no mining) and the cell is occupied (no regrowth)
  CHECK(s.ships().size() == 5);
  for (int p = 0; p < 4; ++p) CHECK(s.player(p).bank == 5000);
}

TEST_CASE("ship collisions: a tie for the least cargo destroys every ship on the cell", "[rules][collision]") {
  State s = four_with_anchors();
  SECTION("two ships, equal cargo") {
    add_ship(s, "5-1", at(s, 1, 2), 0, 10);
    add_ship(s, "5-2", at(s, 3, 2), 1, 10);
    order(s, "5-1", Action::South);
    order(s, "5-2", Action::North);
    resolve(s);
    CHECK_FALSE(has_ship(s, "5-1"));
    CHECK_FALSE(has_ship(s, "5-2"));
    CHECK(s.halite(at(s, 2, 2)) == 51);  // no ship left: the cell regrows
  }
  SECTION("tied at the minimum with a larger third: all three destroyed") {
    add_ship(s, "5-1", at(s, 1, 2), 0, 10);
    add_ship(s, "5-2", at(s, 3, 2), 1, 10);
    add_ship(s, "5-3", at(s, 2, 3), 2, 30);
    order(s, "5-1", Action::South);
    order(s, "5-2", Action::North);
    order(s, "5-3", Action::West);
    resolve(s);
    CHECK_FALSE(has_ship(s, "5-1"));
    CHECK_FALSE(has_ship(s, "5-2"));
    CHECK_FALSE(has_ship(s, "5-3"));
    CHECK(s.ships().size() == 4);
    CHECK(s.halite(at(s, 2, 2)) == 51);
  }
  SECTION("tied above the minimum: the least still wins everything") {
    add_ship(s, "5-1", at(s, 1, 2), 0, 30);
    add_ship(s, "5-2", at(s, 3, 2), 1, 10);
    add_ship(s, "5-3", at(s, 2, 3), 2, 30);
    order(s, "5-1", Action::South);
    order(s, "5-2", Action::North);
    order(s, "5-3", Action::West);
    resolve(s);
    CHECK(ship(s, "5-2").cargo == 70);
    CHECK_FALSE(has_ship(s, "5-1"));
    CHECK_FALSE(has_ship(s, "5-3"));
  }
  SECTION("a ship that stays is in the tie too, and does not mine") {
    add_ship(s, "5-1", at(s, 2, 2), 0, 10);
    add_ship(s, "5-2", at(s, 3, 2), 1, 10);
    order(s, "5-2", Action::North);
    resolve(s);
    CHECK_FALSE(has_ship(s, "5-1"));
    CHECK_FALSE(has_ship(s, "5-2"));
    CHECK(s.halite(at(s, 2, 2)) == 51);
  }
}

TEST_CASE("ship collisions: friendly ships collide too", "[rules][collision]") {
  State s = State::empty(config_of(5), 1, 10);
  const int centre = at(s, 2, 2);
  s.set_halite(centre, 100);
  SECTION("the mover has less: it survives with the sum and does not mine") {
    add_ship(s, "1-1", centre, 0, 7);
    add_ship(s, "1-2", at(s, 1, 2), 0, 5);
    order(s, "1-2", Action::South);
    resolve(s);
    REQUIRE(s.ships().size() == 1);
    CHECK(ship(s, "1-2").cell == centre);
    CHECK(ship(s, "1-2").cargo == 12);
    CHECK(s.halite(centre) == 100);
  }
  SECTION("the stayer has less: it survives with the sum and then mines") {
    add_ship(s, "1-1", centre, 0, 5);
    add_ship(s, "1-2", at(s, 1, 2), 0, 7);
    order(s, "1-2", Action::South);
    resolve(s);
    REQUIRE(s.ships().size() == 1);
    CHECK(ship(s, "1-1").cargo == 12 + 25);
    CHECK(s.halite(centre) == 75);
  }
  SECTION("a friendly tie destroys both; the lone player, left with nothing, is DONE") {
    add_ship(s, "1-1", centre, 0, 5);
    add_ship(s, "1-2", at(s, 1, 2), 0, 5);
    order(s, "1-2", Action::South);
    resolve(s);
    CHECK(s.ships().empty());
    CHECK(s.player(0).status == Status::Done);
    CHECK(s.player(0).reward == 11 - 400 - 1);
    CHECK(s.halite(centre) == 102);
  }
}

TEST_CASE("ship collisions: a fresh spawn collides with an own ship on the yard", "[rules][collision][spawn]") {
  State s = State::empty(config_of(5), 1, 10);
  const int y = at(s, 2, 2);
  add_yard(s, "2-1", y, 0);
  set_bank(s, 0, 1000);
  SECTION("an empty ship staying on the yard: tie at 0, both destroyed, the spawn is still paid") {
    add_ship(s, "3-1", y, 0, 0);
    CHECK(order(s, "2-1", Action::Spawn) == StageResult::Ok);
    resolve(s);
    CHECK(s.ships().empty());
    CHECK(s.player(0).bank == 500);
    CHECK(s.shipyards().size() == 1);
    // No ship, but a yard and bank >= spawnCost: still in the game.
    CHECK(s.player(0).status == Status::Active);
    CHECK(s.player(0).reward == 500);
  }
  SECTION("a loaded ship returning to the yard: the spawn (cargo 0) wins, takes the cargo, deposits it") {
    add_ship(s, "3-1", at(s, 1, 2), 0, 100);
    order(s, "3-1", Action::South);
    order(s, "2-1", Action::Spawn);
    resolve(s);
    REQUIRE(s.ships().size() == 1);
    CHECK_FALSE(has_ship(s, "3-1"));
    CHECK(ship(s, "11-1").cell == y);
    CHECK(ship(s, "11-1").cargo == 0);
    CHECK(s.player(0).bank == 1000 - 500 + 100);
  }
  SECTION("a loaded ship staying on the yard: the spawn wins and deposits") {
    add_ship(s, "3-1", y, 0, 40);
    order(s, "2-1", Action::Spawn);
    resolve(s);
    REQUIRE(s.ships().size() == 1);
    CHECK(ship(s, "11-1").cargo == 0);
    CHECK(s.player(0).bank == 540);
  }
  SECTION("a ship leaving the yard as the spawn appears: no collision") {
    add_ship(s, "3-1", y, 0, 0);
    order(s, "3-1", Action::North);
    order(s, "2-1", Action::Spawn);
    resolve(s);
    CHECK(ship(s, "3-1").cell == at(s, 1, 2));
    CHECK(ship(s, "11-1").cell == y);
    CHECK(s.player(0).bank == 500);
  }
}

TEST_CASE("ship collisions: ships that swap cells pass through each other", "[rules][collision]") {
  State s = State::empty(config_of(5), 2, 10);
  add_ship(s, "1-1", at(s, 2, 1), 0, 10);
  add_ship(s, "1-2", at(s, 2, 2), 1, 20);
  add_ship(s, "1-3", at(s, 4, 1), 0, 5);
  add_ship(s, "1-4", at(s, 4, 2), 0, 5);
  order(s, "1-1", Action::East);
  order(s, "1-2", Action::West);
  order(s, "1-3", Action::East);  // a friendly swap with equal cargo
  order(s, "1-4", Action::West);
  resolve(s);
  REQUIRE(s.ships().size() == 4);
  CHECK(ship(s, "1-1").cell == at(s, 2, 2));
  CHECK(ship(s, "1-2").cell == at(s, 2, 1));
  CHECK(ship(s, "1-3").cell == at(s, 4, 2));
  CHECK(ship(s, "1-4").cell == at(s, 4, 1));
  CHECK(ship(s, "1-1").cargo == 10);
  CHECK(ship(s, "1-2").cargo == 20);
}

// ---------------------------------------------------------- enemy shipyards --

TEST_CASE("a ship on an enemy shipyard: both destroyed, the cargo lost", "[rules][shipyard]") {
  State s = State::empty(config_of(5), 2, 10);
  add_ship(s, "0-1", at(s, 0, 0), 0, 0);  // anchors
  add_ship(s, "0-2", at(s, 4, 4), 1, 0);
  const int y = at(s, 2, 2);
  add_yard(s, "3-1", y, 1);
  SECTION("a loaded enemy ship moves onto the yard") {
    add_ship(s, "4-1", at(s, 1, 2), 0, 200);
    order(s, "4-1", Action::South);
    resolve(s);
    CHECK_FALSE(has_ship(s, "4-1"));
    CHECK(s.shipyards().empty());
    CHECK(s.player(0).bank == 5000);
    CHECK(s.player(1).bank == 5000);
    CHECK(s.halite(y) == 0);
  }
  SECTION("the enemy wins the ship collision on the yard, then dies with the yard") {
    add_ship(s, "4-1", y, 1, 50);  // the owner's ship sits on its yard
    add_ship(s, "4-2", at(s, 1, 2), 0, 0);
    order(s, "4-2", Action::South);
    resolve(s);
    CHECK_FALSE(has_ship(s, "4-1"));
    CHECK_FALSE(has_ship(s, "4-2"));
    CHECK(s.shipyards().empty());
    CHECK(s.player(0).bank == 5000);
    CHECK(s.player(1).bank == 5000);
  }
  SECTION("the owner's ship wins on its yard: the yard stands and the loot is deposited") {
    add_ship(s, "4-1", y, 1, 0);
    add_ship(s, "4-2", at(s, 1, 2), 0, 200);
    order(s, "4-2", Action::South);
    resolve(s);
    CHECK(ship(s, "4-1").cargo == 0);
    CHECK_FALSE(has_ship(s, "4-2"));
    CHECK(s.shipyards().size() == 1);
    CHECK(s.player(1).bank == 5200);
    CHECK(s.player(0).bank == 5000);
  }
}

TEST_CASE("a ship on an enemy shipyard: also a yard converted this very turn", "[rules][shipyard][convert]") {
  State s = State::empty(config_of(5), 2, 10);
  add_ship(s, "0-1", at(s, 0, 0), 0, 0);
  add_ship(s, "0-2", at(s, 4, 4), 1, 0);
  const int x = at(s, 2, 2);
  s.set_halite(x, 90);
  const int converter = GENERATE(0, 1);  // p1 converting is resolved after p0's move, p0 converting before p1's
  const int mover = 1 - converter;
  add_ship(s, "5-1", x, converter, 0);
  add_ship(s, "5-2", at(s, 1, 2), mover, 70);
  CHECK(order(s, "5-1", Action::Convert) == StageResult::Ok);
  order(s, "5-2", Action::South);
  resolve(s);
  CHECK_FALSE(has_ship(s, "5-1"));
  CHECK_FALSE(has_ship(s, "5-2"));
  CHECK(s.shipyards().empty());
  CHECK(s.player(converter).bank == 4500);
  CHECK(s.player(mover).bank == 5000);
  CHECK(s.halite(x) == 0);  // zeroed by the conversion; nothing regrows from 0
  resolve(s);
  CHECK(s.halite(x) == 0);
}

// ---------------------------------------------------------------- moveCost --

TEST_CASE("moveCost > 0: each move multiplies the cargo by (1 - moveCost)", "[rules][movecost]") {
  Config cfg = config_of(7);
  cfg.move_cost = 0.1;
  State s = State::empty(cfg, 1, 5);
  add_yard(s, "1-1", at(s, 3, 3), 0);
  add_ship(s, "2-1", at(s, 3, 1), 0, 33);
  add_ship(s, "2-2", at(s, 0, 0), 0, 33);  // stays: keeps its cargo
  order(s, "2-1", Action::East);
  resolve(s);
  CHECK(ship(s, "2-1").cargo == 29.7);  // python3: 33 * (1 - 0.1)
  CHECK(ship(s, "2-2").cargo == 33);
  order(s, "2-1", Action::East);
  resolve(s);
  CHECK(ship(s, "2-1").cargo == 0);
  CHECK(s.player(0).bank == 5026.73);  // python3: 5000 + 33 * (1 - 0.1) * (1 - 0.1)
  CHECK(s.player(0).reward == 5026.73);
  CHECK(ship(s, "2-2").cargo == 33);
}

TEST_CASE("moveCost > 0: fractional cargo in collisions", "[rules][movecost][collision]") {
  Config cfg = config_of(5);
  cfg.move_cost = 0.1;
  State s = State::empty(cfg, 1, 5);
  add_ship(s, "1-1", at(s, 2, 2), 0, 30);  // stays
  add_ship(s, "1-2", at(s, 1, 2), 0, 33);  // arrives with 29.7: the least
  order(s, "1-2", Action::South);
  resolve(s);
  REQUIRE(s.ships().size() == 1);
  CHECK(ship(s, "1-2").cargo == 29.7 + 30);
}
