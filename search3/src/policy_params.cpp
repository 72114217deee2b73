#include "halite3/search/policy_params.h"

namespace halite3::search {

std::vector<ParamSpec> policy_specs() {
  return {HALITE3_POLICY_PARAMS(HALITE_PARAM_SPEC, HALITE_PARAM_FIXED_SPEC)};
}

PolicyParams PolicyParams::from(const Params& params) {
  PolicyParams out;
  HALITE3_POLICY_PARAMS(HALITE_PARAM_READ, HALITE_PARAM_READ)
  return out;
}

PolicyParams PolicyParams::defaults() {
  return from(Params(policy_specs()));
}

}  // namespace halite3::search
