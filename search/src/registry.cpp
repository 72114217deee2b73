#include "halite/search/builtin.h"
#include "halite/search/planner.h"

namespace halite::search {

namespace {
std::vector<PlannerInfo>& registry() {
  // Built-ins are added explicitly on first use: static registration from a
  // static library is dropped by the linker when nothing else names the file.
  static std::vector<PlannerInfo> all = [] {
    std::vector<PlannerInfo> v;
    for (PlannerInfo& info : builtin_planners()) v.push_back(std::move(info));
    return v;
  }();
  return all;
}
}  // namespace

State::Orders Planner::plan(const State& state, int player, const Budget& budget) {
  if (memory_.num_players() != state.num_players() || memory_.me() != player)
    memory_.reset(state.num_players(), player);
  memory_.observe(state);
  State::Orders orders = choose(state, player, budget);
  if (explaining_) {
    reasons_ = orders_as_reasons(state, player, orders);
    reasons_.planner = name();
    reasons_.iterations = stats_.iterations;
    reasons_.elapsed_ms = stats_.elapsed_ms;
    if (state.player(player).status == Status::Active) explain(state, player, reasons_);
  }
  return orders;
}

void Planner::reset() {
  memory_.reset(0, 0);
  new_game();
}

bool register_planner(PlannerInfo info) {
  if (has_planner(info.name)) throw ParamError("planner '" + info.name + "' registered twice");
  registry().push_back(std::move(info));
  return true;
}

const std::vector<PlannerInfo>& planners() {
  return registry();
}

namespace {
const PlannerInfo* find_planner(const std::string& name) {
  for (const PlannerInfo& p : registry())
    if (p.name == name) return &p;
  return nullptr;
}
}  // namespace

bool has_planner(const std::string& name) {
  return find_planner(name) != nullptr;
}

namespace {
std::vector<ModelKind>& opponent_models() {
  static std::vector<ModelKind> all;
  return all;
}
}  // namespace

void register_opponent_model(ModelKind kind) {
  for (const ModelKind& k : opponent_models())
    if (k.name == kind.name) throw ParamError("opponent model '" + kind.name + "' registered twice");
  opponent_models().push_back(std::move(kind));
}

const std::vector<ModelKind>& registered_opponent_models() {
  return opponent_models();
}

const PlannerInfo& planner_info(const std::string& name) {
  if (const PlannerInfo* p = find_planner(name)) return *p;
  std::string known;
  for (const PlannerInfo& p : registry()) known += (known.empty() ? "" : ", ") + p.name;
  throw ParamError("unknown planner '" + name + "'; known: " + known);
}

Params default_params(const std::string& name) {
  return Params(planner_info(name).params);
}

std::unique_ptr<Planner> make_planner(const std::string& name, const Params& params, const PlannerSetup& setup) {
  return planner_info(name).make(params, setup);
}

std::unique_ptr<Planner> make_planner(const std::string& name, const Params& params, uint64_t seed) {
  return make_planner(name, params, PlannerSetup{seed, registered_opponent_models()});
}

std::unique_ptr<Planner> make_planner(const std::string& name, const std::vector<std::string>& overrides,
                                      uint64_t seed) {
  Params params = default_params(name);
  for (const std::string& o : overrides) params.set_from_string(o);
  return make_planner(name, params, seed);
}

}  // namespace halite::search
