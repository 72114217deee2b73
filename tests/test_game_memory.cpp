// GameMemory: statistics read off consecutive states, the same for every
// sequence of states however it is played.
#include <catch2/catch.hpp>

#include <algorithm>

#include "halite/lab/match.h"
#include "halite/search/game_memory.h"
#include "halite/search/params.h"
#include "halite/search/planner.h"
#include "halite/search/policy/fleet.h"

using namespace halite;
using search::GameMemory;

namespace {

Config small_config() {
  Config c;
  c.size = 9;
  c.episode_steps = 50;
  return c;
}

int cell(int row, int col) {
  return row * 9 + col;
}

// What player 0 learns from two consecutive states.
GameMemory observed(const State& a, const State& b) {
  GameMemory memory;
  memory.reset(a.num_players(), 0);
  memory.observe(a);
  memory.observe(b);
  return memory;
}

}  // namespace

TEST_CASE("memory counts an empty enemy ship stepping toward our loaded ship", "[memory]") {
  const Config config = small_config();
  // Step 10: our ship with cargo at (4,4); enemy empty ships at distance 2
  // (one will close in, one will back off) and one at distance 4 (too far).
  State a = State::empty(config, 2, 10);
  a.add_ship(UnitId::make(1, 1), cell(4, 4), 0, 120);
  a.add_ship(UnitId::make(2, 1), cell(4, 6), 1, 0);  // distance 2, moves to (4,5)
  a.add_ship(UnitId::make(3, 1), cell(2, 4), 1, 0);  // distance 2, moves to (1,4)
  a.add_ship(UnitId::make(4, 1), cell(0, 4), 1, 0);  // distance 4: not counted
  State b = State::empty(config, 2, 11);
  b.add_ship(UnitId::make(1, 1), cell(4, 4), 0, 150);
  b.add_ship(UnitId::make(2, 1), cell(4, 5), 1, 0);
  b.add_ship(UnitId::make(3, 1), cell(1, 4), 1, 0);
  b.add_ship(UnitId::make(4, 1), cell(0, 5), 1, 0);

  GameMemory memory = observed(a, b);
  const search::PlayerMemory& enemy = memory.player(1);
  CHECK(enemy.approach_chances == 2);
  CHECK(enemy.approaches == 1);
  CHECK(enemy.approach_rate() == Approx((1 + 2.0) / (2 + 4.0)));
  CHECK(memory.player(0).approach_chances == 0);
  CHECK(memory.gaps() == 0);

  // A state that does not follow (step 13 after 11) is a gap: nothing compared.
  State c = b;
  c.set_step(13);
  memory.observe(c);
  CHECK(memory.gaps() == 1);
  CHECK(enemy.approach_chances == 2);
}

