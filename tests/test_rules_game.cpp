// The rules around the turns: elimination, the end of the game, failed
// agents, the staging API, the unit caps and construction.
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

#include <stdexcept>
#include <vector>

#include "halite/json_codec.h"

#include "rules_fixtures.h"

using namespace halite;
using namespace halite::rules_test;

// ------------------------------------------------------------- elimination --

TEST_CASE("elimination: no ships and (no yards or bank < spawnCost) -> DONE at step - episodeSteps - 1 | units stay",
          "[rules][elimination]") {
  State s = State::empty(config_of(7), 4, 20);
  add_ship(s, "0-1", at(s, 0, 0), 0, 0);
  add_ship(s, "5-1", at(s, 3, 2), 0, 0);
  set_bank(s, 1, 5000);                // p1: nothing on the board
  add_yard(s, "6-1", at(s, 6, 6), 2);  // p2: a yard and exactly spawnCost
  set_bank(s, 2, 500);
  add_yard(s, "7-1", at(s, 3, 3), 3);  // p3: a yard but bank 499
  set_bank(s, 3, 499);
  resolve(s);
  CHECK(s.step() == 21);
  CHECK(s.player(0).status == Status::Active);
  CHECK(s.player(1).status == Status::Done);
  CHECK(s.player(1).reward == 21 - 400 - 1);
  CHECK(s.player(1).bank == 5000);
  CHECK(s.player(2).status == Status::Active);
  CHECK(s.player(2).reward == 500);
  CHECK(s.player(3).status == Status::Done);
  CHECK(s.player(3).reward == -380);
  CHECK(s.player(3).bank == 499);
  CHECK(yard(s, "7-1").owner == 3);  // an eliminated player's yard stays on the board

  // ... and still destroys an enemy ship that moves onto it.
  order(s, "5-1", Action::East);
  resolve(s);
  CHECK_FALSE(has_ship(s, "5-1"));
  CHECK_FALSE(has_yard(s, "7-1"));
  CHECK(s.player(3).reward == -380);  // frozen
  CHECK(s.player(3).status == Status::Done);
  CHECK(s.player(0).status == Status::Active);  // still has 0-1
  CHECK(s.active_players() == 2);
  CHECK_FALSE(s.is_terminal());
}

TEST_CASE("the last survivor is made DONE before rewards update: it keeps last step's reward", "[rules][elimination]") {
  State s = State::empty(config_of(7), 2, 30);
  add_yard(s, "1-1", at(s, 3, 3), 0);
  add_ship(s, "2-1", at(s, 2, 3), 0, 300);  // deposits this turn
  add_ship(s, "2-2", at(s, 5, 5), 0, 0);
  add_ship(s, "3-1", at(s, 5, 4), 1, 50);  // p1's only ship, rams 2-2 and loses
  order(s, "2-1", Action::South);
  order(s, "3-1", Action::East);
  resolve(s);
  CHECK_FALSE(has_ship(s, "3-1"));
  CHECK(ship(s, "2-2").cargo == 50);
  CHECK(s.player(1).status == Status::Done);
  CHECK(s.player(1).reward == 31 - 400 - 1);
  CHECK(s.player(0).status == Status::Done);
  CHECK(s.player(0).bank == 5300);
  CHECK(s.player(0).reward == 5000);  // last step's reward, not the new bank
  CHECK(s.is_terminal());
  // A terminal state does not move.
  const State before = s;
  s.resolve();
  CHECK(s == before);
}

