#include "halite3/search/beam_params.h"

namespace halite3::search {

std::vector<ParamSpec> beam_specs() {
  return {HALITE3_BEAM_PARAMS(HALITE_PARAM_SPEC, HALITE_PARAM_FIXED_SPEC)};
}

BeamParams BeamParams::from(const Params& params) {
  BeamParams out;
  HALITE3_BEAM_PARAMS(HALITE_PARAM_READ, HALITE_PARAM_READ)
  return out;
}

}  // namespace halite3::search
