// Seeded random play to the end of many games, with the final state hash of
// each game pinned. The engine reproduces every reference replay exactly, so
// its output when this table was recorded is the reference for it: a change
// in any hash means a change in the rules' outcome somewhere (or in the
// policy below, which must then stay fixed).
//
// The policy is deliberately dumb but busy: it moves, mines, converts, spawns
// and (in some games) fails a player, so spawns, conversions, collisions,
// yard raids, eliminations, failures and the episode's end all happen.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "conformance.h"
#include "halite/state.h"

using namespace halite;

namespace {

// xorshift64*: small, fast, fully specified here so the table never depends
// on a standard library's distributions.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) {
    if (s == 0) s = 1;
  }
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1Dull;
  }
  int below(int n) { return static_cast<int>((next() >> 33) % static_cast<uint64_t>(n)); }
};

struct GameSpec {
  int size;
  int players;
  uint32_t seed;
  double move_cost;
  uint64_t final_hash;
};

struct Stats {
  int turns = 0;
  int spawns = 0;       // ships with this turn's label after resolve
  int conversions = 0;  // shipyards with this turn's label after resolve
  int max_ships = 0;
  int failures = 0;
  int eliminations = 0;
};

Config config_for(const GameSpec& g) {
  Config c;
  c.size = g.size;
  c.random_seed = g.seed;
  c.has_random_seed = true;
  c.move_cost = g.move_cost;
  return c;
}

// A step toward the owner's nearest shipyard (torus distance), None when it
// has none; laden ships go home often, so banks grow and fleets with them.
Action toward_own_yard(const State& s, const Ship& sh) {
  const int n = s.size();
  int best = -1, best_d = 1 << 30;
  for (const Shipyard& y : s.shipyards()) {
    if (y.owner != sh.owner) continue;
    const int dr = std::abs(s.row(y.cell) - s.row(sh.cell)), dc = std::abs(s.col(y.cell) - s.col(sh.cell));
    const int d = std::min(dr, n - dr) + std::min(dc, n - dc);
    if (d < best_d) best_d = d, best = y.cell;
  }
  if (best < 0 || best == sh.cell) return Action::None;
  const int dr = (s.row(best) - s.row(sh.cell) + n) % n;  // steps south
  const int dc = (s.col(best) - s.col(sh.cell) + n) % n;  // steps east
  if (dr != 0) return dr <= n - dr ? Action::South : Action::North;
  return dc <= n - dc ? Action::East : Action::West;
}

// One turn of the random policy for every active player.
void play_turn(State& s, Rng& rng, uint32_t seed, Stats& stats) {
  const int n = s.num_players();
  // Some games lose a player to a failure status part-way through.
  if (n > 1 && seed % 4 == 3 && s.step() == 10 + static_cast<int>(seed % 200)) {
    const int p = static_cast<int>(seed / 4 % static_cast<uint32_t>(n));
    if (s.player(p).status == Status::Active) {
      static constexpr Status kFailures[] = {Status::Error, Status::Invalid, Status::Timeout};
      s.fail_player(p, kFailures[seed % 3]);
      ++stats.failures;
    }
  }
  static constexpr Action kShipActions[] = {Action::None, Action::North, Action::South, Action::East, Action::West};
  const bool crowded = s.ships().size() > static_cast<size_t>(kMaxShips) * 3 / 4;
  for (int i = 0; i < static_cast<int>(s.ships().size()); ++i) {
    const Ship& sh = s.ships()[static_cast<size_t>(i)];
    if (s.player(sh.owner).status != Status::Active) continue;
    const int r = rng.below(1000);
    Action a;
    if (r < 15)
      a = Action::Convert;
    else if (r < 20)
      a = Action::Spawn;  // ignored for a ship
    else if (sh.cargo > 150 && r < 600)
      a = toward_own_yard(s, sh);
    else
      a = kShipActions[rng.below(5)];
    s.stage_ship(i, a);
  }
  for (int j = 0; j < static_cast<int>(s.shipyards().size()); ++j) {
    if (s.player(s.shipyards()[static_cast<size_t>(j)].owner).status != Status::Active) continue;
    const int r = rng.below(100);
    const bool rich = s.player(s.shipyards()[static_cast<size_t>(j)].owner).bank > 3000;
    if ((r < 12 || (rich && r < 40)) && !crowded)
      s.stage_shipyard(j, Action::Spawn);
    else if (r == 99)
      s.stage_shipyard(j, Action::North);  // ignored for a shipyard
  }
  int active_before = s.active_players();
  s.resolve();
  ++stats.turns;
  const uint32_t label = static_cast<uint32_t>(s.step());
  for (const Ship& sh : s.ships()) stats.spawns += sh.id.label() == label;
  for (const Shipyard& y : s.shipyards()) stats.conversions += y.id.label() == label;
  stats.max_ships = std::max(stats.max_ships, static_cast<int>(s.ships().size()));
  if (s.step() < s.config().episode_steps - 1) stats.eliminations += active_before - s.active_players();
}

