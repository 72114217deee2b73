// The conformance check run on every state the tests produce (OpenSpiel's
// RandomSimTest habit): a copy (plain and assign_from) equals the original and
// hashes the same, the JSON observation round trip gives the same state back,
// and the invariants hold.
#pragma once

#include <catch2/catch.hpp>

#include "halite/json_codec.h"

namespace halite::testing {

inline void check_conformance(const State& state) {
  const State copy = state;
  REQUIRE(copy == state);
  REQUIRE(hash(copy) == hash(state));
  State cheap;  // the copy that moves only the live data, into a default state
  cheap.assign_from(state);
  REQUIRE(cheap == state);
  REQUIRE(hash(cheap) == hash(state));
  const std::string invariant = state.check();
  INFO("step " << state.step() << ": " << invariant);
  REQUIRE(invariant.empty());

  // The observation carries the board, banks and units; statuses, rewards and
  // the other players' overage clocks travel beside it in Kaggle's layout.
  const Json obs = observation_to_json(state, 0);
  State back = state_from_observation(parse_json(obs.dump()), state.config());
  for (int p = 0; p < state.num_players(); ++p) {
    Player& pl = back.mutable_player(p);
    pl.status = state.player(p).status;
    pl.reward = state.player(p).reward;
    pl.remaining_overage_time = state.player(p).remaining_overage_time;
  }
  State unstaged = state;
  unstaged.clear_staged();
  REQUIRE(back == unstaged);
}

}  // namespace halite::testing
