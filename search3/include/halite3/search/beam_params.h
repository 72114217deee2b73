// The Halite III beam planner's own parameters (its policy's are the greedy
// policy's, policy_params.h, and its scores value.h's): one table, from which the struct, the specs and
// the reading of a Params come, as policy_params.h does it.
#pragma once

#include <vector>

#include "halite/search/params.h"

namespace halite3::search {

using halite::search::Params;
using halite::search::ParamSpec;

// X(type, name, default, min, max, why): tunable; X_FIXED: a resource or a
// mode that tuning leaves alone. The shape is small by default: every
// expansion runs the greedy policy once a player (milliseconds on a 64x64
// map), so a beam of 4 x 4 x 8 already costs tens of policy calls a turn.
#define HALITE3_BEAM_PARAMS(X, X_FIXED)                                                                                \
  X(int, beam_width, 4, 1, 64, "states kept per level")                                                                \
  X(int, beam_depth, 4, 1, 20, "turns searched: deeper than the greedy opponents stay plausible is wasted")            \
  X(int, branching, 8, 1, 64,                                                                                          \
    "joint moves tried per state: the policy's, single-ship deviations of ships near enemies, perturbed variants")     \
  X(double, perturb_prob, 0.3, 0, 1, "chance that a ship near enemies takes a random move in a perturbed variant")     \
  X(double, depth_discount, 0.9, 0, 1, "a score d turns deep counts discount^d: a far gain is less sure")              \
  X(double, min_gain, 150, 0, 100000,                                                                                  \
    "the answer leaves the policy's line only for a score this much higher (halite): the model of the "                \
    "opponents is a guess")                                                                                            \
  X(int, contact_radius, 2, 0, 32,                                                                                     \
    "only own ships this close to an enemy ship deviate (0: every ship); with none, no search")                        \
  X_FIXED(                                                                                                             \
      bool, opponent_rollout, 1, 0, 1,                                                                                 \
      "below the root the opponents play 1: the rollout policy (rollout.h: microseconds a state), 0: their greedy "    \
      "models (milliseconds a state and player)")                                                                      \
  X_FIXED(int, default_iterations, 200, 1, 100000000, "children stepped when the budget has neither deadline nor cap") \
  X_FIXED(double, safety_ms, 50, 0, 10000,                                                                             \
          "stop expanding this long before the deadline (the answer and the line out)")                                \
  X_FIXED(int, widen, 1, 1, 16, "with a deadline, after a complete beam try one this many times wider (1: never)")

struct BeamParams {
  HALITE3_BEAM_PARAMS(HALITE_PARAM_FIELD, HALITE_PARAM_FIELD)
  static BeamParams from(const Params& params);
};

// The beam's own specs (without the policy's).
std::vector<ParamSpec> beam_specs();

}  // namespace halite3::search
