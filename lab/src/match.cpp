#include "halite/lab/match.h"

#include <chrono>
#include <cmath>
#include <limits>

namespace halite::lab {

search::Budget TurnBudget::start() const {
  search::Budget b = milliseconds > 0 ? search::Budget::milliseconds(milliseconds) : search::Budget();
  if (iterations > 0) b.with_iterations(iterations);
  return b;
}

Json MatchResult::replay(const std::vector<std::string>& team_names, const std::string& id) const {
  return replay_to_json(recorded_states, recorded_actions, team_names, id);
}

TraceFile::TraceFile(const std::string& path) : path_(path), out_(path) {
  if (!out_) throw std::runtime_error("cannot write trace " + path);
}

void TraceFile::write(const search::TurnReasons& reasons) {
  out_ << search::trace_line(reasons).dump() << '\n';
  if (!out_.flush()) throw std::runtime_error("error writing trace " + path_);
}

AgentAnswer PlannerAgent::act(const State& state, int player) {
  AgentAnswer answer;
  try {
    answer.orders = planner_.plan(state, player, budget_.start());
  } catch (const std::exception& e) {
    answer.status = Status::Error;
    answer.why = e.what();
    return answer;
  }
  if (trace_) trace_->write(planner_.reasons());
  return answer;
}

MatchResult play_match(const std::vector<Agent*>& agents, const MatchOptions& options) {
  const int n = static_cast<int>(agents.size());
  State state = State::initial(options.config, n);
  MatchResult result;
  result.turn_ms.assign(static_cast<size_t>(n), {});
  result.errors.assign(static_cast<size_t>(n), "");
  for (int p = 0; p < n; ++p) agents[p]->new_game(options.config, p);
  if (options.record) {
    result.recorded_states.push_back(state);
    result.recorded_actions.push_back(std::vector<Json>(static_cast<size_t>(n), Json::object()));
  }
  std::vector<AgentAnswer> answers(static_cast<size_t>(n));
  while (!state.is_terminal()) {
    // Every agent sees the same state: answers are collected before any is staged.
    for (int p = 0; p < n; ++p) {
      answers[p] = AgentAnswer{};
      if (state.player(p).status != Status::Active) continue;
      const auto t0 = std::chrono::steady_clock::now();
      answers[p] = agents[p]->act(state, p);
      result.turn_ms[p].push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    std::vector<Json> recorded(options.record ? static_cast<size_t>(n) : 0, Json::object());
    for (int p = 0; p < n; ++p) {
      if (state.player(p).status != Status::Active) continue;
      if (answers[p].status != Status::Active) {
        if (result.errors[p].empty()) result.errors[p] = answers[p].why;
        state.fail_player(p, answers[p].status);
        if (options.record) recorded[p] = Json();  // Kaggle records a failed agent's action as null
        continue;
      }
      state.stage(p, answers[p].orders);
      if (options.record) recorded[p] = answers[p].action ? *answers[p].action : staged_action_to_json(state, p);
    }
    try {
      state.resolve();
    } catch (const CapacityError& e) {
      // resolve() leaves the state as it was; the game cannot go on.
      result.aborted = std::string("step ") + std::to_string(state.step()) + ": " + e.what();
      break;
    }
    if (options.record) {
      result.recorded_states.push_back(state);
      result.recorded_actions.push_back(std::move(recorded));
    }
  }
  result.states = state.step() + 1;
  for (int p = 0; p < n; ++p) {
    result.statuses.push_back(state.player(p).status);
    result.banks.push_back(state.player(p).bank);
  }
  result.rewards = final_rewards(state);
  result.ranks = rank_players(result.rewards);
  return result;
}

MatchResult play_match(const std::vector<search::Planner*>& planners, const MatchOptions& options) {
  std::vector<PlannerAgent> seats;
  seats.reserve(planners.size());
  for (search::Planner* planner : planners) seats.emplace_back(*planner, options.budget);
  std::vector<Agent*> agents;
  for (PlannerAgent& seat : seats) agents.push_back(&seat);
  return play_match(agents, options);
}

}  // namespace halite::lab