TEST_CASE("memory measures how rich the cells each player mines are, and the opponent model follows it", "[memory]") {
  const Config config = small_config();
  // Step 10: five cells hold halite, mean 100. Player 1 mines the cell of
  // 200 (ratio 2) and the one of 160 (1.6); player 0 mines the cell of 40
  // (0.4); a ship that moves, one on an empty cell and one whose cargo does
  // not grow are not mining.
  State a = State::empty(config, 2, 10);
  a.set_halite(cell(1, 1), 200);
  a.set_halite(cell(2, 2), 160);
  a.set_halite(cell(3, 3), 40);
  a.set_halite(cell(6, 5), 60);
  a.set_halite(cell(0, 0), 40);
  a.add_ship(UnitId::make(1, 1), cell(1, 1), 1, 0);
  a.add_ship(UnitId::make(2, 1), cell(2, 2), 1, 10);
  a.add_ship(UnitId::make(3, 1), cell(3, 3), 0, 0);
  a.add_ship(UnitId::make(4, 1), cell(6, 5), 1, 0);   // moves away
  a.add_ship(UnitId::make(5, 1), cell(8, 8), 0, 5);   // on an empty cell
  a.add_ship(UnitId::make(6, 1), cell(4, 4), 1, 30);  // stays, cargo does not grow
  State b = State::empty(config, 2, 11);
  b.add_ship(UnitId::make(1, 1), cell(1, 1), 1, 50);
  b.add_ship(UnitId::make(2, 1), cell(2, 2), 1, 50);
  b.add_ship(UnitId::make(3, 1), cell(3, 3), 0, 10);
  b.add_ship(UnitId::make(4, 1), cell(6, 6), 1, 0);
  b.add_ship(UnitId::make(5, 1), cell(8, 8), 0, 5);
  b.add_ship(UnitId::make(6, 1), cell(4, 4), 1, 30);

  GameMemory memory = observed(a, b);
  const search::PlayerMemory& enemy = memory.player(1);
  const search::PlayerMemory& us = memory.player(0);
  CHECK(enemy.mining_turns == 2);
  CHECK(enemy.mined_cell_ratio_sum == Approx(2.0 + 1.6));
  CHECK(us.mining_turns == 1);
  CHECK(us.mined_cell_ratio_sum == Approx(0.4));
  // Prior: 4 observations at 1.
  CHECK(enemy.mined_cell_ratio() == Approx((3.6 + 4) / (2 + 4)));
  CHECK(us.mined_cell_ratio() == Approx((0.4 + 4) / (1 + 4)));
  CHECK(search::PlayerMemory{}.mined_cell_ratio() == Approx(1.0));

  // The model of that enemy mines cells richer than ours by the same factor.
  const search::FleetParams base = search::FleetParams::from(search::default_params("fleet"));
  const search::FleetParams model = search::opponent_model(base, enemy, us);
  CHECK(model.harvest_ratio == Approx(base.harvest_ratio * enemy.mined_cell_ratio() / us.mined_cell_ratio()));
  // Seen no more than the prior says: the base's own value.
  const search::PlayerMemory unseen;
  CHECK(search::opponent_model(base, unseen, unseen).harvest_ratio == Approx(base.harvest_ratio));
  // At most a factor of 4 either way.
  search::PlayerMemory picky;
  picky.mining_turns = 100;
  picky.mined_cell_ratio_sum = 100 * 50.0;
  CHECK(search::opponent_model(base, picky, unseen).harvest_ratio == Approx(base.harvest_ratio * 4));
  CHECK(search::opponent_model(base, unseen, picky).harvest_ratio == Approx(base.harvest_ratio / 4));
}

TEST_CASE("memory counts yard guarding, conversions with their cargo, losses", "[memory]") {
  const Config config = small_config();
  State a = State::empty(config, 2, 20);
  a.add_shipyard(UnitId::make(5, 1), cell(2, 2), 1);
  a.add_ship(UnitId::make(6, 1), cell(2, 4), 0, 0);    // ours, 2 from their yard: a threat
  a.add_ship(UnitId::make(7, 1), cell(3, 3), 1, 0);    // theirs: steps next to the yard
  a.add_ship(UnitId::make(8, 1), cell(7, 7), 1, 340);  // theirs: converts
  a.add_ship(UnitId::make(9, 1), cell(6, 0), 0, 10);   // ours: lost
  State b = State::empty(config, 2, 21);
  b.add_shipyard(UnitId::make(5, 1), cell(2, 2), 1);
  b.add_shipyard(UnitId::make(21, 1), cell(7, 7), 1);
  b.add_ship(UnitId::make(6, 1), cell(2, 3), 0, 0);
  b.add_ship(UnitId::make(7, 1), cell(2, 3 - 2), 1, 0);  // (2,1): next to the yard

  GameMemory memory = observed(a, b);
  CHECK(memory.player(1).yard_threat_turns == 1);
  CHECK(memory.player(1).yard_guarded_turns == 1);
  CHECK(memory.player(1).ships_converted == 1);
  CHECK(memory.player(1).mean_convert_cargo() == 340);
  CHECK(memory.player(0).ships_lost == 1);
  CHECK(memory.player(1).ships_lost == 0);
  CHECK(memory.player(0).yard_threat_turns == 0);
}

