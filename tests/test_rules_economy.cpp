// The rules of halite: spawns, conversions, the ids new units get, deposits,
// mining and regeneration.
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

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "rules_fixtures.h"

using namespace halite;
using namespace halite::rules_test;

// ------------------------------------------------------------------ spawns --

TEST_CASE("spawn: shipyards pay in creation order while the bank covers spawnCost | a failed spawn adds nothing",
          "[rules][spawn]") {
  State s = State::empty(config_of(7), 2, 4);
  add_yard(s, "2-9", at(s, 0, 0), 0);  // created before 2-10 (a string sort would say otherwise)
  add_yard(s, "2-10", at(s, 0, 3), 0);
  add_ship(s, "0-2", at(s, 6, 6), 1, 0);
  REQUIRE(s.shipyards()[0].id.str() == "2-9");
  REQUIRE(s.shipyards()[1].id.str() == "2-10");

  SECTION("bank 700 pays one spawn: the older yard's") {
    set_bank(s, 0, 700);
    // Staged alone, 2-10 would be paid; once 2-9 (earlier in the reference's
    // order) also spawns, 2-10 no longer is.
    CHECK(order(s, "2-10", Action::Spawn) == StageResult::Ok);
    CHECK(order(s, "2-9", Action::Spawn) == StageResult::Ok);
    CHECK(order(s, "2-10", Action::Spawn) == StageResult::InsufficientHalite);
    resolve(s);
    REQUIRE(ships_of(s, 0) == 1);
    const Ship& fresh = ship(s, "5-1");
    CHECK(fresh.cell == at(s, 0, 0));
    CHECK(fresh.owner == 0);
    CHECK(fresh.cargo == 0);
    CHECK(s.player(0).bank == 200);
    CHECK(s.player(0).reward == 200);
    CHECK(s.player(1).bank == 5000);
    CHECK_FALSE(has_ship(s, "5-2"));
  }
  SECTION("bank exactly spawnCost pays; bank one short leaves no ship and the bank untouched") {
    set_bank(s, 0, 500);
    CHECK(order(s, "2-9", Action::Spawn) == StageResult::Ok);
    State short_of_funds = s;
    set_bank(short_of_funds, 0, 499);
    resolve(s);
    CHECK(ship(s, "5-1").cell == at(s, 0, 0));
    CHECK(s.player(0).bank == 0);

    CHECK(short_of_funds.stage_shipyard(0, Action::Spawn) == StageResult::InsufficientHalite);
    const size_t ships_before = short_of_funds.ships().size();
    short_of_funds.resolve();
    testing::check_conformance(short_of_funds);
    CHECK(short_of_funds.ships().size() == ships_before);
    CHECK_FALSE(has_ship(short_of_funds, "5-1"));
    CHECK(short_of_funds.player(0).bank == 499);
    CHECK(short_of_funds.shipyards().size() == 2);
    // No ship and bank < spawnCost: eliminated even with two yards.
    CHECK(short_of_funds.player(0).status == Status::Done);
    CHECK(short_of_funds.player(0).reward == 5 - 400 - 1);
  }
}

TEST_CASE("spawns are paid before conversions, whatever the units' ages", "[rules][spawn][convert]") {
  State s = State::empty(config_of(7), 1, 3);
  add_ship(s, "0-1", at(s, 3, 3), 0, 0);  // older than the yard
  add_yard(s, "1-1", at(s, 0, 0), 0);
  s.set_halite(at(s, 3, 3), 100);
  set_bank(s, 0, 500);
  CHECK(order(s, "0-1", Action::Convert) == StageResult::Ok);  // alone it would be paid
  CHECK(order(s, "1-1", Action::Spawn) == StageResult::Ok);
  CHECK(order(s, "0-1", Action::Convert) == StageResult::InsufficientHalite);
  resolve(s);
  CHECK(ship(s, "4-1").cell == at(s, 0, 0));
  REQUIRE(s.shipyards().size() == 1);
  // The conversion failed: the ship stands and mines.
  CHECK(ship(s, "0-1").cell == at(s, 3, 3));
  CHECK(ship(s, "0-1").cargo == 25);
  CHECK(s.halite(at(s, 3, 3)) == 75);
  CHECK(s.player(0).bank == 0);
}

// ------------------------------------------------------------- conversions --

