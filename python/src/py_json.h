// Python objects <-> nlohmann::json, so that the engine's JSON codec
// (json_codec.h) reads and writes every Kaggle layout for the module: the
// module has no codec of its own.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

#include "halite/json_codec.h"

namespace halite::python {

namespace py = pybind11;

// A Python value as JSON, as json.dumps would see it: dict (and its
// subclasses, such as Kaggle's Struct) with str keys, list, tuple, str,
// int (and integer-like objects such as numpy's), float, bool and None; an
// object with tolist() (a numpy array) as what tolist() returns. Anything
// else, a non-finite float, a non-str key or nesting deeper than 1000
// levels raises JsonError naming `what` and the path to the value.
Json to_json(py::handle value, const std::string& what);
// JSON as plain Python values (dict, list, str, int, float, bool, None).
py::object from_json(const Json& json);

// An agent's answer (a Kaggle action dict) for `player`, read by the
// codec's rules: exactly parse_action(to_json(answer, what), state, player).
// A dict of str keys and word values is read straight from Python through
// read_action_entry (no JSON built); anything else goes through
// parse_action, which also names what made an answer invalid.
ParsedAction read_answer(py::handle answer, const State& state, int player, const std::string& what);

}  // namespace halite::python