TEST_CASE("memory counts which opponent sank our ships", "[memory]") {
  const Config config = small_config();
  // Step 10, 4 players: our loaded ship at (4,4) with player 1's empty ship
  // next to it (it wins the collision on (4,4)); our ship at (1,1) next to
  // player 2's yard at (1,2) (it runs into it); our ship at (7,7) that
  // converts; player 3's ship far away.
  State a = State::empty(config, 4, 10);
  a.add_shipyard(UnitId::make(1, 1), cell(1, 2), 2);
  a.add_ship(UnitId::make(2, 1), cell(4, 4), 0, 120);
  a.add_ship(UnitId::make(2, 2), cell(4, 5), 1, 0);
  a.add_ship(UnitId::make(2, 3), cell(1, 1), 0, 30);
  a.add_ship(UnitId::make(2, 4), cell(7, 7), 0, 600);
  a.add_ship(UnitId::make(2, 5), cell(0, 8), 3, 0);
  State b = State::empty(config, 4, 11);
  b.add_shipyard(UnitId::make(1, 1), cell(1, 2), 2);
  b.add_shipyard(UnitId::make(11, 1), cell(7, 7), 0);
  b.add_ship(UnitId::make(2, 2), cell(4, 4), 1, 120);
  b.add_ship(UnitId::make(2, 5), cell(0, 7), 3, 0);

  GameMemory memory = observed(a, b);
  CHECK(memory.player(0).ships_lost == 2);
  CHECK(memory.player(0).ships_converted == 1);
  CHECK(memory.player(1).ships_sunk == 1);
  CHECK(memory.player(2).ships_sunk == 1);
  CHECK(memory.player(3).ships_sunk == 0);
  CHECK(memory.player(0).ships_sunk == 0);
  // Exposed: only the loaded ship with player 1's lighter ship next to it
  // (a yard next to a ship is not a ship); both losses were loaded ones.
  CHECK(memory.player(1).exposed_turns == 1);
  CHECK(memory.player(2).exposed_turns == 0);
  CHECK(memory.player(3).exposed_turns == 0);
  CHECK(memory.player(1).loaded_sunk == 1);
  CHECK(memory.player(2).loaded_sunk == 1);
  CHECK(memory.player(3).loaded_sunk == 0);
}

TEST_CASE("memory counts exposed ships a bot passes by, and the threat weights follow its sink rate", "[memory]") {
  const Config config = small_config();
  // Our loaded ship at (4,4) next to player 1's empty ship on (4,5) and
  // player 2's heavier one on (3,4); our empty ship next to player 1's on
  // (7,7)/(7,8); our loaded ship on our yard at (1,1) next to player 1's.
  // Nothing is sunk; player 3 has no ship.
  State a = State::empty(config, 4, 10);
  a.add_shipyard(UnitId::make(1, 1), cell(1, 1), 0);
  a.add_ship(UnitId::make(2, 1), cell(4, 4), 0, 120);
  a.add_ship(UnitId::make(2, 2), cell(4, 5), 1, 0);
  a.add_ship(UnitId::make(2, 3), cell(3, 4), 2, 200);
  a.add_ship(UnitId::make(2, 4), cell(7, 7), 0, 0);
  a.add_ship(UnitId::make(2, 5), cell(7, 8), 1, 0);
  a.add_ship(UnitId::make(2, 6), cell(1, 1), 0, 300);
  a.add_ship(UnitId::make(2, 7), cell(1, 2), 1, 0);
  State b = a;
  b.set_step(11);
  GameMemory memory = observed(a, b);
  CHECK(memory.player(1).exposed_turns == 1);
  CHECK(memory.player(2).exposed_turns == 0);
  CHECK(memory.player(1).loaded_sunk == 0);
  CHECK(memory.player(1).sink_rate(0.5, 2) == Approx((0 + 0.5 * 2) / (1 + 2.0)));
  CHECK(memory.player(2).sink_rate(0.5, 2) == Approx(0.5));
  CHECK(memory.player(2).sink_rate(0.5, 0) == Approx(0.5));  // nothing seen, no prior: the prior rate

  search::FleetParams params = search::FleetParams::from(search::default_params("fleet"));
  const auto all = search::threat_weights(params, memory);  // threat_sink_rate 0: every enemy in full
  CHECK(std::count(all.begin(), all.end(), 1.0) == static_cast<long>(all.size()));
  params.threat_sink_rate = 0.5;
  params.threat_prior_turns = 2;
  const auto seen = search::threat_weights(params, memory);
  CHECK(seen[0] == 1.0);
  CHECK(seen[1] == Approx((1 / 3.0) / 0.5));
  CHECK(seen[2] == 1.0);
  CHECK(seen[3] == 1.0);
}