// Plays one game to its end. `every` > 0 runs the conformance check on every
// `every`-th state (and always on the first and last).
State play_game(const GameSpec& g, int every, Stats* stats_out = nullptr, std::vector<uint64_t>* hashes = nullptr) {
  State s = State::initial(config_for(g), g.players);
  Rng rng(g.seed * 31u + static_cast<uint64_t>(g.size) * 7u + static_cast<uint64_t>(g.players));
  Stats stats;
  if (every > 0) testing::check_conformance(s);
  if (hashes) hashes->push_back(hash(s));
  while (!s.is_terminal()) {
    REQUIRE(s.step() < s.config().episode_steps);
    play_turn(s, rng, g.seed, stats);
    if (hashes) hashes->push_back(hash(s));
    if (every > 0 && (s.step() % every == 0 || s.is_terminal())) testing::check_conformance(s);
  }
  if (stats_out) *stats_out = stats;
  return s;
}

// Sizes {11, 15, 21, 31} x players {1, 2, 4} x seeds; a few with moveCost.
// final_hash recorded from the engine (see the header comment).
// The conformance check (with its JSON round trip) on every state in
// optimised builds; on every 4th in debug/sanitizer builds, where resolve()
// already runs State::check() after every turn.
#ifdef NDEBUG
constexpr int kConformanceEvery = 1;
#else
constexpr int kConformanceEvery = 4;
#endif

const GameSpec kGames[] = {
    // clang-format off
    {11, 1, 1, 0, 0xa3d3084947e422e5ull},  // ends after 252 turns
    {11, 2, 2, 0, 0x11da43e142dddec9ull},  // ends after 167 turns
    {11, 4, 3, 0, 0x039fb316b979073bull},  // ends after 287 turns
    {15, 1, 4, 0, 0x87954edd7e3d6d7bull},  // ends after 136 turns
    {15, 2, 5, 0, 0xca1768bc382ee1dfull},  // ends after 213 turns
    {15, 4, 6, 0, 0x04e2406f14329942ull},  // ends after 145 turns
    {21, 1, 7, 0, 0xc59723eec62a4f48ull},  // ends after 258 turns
    {21, 2, 8, 0, 0x62b2d6ecf4aafb33ull},  // ends after 399 turns
    {21, 4, 9, 0, 0xbcee06e1a2d4c72dull},  // ends after 399 turns
    {31, 1, 10, 0, 0xeb2d6a364abf7a3dull},  // ends after 330 turns
    {31, 2, 11, 0, 0xd20c63ab97e62bf3ull},  // ends after 22 turns
    {31, 4, 12, 0, 0x23537f9568c706bdull},  // ends after 399 turns
    {11, 1, 13, 0, 0xb2988c925967dd4cull},  // ends after 399 turns
    {11, 2, 14, 0, 0x7eb6b81abe440da7ull},  // ends after 280 turns
    {11, 4, 15, 0, 0xb763895648bf6cd8ull},  // ends after 29 turns
    {15, 1, 16, 0, 0x0206201025108d8cull},  // ends after 399 turns
    {15, 2, 17, 0, 0x5c60b1708bd8a0e5ull},  // ends after 172 turns
    {15, 4, 18, 0, 0x4e02d4c201ed012aull},  // ends after 196 turns
    {21, 1, 19, 0, 0x6f84debf5fafbb2aull},  // ends after 104 turns
    {21, 2, 20, 0, 0xbb6cecabbf38b249ull},  // ends after 129 turns
    {21, 4, 21, 0, 0x9823f75b10699493ull},  // ends after 242 turns
    {31, 1, 22, 0, 0xb25a0c378627d461ull},  // ends after 399 turns
    {31, 2, 23, 0, 0x754e6f8bc1deeb88ull},  // ends after 34 turns
    {31, 4, 24, 0, 0x9dd3632f0336f3d5ull},  // ends after 348 turns
    {11, 2, 1000, 0, 0x403ef8bbfdb1cc8cull},  // ends after 187 turns
    {15, 4, 4242, 0, 0xf6f984b04694fe28ull},  // ends after 226 turns
    {21, 2, 123456789, 0, 0xda976051ad3394adull},  // ends after 185 turns
    {21, 4, 4294967295u, 0, 0x0a1b3a085d4c1219ull},  // ends after 106 turns
    {31, 2, 0, 0, 0xc737015675f75e17ull},  // ends after 52 turns
    {31, 4, 2020, 0, 0x42105d7b74398693ull},  // ends after 399 turns
    {21, 2, 77, 0, 0x5e6ca328783b609aull},  // ends after 120 turns
    {21, 4, 78, 0, 0x3ab0864b4c649df9ull},  // ends after 204 turns
    {15, 2, 79, 0, 0x42f8a60346f05e07ull},  // ends after 90 turns
    {11, 4, 80, 0, 0xe75a91d184696d26ull},  // ends after 227 turns
    {21, 1, 81, 0, 0x9d0db4c26d27a6bbull},  // ends after 399 turns
    {31, 1, 82, 0, 0x68fd693a4deb1adfull},  // ends after 176 turns
    // fractional cargo and banks (moveCost > 0)
    {11, 2, 90, 0.1, 0x4bbb05c3eb979fecull},  // ends after 216 turns
    {21, 4, 91, 0.05, 0xc17385982e0c551cull},  // ends after 257 turns
    {15, 1, 92, 0.25, 0x7bc2efd2b65d4137ull},  // ends after 399 turns
    {31, 2, 93, 0.01, 0x815611a2a9178d9dull},  // ends after 399 turns
    // clang-format on
};

}  // namespace