TEST_CASE("one-player games do not end by the fewer-than-two-active rule", "[rules][elimination]") {
  State s = State::empty(config_of(5), 1, 10);
  add_ship(s, "1-1", at(s, 2, 2), 0, 0);
  s.set_halite(at(s, 2, 2), 400);
  add_yard(s, "1-2", at(s, 2, 3), 0);
  for (int t = 0; t < 5; ++t) {
    resolve(s);
    CHECK(s.player(0).status == Status::Active);
    CHECK(s.active_players() == 1);
  }
  CHECK(ship(s, "1-1").cargo == 100 + 75 + 56 + 42 + 31);
  order(s, "1-1", Action::East);
  resolve(s);
  CHECK(s.player(0).status == Status::Active);
  CHECK(s.player(0).bank == 5304);
  CHECK(s.player(0).reward == 5304);
  CHECK_FALSE(s.is_terminal());
}

TEST_CASE("one-player elimination: no ships and a yard with bank < spawnCost", "[rules][elimination]") {
  State s = State::empty(config_of(5), 1, 10);
  add_ship(s, "1-1", at(s, 2, 2), 0, 500);
  set_bank(s, 0, 0);
  CHECK(order(s, "1-1", Action::Convert) == StageResult::Ok);
  resolve(s);
  CHECK(yard(s, "11-1").cell == at(s, 2, 2));
  CHECK(s.player(0).bank == 0);
  CHECK(s.player(0).status == Status::Done);
  CHECK(s.player(0).reward == 11 - 400 - 1);
  CHECK(s.is_terminal());
}

TEST_CASE("the state at episodeSteps - 1 makes everyone DONE with reward = bank", "[rules][end]") {
  State s = State::empty(config_of(5, 10), 2, 7);
  add_yard(s, "1-1", at(s, 2, 2), 0);
  add_ship(s, "2-1", at(s, 2, 0), 0, 250);
  add_ship(s, "2-2", at(s, 4, 4), 1, 0);
  order(s, "2-1", Action::East);
  resolve(s);  // step 8: still going
  CHECK(s.player(0).status == Status::Active);
  CHECK(s.player(1).status == Status::Active);
  order(s, "2-1", Action::East);  // onto the yard in the last turn
  resolve(s);
  CHECK(s.step() == 9);
  CHECK(s.player(0).status == Status::Done);
  CHECK(s.player(1).status == Status::Done);
  CHECK(s.player(0).bank == 5250);
  CHECK(s.player(0).reward == 5250);  // rewards are updated before the episode ends
  CHECK(s.player(1).reward == 5000);
  CHECK(s.is_terminal());
  const State before = s;
  s.resolve();
  CHECK(s == before);
}

// ---------------------------------------------------------------- failures --

