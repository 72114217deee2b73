// What a base policy answers for one player's turn: the language that
// policies, the planners built on them and the models of opponents share.
#pragma once

#include <utility>
#include <vector>

namespace halite::search {

// One player's decisions for a turn, as a base policy (greedy, fleet) gives them.
struct PolicyDecision {
  std::vector<std::pair<int, int>> ship_choices;  // (ship index, option 0..5)
  std::vector<int> targets;                       // per ship_choices entry: the cell it heads for
  std::vector<double> rates;                      // per ship_choices entry: value of one turn of progress
  std::vector<int> spawn_yards;                   // yard indices that spawn
  void clear() {
    ship_choices.clear();
    targets.clear();
    rates.clear();
    spawn_yards.clear();
  }
};

}  // namespace halite::search
