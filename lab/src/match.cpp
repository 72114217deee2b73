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

std::vector<int> rank_players(const std::vector<double>& rewards) {
  std::vector<int> ranks(rewards.size(), 0);
  for (size_t i = 0; i < rewards.size(); ++i)
    for (size_t j = 0; j < rewards.size(); ++j) ranks[i] += rewards[j] > rewards[i];
  return ranks;
}

Json MatchResult::replay(const std::vector<std::string>& team_names, const std::string& id) const {
  return replay_to_json(recorded_states, recorded_actions, team_names, id);
}

MatchResult play_match(const std::vector<search::Planner*>& planners, const MatchOptions& options) {
  const int n = static_cast<int>(planners.size());
  State state = State::initial(options.config, n);
  MatchResult result;
  result.turn_ms.assign(static_cast<size_t>(n), {});
  result.errors.assign(static_cast<size_t>(n), "");
  for (search::Planner* p : planners) p->reset();
  if (options.record) {
    result.recorded_states.push_back(state);
    result.recorded_actions.push_back(std::vector<Json>(static_cast<size_t>(n), Json::object()));
  }
  std::vector<State::Orders> orders(static_cast<size_t>(n));
  while (!state.is_terminal()) {
    std::vector<Json> answers;
    if (options.record) answers.assign(static_cast<size_t>(n), Json::object());
    for (int p = 0; p < n; ++p) {
      orders[p].clear();
      if (state.player(p).status != Status::Active) continue;
      const auto t0 = std::chrono::steady_clock::now();
      try {
        orders[p] = planners[p]->plan(state, p, options.budget.start());
      } catch (const std::exception& e) {
        result.errors[p] = e.what();
        state.fail_player(p, Status::Error);
        if (options.record) answers[p] = Json();
      }
      result.turn_ms[p].push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    for (int p = 0; p < n; ++p) {
      if (state.player(p).status != Status::Active) continue;
      state.stage(p, orders[p]);
      if (options.record) answers[p] = staged_action_to_json(state, p);
    }
    state.resolve();
    if (options.record) {
      result.recorded_states.push_back(state);
      result.recorded_actions.push_back(std::move(answers));
    }
  }
  result.states = state.step() + 1;
  for (int p = 0; p < n; ++p) {
    const Player& pl = state.player(p);
    result.statuses.push_back(pl.status);
    result.rewards.push_back(is_failure(pl.status) ? -std::numeric_limits<double>::infinity() : pl.reward);
    result.banks.push_back(pl.bank);
  }
  result.ranks = rank_players(result.rewards);
  return result;
}

}  // namespace halite::lab
