#include "halite3/search/mcts_params.h"

namespace halite3::search {

std::vector<ParamSpec> mcts_specs() {
  return {HALITE3_MCTS_PARAMS(HALITE_PARAM_SPEC, HALITE_PARAM_FIXED_SPEC)};
}

MctsParams MctsParams::from(const Params& params) {
  MctsParams out;
  HALITE3_MCTS_PARAMS(HALITE_PARAM_READ, HALITE_PARAM_READ)
  return out;
}

}  // namespace halite3::search