TEST_CASE("convert: fails on a cell that already has a shipyard", "[rules][convert]") {
  State s = State::empty(config_of(5), 1, 10);
  add_yard(s, "1-1", at(s, 2, 2), 0);
  add_ship(s, "2-1", at(s, 2, 2), 0, 100);
  CHECK(order(s, "2-1", Action::Convert) == StageResult::OnShipyard);
  CHECK(ship(s, "2-1").action == Action::Convert);  // recorded as sent: the reference fails it
  resolve(s);
  REQUIRE(s.shipyards().size() == 1);
  CHECK(s.shipyards()[0].id.str() == "1-1");
  // The ship is still there, on its own yard: it deposited.
  CHECK(ship(s, "2-1").cell == at(s, 2, 2));
  CHECK(ship(s, "2-1").cargo == 0);
  CHECK(s.player(0).bank == 5100);
  CHECK_FALSE(has_yard(s, "11-1"));
}

TEST_CASE("convert: cargo + bank fund it | the bank changes by min(cargo - convertCost, 0) | the cell is zeroed",
          "[rules][convert]") {
  State s = State::empty(config_of(5), 1, 10);
  add_ship(s, "1-1", at(s, 1, 1), 0, 0);  // an anchor, so the player stays in the game
  const int cell = at(s, 3, 3);
  s.set_halite(cell, 80);

  SECTION("cargo 300 + bank 200 = convertCost: converts, bank 0") {
    add_ship(s, "2-1", cell, 0, 300);
    set_bank(s, 0, 200);
    CHECK(order(s, "2-1", Action::Convert) == StageResult::Ok);
    resolve(s);
    CHECK_FALSE(has_ship(s, "2-1"));
    CHECK(yard(s, "11-1").cell == cell);
    CHECK(yard(s, "11-1").owner == 0);
    CHECK(s.player(0).bank == 0);
    CHECK(s.halite(cell) == 0);
  }
  SECTION("cargo 800, bank 0: converts and the surplus 300 reaches the bank") {
    add_ship(s, "2-1", cell, 0, 800);
    set_bank(s, 0, 0);
    CHECK(order(s, "2-1", Action::Convert) == StageResult::Ok);
    resolve(s);
    CHECK(yard(s, "11-1").cell == cell);
    CHECK(s.player(0).bank == 300);
    CHECK(s.player(0).reward == 300);
    CHECK(s.halite(cell) == 0);
  }
  SECTION("cargo 0, bank 500: the bank pays it all") {
    add_ship(s, "2-1", cell, 0, 0);
    set_bank(s, 0, 500);
    CHECK(order(s, "2-1", Action::Convert) == StageResult::Ok);
    resolve(s);
    CHECK(yard(s, "11-1").cell == cell);
    CHECK(s.player(0).bank == 0);
  }
  SECTION("cargo 300 + bank 199 < convertCost: fails, the ship stays and mines") {
    add_ship(s, "2-1", cell, 0, 300);
    set_bank(s, 0, 199);
    CHECK(order(s, "2-1", Action::Convert) == StageResult::InsufficientHalite);
    resolve(s);
    CHECK(s.shipyards().empty());
    CHECK(ship(s, "2-1").cell == cell);
    CHECK(ship(s, "2-1").cargo == 320);
    CHECK(s.halite(cell) == 60);
    CHECK(s.player(0).bank == 199);
  }
}

TEST_CASE("convert: the yard's cell stays at 0 halite on later turns", "[rules][convert][regen]") {
  State s = State::empty(config_of(5), 1, 10);
  add_ship(s, "1-1", at(s, 0, 0), 0, 0);
  add_ship(s, "2-1", at(s, 2, 2), 0, 0);
  s.set_halite(at(s, 2, 2), 123.5);
  s.set_halite(at(s, 2, 3), 123.5);
  order(s, "2-1", Action::Convert);
  resolve(s);
  CHECK(s.halite(at(s, 2, 2)) == 0);
  CHECK(s.halite(at(s, 2, 3)) == 125.97);  // round(123.5 * 1.02, 3)
  resolve(s);
  resolve(s);
  CHECK(s.halite(at(s, 2, 2)) == 0);
  CHECK(yard(s, "11-1").cell == at(s, 2, 2));
  CHECK(s.player(0).bank == 4500);
}

