// Halite III rules on tiny hand-made states: each case sets up a few ships
// and checks one rule of the reference engine (HaliteImpl.cpp, core/command/).
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "halite3/state.h"

using namespace halite3;

namespace {

// A 16x16 map (wide enough that an inspiration radius of 4 never wraps onto
// itself) with `halite` on every cell, players' shipyards at (2,2), (12,2),
// (2,12), (12,12).
State board(int players, int32_t halite = 100, int side = 16) {
  const Constants constants = Constants::for_map(side, side);
  std::vector<int32_t> cells(side * side, halite);
  const int corners[4][2] = {{2, 2}, {side - 4, 2}, {2, side - 4}, {side - 4, side - 4}};
  std::vector<int> yards;
  for (int p = 0; p < players; ++p) yards.push_back(corners[p][1] * side + corners[p][0]);
  return initial_state(constants, side, side, cells, yards);
}

int32_t add_ship(State& s, int owner, int x, int y, int32_t cargo) {
  const int32_t id = s.next_ship_id++;
  s.ships[s.ship_count++] = Ship{id, cargo, static_cast<uint16_t>(s.cell(x, y)), static_cast<uint8_t>(owner), false};
  return id;
}

std::vector<PlayerCommands> no_commands(const State& s) {
  return std::vector<PlayerCommands>(s.player_count);
}

const Constants kConstants = Constants::for_map(16, 16);

}  // namespace

TEST_CASE("halite3: turn counts by map size and the state's capacity", "[halite3]") {
  const Constants base;
  CHECK(Constants::for_map(32, 32).max_turns == 400);
  CHECK(Constants::for_map(40, 40).max_turns == 425);
  CHECK(Constants::for_map(48, 48).max_turns == 450);
  CHECK(Constants::for_map(56, 56).max_turns == 475);
  CHECK(Constants::for_map(64, 64).max_turns == 500);
  State s = board(2);
  const State copy = s;
  CHECK(copy == s);
  CHECK(s.halite[s.cell(2, 2)] == 0);  // shipyards start empty
  CHECK(s.map_halite == 100 * (16 * 16 - 2));
  CHECK_THROWS_AS(initial_state(base, 65, 65, std::vector<int32_t>(65 * 65), std::vector<int>{0, 1}),
                  std::invalid_argument);
  s.ship_count = kMaxShips;
  auto commands = no_commands(s);
  commands[0].commands = {Command::spawn()};
  CHECK_THROWS_AS(resolve_turn(s, kConstants, commands), CapacityError);
}

TEST_CASE("halite3: a move costs a tenth of the cell, and a ship that cannot pay stays and mines", "[halite3]") {
  State s = board(2);
  const int32_t poor = add_ship(s, 0, 5, 5, 5);   // cost 100 / 10 = 10: cannot pay
  const int32_t rich = add_ship(s, 0, 8, 5, 50);  // pays 10, moves east, does not mine
  auto commands = no_commands(s);
  commands[0].commands = {Command::move(poor, Direction::North), Command::move(rich, Direction::East)};
  CHECK(resolve_turn(s, kConstants, commands).empty());
  CHECK(s.find_ship(poor)->cell == s.cell(5, 5));
  CHECK(s.find_ship(poor)->halite == 5 + 25);  // ceil(100 / 4)
  CHECK(s.halite[s.cell(5, 5)] == 75);
  CHECK(s.find_ship(rich)->cell == s.cell(9, 5));
  CHECK(s.find_ship(rich)->halite == 40);
  CHECK(s.halite[s.cell(9, 5)] == 100);
  CHECK(s.map_halite == 100 * (16 * 16 - 2) - 25);
}

TEST_CASE("halite3: mining rounds up, takes small cells whole and stops at the cargo cap", "[halite3]") {
  State s = board(2, 0);
  const int32_t a = add_ship(s, 0, 5, 5, 0);
  const int32_t b = add_ship(s, 0, 6, 5, 990);
  s.halite[s.cell(5, 5)] = 3;  // ceil(3 / 4) = 1
  s.halite[s.cell(6, 5)] = 100;
  s.map_halite = 103;
  resolve_turn(s, kConstants, no_commands(s));
  CHECK(s.find_ship(a)->halite == 1);
  CHECK(s.halite[s.cell(5, 5)] == 2);
  CHECK(s.find_ship(b)->halite == 1000);
  CHECK(s.halite[s.cell(6, 5)] == 90);
  CHECK(s.map_halite == 92);
}