TEST_CASE("failure statuses: units act with no orders that turn, then are removed | bank 0 | reward null",
          "[rules][failure]") {
  const Status status = GENERATE(Status::Error, Status::Invalid, Status::Timeout);
  INFO(status_name(status));
  State s = State::empty(config_of(7), 4, 40);
  add_yard(s, "10-1", at(s, 0, 0), 1);
  add_ship(s, "12-1", at(s, 3, 3), 1, 0);
  s.set_halite(at(s, 3, 3), 100);
  set_bank(s, 1, 3000);
  add_ship(s, "20-1", at(s, 3, 2), 0, 50);  // rams the failing player's ship and loses
  add_ship(s, "20-2", at(s, 1, 0), 0, 10);  // moves onto the failing player's yard
  add_ship(s, "20-3", at(s, 6, 6), 0, 0);
  add_ship(s, "20-4", at(s, 6, 3), 2, 0);
  add_ship(s, "20-5", at(s, 5, 0), 3, 0);
  const State start = s;

  CHECK(order(s, "12-1", Action::North) == StageResult::Ok);
  CHECK(order(s, "10-1", Action::Spawn) == StageResult::Ok);
  order(s, "20-1", Action::East);
  order(s, "20-2", Action::North);
  s.fail_player(1, status);
  CHECK(s.player(1).status == status);
  CHECK(staged_action_to_json(s, 1) == Json::object());  // its orders are dropped
  CHECK(order(s, "12-1", Action::South) == StageResult::PlayerNotActive);
  CHECK(ship(s, "12-1").action == Action::None);
  s.resolve();
  testing::check_conformance(s);

  CHECK(s.player(1).status == status);
  CHECK(is_failure(s.player(1).status));
  CHECK(s.player(1).bank == 0);
  CHECK(ships_of(s, 1) == 0);
  for (const Shipyard& y : s.shipyards()) CHECK(y.owner != 1);
  CHECK_FALSE(has_ship(s, "41-1"));  // the yard's SPAWN was dropped
  // Its ship stood still: it won the collision (0 < 50), mined, and the cell
  // was occupied during regeneration.
  CHECK_FALSE(has_ship(s, "20-1"));
  CHECK(s.halite(at(s, 3, 3)) == 75);
  // Its yard still destroyed the ship that moved onto it.
  CHECK_FALSE(has_ship(s, "20-2"));
  CHECK(ship(s, "20-3").owner == 0);
  CHECK(s.player(0).bank == 5000);
  CHECK(s.player(0).status == Status::Active);
  CHECK(s.active_players() == 3);

  // The reward is null in Kaggle's layout.
  const Json replay = replay_to_json({start, s}, {{}, {Json::object(), Json(), Json::object(), Json::object()}},
                                     {"a", "b", "c", "d"}, "test");
  CHECK(replay["steps"][1][1]["reward"].is_null());
  CHECK(replay["steps"][1][1]["status"] == status_name(status));
  CHECK(replay["steps"][1][0]["reward"] == 5000);

  // Later turns: it stays failed with nothing, and fail_player is a no-op on it.
  s.fail_player(1, Status::Error);
  CHECK(s.player(1).status == status);
  resolve(s);
  CHECK(s.player(1).status == status);
  CHECK(s.player(1).bank == 0);
  CHECK(s.active_players() == 3);

  CHECK_THROWS_AS(s.fail_player(0, Status::Done), std::invalid_argument);
  CHECK_THROWS_AS(s.fail_player(0, Status::Active), std::invalid_argument);
  CHECK_THROWS_AS(s.fail_player(4, Status::Error), std::out_of_range);
}

TEST_CASE("failure of the last opponent ends a two-player game | the survivor keeps its reward", "[rules][failure]") {
  State s = State::empty(config_of(5), 2, 10);
  add_yard(s, "1-1", at(s, 2, 2), 0);
  add_ship(s, "2-1", at(s, 2, 1), 0, 100);
  add_ship(s, "2-2", at(s, 4, 4), 1, 0);
  order(s, "2-1", Action::East);
  s.fail_player(1, Status::Timeout);
  s.resolve();
  testing::check_conformance(s);
  CHECK(s.player(1).status == Status::Timeout);
  CHECK(s.player(0).status == Status::Done);
  CHECK(s.player(0).bank == 5100);
  CHECK(s.player(0).reward == 5000);
  CHECK(s.is_terminal());
}

// ------------------------------------------------------------ staging API --

