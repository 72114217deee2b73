// The registered planners (search/) from Python: halite4.Planner keeps one
// planner across the turns of a game (its memory, roles, plans), plan()
// answers one observation with a fresh planner.
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "bindings.h"
#include "halite/search/planner.h"
#include "halite/value.h"

namespace halite::python {

namespace {

search::Params params_from_py(const std::string& planner, py::handle params) {
  search::Params p = search::default_params(planner);
  if (!params.is_none()) p.set_from_json(to_json(params, "params"));
  return p;
}

search::Budget budget_from_py(py::handle budget_ms, py::handle iterations) {
  search::Budget budget;
  if (!budget_ms.is_none()) {
    const double ms = number_arg(budget_ms, "budget_ms");
    if (!(ms > 0))
      throw py::value_error("budget_ms: expected a positive number of milliseconds, got " + std::to_string(ms));
    budget = search::Budget::milliseconds(ms);
  }
  if (!iterations.is_none()) {
    const long long n = integer_arg(iterations, "iterations");
    if (n < 1) throw py::value_error("iterations: expected at least 1, got " + std::to_string(n));
    budget.with_iterations(n);
  }
  return budget;
}

// The planner's orders as the Kaggle action dict: staged on a copy and
// written by the codec, so the words are exactly what a replay records.
py::object answer(const State& state, int player, const State::Orders& orders) {
  State staged = state;
  staged.clear_staged();
  staged.stage(player, orders);
  return from_json(staged_action_to_json(staged, player));
}

class PyPlanner {
 public:
  PyPlanner(const std::string& name, py::handle params, uint64_t seed)
      : planner_(search::make_planner(name, params_from_py(name, params), seed)) {}

  py::object plan(py::handle observation, py::handle configuration, py::handle budget_ms, py::handle iterations) {
    int player = 0;
    State state = state_from_py_observation(observation, configuration, &player);
    retire_idle_opponents(state, player);
    return plan_state(state, player, budget_ms, iterations);
  }

  py::object plan_state(const State& state, int player, py::handle budget_ms, py::handle iterations) {
    if (player < 0 || player >= state.num_players())
      throw py::index_error("player " + std::to_string(player) + " is not a player of this game");
    search::Budget budget = budget_from_py(budget_ms, iterations);
    State::Orders orders;
    {
      py::gil_scoped_release release;
      orders = planner_->plan(state, player, budget);
    }
    return answer(state, player, orders);
  }

  void reset() { planner_->reset(); }
  std::string name() const { return planner_->name(); }
  const search::PlanStats& stats() const { return planner_->last_stats(); }

 private:
  std::unique_ptr<search::Planner> planner_;
};

}  // namespace

void bind_planners(py::module_& m) {
  m.def(
      "planners",
      [] {
        py::dict out;
        for (const search::PlannerInfo& info : search::planners()) out[py::str(info.name)] = info.summary;
        return out;
      },
      "The registered planners: {name: one-line summary}.");
  m.def(
      "planner_params", [](const std::string& name) { return from_json(search::default_params(name).to_json()); },
      py::arg("name"), "A planner's declared parameters at their defaults: {name: value}.");

  py::class_<PyPlanner>(m, "Planner", R"(A registered C++ planner that keeps its memory across the turns of a game.

With `iterations` and no `budget_ms` its answers are deterministic for a seed.)")
      .def(py::init<const std::string&, py::handle, uint64_t>(), py::arg("name") = "fleet",
           py::arg("params") = py::none(), py::arg("seed") = 0)
      .def("plan", &PyPlanner::plan, py::arg("observation"), py::arg("configuration") = py::none(),
           py::arg("budget_ms") = py::none(), py::arg("iterations") = py::none(),
           "This turn's Kaggle action dict for observation['player'].")
      .def("plan_state", &PyPlanner::plan_state, py::arg("state"), py::arg("player"), py::arg("budget_ms") = py::none(),
           py::arg("iterations") = py::none(), "The Kaggle action dict for `player` on a halite4.State.")
      .def("reset", &PyPlanner::reset, "A new game starts: forget the last one.")
      .def_property_readonly("name", &PyPlanner::name)
      .def_property_readonly("last_iterations", [](const PyPlanner& p) { return p.stats().iterations; })
      .def_property_readonly("last_elapsed_ms", [](const PyPlanner& p) { return p.stats().elapsed_ms; });

  m.def(
      "plan",
      [](py::handle observation, py::handle configuration, const std::string& planner, py::handle params,
         py::handle budget_ms, py::handle iterations, uint64_t seed) {
        PyPlanner p(planner, params, seed);
        return p.plan(observation, configuration, budget_ms, iterations);
      },
      py::arg("observation"), py::arg("configuration") = py::none(), py::arg("planner") = "fleet",
      py::arg("params") = py::none(), py::arg("budget_ms") = py::none(), py::arg("iterations") = py::none(),
      py::arg("seed") = 0,
      "The Kaggle action dict a fresh planner gives for this observation (deterministic with iterations and a seed).");
}

}  // namespace halite::python