TEST_CASE("halite3: collisions destroy every ship involved and leave their cargo", "[halite3]") {
  State s = board(2);
  const int32_t a = add_ship(s, 0, 5, 5, 300);
  const int32_t b = add_ship(s, 1, 7, 5, 200);
  const int32_t sitter = add_ship(s, 1, 9, 9, 70);  // hit while it stays
  const int32_t mover = add_ship(s, 0, 9, 8, 30);
  const int32_t raider = add_ship(s, 1, 12, 3, 400);  // home to its shipyard at (12,2),
  const int32_t guard = add_ship(s, 0, 12, 2, 0);     // where a ship of player 0 waits
  auto commands = no_commands(s);
  commands[0].commands = {Command::move(a, Direction::East), Command::move(mover, Direction::South)};
  commands[1].commands = {Command::move(b, Direction::West), Command::move(raider, Direction::North)};
  resolve_turn(s, kConstants, commands);
  for (const int32_t id : {a, b, sitter, mover, raider, guard}) CHECK(s.find_ship(id) == nullptr);
  CHECK(s.ship_count == 0);
  // Each paid 10 to move; the cell they met on keeps the rest.
  CHECK(s.halite[s.cell(6, 5)] == 100 + 290 + 190);
  CHECK(s.halite[s.cell(9, 9)] == 100 + 70 + 20);
  // On a shipyard the yard's owner banks it all, whoever's ships they were.
  CHECK(s.players[1].halite == 5000 + 390);
  CHECK(s.players[1].deposited == 390);
}

TEST_CASE("halite3: ships deposit on their own shipyard and dropoffs, not on others'", "[halite3]") {
  State s = board(2);
  const int32_t home = add_ship(s, 0, 2, 3, 500);
  auto commands = no_commands(s);
  commands[0].commands = {Command::move(home, Direction::North)};
  resolve_turn(s, kConstants, commands);
  CHECK(s.players[0].halite == 5000 + 490);
  CHECK(s.players[0].deposited == 490);
  CHECK(s.find_ship(home)->halite == 0);
  const int32_t visitor = add_ship(s, 1, 3, 2, 400);
  commands[0].commands = {Command::move(home, Direction::South)};
  commands[1].commands = {Command::move(visitor, Direction::West)};
  resolve_turn(s, kConstants, commands);
  CHECK(s.find_ship(visitor)->cell == s.players[0].shipyard);
  CHECK(s.find_ship(visitor)->halite == 390);  // paid 10, did not deposit, did not mine (it moved)
  CHECK(s.players[1].deposited == 0);
}

TEST_CASE("halite3: inspiration counts enemy ships within the radius and triples what a ship mines", "[halite3]") {
  State s = board(3, 400);
  const int32_t miner = add_ship(s, 0, 6, 6, 0);
  add_ship(s, 1, 6, 9, 0);  // distance 3
  add_ship(s, 2, 8, 8, 0);  // distance 4
  const int32_t lonely = add_ship(s, 0, 14, 14, 0);
  update_inspiration(s, kConstants);
  CHECK(s.find_ship(miner)->inspired);
  CHECK_FALSE(s.find_ship(lonely)->inspired);
  resolve_turn(s, kConstants, no_commands(s));
  CHECK(s.find_ship(miner)->halite == 300);  // 100 mined, 200 bonus
  CHECK(s.halite[s.cell(6, 6)] == 300);
  CHECK(s.find_ship(lonely)->halite == 100);
  // The bonus is capped by the cargo space left, the cell pays only what it gave.
  State t = board(3, 400);
  const int32_t full = add_ship(t, 0, 6, 6, 900);
  add_ship(t, 1, 6, 9, 0);
  add_ship(t, 2, 8, 8, 0);
  update_inspiration(t, kConstants);
  resolve_turn(t, kConstants, no_commands(t));
  CHECK(t.find_ship(full)->halite == 1000);
  CHECK(t.halite[t.cell(6, 6)] == 300);
}

TEST_CASE("halite3: on a map narrower than the inspiration square a cell counts twice, as in the reference",
          "[halite3]") {
  State s = board(2, 0, 8);
  const int32_t a = add_ship(s, 0, 0, 5, 0);
  add_ship(s, 1, 4, 5, 0);  // dx = +4 and dx = -4 are the same column
  update_inspiration(s, kConstants);
  CHECK(s.find_ship(a)->inspired);
}

TEST_CASE("halite3: a dropoff costs its price less the cell's halite and the cargo, credited as a deposit",
          "[halite3]") {
  State s = board(2, 500);
  s.players[0].halite = 3500;
  const int32_t builder = add_ship(s, 0, 6, 6, 300);
  auto commands = no_commands(s);
  commands[0].commands = {Command::construct(builder)};
  CHECK(resolve_turn(s, kConstants, commands).empty());
  CHECK(s.find_ship(builder) == nullptr);
  CHECK(s.owner[s.cell(6, 6)] == 0);
  CHECK(s.players[0].dropoff_count == 1);
  CHECK(s.halite[s.cell(6, 6)] == 0);
  CHECK(s.players[0].halite == 3500 + 800 - 4000);
  CHECK(s.players[0].deposited == 800);
  // A ship then deposits there.
  const int32_t carrier = add_ship(s, 0, 6, 7, 200);
  commands[0].commands = {Command::move(carrier, Direction::North)};
  resolve_turn(s, kConstants, commands);
  CHECK(s.players[0].halite == 300 + 150);  // 200 less the move's 50
}