TEST_CASE("staging: the answers, and the order recorded as the reference would take it", "[rules][staging]") {
  State s = State::empty(config_of(7), 2, 10);
  add_yard(s, "1-1", at(s, 0, 0), 0);
  add_ship(s, "2-1", at(s, 0, 0), 0, 30);  // on its own yard
  add_ship(s, "2-2", at(s, 3, 3), 0, 0);
  s.set_halite(at(s, 3, 3), 100);
  set_bank(s, 0, 400);
  add_yard(s, "3-1", at(s, 6, 6), 1);
  add_ship(s, "3-2", at(s, 5, 5), 1, 0);
  s.mutable_player(1).status = Status::Done;  // no longer acts
  const int y0 = s.find_shipyard(uid("1-1"));
  const int y1 = s.find_shipyard(uid("3-1"));

  // A spawn the bank cannot pay: answered, and kept (the reference gets SPAWN and refuses it).
  CHECK(s.stage_shipyard(y0, Action::Spawn) == StageResult::InsufficientHalite);
  CHECK(yard(s, "1-1").action == Action::Spawn);
  // A conversion on a shipyard.
  CHECK(order(s, "2-1", Action::Convert) == StageResult::OnShipyard);
  CHECK(ship(s, "2-1").action == Action::Convert);
  // SPAWN for a ship: ignored, recorded as no order.
  CHECK(order(s, "2-2", Action::Spawn) == StageResult::NotForThisUnit);
  CHECK(ship(s, "2-2").action == Action::None);
  CHECK(staged_action_to_json(s, 0) == Json({{"1-1", "SPAWN"}, {"2-1", "CONVERT"}}));
  // A move or a conversion for a shipyard: ignored, and it replaces the earlier order.
  CHECK(s.stage_shipyard(y0, Action::North) == StageResult::NotForThisUnit);
  CHECK(yard(s, "1-1").action == Action::None);
  CHECK(s.stage_shipyard(y0, Action::Convert) == StageResult::NotForThisUnit);
  CHECK(yard(s, "1-1").action == Action::None);
  CHECK(s.stage_shipyard(y0, Action::None) == StageResult::Ok);
  CHECK(s.stage_shipyard(y0, Action::Spawn) == StageResult::InsufficientHalite);
  // Orders for a player who no longer acts.
  CHECK(s.stage_shipyard(y1, Action::Spawn) == StageResult::PlayerNotActive);
  CHECK(yard(s, "3-1").action == Action::None);
  CHECK(order(s, "3-2", Action::North) == StageResult::PlayerNotActive);
  CHECK(ship(s, "3-2").action == Action::None);
  CHECK(order(s, "3-2", Action::None) == StageResult::Ok);
  // By id: another player's units are not ours to order.
  const State::Command mine_and_theirs[] = {
      {uid("3-2"), Action::North}, {uid("2-2"), Action::Spawn}, {uid("9-9"), Action::East}};
  s.stage(0, mine_and_theirs);
  CHECK(ship(s, "3-2").action == Action::None);
  CHECK(ship(s, "2-2").action == Action::None);
  // Bad indices.
  CHECK_THROWS_AS(s.stage_ship(-1, Action::North), std::out_of_range);
  CHECK_THROWS_AS(s.stage_ship(static_cast<int>(s.ships().size()), Action::North), std::out_of_range);
  CHECK_THROWS_AS(s.stage_shipyard(static_cast<int>(s.shipyards().size()), Action::Spawn), std::out_of_range);

  SECTION("clear_staged drops everything") {
    s.clear_staged();
    for (const Ship& sh : s.ships()) CHECK(sh.action == Action::None);
    for (const Shipyard& y : s.shipyards()) CHECK(y.action == Action::None);
    CHECK(staged_action_to_json(s, 0) == Json::object());
  }
  SECTION("resolution does what was recorded") {
    resolve(s);
    CHECK(s.ships().size() == 3);      // the spawn was refused
    CHECK(s.shipyards().size() == 2);  // the conversion was refused
    CHECK(ship(s, "2-1").cargo == 0);  // ... and the ship deposited on its yard
    CHECK(s.player(0).bank == 430);
    CHECK(ship(s, "2-2").cargo == 25);  // a ship given SPAWN stays and mines
    CHECK(s.halite(at(s, 3, 3)) == 75);
    CHECK(ship(s, "3-2").cell == at(s, 5, 5));
  }
}

// ---------------------------------------------------------------- capacity --

