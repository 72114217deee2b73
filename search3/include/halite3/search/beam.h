// Beam search for Halite III: search/'s BeamSearch (beam_search.h, the same
// algorithm as Halite IV's beam) over this game.
//
// Anchored on the greedy policy (policy.h): a turn with no own ship within
// contact_radius of an enemy ship plays the policy's commands unsearched.
// Otherwise each state of the beam is expanded into
//   * the policy's joint move (child 0: the line the answer keeps unless a
//     variant beats it by min_gain),
//   * single-ship deviations of the own ships near enemies (any other of the
//     five moves that the ship can pay and that ends on no cell another own
//     ship, or a new one, ends on), in a seeded random order,
//   * perturbed variants: each ship near enemies, with perturb_prob, takes a
//     random such move;
// the opponents play the greedy policy (with this planner's policy
// parameters) at the root, and below it, with opponent_rollout (on by
// default), the rollout policy (rollout.h, toward their greedy models'
// targets at the root: microseconds a state where each greedy call costs
// milliseconds), else the greedy policy again. A child is its parent copied and stepped by
// the engine's resolve_turn with every player's commands, then update_inspiration; a state's score is evaluate()
// (value.h). Deeper than the root, the policies decide with the memory (which ships are returning) they had at the
// root: a copy of the policy per decision.
//
// Deterministic for a seed and an iteration cap: the same states in the same
// order give the same commands. Every command is one the policy could give
// (moves of own ships, at most one command a ship, the policy's spawn and
// dropoffs), so the engine accepts all of them.
#pragma once

#include <cstdint>
#include <memory>

#include "halite3/constants.h"
#include "halite3/search/beam_params.h"
#include "halite3/search/planner.h"
#include "halite3/state.h"

namespace halite3::search {

// The beam planner with `params` (planner_params("beam")'s), `seed` drawing
// the order of the deviations and the perturbations.
std::unique_ptr<Planner> make_beam_planner(const Params& params, uint64_t seed);

}  // namespace halite3::search
