// Deviations: the worth of a planner's departures from its base policy,
// measured by continuing the game both ways (deviations.h).
#include "halite/lab/deviations.h"

#include <cmath>
#include <memory>

#include "halite/search/params.h"
#include "halite/search/planners/mcts.h"
#include "halite/search/policy/common.h"

namespace halite::lab {

double GainTally::standard_error() const {
  if (count < 2) return 0;
  const double n = static_cast<double>(count);
  const double var = (sum_sq - sum * sum / n) / (n - 1);
  return var > 0 ? std::sqrt(var / n) : 0;
}

namespace {

std::unique_ptr<search::Planner> build(const PlayerSpec& spec, uint64_t seed) {
  if (!spec.python_file.empty())
    throw search::ParamError("player '" + spec.label +
                             "': a Python agent cannot be continued from a copied state; name a built-in planner");
  return spec.make(seed);
}

// The action a player's orders give a unit (None when not ordered).
Action order_of(const State::Orders& orders, UnitId id) {
  for (const State::Command& c : orders)
    if (c.unit == id) return c.action;
  return Action::None;
}

DepartureKind kind_of(double cargo, Action base, Action planner) {
  if (!(is_move(base) || base == Action::None) || !(is_move(planner) || planner == Action::None))
    return DepartureKind::Other;
  const bool loaded = cargo > 0;
  if (base == Action::None) return loaded ? DepartureKind::LoadedStayToMove : DepartureKind::EmptyStayToMove;
  if (planner == Action::None) return loaded ? DepartureKind::LoadedMoveToStay : DepartureKind::EmptyMoveToStay;
  return loaded ? DepartureKind::LoadedMoveToMove : DepartureKind::EmptyMoveToMove;
}

}  // namespace

DeviationReport measure_deviations(const PlayerSpec& planner_spec, const PlayerSpec& base_spec,
                                   const std::vector<PlayerSpec>& opponents, const DeviationOptions& options) {
  const int players = static_cast<int>(opponents.size()) + 1;
  if (players != 2 && players != 4) throw std::invalid_argument("deviations: 1 or 3 opponents (2- or 4-player games)");
  if (options.horizon < 1) throw std::invalid_argument("deviations: the horizon is at least 1 turn");
  // Validate every spec before the first game.
  build(planner_spec, 0);
  build(base_spec, 0);
  for (const PlayerSpec& o : opponents) build(o, 0);

  // The evaluation the search planners share, at its defaults.
  const search::EvalParams eval = search::EvalParams::from(search::default_params("mcts"));
  DeviationReport report;
  for (int g = 0; g < options.games; ++g) {
    Config config = options.config;
    config.random_seed = options.first_board_seed + static_cast<uint32_t>(g);
    config.has_random_seed = true;
    State state = State::initial(config, players);
    search::Geometry geo;
    geo.init(config.size);
    const uint64_t seed_base = uint64_t{config.random_seed} * 4;
    auto planner = build(planner_spec, seed_base);
    auto base = build(base_spec, seed_base);
    std::vector<std::unique_ptr<search::Planner>> others;
    for (int p = 1; p < players; ++p)
      others.push_back(build(opponents[static_cast<size_t>(p - 1)], seed_base + static_cast<uint64_t>(p)));

    // One continuation: this turn with `ours` for player 0 and the others'
    // orders of the turn, then fresh planners for `horizon - 1` turns.
    auto continue_with = [&](const State::Orders& ours, const std::vector<State::Orders>& turn) {
      State s = state;
      std::vector<State::Orders> orders = turn;
      orders[0] = ours;
      s.step(orders);
      auto us = build(base_spec, seed_base);
      std::vector<std::unique_ptr<search::Planner>> them;
      for (int p = 1; p < players; ++p)
        them.push_back(build(opponents[static_cast<size_t>(p - 1)], seed_base + static_cast<uint64_t>(p)));
      for (int k = 1; k < options.horizon && !s.is_terminal(); ++k) {
        for (int p = 0; p < players; ++p) {
          orders[static_cast<size_t>(p)].clear();
          if (s.player(p).status != Status::Active) continue;
          search::Planner& who = p == 0 ? *us : *them[static_cast<size_t>(p - 1)];
          orders[static_cast<size_t>(p)] = who.plan(s, p, options.budget.start());
        }
        s.step(orders);
      }
      return search::evaluate(s, 0, geo, eval);
    };

    std::vector<State::Orders> orders(static_cast<size_t>(players));
    while (!state.is_terminal()) {
      for (int p = 1; p < players; ++p) {
        orders[static_cast<size_t>(p)].clear();
        if (state.player(p).status == Status::Active)
          orders[static_cast<size_t>(p)] = others[static_cast<size_t>(p - 1)]->plan(state, p, options.budget.start());
      }
      orders[0].clear();
      if (state.player(0).status == Status::Active) {
        ++report.turns;
        const State::Orders from_base = base->plan(state, 0, options.budget.start());
        orders[0] = planner->plan(state, 0, options.budget.start());
        if (!(orders[0] == from_base)) {
          const double gain = continue_with(orders[0], orders) - continue_with(from_base, orders);
          report.turn_gain.add(gain);
          if (const auto* tree = dynamic_cast<const search::MctsPlanner*>(planner.get());
              tree && !tree->tree_info().chose_policy)
            report.searched_gain.add(tree->tree_info().answer_gain);
          for (const Ship& sh : state.ships()) {
            if (sh.owner != 0) continue;
            const Action a = order_of(from_base, sh.id), b = order_of(orders[0], sh.id);
            if (a != b) report.by_kind[static_cast<size_t>(kind_of(sh.cargo, a, b))].add(gain);
          }
          for (const Shipyard& y : state.shipyards())
            if (y.owner == 0 && order_of(from_base, y.id) != order_of(orders[0], y.id))
              report.by_kind[static_cast<size_t>(DepartureKind::Other)].add(gain);
        }
      }
      state.step(orders);
    }
    report.final_banks.push_back(state.player(0).bank);
    ++report.games;
  }
  return report;
}

}  // namespace halite::lab