TEST_CASE("capacity: a spawn or conversion past the unit caps throws CapacityError", "[rules][capacity]") {
  SECTION("ships") {
    State s = State::empty(config_of(32), 1, 10);
    for (int k = 1; k <= kMaxShips; ++k) s.add_ship(UnitId::make(1, static_cast<uint32_t>(k)), k - 1, 0, 0);
    REQUIRE(s.ships().size() == static_cast<size_t>(kMaxShips));
    CHECK_THROWS_AS(s.add_ship(UnitId::make(2, 1), 900, 0, 0), CapacityError);
    s.add_shipyard(UnitId::make(3, 1), 1000, 0);
    REQUIRE(s.stage_shipyard(0, Action::Spawn) == StageResult::Ok);
    const State before = s;
    CHECK_THROWS_AS(s.resolve(), CapacityError);
    CHECK(s == before);  // strong exception safety: the bank was not debited
    CHECK(s.player(0).bank == kStartingBank);
  }
  SECTION("shipyards") {
    State s = State::empty(config_of(32), 1, 10);
    for (int k = 1; k <= kMaxShipyards; ++k) s.add_shipyard(UnitId::make(1, static_cast<uint32_t>(k)), k - 1, 0);
    CHECK_THROWS_AS(s.add_shipyard(UnitId::make(2, 1), 900, 0), CapacityError);
    s.add_ship(UnitId::make(3, 1), 1000, 0, 0);
    REQUIRE(s.stage_ship(0, Action::Convert) == StageResult::Ok);
    const State before = s;
    CHECK_THROWS_AS(s.resolve(), CapacityError);
    CHECK(s == before);
  }
  SECTION("a later player's spawn past the cap leaves earlier players' turns undone too") {
    State s = State::empty(config_of(32), 2, 10);
    for (int k = 1; k < kMaxShips; ++k) s.add_ship(UnitId::make(1, static_cast<uint32_t>(k)), k - 1, k % 2, 0);
    s.add_shipyard(UnitId::make(3, 1), 1000, 0);
    s.add_shipyard(UnitId::make(3, 2), 1001, 1);
    REQUIRE(s.stage_shipyard(0, Action::Spawn) == StageResult::Ok);  // the last free slot
    REQUIRE(s.stage_shipyard(1, Action::Spawn) == StageResult::Ok);  // one too many
    REQUIRE(s.stage_ship(0, Action::North) == StageResult::Ok);
    const State before = s;
    CHECK_THROWS_AS(s.resolve(), CapacityError);
    CHECK(s == before);
    testing::check_conformance(s);
  }
  SECTION("a spawn the bank cannot pay for does not count against the cap") {
    State s = State::empty(config_of(32), 1, 10);
    for (int k = 1; k < kMaxShips; ++k) s.add_ship(UnitId::make(1, static_cast<uint32_t>(k)), k - 1, 0, 0);
    s.add_shipyard(UnitId::make(3, 1), 1000, 0);
    s.add_shipyard(UnitId::make(3, 2), 1001, 0);
    s.mutable_player(0).bank = 700;  // pays for one spawn of two
    REQUIRE(s.stage_shipyard(0, Action::Spawn) == StageResult::Ok);
    s.stage_shipyard(1, Action::Spawn);
    resolve(s);
    CHECK(s.ships().size() == static_cast<size_t>(kMaxShips));
    CHECK(s.player(0).bank == 200);
  }
  SECTION("just under the cap is fine") {
    State s = State::empty(config_of(32), 1, 10);
    for (int k = 1; k < kMaxShips; ++k) s.add_ship(UnitId::make(1, static_cast<uint32_t>(k)), k - 1, 0, 0);
    s.add_shipyard(UnitId::make(3, 1), 1000, 0);
    REQUIRE(s.stage_shipyard(0, Action::Spawn) == StageResult::Ok);
    resolve(s);
    CHECK(s.ships().size() == static_cast<size_t>(kMaxShips));
    CHECK(ship(s, "11-1").cell == 1000);
  }
}

// ----------------------------------------------------------- construction --