TEST_CASE("convert: surplus is credited only after all of the player's conversions", "[rules][convert]") {
  State s = State::empty(config_of(7), 1, 10);
  add_ship(s, "1-9", at(s, 6, 6), 0, 0);  // anchor
  const int a = at(s, 1, 1), b = at(s, 4, 4);
  s.set_halite(b, 40);

  SECTION("bank 0: 600 converts (surplus 100), 450 cannot borrow that surplus") {
    add_ship(s, "2-1", a, 0, 600);
    add_ship(s, "2-2", b, 0, 450);
    set_bank(s, 0, 0);
    CHECK(order(s, "2-1", Action::Convert) == StageResult::Ok);
    CHECK(order(s, "2-2", Action::Convert) == StageResult::InsufficientHalite);
    resolve(s);
    REQUIRE(s.shipyards().size() == 1);
    CHECK(yard(s, "11-1").cell == a);
    CHECK(ship(s, "2-2").cell == b);
    CHECK(ship(s, "2-2").cargo == 460);  // stood and mined int(40 * 0.25)
    CHECK(s.halite(b) == 30);
    CHECK(s.player(0).bank == 100);
  }
  SECTION("the same with the poorer ship created first") {
    add_ship(s, "2-1", b, 0, 450);
    add_ship(s, "2-2", a, 0, 600);
    set_bank(s, 0, 0);
    CHECK(order(s, "2-1", Action::Convert) == StageResult::InsufficientHalite);
    CHECK(order(s, "2-2", Action::Convert) == StageResult::Ok);
    resolve(s);
    REQUIRE(s.shipyards().size() == 1);
    CHECK(yard(s, "11-1").cell == a);
    CHECK(ship(s, "2-1").cargo == 460);
    CHECK(s.player(0).bank == 100);
  }
  SECTION("bank 50: both convert; bank 50 - 50 + 100") {
    add_ship(s, "2-1", a, 0, 600);
    add_ship(s, "2-2", b, 0, 450);
    set_bank(s, 0, 50);
    CHECK(order(s, "2-1", Action::Convert) == StageResult::Ok);
    CHECK(order(s, "2-2", Action::Convert) == StageResult::Ok);
    resolve(s);
    CHECK(yard(s, "11-1").cell == a);
    CHECK(yard(s, "11-2").cell == b);
    CHECK(s.halite(b) == 0);
    CHECK(s.player(0).bank == 100);
  }
  SECTION("conversion surplus does not fund a spawn of the same turn") {
    add_yard(s, "3-1", at(s, 0, 3), 0);
    add_ship(s, "2-1", a, 0, 1500);
    set_bank(s, 0, 0);
    CHECK(order(s, "3-1", Action::Spawn) == StageResult::InsufficientHalite);
    CHECK(order(s, "2-1", Action::Convert) == StageResult::Ok);
    resolve(s);
    CHECK(s.player(0).bank == 1000);
    CHECK(yard(s, "11-1").cell == a);  // the spawn took no id
    REQUIRE(s.ships().size() == 1);
    CHECK(s.ships()[0].id.str() == "1-9");
  }
}

// --------------------------------------------------------------------- ids --

