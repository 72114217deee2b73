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
#include <string_view>
#include <vector>

#include "conformance.h"
#include "halite/json_codec.h"
#include "halite/state.h"

using namespace halite;

namespace {

Config config_of(int size, int episode_steps = 400) {
  Config c;
  c.size = size;
  c.episode_steps = episode_steps;
  return c;
}

UnitId uid(std::string_view text) {
  UnitId id;
  INFO("unit id " << text);
  REQUIRE(UnitId::parse(text, &id));
  return id;
}

int at(const State& s, int r, int c) { return r * s.size() + c; }

bool has_ship(const State& s, std::string_view id) { return s.find_ship(uid(id)) >= 0; }
bool has_yard(const State& s, std::string_view id) { return s.find_shipyard(uid(id)) >= 0; }

const Ship& ship(const State& s, std::string_view id) {
  const int i = s.find_ship(uid(id));
  INFO("ship " << id);
  REQUIRE(i >= 0);
  return s.ships()[static_cast<size_t>(i)];
}

const Shipyard& yard(const State& s, std::string_view id) {
  const int i = s.find_shipyard(uid(id));
  INFO("shipyard " << id);
  REQUIRE(i >= 0);
  return s.shipyards()[static_cast<size_t>(i)];
}

void add_ship(State& s, std::string_view id, int cell, int owner, double cargo) { s.add_ship(uid(id), cell, owner, cargo); }
void add_yard(State& s, std::string_view id, int cell, int owner) { s.add_shipyard(uid(id), cell, owner); }

// Stages an order for the unit with this id (ship or shipyard).
StageResult order(State& s, std::string_view id, Action a) {
  const UnitId u = uid(id);
  if (const int i = s.find_ship(u); i >= 0) return s.stage_ship(i, a);
  const int j = s.find_shipyard(u);
  INFO("unit " << id);
  REQUIRE(j >= 0);
  return s.stage_shipyard(j, a);
}

void set_bank(State& s, int p, double bank) {
  s.mutable_player(p).bank = bank;
  s.mutable_player(p).reward = bank;
}

void resolve(State& s) {
  const int before = s.step();
  s.resolve();
  REQUIRE(s.step() == before + 1);
  testing::check_conformance(s);
}

int ships_of(const State& s, int p) {
  int n = 0;
  for (const Ship& sh : s.ships()) n += sh.owner == p;
  return n;
}

}  // namespace

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
    const Action all[] = {Action::None, Action::North, Action::South, Action::East,
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

// ------------------------------------------------------------------ spawns --

TEST_CASE("spawn: shipyards pay in creation order while the bank covers spawnCost | a failed spawn adds nothing",
          "[rules][spawn]") {
  State s = State::empty(config_of(7), 2, 4);
  add_yard(s, "2-9", at(s, 0, 0), 0);   // created before 2-10 (a string sort would say otherwise)
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
      {"8-1", true, at(s, 0, 0), 0},  {"8-2", true, at(s, 0, 2), 0},  {"8-3", false, at(s, 3, 0), 0},
      {"8-4", false, at(s, 3, 2), 0}, {"8-5", true, at(s, 6, 6), 1},  {"8-6", false, at(s, 5, 5), 1},
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
      {0, 0, 100, 102},
      {0, 1, 499, 500},  // 508.98 capped
      {0, 2, 0.5, 0.51},
      {0, 3, 63.31999999999999, 64.586},
      {0, 4, 600, 500},  // above the cap at the start: clipped by the first regeneration
      {1, 0, 0, 0},
      {1, 1, 7, 7.14},
      {1, 2, 123.5, 125.97},
      {1, 3, 500, 500},
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

// ------------------------------------------------------------- elimination --

TEST_CASE("elimination: no ships and (no yards or bank < spawnCost) -> DONE at step - episodeSteps - 1 | units stay",
          "[rules][elimination]") {
  State s = State::empty(config_of(7), 4, 20);
  add_ship(s, "0-1", at(s, 0, 0), 0, 0);
  add_ship(s, "5-1", at(s, 3, 2), 0, 0);
  set_bank(s, 1, 5000);                 // p1: nothing on the board
  add_yard(s, "6-1", at(s, 6, 6), 2);   // p2: a yard and exactly spawnCost
  set_bank(s, 2, 500);
  add_yard(s, "7-1", at(s, 3, 3), 3);   // p3: a yard but bank 499
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
  add_ship(s, "3-1", at(s, 5, 4), 1, 50);   // p1's only ship, rams 2-2 and loses
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
  const State::Command mine_and_theirs[] = {{uid("3-2"), Action::North}, {uid("2-2"), Action::Spawn}, {uid("9-9"), Action::East}};
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
    CHECK(s.ships().size() == 3);             // the spawn was refused
    CHECK(s.shipyards().size() == 2);         // the conversion was refused
    CHECK(ship(s, "2-1").cargo == 0);         // ... and the ship deposited on its yard
    CHECK(s.player(0).bank == 430);
    CHECK(ship(s, "2-2").cargo == 25);        // a ship given SPAWN stays and mines
    CHECK(s.halite(at(s, 3, 3)) == 75);
    CHECK(ship(s, "3-2").cell == at(s, 5, 5));
  }
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
    for (int k = 1; k < kMaxShips; ++k)
      s.add_ship(UnitId::make(1, static_cast<uint32_t>(k)), k - 1, k % 2, 0);
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

// ------------------------------------------- exception safety (audit #10) --

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
