// The small hand-made positions of the rules tests (test_rules_*.cpp): units
// by their Kaggle ids, orders staged by id, and a resolve that checks the
// turn advanced and the result conforms (conformance.h).
#pragma once

#include <catch2/catch.hpp>

#include <string_view>

#include "conformance.h"
#include "halite/state.h"

namespace halite::rules_test {

inline Config config_of(int size, int episode_steps = 400) {
  Config c;
  c.size = size;
  c.episode_steps = episode_steps;
  return c;
}

inline UnitId uid(std::string_view text) {
  UnitId id;
  INFO("unit id " << text);
  REQUIRE(UnitId::parse(text, &id));
  return id;
}

inline int at(const State& s, int r, int c) {
  return r * s.size() + c;
}

inline bool has_ship(const State& s, std::string_view id) {
  return s.find_ship(uid(id)) >= 0;
}
inline bool has_yard(const State& s, std::string_view id) {
  return s.find_shipyard(uid(id)) >= 0;
}

inline const Ship& ship(const State& s, std::string_view id) {
  const int i = s.find_ship(uid(id));
  INFO("ship " << id);
  REQUIRE(i >= 0);
  return s.ships()[static_cast<size_t>(i)];
}

inline const Shipyard& yard(const State& s, std::string_view id) {
  const int i = s.find_shipyard(uid(id));
  INFO("shipyard " << id);
  REQUIRE(i >= 0);
  return s.shipyards()[static_cast<size_t>(i)];
}

inline void add_ship(State& s, std::string_view id, int cell, int owner, double cargo) {
  s.add_ship(uid(id), cell, owner, cargo);
}
inline void add_yard(State& s, std::string_view id, int cell, int owner) {
  s.add_shipyard(uid(id), cell, owner);
}

// Stages an order for the unit with this id (ship or shipyard).
inline StageResult order(State& s, std::string_view id, Action a) {
  const UnitId u = uid(id);
  if (const int i = s.find_ship(u); i >= 0) return s.stage_ship(i, a);
  const int j = s.find_shipyard(u);
  INFO("unit " << id);
  REQUIRE(j >= 0);
  return s.stage_shipyard(j, a);
}

inline void set_bank(State& s, int p, double bank) {
  s.mutable_player(p).bank = bank;
  s.mutable_player(p).reward = bank;
}

inline void resolve(State& s) {
  const int before = s.step();
  s.resolve();
  REQUIRE(s.step() == before + 1);
  testing::check_conformance(s);
}

inline int ships_of(const State& s, int p) {
  int n = 0;
  for (const Ship& sh : s.ships()) n += sh.owner == p;
  return n;
}

}  // namespace halite::rules_test
