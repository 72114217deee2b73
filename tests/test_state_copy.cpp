// State::assign_from: the copy whose cost follows what the board uses gives
// exactly what a plain copy gives, whatever the destination held before:
// equal states, equal hashes, the same bytes, and the same continuation.
#include <catch2/catch.hpp>

#include <cstring>
#include <stdexcept>
#include <vector>

#include "conformance.h"
#include "halite/search/rng.h"
#include "halite/state.h"

using namespace halite;
using halite::search::Rng;

namespace {

// The same bytes: fields, tails past the counts and past the board, and the
// padding (assign_from moves the header as one block).
bool same_bytes(const State& a, const State& b) {
  return std::memcmp(&a, &b, sizeof(State)) == 0;
}

// Requires that `dst` (whatever it held) becomes exactly `src`.
void require_assigns(State& dst, const State& src) {
  const State plain = src;
  dst.assign_from(src);
  REQUIRE(dst == plain);
  REQUIRE(dst == src);
  REQUIRE(hash(dst) == hash(src));
  REQUIRE(same_bytes(dst, src));
  REQUIRE(dst.check() == src.check());  // a failed player's units await the turn
}

// A 32x32 four-player state crowded with units and halite everywhere: a
// destination with more units and more cells than any source.
State crowded_state() {
  Config c;
  c.size = kMaxBoardSize;
  State s = State::empty(c, 4, 7);
  for (int cell = 0; cell < s.cell_count(); ++cell) s.set_halite(cell, 1 + cell % 499);
  for (int k = 0; k < kMaxShips - 5; ++k)
    s.add_ship(UnitId::make(3, static_cast<uint32_t>(k + 1)), k * 2, k % 4, k * 1.5);
  for (int k = 0; k < kMaxShipyards - 3; ++k) {
    s.add_shipyard(UnitId::make(5, static_cast<uint32_t>(k + 1)), k * 2 + 1, k % 4);
    s.set_halite(k * 2 + 1, 0);
  }
  for (int p = 0; p < 4; ++p) s.mutable_player(p).bank = 1e6 + p;
  REQUIRE(s.check().empty());
  return s;
}

// A busy random turn: moves, mining, conversions, spawns, an occasional
// failure; every order staged, not resolved.
void stage_random_turn(State& s, Rng& rng) {
  static constexpr Action kMoves[] = {Action::None, Action::North, Action::South, Action::East, Action::West};
  if (s.num_players() > 1 && s.step() == 50 + s.size()) s.fail_player(s.size() % s.num_players(), Status::Error);
  for (int i = 0; i < static_cast<int>(s.ships().size()); ++i) {
    const int r = static_cast<int>(rng.below(100));
    s.stage_ship(i, r < 2 ? Action::Convert : kMoves[rng.below(5)]);
  }
  for (int j = 0; j < static_cast<int>(s.shipyards().size()); ++j)
    if (rng.below(100) < 30 && s.ships().size() < kMaxShips / 2) s.stage_shipyard(j, Action::Spawn);
}

}  // namespace

TEST_CASE("assign_from equals a plain copy on every board size, into fuller and emptier destinations, over whole games",
          "[state][copy]") {
  const State crowded = crowded_state();
  // Carried across all games: its previous contents are another size's.
  State rolling;
  int states = 0, fewer = 0, more = 0;
  for (int players : {1, 2, 4}) {
    // Two games in lockstep, a large board and a small one, so that the
    // rolling destination switches between sizes at every state.
    for (int small = kMinBoardSize; small <= (kMinBoardSize + kMaxBoardSize) / 2; ++small) {
      const int large = kMinBoardSize + kMaxBoardSize - small;
      INFO("sizes " << small << " and " << large << ", " << players << " players");
      std::vector<State> games;
      for (int size : {large, small}) {
        Config c;
        c.size = size;
        c.has_random_seed = true;
        c.episode_steps = 200;
        // Some seeds give a tiny board no halite, which the reference refuses
        // too: take the first seed that gives one.
        const size_t before = games.size();
        for (c.random_seed = static_cast<uint32_t>(size * 97 + players); games.size() == before; ++c.random_seed) {
          REQUIRE(c.random_seed < static_cast<uint32_t>(size * 97 + players + 100));
          try {
            games.push_back(State::initial(c, players));
          } catch (const std::invalid_argument&) {
          }
        }
      }
      Rng rng(static_cast<uint64_t>(small * 10 + players));
      while (!games[0].is_terminal() || !games[1].is_terminal()) {
        for (State& s : games) {
          if (s.is_terminal()) continue;
          INFO("size " << s.size() << ", step " << s.step());
          stage_random_turn(s, rng);
          ++states;
          fewer += rolling.ships().size() > s.ships().size();
          more += rolling.ships().size() < s.ships().size();
          require_assigns(rolling, s);  // a destination from the other game

          State dst = crowded;  // more units and cells than the source
          require_assigns(dst, s);
          State fresh;  // a default state: fewer units than the source
          require_assigns(fresh, s);
          dst.assign_from(dst);  // self-assignment changes nothing
          REQUIRE(same_bytes(dst, s));

          // The copy carries the staged orders and continues exactly.
          dst.resolve();
          s.resolve();
          REQUIRE(same_bytes(dst, s));
          REQUIRE(hash(dst) == hash(s));
        }
      }
      for (const State& s : games) testing::check_conformance(s);
    }
  }
  // The rolling destination held both more and fewer ships than its sources.
  INFO(states << " states, " << fewer << " into fuller, " << more << " into emptier destinations");
  CHECK(states > 8000);
  CHECK(fewer > 1000);
  CHECK(more > 1000);
}

TEST_CASE("assign_from: the zeroed tails are what the destination used beyond the source", "[state][copy]") {
  State big = crowded_state();
  Config c;
  c.size = 5;
  const State tiny = State::initial(c, 2);
  big.assign_from(tiny);
  REQUIRE(same_bytes(big, tiny));
  REQUIRE(big.ships().size() == 2);
  REQUIRE(big.shipyards().empty());
  REQUIRE(big.cell_count() == 25);
  // and back: the tiny destination takes all of the crowded state (one
  // object: two constructions need not agree on their padding bytes)
  const State crowded = crowded_state();
  State back = tiny;
  back.assign_from(crowded);
  REQUIRE(same_bytes(back, crowded));
}
