// The value API: a game position used as a value, in the style of
// botroyale's State (../shared/seeds/004): inspect it, ask which orders are
// legal, apply a turn and get a new state, the original untouched.
//
// Everything here is built on State's staged resolution (state.h): an order
// is legal exactly when stage_ship / stage_shipyard answers StageResult::Ok,
// and apply_orders() is stage + resolve on a copy. Nothing here has rules of its
// own.
//
//   State next = apply_orders(state, orders_by_player);  // state unchanged
//   for (Action a : legal_actions(state, ship.id)) ...   // what would take effect
//   if (next.is_terminal()) winners(next);                // game over: who won
#pragma once

#include <span>
#include <vector>

#include "halite/json_codec.h"
#include "halite/state.h"

namespace halite {

// ---- applying a turn -----------------------------------------------------
// The state after one turn in which player p gives orders_by_player[p]
// (missing players give none; ids that are not the player's own live units
// are ignored, as State::stage ignores them). `state` is untouched; orders
// already staged on it are part of the turn unless replaced. Throws
// CapacityError past the unit caps (nothing is returned then).
State apply_orders(const State& state, std::span<const State::Orders> orders_by_player);

// Stages an agent's answer for `player`, as read by parse_action (or
// read_action_entry), as Kaggle's runner treats it: an answer with a value
// outside the six words makes the player INVALID (State::fail_player),
// otherwise its orders are staged. A player that is not active is left
// alone.
void stage_answer(State& state, int player, const ParsedAction& answer);

// The state after one turn in which player p answers answers[p] (missing
// players answer {}); each answer read by parse_action and staged by
// stage_answer(). `state` is untouched.
State apply_answers(const State& state, std::span<const Json> answers);

// ---- legal orders ----------------------------------------------------------
// Whether `action` given to the unit `unit` (a ship or a shipyard) would
// take effect, given the orders staged on `state` for the unit's owner
// (the unit's own staged order replaced): StageResult::Ok when it would,
// otherwise why not. Throws std::invalid_argument when no live unit has
// that id.
StageResult order_result(const State& state, UnitId unit, Action action);

// The actions that would take effect for `unit` (order_result() == Ok), in
// enum order: None, the four moves and Convert for a ship (Convert when it
// can be paid and the cell has no shipyard); None and Spawn for a shipyard.
// Only None when the owner is not active. Throws std::invalid_argument for
// an unknown id.
std::vector<Action> legal_actions(const State& state, UnitId unit);

// ---- the end of the game ---------------------------------------------------
// Kaggle's reward per player, with -infinity for a failed player (ERROR,
// INVALID, TIMEOUT: Kaggle's null), so that rewards order as ranks do.
std::vector<double> final_rewards(const State& state);
// Ranks by reward, higher first (0 = first); equal rewards share a rank, so
// failures (-infinity) share the last.
std::vector<int> rank_players(const std::vector<double>& rewards);
// rank_players(final_rewards(state)): the standings by Kaggle's rewards.
// Final once state.is_terminal() (game over); before that, the standings
// by the current banks.
std::vector<int> ranking(const State& state);
// The players ranked first (more than one on a tie).
std::vector<int> winners(const State& state);

// ---- states built from an observation --------------------------------------
// An observation carries no statuses, so state_from_observation() makes
// every player ACTIVE. Kaggle's interpreter retires a player with no ship
// that cannot spawn (no shipyard, or a bank below spawnCost); this marks
// such players other than `player` (the one the observation was shown to,
// whose agent is being asked) DONE, so that planners and game_over see them
// as the game does.
void retire_idle_opponents(State& state, int player);

}  // namespace halite