TEST_CASE("ids: '{step+1}-{k}', one counter for all players: p0 spawns, p0 conversions, p1 spawns, ...",
          "[rules][ids]") {
  State s = State::empty(config_of(7), 2, 7);
  add_yard(s, "3-1", at(s, 0, 0), 0);
  add_yard(s, "5-1", at(s, 0, 2), 0);
  add_ship(s, "0-1", at(s, 3, 0), 0, 600);
  add_ship(s, "6-2", at(s, 3, 2), 0, 0);
  add_yard(s, "4-1", at(s, 6, 6), 1);  // older than p0's 5-1, but p1 comes after p0
  add_ship(s, "0-2", at(s, 5, 5), 1, 0);
  for (const char* id : {"3-1", "5-1", "0-1", "6-2", "4-1", "0-2"}) {
    const Action a = id[0] == '0' || id[0] == '6' ? Action::Convert : Action::Spawn;
    CHECK(order(s, id, a) == StageResult::Ok);
  }
  resolve(s);
  struct Expect {
    const char* id;
    bool is_ship;
    int cell;
    int owner;
  };
  const Expect expected[] = {
      {"8-1", true, at(s, 0, 0), 0},  {"8-2", true, at(s, 0, 2), 0}, {"8-3", false, at(s, 3, 0), 0},
      {"8-4", false, at(s, 3, 2), 0}, {"8-5", true, at(s, 6, 6), 1}, {"8-6", false, at(s, 5, 5), 1},
  };
  for (const Expect& e : expected) {
    INFO(e.id);
    if (e.is_ship) {
      CHECK(ship(s, e.id).cell == e.cell);
      CHECK(ship(s, e.id).owner == e.owner);
      CHECK(ship(s, e.id).cargo == 0);
      CHECK(ship(s, e.id).id.str() == e.id);
    } else {
      CHECK(yard(s, e.id).cell == e.cell);
      CHECK(yard(s, e.id).owner == e.owner);
      CHECK(yard(s, e.id).id.str() == e.id);
    }
  }
  CHECK_FALSE(has_ship(s, "8-7"));
  CHECK_FALSE(has_yard(s, "8-7"));
  // Ships and yards are listed in creation order (by id).
  std::string yard_ids;
  for (const Shipyard& y : s.shipyards()) yard_ids += y.id.str() + " ";
  CHECK(yard_ids == "3-1 4-1 5-1 8-3 8-4 8-6 ");
  CHECK(s.player(0).bank == 5000 - 1000 - 500 + 100);
  CHECK(s.player(1).bank == 4000);
}

// ----------------------------------------------------------------- deposit --

TEST_CASE("deposit: a ship on its own shipyard moves all its cargo to the bank", "[rules][deposit]") {
  State s = State::empty(config_of(5), 2, 10);
  add_ship(s, "0-2", at(s, 4, 4), 1, 0);
  add_yard(s, "2-1", at(s, 2, 2), 0);
  add_ship(s, "3-1", at(s, 2, 1), 0, 250);
  order(s, "3-1", Action::East);
  resolve(s);
  CHECK(ship(s, "3-1").cell == at(s, 2, 2));
  CHECK(ship(s, "3-1").cargo == 0);
  CHECK(s.player(0).bank == 5250);
  CHECK(s.player(0).reward == 5250);
  CHECK(s.player(1).bank == 5000);
  // Staying on the yard: nothing to deposit, nothing mined (a yard cell holds 0).
  resolve(s);
  CHECK(ship(s, "3-1").cargo == 0);
  CHECK(s.player(0).bank == 5250);
  CHECK(s.halite(at(s, 2, 2)) == 0);
}

// ------------------------------------------------------------------ mining --

TEST_CASE("mining: a ship that did not move takes int(cell * collectRate) | the cell loses exactly that",
          "[rules][mining]") {
  struct Case {
    double cell;
    double cargo_after;
    double cell_after;  // python3: cell - int(cell * 0.25)
  };
  const Case c = GENERATE(values<Case>({
      {100, 25, 75},
      {3, 0, 3},  // delta 0: nothing happens (and an occupied cell does not regrow)
      {7, 1, 6},
      {84.32, 21, 63.31999999999999},
      {84.24000000000001, 21, 63.24000000000001},
      {63.31999999999999, 15, 48.31999999999999},
      {500, 125, 375},
  }));
  State s = State::empty(config_of(5), 1, 10);
  add_ship(s, "1-1", at(s, 2, 2), 0, 0);
  s.set_halite(at(s, 2, 2), c.cell);
  resolve(s);
  INFO("cell " << c.cell);
  CHECK(ship(s, "1-1").cargo == c.cargo_after);
  CHECK(s.halite(at(s, 2, 2)) == c.cell_after);
}

TEST_CASE("mining: the remainder is never re-rounded, and later turns work on it", "[rules][mining]") {
  State s = State::empty(config_of(5), 1, 10);
  add_ship(s, "1-1", at(s, 2, 2), 0, 0);
  s.set_halite(at(s, 2, 2), 84.32);
  resolve(s);
  CHECK(s.halite(at(s, 2, 2)) == 63.31999999999999);
  CHECK(s.halite(at(s, 2, 2)) != 63.32);
  resolve(s);  // mines int(15.83) = 15
  CHECK(s.halite(at(s, 2, 2)) == 48.31999999999999);
  CHECK(ship(s, "1-1").cargo == 36);
}

