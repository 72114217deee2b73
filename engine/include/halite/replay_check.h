// Replaying a recorded game through the engine and comparing every step.
//
// The check starts from the recorded step-0 observation, applies each
// recorded action (and the failure statuses recorded for agents that raised,
// answered invalidly or timed out), and compares every observation, reward
// and status exactly: cell halite as doubles, banks and cargo numerically,
// unit dictionaries without regard to key order. remainingOverageTime is a
// wall-clock reading, not a rule: it is carried over from the record, never
// compared.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "halite/json_codec.h"

namespace halite {

struct Difference {
  int step = 0;
  int player = -1;  // -1 when the field is shared
  std::string field;
  std::string expected;
  std::string got;
  std::string str() const;
};

struct ReplayCheckResult {
  int states = 0;                        // states compared (len(steps) when all match)
  bool board_generated = false;          // the starting board was re-derived from randomSeed
  std::optional<Difference> difference;  // the first difference, if any
  bool ok() const { return !difference; }
};

// Stages on `state` (state t) the turn recorded in `row` (steps[t + 1]): each
// active player's recorded action, or the failure status recorded for it
// (ERROR, INVALID, TIMEOUT with a null action). An action that fails
// validation makes that player INVALID, as it would have on Kaggle.
void stage_recorded_turn(State& state, const std::vector<ReplayEntry>& row);

// Compares a state with one recorded step (steps[t]); the first difference.
std::optional<Difference> compare_with_record(const State& state, const std::vector<ReplayEntry>& record);

// `visit` (optional) sees every state the engine produces, step 0 included.
ReplayCheckResult check_replay(const Replay& replay, const std::function<void(const State&)>& visit = {});

// The engine's states for a replay (states[t] after t turns), stopping at the
// first difference; throws JsonError when the replay does not reproduce.
std::vector<State> replay_states(const Replay& replay);

}  // namespace halite
