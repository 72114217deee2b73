// The models of particular public 2020 bots, as one optional library above
// search/: the framework core names no bot, and a program that links this
// library decides whether its planners know these.
//
//  - mz_model (mz_model.h): mzotkiew's bot, a top-10 finisher;
//  - zeta_model and zf_model (zeta_model.h): 0Zeta's best and final bots
//    (4th place).
//
// Each is a planner (a sparring partner for `halite arena`) and an opponent
// model (search::ModelKind) that the planners which predict opponents (fleet,
// beam, mcts) recognise during a game. Built with -DHALITE_OPPONENTS=ON (the
// default); a program that links it calls register_opponents() once at start.
#pragma once

#include <vector>

#include "halite/search/opponent_model.h"

namespace halite::opponents {

// The models, each at its defaults, in the order a recogniser tries them
// (the first to recognise an opponent is its model): mz_model, then
// zeta_model and zf_model (which keep memory across turns).
std::vector<search::ModelKind> known_models();

// Registers the three planners and known_models() with search/'s registry,
// so that make_planner() builds them and gives their models to the planners
// it builds. Calling it again does nothing.
void register_opponents();

}  // namespace halite::opponents
