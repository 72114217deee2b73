// Why a planner gave its units their orders: the trace that the bot and
// `halite play` / `halite arena` write with `--trace`, and `halite view`
// shows beside the board (docs/viewer.md, The trace format).
//
// A planner that explains (Planner::set_explaining) fills one TurnReasons
// per plan(): every own ship and shipyard of the state, with the order it
// was given, and whatever the algorithm knows of why: the value of that
// order and of the best one passed over, the unit's role, the danger where
// it ends, and for search planners how many visits stand behind the choice.
// Each planner uses its own scale for values (docs/viewer.md lists them);
// values of one planner compare with each other, not across planners.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "halite/state.h"

namespace halite::search {

struct UnitReason {
  UnitId unit;
  Action action = Action::None;  // the order given (None: stays, or a yard that does not spawn)
  std::optional<double> value;   // what the planner's evaluation gave that order
  std::optional<Action> runner_up;
  std::optional<double> runner_up_value;
  const char* role = nullptr;     // "mine", "return", "hunt", ... (a static string; nullptr: none)
  std::optional<double> danger;   // where the unit ends: 1 a lighter enemy can be there, 0.5 an equal one, else 0
  std::optional<int64_t> visits;  // search visits behind the order
  // Where the order came from and what `value` is: "policy" (the base
  // policy's choice; value: its cost of the move, negated), "search" (a
  // search planner changed the policy's choice; value: the policy's cost of
  // the order given, negated), "tree" (mcts's root statistics; value: the
  // move's mean), ...
  const char* basis = nullptr;
};

struct TurnReasons {
  int step = -1;
  int player = -1;
  std::string planner;     // the planner's name
  int64_t iterations = 0;  // PlanStats of the turn
  double elapsed_ms = 0;
  std::vector<UnitReason> units;  // own ships in state order, then own shipyards
  // The record of `unit` (nullptr: not a unit of this turn).
  UnitReason* find(UnitId unit);
};

// The reasons every planner can give: each own ship and shipyard of `state`
// with the order `orders` gives it, nothing more.
TurnReasons orders_as_reasons(const State& state, int player, const State::Orders& orders);

// One line of a trace file (docs/viewer.md): {"step", "player", "planner",
// "iterations", "elapsed_ms", "units": [{"id", "action", ...}]}. Fields the
// planner did not give are left out.
nlohmann::json trace_line(const TurnReasons& reasons);

}  // namespace halite::search
