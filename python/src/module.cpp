// The Python module halite4: the exact engine, its value API, a batched
// environment and the planners (docs/python.md).
#include <pybind11/pybind11.h>

#include "bindings.h"
#include "halite/search/params.h"

#ifdef HALITE_OPPONENTS
#include "halite/opponents/opponents.h"
#endif

namespace py = pybind11;

PYBIND11_MODULE(halite4, m) {
#ifdef HALITE_OPPONENTS
  halite::opponents::register_opponents();
#endif
  m.doc() =
      "Halite IV on the exact C++ engine: states as values (apply, legal_actions, winners), a Kaggle-style "
      "Game, a batched environment for reinforcement learning, and the C++ planners (plan). See docs/python.md.";
  // The codec's messages unchanged, as Python exceptions a caller can tell apart.
  static py::exception<halite::JsonError> json_error(m, "JsonError", PyExc_ValueError);
  static py::exception<halite::CapacityError> capacity_error(m, "CapacityError", PyExc_RuntimeError);
  static py::exception<halite::search::ParamError> param_error(m, "ParamError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const halite::JsonError& e) {
      json_error(e.what());
    } catch (const halite::CapacityError& e) {
      capacity_error(e.what());
    } catch (const halite::search::ParamError& e) {
      param_error(e.what());
    }
  });
  halite::python::bind_state(m);
  halite::python::bind_batch_env(m);
  halite::python::bind_planners(m);
}
