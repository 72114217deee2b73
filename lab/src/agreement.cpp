#include "halite/lab/agreement.h"

#include <stdexcept>

#include "halite/replay_check.h"
#include "halite/search/policy/common.h"

namespace halite::lab {

const char* const kShipClassNames[kShipClasses] = {"all",  "empty",         "loaded",        "contact",
                                                   "free", "recorded stay", "recorded move", "recorded convert"};

namespace {

// The confusion matrix is indexed by the engine's ship actions, which are
// the dataset's labels (none, the four moves, convert) in the same order.
static_assert(static_cast<int>(Action::None) == 0 && static_cast<int>(Action::North) == 1 &&
              static_cast<int>(Action::South) == 2 && static_cast<int>(Action::East) == 3 &&
              static_cast<int>(Action::West) == 4 && static_cast<int>(Action::Convert) == 5);

}  // namespace

bool enemy_ship_near(const State& s, const search::Geometry& geo, const Ship& ship) {
  for (const Ship& other : s.ships())
    if (other.owner != ship.owner && geo.dist(other.cell, ship.cell) <= kContactRadius) return true;
  return false;
}

double Agreement::stay_rate() const {
  const AgreementTally& all = ship(ShipClass::All);
  return all.decisions
             ? static_cast<double>(ship(ShipClass::RecordedStay).decisions) / static_cast<double>(all.decisions)
             : 0;
}

Agreement& Agreement::operator+=(const Agreement& o) {
  for (size_t c = 0; c < ships.size(); ++c) ships[c] += o.ships[c];
  yards += o.yards;
  for (size_t r = 0; r < confusion.size(); ++r)
    for (size_t c = 0; c < confusion[r].size(); ++c) confusion[r][c] += o.confusion[r][c];
  turns += o.turns;
  replays += o.replays;
  per_turn.insert(per_turn.end(), o.per_turn.begin(), o.per_turn.end());
  return *this;
}

Json Agreement::to_json() const {
  Json j;
  j["replays"] = replays;
  j["turns"] = turns;
  j["stay_rate"] = stay_rate();
  Json classes = Json::object();
  for (int c = 0; c < kShipClasses; ++c)
    classes[kShipClassNames[c]] = {
        {"decisions", ships[c].decisions}, {"agreed", ships[c].agreed}, {"rate", ships[c].rate()}};
  j["ships"] = classes;
  j["yards"] = {{"decisions", yards.decisions}, {"agreed", yards.agreed}, {"rate", yards.rate()}};
  j["confusion"] = confusion;
  return j;
}

Agreement replay_agreement(const Replay& replay, int player, search::Planner& planner, const TurnBudget& budget,
                           bool record_turns) {
  const std::vector<State> states = replay_states(replay);
  if (player < 0 || player >= states.front().num_players())
    throw std::invalid_argument("player " + std::to_string(player) + " is not in this replay (it has " +
                                std::to_string(states.front().num_players()) + " players)");
  search::Geometry geo;
  geo.init(states.front().size());
  Agreement a;
  a.replays = 1;
  planner.reset();
  for (size_t t = 0; t + 1 < states.size(); ++t) {
    const State& state = states[t];
    if (state.player(player).status != Status::Active) break;
    // The planner sees every state it would have seen in the game, whether
    // or not this turn is compared.
    const State::Orders orders = planner.plan(state, player, budget.start());
    State recorded = state;
    stage_recorded_turn(recorded, replay.steps[t + 1]);
    if (recorded.player(player).status != Status::Active) continue;  // the recorded turn failed: nothing chosen
    State predicted = state;
    predicted.stage(player, orders);
    ++a.turns;
    Agreement::Turn turn;
    turn.step = state.step();
    const auto ships = state.ships();
    for (size_t i = 0; i < ships.size(); ++i) {
      if (ships[i].owner != player) continue;
      const Action want = recorded.ships()[i].action;
      const Action got = predicted.ships()[i].action;
      const bool same = want == got;
      ++a.confusion[static_cast<size_t>(want)][static_cast<size_t>(got)];
      auto add = [&](ShipClass c) { a.ships[static_cast<size_t>(c)].add(same); };
      add(ShipClass::All);
      turn.ships.add(same);
      add(ships[i].cargo > 0 ? ShipClass::Loaded : ShipClass::Empty);
      add(enemy_ship_near(state, geo, ships[i]) ? ShipClass::Contact : ShipClass::Free);
      add(want == Action::None      ? ShipClass::RecordedStay
          : want == Action::Convert ? ShipClass::RecordedConvert
                                    : ShipClass::RecordedMove);
    }
    if (record_turns) a.per_turn.push_back(turn);
    const auto yards = state.shipyards();
    for (size_t i = 0; i < yards.size(); ++i)
      if (yards[i].owner == player) a.yards.add(recorded.shipyards()[i].action == predicted.shipyards()[i].action);
  }
  return a;
}

}  // namespace halite::lab
