// beam: beam search over the own fleet's joint moves, a few turns deep,
// anchored on the fleet policy.
//
// From each state of the beam, `branching` joint moves of our fleet are
// generated: the fleet policy's own, then single-ship deviations of the own
// ships in contact (within contact_radius of an enemy ship; every move but the
// policy's, in a random order), then variants in which those ships' move
// costs are perturbed (probability perturb_prob, noise perturb_scale) and
// re-resolved by the shared resolver. Opponents play the fleet policy (a
// strong bot's behaviour: they hunt, flee and guard), each with its own or
// fitted parameters as opponent_fit chooses (opponent_fit.h). Each child is the
// parent copied, staged and resolved by the engine, scored by the shared
// evaluation plus the own ships' progress toward their root targets (at the
// policy's rate). The best `width` children form the next level; the
// policy's line is always kept, and the answer leaves it only when the best
// state of the deepest complete level scores at least min_gain more. With no
// own ship in contact the answer is the policy's, without search. An
// iteration is one child evaluated; the clock is read before every policy
// call, so the deadline holds however slow the policy is.
#pragma once

#include "halite/search/planner.h"

namespace halite::search {

PlannerInfo beam_planner_info();

}  // namespace halite::search
