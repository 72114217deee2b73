#include "halite/search/reasons.h"

#include "halite/json_codec.h"

namespace halite::search {

UnitReason* TurnReasons::find(UnitId unit) {
  for (UnitReason& r : units)
    if (r.unit == unit) return &r;
  return nullptr;
}

TurnReasons orders_as_reasons(const State& state, int player, const State::Orders& orders) {
  TurnReasons out;
  out.step = state.step();
  out.player = player;
  auto add = [&out](UnitId id) {
    UnitReason r;
    r.unit = id;
    out.units.push_back(r);
  };
  for (const Ship& sh : state.ships())
    if (sh.owner == player) add(sh.id);
  for (const Shipyard& y : state.shipyards())
    if (y.owner == player) add(y.id);
  for (const State::Command& c : orders)
    if (UnitReason* r = out.find(c.unit)) r->action = c.action;
  return out;
}

Json trace_line(const TurnReasons& reasons) {
  Json units = Json::array();
  for (const UnitReason& r : reasons.units) {
    Json u = {{"id", r.unit.str()}, {"action", action_name(r.action)}};
    if (r.value) u["value"] = *r.value;
    if (r.runner_up) u["runner_up"] = action_name(*r.runner_up);
    if (r.runner_up_value) u["runner_up_value"] = *r.runner_up_value;
    if (r.role) u["role"] = r.role;
    if (r.danger) u["danger"] = *r.danger;
    if (r.visits) u["visits"] = *r.visits;
    if (r.basis) u["basis"] = r.basis;
    units.push_back(std::move(u));
  }
  return {{"step", reasons.step},
          {"player", reasons.player},
          {"planner", reasons.planner},
          {"iterations", reasons.iterations},
          {"elapsed_ms", reasons.elapsed_ms},
          {"units", std::move(units)}};
}

}  // namespace halite::search
