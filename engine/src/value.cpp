#include "halite/value.h"

#include <limits>
#include <stdexcept>

namespace halite {

State apply_orders(const State& state, std::span<const State::Orders> orders_by_player) {
  State next = state;
  next.step(orders_by_player);
  return next;
}

void stage_answer(State& state, int player, const ParsedAction& answer) {
  if (state.player(player).status != Status::Active) return;
  if (answer.status != Status::Active)
    state.fail_player(player, answer.status);
  else
    state.stage(player, answer.orders);
}

State apply_answers(const State& state, std::span<const Json> answers) {
  State next = state;
  for (int p = 0; p < next.num_players() && p < static_cast<int>(answers.size()); ++p)
    stage_answer(next, p, parse_action(answers[p], next, p));
  next.resolve();
  return next;
}

StageResult order_result(const State& state, UnitId unit, Action action) {
  // Staged on a copy: the state's own staged orders are the context, and
  // staging replaces the unit's order, exactly as a caller staging it would.
  State scratch = state;
  if (int i = state.find_ship(unit); i >= 0) return scratch.stage_ship(i, action);
  if (int j = state.find_shipyard(unit); j >= 0) return scratch.stage_shipyard(j, action);
  throw std::invalid_argument("no live ship or shipyard has the id " + unit.str());
}

std::vector<Action> legal_actions(const State& state, UnitId unit) {
  const int ship = state.find_ship(unit), yard = state.find_shipyard(unit);
  if (ship < 0 && yard < 0) throw std::invalid_argument("no live ship or shipyard has the id " + unit.str());
  State scratch = state;
  std::vector<Action> legal;
  for (Action a :
       {Action::None, Action::North, Action::South, Action::East, Action::West, Action::Convert, Action::Spawn}) {
    const StageResult r = ship >= 0 ? scratch.stage_ship(ship, a) : scratch.stage_shipyard(yard, a);
    if (r == StageResult::Ok) legal.push_back(a);
  }
  return legal;
}

std::vector<double> final_rewards(const State& state) {
  std::vector<double> rewards;
  for (int p = 0; p < state.num_players(); ++p) {
    const Player& pl = state.player(p);
    rewards.push_back(is_failure(pl.status) ? -std::numeric_limits<double>::infinity() : pl.reward);
  }
  return rewards;
}

std::vector<int> rank_players(const std::vector<double>& rewards) {
  std::vector<int> ranks(rewards.size(), 0);
  for (size_t i = 0; i < rewards.size(); ++i)
    for (size_t j = 0; j < rewards.size(); ++j) ranks[i] += rewards[j] > rewards[i];
  return ranks;
}

std::vector<int> ranking(const State& state) {
  return rank_players(final_rewards(state));
}

std::vector<int> winners(const State& state) {
  const std::vector<int> ranks = ranking(state);
  std::vector<int> first;
  for (int p = 0; p < static_cast<int>(ranks.size()); ++p)
    if (ranks[p] == 0) first.push_back(p);
  return first;
}

void retire_idle_opponents(State& state, int player) {
  for (int p = 0; p < state.num_players(); ++p) {
    if (p == player || state.player(p).status != Status::Active) continue;
    int ships = 0, yards = 0;
    for (const Ship& s : state.ships()) ships += s.owner == p;
    for (const Shipyard& y : state.shipyards()) yards += y.owner == p;
    if (ships == 0 && (yards == 0 || state.player(p).bank < static_cast<double>(state.config().spawn_cost)))
      state.mutable_player(p).status = Status::Done;
  }
}

}  // namespace halite