TEST_CASE("mining: moved ships do not mine | collectRate is configurable | cargo has no cap", "[rules][mining]") {
  SECTION("a ship that moved onto a rich cell takes nothing, and the cell does not regrow under it") {
    State s = State::empty(config_of(5), 1, 10);
    add_ship(s, "1-1", at(s, 2, 1), 0, 0);
    s.set_halite(at(s, 2, 2), 100);
    s.set_halite(at(s, 2, 1), 100);
    order(s, "1-1", Action::East);
    resolve(s);
    CHECK(ship(s, "1-1").cargo == 0);
    CHECK(s.halite(at(s, 2, 2)) == 100);
    CHECK(s.halite(at(s, 2, 1)) == 102);  // the cell it left regrows
  }
  SECTION("collectRate 0.5") {
    Config cfg = config_of(5);
    cfg.collect_rate = 0.5;
    State s = State::empty(cfg, 1, 10);
    add_ship(s, "1-1", at(s, 2, 2), 0, 0);
    s.set_halite(at(s, 2, 2), 7);
    resolve(s);
    CHECK(ship(s, "1-1").cargo == 3);
    CHECK(s.halite(at(s, 2, 2)) == 4);
  }
  SECTION("no cap on cargo") {
    State s = State::empty(config_of(5), 1, 10);
    add_ship(s, "1-1", at(s, 2, 2), 0, 1e9);
    s.set_halite(at(s, 2, 2), 400);
    resolve(s);
    CHECK(ship(s, "1-1").cargo == 1e9 + 100);
  }
}

// ------------------------------------------------------------ regeneration --

TEST_CASE("round3 is Python's round(x, 3): the exact binary value, halves to even", "[rules][regen][round3]") {
  // {x, python3 round(x, 3)}; the comment-free literals are Python reprs, so
  // they name the exact doubles. A naive floor(x * 1000 + 0.5) / 1000 gets
  // the rows marked * wrong.
  struct Row {
    double x, rounded;
  };
  const Row rows[] = {
      {0.0, 0.0},
      {0.0005, 0.001},  // binary value just above the tie
      {0.0015, 0.002},
      {0.0025, 0.003},
      {1.0005, 1.0},  // * binary value just below the tie
      {2.675, 2.675},
      {1.0625, 1.062},  // * an exact binary tie: to even
      {0.0625, 0.062},  // *
      {0.1875, 0.188},  //   an exact tie whose even neighbour is up
      {2.5625, 2.562},  // *
      {0.06250000000000001, 0.063},
      {0.06249999999999999, 0.062},
      {2.5625000000000004, 2.563},
      {2.5624999999999996, 2.562},
      {0.0004999, 0.0},
      {0.0004999999999999999, 0.0},
      {1e-09, 0.0},
      {0.001, 0.001},
      {0.0009999999999999998, 0.001},
      {123.4565, 123.457},
      {499.9995, 500.0},
      {499.99999999, 500.0},
      {500.0, 500.0},
      {102.0, 102.0},
      {0.51, 0.51},
      {508.98, 508.98},
      {64.5864, 64.586},
      {86.0064, 86.006},
      {0.10200000000000001, 0.102},
      {12345.6785, 12345.678},  // *
      {7.0005, 7.0},            // *
      {1.0015, 1.002},
      {1000000.0005, 1000000.0},  // *
      // x * 1000 within an ulp of a half: the exact value decides
      {169.7815, 169.781},  // *
      {496.9545, 496.954},  // *
      {79.0885, 79.088},    // *
      {207.0015, 207.001},  // *
      {341.2775, 341.277},  // *
      {25.3155, 25.316},
      {37.9775, 37.977},    // *
      {430.5845, 430.584},  // *
      {280.9565, 280.957},
      {49.3515, 49.352},
      {191.7265, 191.726},  // *
      {305.5485, 305.548},  // *
      // large values
      {1000000000000.0625, 1000000000000.062},
      {1000000000000.1875, 1000000000000.188},
      {1099511627776.0005, 1099511627776.0},
      {1234567.0625, 1234567.062},
      {1234567.1875, 1234567.188},
      {9007199254.740992, 9007199254.741},
      {4503599627370495.5, 4503599627370495.5},
      {4503599627370495.0, 4503599627370495.0},
      {4503599627370496.0, 4503599627370496.0},
      {9007199254740992.0, 9007199254740992.0},
      {1e15, 1e15},
  };
  for (const Row& r : rows) {
    INFO("round3(" << r.x << ")");
    CHECK(round3(r.x) == r.rounded);
  }
}