TEST_CASE("halite3: invalid commands remove the player, its ships and its bank", "[halite3]") {
  SECTION("two commands for one ship") {
    State s = board(2);
    const int32_t a = add_ship(s, 1, 5, 5, 100);
    auto commands = no_commands(s);
    commands[1].commands = {Command::move(a, Direction::North), Command::move(a, Direction::South)};
    const auto removed = resolve_turn(s, kConstants, commands);
    REQUIRE(removed.size() == 1);
    CHECK(removed[0].player == 1);
    CHECK(s.players[1].removed);
    CHECK(s.players[1].halite == 0);
    CHECK(s.ship_count == 0);
    CHECK(s.halite[s.cell(5, 5)] == 100);  // its cargo vanishes with it
  }
  SECTION("a removed player's shipyard still banks what collides there") {
    State s = board(2);
    auto commands = no_commands(s);
    commands[1].bot_error = true;
    resolve_turn(s, kConstants, commands);
    REQUIRE(s.players[1].removed);
    add_ship(s, 0, 11, 2, 100);
    add_ship(s, 0, 13, 2, 200);
    commands = no_commands(s);
    commands[0].commands = {Command::move(0, Direction::East), Command::move(1, Direction::West)};
    resolve_turn(s, kConstants, commands);
    CHECK(s.ship_count == 0);
    CHECK(s.players[1].halite == 90 + 190);
  }
  SECTION("a dropoff it cannot pay for") {
    State s = board(2, 0);
    s.players[0].halite = 3000;
    const int32_t a = add_ship(s, 0, 5, 5, 500);
    auto commands = no_commands(s);
    commands[0].commands = {Command::construct(a)};
    CHECK(resolve_turn(s, kConstants, commands).size() == 1);
    CHECK(s.players[0].removed);
  }
  SECTION("a ship of another player, two spawns, a dropoff on a shipyard, a bot error") {
    State s = board(4);
    const int32_t theirs = add_ship(s, 1, 5, 5, 0);
    const int32_t on_yard = add_ship(s, 2, 2, 2, 0);
    auto commands = no_commands(s);
    commands[0].commands = {Command::move(theirs, Direction::East)};
    commands[1].commands = {Command::spawn(), Command::spawn()};
    commands[2].commands = {Command::construct(on_yard)};
    commands[3].bot_error = true;
    CHECK(resolve_turn(s, kConstants, commands).size() == 4);
    for (int p = 0; p < 4; ++p) CHECK(s.players[p].removed);
  }
}

TEST_CASE("halite3: spawns take ids in decreasing player order and collide with a ship on the yard", "[halite3]") {
  State s = board(4);
  const int32_t intruder = add_ship(s, 0, 2, 12, 300);  // on player 2's shipyard: it neither deposits nor mines
  const int32_t first_new = s.next_ship_id;
  auto commands = no_commands(s);
  for (auto& c : commands) c.commands = {Command::spawn()};
  resolve_turn(s, kConstants, commands);
  CHECK(s.find_ship(first_new)->owner == 3);
  CHECK(s.find_ship(intruder) == nullptr);
  CHECK(s.find_ship(first_new + 1) == nullptr);  // player 2's, destroyed with the intruder
  CHECK(s.find_ship(first_new + 2)->owner == 1);
  CHECK(s.find_ship(first_new + 3)->owner == 0);
  CHECK(s.next_ship_id == first_new + 4);
  CHECK(s.players[0].halite == 4000);
  CHECK(s.players[2].halite == 4300);  // the intruder's cargo goes to the yard's owner
  CHECK(s.players[2].deposited == 300);
}

TEST_CASE("halite3: the game ends when one player is left who can play, ranks by last turn alive then banks",
          "[halite3]") {
  State s = board(2);
  BankHistory history;
  history.record(s);
  s.players[1].halite = 999;  // no ship and not enough for one
  resolve_turn(s, kConstants, no_commands(s));
  history.record(s);
  CHECK(s.players[1].last_turn_alive == 0);
  CHECK(check_game_end(s, kConstants));
  CHECK_FALSE(s.players[1].can_play);
  CHECK(s.players[1].last_turn_alive == 1);
  finish_game(s, kConstants);
  history.record(s);
  CHECK(s.turn == 2);
  CHECK(s.players[0].last_turn_alive == 2);
  const std::vector<int64_t> random_ids{1, 2};
  CHECK(rank_players(s, history, random_ids) == std::vector<int>{1, 2});
  // Equal last turns and banks: the earlier turns decide, then random_id.
  State t = board(2);
  BankHistory tied;
  tied.record(t);
  t.players[0].halite = 100;
  tied.record(t);
  t.players[0].halite = 5000;
  ++t.turn;
  tied.record(t);
  t.players[0].last_turn_alive = t.players[1].last_turn_alive = 1;
  CHECK(rank_players(t, tied, random_ids) == std::vector<int>{2, 1});
  t.players[0].halite = 5000;
  BankHistory equal;
  equal.record(t);
  equal.record(t);
  CHECK(rank_players(t, equal, random_ids) == std::vector<int>{2, 1});
  const std::vector<int64_t> reversed{2, 1};
  CHECK(rank_players(t, equal, reversed) == std::vector<int>{1, 2});
}
