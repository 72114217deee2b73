// The pieces of the halite4 module, one binding function per file, and the
// conversions they share.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "halite/json_codec.h"
#include "py_json.h"

namespace halite::python {

void bind_state(py::module_& m);      // State, Game (state_bindings.cpp)
void bind_batch_env(py::module_& m);  // BatchEnv (batch_env.cpp)
void bind_planners(py::module_& m);   // Planner, plan(), planners() (planner_bindings.cpp)

// A Kaggle configuration (dict; None for Kaggle's defaults) as a validated
// Config; `seed`, when not None, sets randomSeed. Extra keys (Kaggle's
// runner adds some) are ignored, as config_from_json ignores them.
Config config_from_py(py::handle configuration, py::handle seed = py::none());

// A Kaggle observation under `configuration` as a State (state_from_observation);
// *player is the observation's "player" (0 when it has none).
State state_from_py_observation(py::handle observation, py::handle configuration, int* player);

// A keyword argument that must be a whole number (an int or numpy integer)
// or a finite number: its value, or TypeError naming `name`.
long long integer_arg(py::handle value, const char* name);
double number_arg(py::handle value, const char* name);

// A unit id as Kaggle writes it ("12-3"); ValueError otherwise.
UnitId unit_id_from_py(const std::string& text);

// Stages one turn on `state`: actions[p] is player p's answer (a Kaggle
// action dict; None counts as {}), failures[p] (optional) "ERROR",
// "INVALID" or "TIMEOUT" for a player whose agent failed this turn, as
// Kaggle's runner records it. `recorded` (optional) receives what a replay
// records: the answer, or null for a failed player.
void stage_turn(State& state, py::handle actions, py::handle failures, std::vector<Json>* recorded);

}  // namespace halite::python