TEST_CASE("regeneration: min(round(cell * (1 + regenRate), 3), maxCellHalite) where no ship is after the turn",
          "[rules][regen]") {
  State s = State::empty(config_of(5), 1, 10);
  struct Cell {
    int r, c;
    double before, after;
  };
  const Cell cells[] = {
      {0, 0, 100, 102},      {0, 1, 499, 500},  // 508.98 capped
      {0, 2, 0.5, 0.51},     {0, 3, 63.31999999999999, 64.586},
      {0, 4, 600, 500},  // above the cap at the start: clipped by the first regeneration
      {1, 0, 0, 0},          {1, 1, 7, 7.14},
      {1, 2, 123.5, 125.97}, {1, 3, 500, 500},
  };
  for (const Cell& c : cells) s.set_halite(at(s, c.r, c.c), c.before);
  add_ship(s, "1-1", at(s, 4, 4), 0, 0);  // on 3: mines nothing, and its cell does not regrow
  s.set_halite(at(s, 4, 4), 3);
  add_ship(s, "1-2", at(s, 3, 0), 0, 0);  // moves onto 200: its cell does not regrow
  s.set_halite(at(s, 3, 1), 200);
  order(s, "1-2", Action::East);
  add_yard(s, "1-3", at(s, 2, 2), 0);
  resolve(s);
  for (const Cell& c : cells) {
    INFO("cell (" << c.r << "," << c.c << ") from " << c.before);
    CHECK(s.halite(at(s, c.r, c.c)) == c.after);
  }
  CHECK(s.halite(at(s, 4, 4)) == 3);
  CHECK(s.halite(at(s, 3, 1)) == 200);
  CHECK(s.halite(at(s, 2, 2)) == 0);

  SECTION("regenRate and maxCellHalite are configurable") {
    Config cfg = config_of(5);
    cfg.regen_rate = 0.5;
    cfg.max_cell_halite = 1000;
    State t = State::empty(cfg, 1, 10);
    add_ship(t, "1-1", at(t, 4, 4), 0, 0);
    t.set_halite(0, 100);
    t.set_halite(1, 999);
    t.set_halite(2, 0.001);
    resolve(t);
    CHECK(t.halite(0) == 150);
    CHECK(t.halite(1) == 1000);
    CHECK(t.halite(2) == 0.002);  // round(0.0015, 3): the binary 0.0015 lies above the tie
  }
}

TEST_CASE("regeneration rounds as round3 on values near every thousandth and half-thousandth",
          "[rules][regen][round3]") {
  // Regeneration rounds most values by a short path of its own (state.cpp);
  // with regenRate 0 it must give round3(x) itself. Every k/1000 and
  // (k + 0.5)/1000 with three doubles either side, for every k below 70,000
  // and strided up to 2^30 (the short path's range), 1024 cells a turn.
  Config cfg = config_of(32);
  cfg.regen_rate = 0;
  cfg.max_cell_halite = 1'000'000'000;
  std::vector<double> values;
  for (uint64_t k = 0; k < (uint64_t{1} << 30); k += k < 70'000 ? 1 : 9'973) {
    for (double base : {static_cast<double>(k) / 1000.0, (static_cast<double>(k) + 0.5) / 1000.0}) {
      double x = base;
      for (int i = 0; i < 3; ++i) x = std::nextafter(x, 0.0);
      for (int i = 0; i < 7; ++i, x = std::nextafter(x, 1e300))
        if (x > 0) values.push_back(x);
    }
  }
  size_t differ = 0;
  for (size_t first = 0; first < values.size(); first += 1024) {
    State s = State::empty(cfg, 1, 10);
    const size_t n = std::min<size_t>(1024, values.size() - first);
    for (size_t i = 0; i < n; ++i) s.set_halite(static_cast<int>(i), values[first + i]);
    s.resolve();
    for (size_t i = 0; i < n; ++i) {
      const double x = values[first + i];
      if (s.halite(static_cast<int>(i)) != std::min(round3(x), 1e9) && differ++ < 5) FAIL_CHECK("x = " << x);
    }
  }
  CHECK(differ == 0);
  CHECK(values.size() > 1'500'000);
}
