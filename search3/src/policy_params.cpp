#include "halite3/search/policy_params.h"

namespace halite3::search {

std::vector<ParamSpec> policy_specs() {
#define HALITE3_POLICY_SPEC(type, name, default_value, min, max, why) \
  {#name, default_value, min, max, why, halite::search::kWholeParam<type>},
#define HALITE3_POLICY_FIXED_SPEC(type, name, default_value, min, max, why) \
  {#name, default_value, min, max, why, halite::search::kWholeParam<type>, /*tunable=*/false},
  return {HALITE3_POLICY_PARAMS(HALITE3_POLICY_SPEC, HALITE3_POLICY_FIXED_SPEC)};
#undef HALITE3_POLICY_SPEC
#undef HALITE3_POLICY_FIXED_SPEC
}

PolicyParams PolicyParams::from(const Params& p) {
  PolicyParams out;
#define HALITE3_POLICY_READ(type, name, default_value, min, max, why) out.name = p.get_as<type>(#name);
  HALITE3_POLICY_PARAMS(HALITE3_POLICY_READ, HALITE3_POLICY_READ)
#undef HALITE3_POLICY_READ
  return out;
}

PolicyParams PolicyParams::defaults() {
  return from(Params(policy_specs()));
}

}  // namespace halite3::search