TEST_CASE("random play: every game reaches its end with the recorded final hash", "[random_play]") {
  Stats total;
  int games_with_failure = 0, full_length = 0;
  for (const GameSpec& g : kGames) {
    INFO("game size " << g.size << ", " << g.players << " players, seed " << g.seed << ", moveCost " << g.move_cost);
    Stats st;
    const State final_state = play_game(g, kConformanceEvery, &st);
    REQUIRE(final_state.is_terminal());
    for (int p = 0; p < final_state.num_players(); ++p) CHECK(final_state.player(p).status != Status::Active);
    CHECK(hash(final_state) == g.final_hash);
    total.turns += st.turns;
    total.spawns += st.spawns;
    total.conversions += st.conversions;
    total.eliminations += st.eliminations;
    total.max_ships = std::max(total.max_ships, st.max_ships);
    games_with_failure += st.failures > 0;
    full_length += final_state.step() == final_state.config().episode_steps - 1;
  }
  // The policy exercised what it is meant to exercise.
  CHECK(total.spawns > 100);
  CHECK(total.conversions > 100);
  CHECK(total.eliminations > 5);
  CHECK(games_with_failure >= 5);
  CHECK(full_length >= 5);
  CHECK(total.max_ships >= 10);
}

TEST_CASE("random play is deterministic: the same seed gives the same states", "[random_play]") {
  for (const GameSpec& g : {kGames[5], kGames[10], kGames[37]}) {
    INFO("game size " << g.size << ", " << g.players << " players, seed " << g.seed);
    std::vector<uint64_t> first, second;
    const State a = play_game(g, 0, nullptr, &first);
    const State b = play_game(g, 0, nullptr, &second);
    CHECK(a == b);
    CHECK(hash(a) == hash(b));
    CHECK(first == second);
    CHECK(first.size() == static_cast<size_t>(a.step()) + 1);
    // Different seeds give different games.
    GameSpec other = g;
    other.seed += 1000;
    CHECK(hash(play_game(other, 0)) != hash(a));
  }
}

TEST_CASE("random play: a copied state continues exactly like the original", "[random_play]") {
  const GameSpec g = kGames[8];
  State s = State::initial(config_for(g), g.players);
  Rng rng(99);
  Stats st;
  while (s.step() < 60 && !s.is_terminal()) play_turn(s, rng, g.seed, st);
  REQUIRE_FALSE(s.is_terminal());
  State copy = s;
  Rng rng_copy = rng;
  Stats st_copy = st;
  for (int t = 0; t < 100 && !s.is_terminal(); ++t) {
    play_turn(s, rng, g.seed, st);
    play_turn(copy, rng_copy, g.seed, st_copy);
    REQUIRE(s == copy);
  }
  testing::check_conformance(s);
}