TEST_CASE("a fleet weighing a bot that passes by plays the same game every time, and plays it differently",
          "[memory]") {
  // greedy's ships mine where ours do and seldom take them: over a game its
  // weight falls below 1, and the fleet with threat weights plays other
  // moves than the one without, the same ones on every run.
  auto play = [](const std::vector<std::string>& fleet_overrides) {
    auto fleet = search::make_planner("fleet", fleet_overrides, 1);
    auto greedy = search::make_planner("greedy", std::vector<std::string>{}, 2);
    lab::MatchOptions options;
    options.config.size = 15;
    options.config.episode_steps = 200;
    options.config.random_seed = 5;
    options.config.has_random_seed = true;
    options.record = true;
    lab::MatchResult game = lab::play_match(std::vector<search::Planner*>{fleet.get(), greedy.get()}, options);
    search::Params params = search::default_params("fleet");
    for (const std::string& o : fleet_overrides) params.set_from_string(o);
    return std::make_pair(std::move(game), search::threat_weights(search::FleetParams::from(params), fleet->memory()));
  };
  const auto [weighed, weights] = play({"threat_sink_rate=0.03"});
  const auto [again, weights_again] = play({"threat_sink_rate=0.03"});
  const auto [plain, full] = play({});
  CHECK(weights[1] < 1.0);
  CHECK(full[1] == 1.0);
  CHECK(weights == weights_again);
  CHECK(weighed.recorded_actions == again.recorded_actions);
  CHECK(weighed.recorded_actions != plain.recorded_actions);
}

TEST_CASE("memory over a whole game depends only on the states", "[memory]") {
  // Record a game, then feed its states to two memories, one of them
  // copied half way: both end equal, and a reset starts over.
  auto a = search::make_planner("greedy", std::vector<std::string>{}, 1);
  auto b = search::make_planner("greedy", std::vector<std::string>{"hunt_weight=1"}, 2);
  lab::MatchOptions options;
  options.config.size = 15;
  options.config.episode_steps = 120;
  options.config.random_seed = 3;
  options.config.has_random_seed = true;
  options.record = true;
  const lab::MatchResult game = lab::play_match(std::vector<search::Planner*>{a.get(), b.get()}, options);
  GameMemory first, second;
  first.reset(2, 0);
  for (size_t t = 0; t < game.recorded_states.size(); ++t) {
    first.observe(game.recorded_states[t]);
    if (t == 60) second = first;
    if (t > 60) second.observe(game.recorded_states[t]);
  }
  CHECK(first.summary() == second.summary());
  CHECK(first.player(1).turns_seen == static_cast<int>(game.recorded_states.size()));
  CHECK(first.player(1).ships_spawned + 1 >= first.player(1).max_ships);
  CHECK(first.player(1).approach_chances > 0);
  first.reset(2, 0);
  CHECK(first.player(1).turns_seen == 0);
}

TEST_CASE("a planner keeps the game memory across turns: the same in every seat, forgotten by reset()", "[memory]") {
  // Two planners play; each one's memory equals a GameMemory that saw
  // the states it was asked about, and a third planner asked about the
  // recorded states afterwards (as the bot asks: one state per turn) ends
  // with the same memory.
  auto a = search::make_planner("greedy", std::vector<std::string>{}, 1);
  auto b = search::make_planner("greedy", std::vector<std::string>{}, 2);
  lab::MatchOptions options;
  options.config.size = 13;
  options.config.episode_steps = 100;
  options.config.random_seed = 5;
  options.config.has_random_seed = true;
  options.record = true;
  const lab::MatchResult game = lab::play_match(std::vector<search::Planner*>{a.get(), b.get()}, options);
  GameMemory expected;
  expected.reset(2, 1);
  for (size_t t = 0; t + 1 < game.recorded_states.size(); ++t) expected.observe(game.recorded_states[t]);
  CHECK(b->memory().summary() == expected.summary());
  CHECK(b->memory().player(0).turns_seen == static_cast<int>(game.recorded_states.size()) - 1);
  CHECK(b->memory().gaps() == 0);

  auto replayer = search::make_planner("greedy", std::vector<std::string>{}, 2);
  for (size_t t = 0; t + 1 < game.recorded_states.size(); ++t)
    replayer->plan(game.recorded_states[t], 1, search::Budget::iterations(1));
  CHECK(replayer->memory().summary() == b->memory().summary());

  replayer->reset();
  CHECK(replayer->memory().num_players() == 0);
  replayer->plan(game.recorded_states[0], 1, search::Budget::iterations(1));
  CHECK(replayer->memory().player(0).turns_seen == 1);
}
