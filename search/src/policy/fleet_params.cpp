// The fleet policy's parameters from their table (fleet_params.h), and the
// parameters other planners play the policy with.
#include "halite/search/policy/fleet_params.h"

#include <algorithm>
#include <string>
#include <type_traits>

#include "halite/search/policy/fleet.h"

namespace halite::search {

std::vector<ParamSpec> fleet_specs() {
#define HALITE_FLEET_KNOWN_SPEC(name, max)                    \
  {"known_" #name,                                            \
   -1,                                                        \
   -1,                                                        \
   max,                                                       \
   #name " once every opponent is predicted (-1: unchanged)", \
   kWholeParam<decltype(FleetParams::name)>},
  return {HALITE_FLEET_PARAMS(HALITE_PARAM_SPEC, HALITE_PARAM_FIXED_SPEC)
              HALITE_FLEET_KNOWN_PARAMS(HALITE_FLEET_KNOWN_SPEC)};
#undef HALITE_FLEET_KNOWN_SPEC
}

FleetParams FleetParams::from(const Params& params) {
  FleetParams out;
#define HALITE_FLEET_KNOWN_READ(name, max) out.known_##name = params.get_as<decltype(out.name)>("known_" #name);
  HALITE_FLEET_PARAMS(HALITE_PARAM_READ, HALITE_PARAM_READ)
  HALITE_FLEET_KNOWN_PARAMS(HALITE_FLEET_KNOWN_READ)
#undef HALITE_FLEET_KNOWN_READ
  return out;
}

FleetParams FleetParams::against_known() const {
  FleetParams k = *this;
#define HALITE_FLEET_KNOWN_VALUE(name, max) \
  if (known_##name >= 0) k.name = known_##name;
  HALITE_FLEET_KNOWN_PARAMS(HALITE_FLEET_KNOWN_VALUE)
#undef HALITE_FLEET_KNOWN_VALUE
  return k;
}

FleetParams stateless(FleetParams p) {
  p.remember = false;
  return p;
}

void play_known_values(bool known, const FleetParams& base, bool& playing_known, FleetPolicy& own, FleetPolicy& model) {
  if (known == playing_known) return;
  playing_known = known;
  const FleetParams p = known ? base.against_known() : base;
  own.set_params(p);
  model.set_params(stateless(p));
}

FleetPolicy::ThreatWeights threat_weights(const FleetParams& params, const GameMemory& memory) {
  FleetPolicy::ThreatWeights w = FleetPolicy::full_threat();
  if (params.threat_sink_rate <= 0) return w;
  for (int q = 0; q < memory.num_players(); ++q) {
    if (q == memory.me()) continue;
    const double rate = memory.player(q).sink_rate(params.threat_sink_rate, params.threat_prior_turns);
    w[static_cast<size_t>(q)] = std::min(1.0, rate / params.threat_sink_rate);
  }
  return w;
}

void set_threat_weights(const GameMemory& memory, FleetPolicy& own, FleetPolicy& model) {
  const FleetPolicy::ThreatWeights threat = threat_weights(own.params(), memory);
  own.set_threat_weights(threat);
  model.set_threat_weights(threat);
}

// -------------------------------------------------------- opponent model ----

namespace {
// How far a fitted parameter may move from the policy's own: a rate seen a
// few times is noisy, and a model far outside what the policy was built for
// is no better a guess.
constexpr double kMaxFitFactor = 4;
}  // namespace

FleetBehaviour fleet_reference_behaviour() {
  return {kFleetApproachRate, kFleetGuardRate};
}

FleetParams opponent_model(const FleetParams& base, const PlayerMemory& observed, const PlayerMemory& own) {
  const FleetBehaviour ref = fleet_reference_behaviour();
  auto factor = [](double seen, double own) { return std::clamp(seen / own, 1 / kMaxFitFactor, kMaxFitFactor); };
  FleetParams p = base;
  p.hunt_weight *= factor(observed.approach_rate(), ref.approach_rate);
  p.guard_value *= factor(observed.guard_rate(), ref.guard_rate);
  p.harvest_ratio *= factor(observed.mined_cell_ratio(), own.mined_cell_ratio());
  return p;
}

}  // namespace halite::search