TEST_CASE("construction: empty() validates | add_ship/add_shipyard refuse bad units", "[rules][construction]") {
  CHECK_THROWS_AS(State::empty(config_of(5), 3, 0), std::invalid_argument);
  CHECK_THROWS_AS(State::empty(config_of(5), 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(State::empty(config_of(5), 2, 400), std::invalid_argument);
  CHECK_THROWS_AS(State::empty(config_of(5), 2, -1), std::invalid_argument);
  CHECK_THROWS_AS(State::empty(config_of(33), 2, 0), std::invalid_argument);
  State s = State::empty(config_of(5), 2, 3);
  CHECK(s.player(0).bank == kStartingBank);
  CHECK(s.player(1).reward == kStartingBank);
  CHECK_THROWS_AS(add_ship(s, "1-1", 25, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(add_ship(s, "1-1", -1, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(add_ship(s, "1-1", 0, 2, 0), std::invalid_argument);
  CHECK_THROWS_AS(add_ship(s, "1-1", 0, 0, -1), std::invalid_argument);
  add_ship(s, "1-1", 0, 0, 0);
  CHECK_THROWS_AS(add_ship(s, "1-1", 1, 1, 0), std::invalid_argument);  // duplicate id, whoever the owner
  add_yard(s, "1-2", 3, 1);
  CHECK_THROWS_AS(add_yard(s, "1-2", 4, 0), std::invalid_argument);
  CHECK(s.ships().size() == 1);
  CHECK(s.shipyards().size() == 1);
  testing::check_conformance(s);
}

// ------------------------------------------------------- exception safety --

TEST_CASE("capacity: step() past a cap leaves the state as it was, orders staged before included",
          "[rules][capacity]") {
  State s = State::empty(config_of(32), 1, 10);
  for (int k = 1; k <= kMaxShips; ++k) s.add_ship(UnitId::make(1, static_cast<uint32_t>(k)), k - 1, 0, 0);
  s.add_shipyard(UnitId::make(3, 1), 1000, 0);
  REQUIRE(s.stage_ship(5, Action::North) == StageResult::Ok);  // staged before step(): must stay
  const State before = s;
  std::vector<State::Orders> orders(1);
  orders[0].push_back({s.shipyards()[0].id, Action::Spawn});
  orders[0].push_back({s.ships()[7].id, Action::East});
  orders[0].push_back({s.ships()[5].id, Action::South});
  CHECK_THROWS_AS(s.step(orders), CapacityError);
  CHECK(s == before);
  CHECK(s.ships()[5].action == Action::North);
  CHECK(s.ships()[7].action == Action::None);
  CHECK(s.shipyards()[0].action == Action::None);
}

TEST_CASE("capacity: two conversions on one cell at step 0 make one shipyard, not a CapacityError",
          "[rules][capacity]") {
  // At step 0 ships may share a cell; the second conversion there fails as on
  // an existing yard (the reference's order), so 127 yards + 1 is within the cap.
  State s = State::empty(config_of(32), 1, 0);
  for (int k = 1; k < kMaxShipyards; ++k) s.add_shipyard(UnitId::make(0, static_cast<uint32_t>(100 + k)), k, 0);
  s.add_ship(UnitId::make(0, 1), 500, 0, 0);
  s.add_ship(UnitId::make(0, 2), 500, 0, 0);
  REQUIRE(s.stage_ship(0, Action::Convert) == StageResult::Ok);
  s.stage_ship(1, Action::Convert);
  s.resolve();
  CHECK(s.shipyards().size() == static_cast<size_t>(kMaxShipyards));
  CHECK(s.ships().size() == 1);
  CHECK(s.player(0).bank == kStartingBank - 500);
}

#ifndef NDEBUG
TEST_CASE("resolve(): a state refused by the invariant check after the turn is put back", "[rules][capacity]") {
  State s = State::empty(config_of(5), 1, 10);
  s.add_ship(UnitId::make(1, 1), 3, 0, 0);
  s.mutable_player(0).bank = -1;  // broken by hand: check() refuses it after the turn
  s.stage_ship(0, Action::North);
  const State before = s;
  CHECK_THROWS_AS(s.resolve(), std::logic_error);
  CHECK(s == before);
}
#endif
