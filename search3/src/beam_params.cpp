#include "halite3/search/beam_params.h"

namespace halite3::search {

std::vector<ParamSpec> beam_specs() {
#define HALITE3_BEAM_SPEC(type, name, default_value, min, max, why) \
  {#name, default_value, min, max, why, halite::search::kWholeParam<type>},
#define HALITE3_BEAM_FIXED_SPEC(type, name, default_value, min, max, why) \
  {#name, default_value, min, max, why, halite::search::kWholeParam<type>, /*tunable=*/false},
  return {HALITE3_BEAM_PARAMS(HALITE3_BEAM_SPEC, HALITE3_BEAM_FIXED_SPEC)};
#undef HALITE3_BEAM_SPEC
#undef HALITE3_BEAM_FIXED_SPEC
}

BeamParams BeamParams::from(const Params& p) {
  BeamParams out;
#define HALITE3_BEAM_READ(type, name, default_value, min, max, why) out.name = p.get_as<type>(#name);
  HALITE3_BEAM_PARAMS(HALITE3_BEAM_READ, HALITE3_BEAM_READ)
#undef HALITE3_BEAM_READ
  return out;
}

}  // namespace halite3::search
