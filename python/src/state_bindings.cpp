// halite4.State (a position as a value, the value API of halite/value.h)
// and halite4.Game (a Kaggle-style environment: step, observation,
// rewards, statuses, replay).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "bindings.h"
#include "halite/value.h"

namespace halite::python {

namespace {

const char* stage_result_name(StageResult r) {
  switch (r) {
    case StageResult::Ok:
      return "ok";
    case StageResult::NotForThisUnit:
      return "not_for_this_unit";
    case StageResult::InsufficientHalite:
      return "insufficient_halite";
    case StageResult::OnShipyard:
      return "on_shipyard";
    case StageResult::PlayerNotActive:
      return "player_not_active";
  }
  return "?";
}

// Kaggle's word, or None for no order (Kaggle leaves such units out).
py::object action_to_py(Action a) {
  return a == Action::None ? py::object(py::none()) : py::str(action_name(a));
}

Action action_from_py(py::handle word) {
  if (word.is_none()) return Action::None;
  Action a = Action::None;
  if (!PyUnicode_Check(word.ptr()) || !action_from_word(word.cast<std::string>(), &a))
    throw py::value_error("action: expected None or one of NORTH, SOUTH, EAST, WEST, CONVERT, SPAWN, got " +
                          py::repr(word).cast<std::string>());
  return a;
}

// The owner of a live unit, for staging a player's other orders first.
int owner_of(const State& s, UnitId id) {
  if (int i = s.find_ship(id); i >= 0) return s.ships()[static_cast<size_t>(i)].owner;
  if (int j = s.find_shipyard(id); j >= 0) return s.shipyards()[static_cast<size_t>(j)].owner;
  throw py::value_error("no live ship or shipyard has the id " + id.str());
}

// A numpy view of `count` records of `dtype` at `data`, kept alive by
// `owner` (the Python object holding the State) and read-only: writing
// would bypass the engine's invariants.
py::array readonly_view(py::dtype dtype, std::vector<py::ssize_t> shape, std::vector<py::ssize_t> strides,
                        const void* data, py::handle owner) {
  py::array a(std::move(dtype), std::move(shape), std::move(strides), data, owner);
  py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

py::dtype ship_dtype() {
  py::dict d;
  d["names"] = py::make_tuple("cargo", "id", "cell", "owner", "action");
  d["formats"] = py::make_tuple("<f8", "<u4", "<u2", "u1", "u1");
  d["offsets"] = py::make_tuple(offsetof(Ship, cargo), offsetof(Ship, id), offsetof(Ship, cell), offsetof(Ship, owner),
                                offsetof(Ship, action));
  d["itemsize"] = sizeof(Ship);
  return py::dtype::from_args(d);
}

py::dtype shipyard_dtype() {
  py::dict d;
  d["names"] = py::make_tuple("id", "cell", "owner", "action");
  d["formats"] = py::make_tuple("<u4", "<u2", "u1", "u1");
  d["offsets"] = py::make_tuple(offsetof(Shipyard, id), offsetof(Shipyard, cell), offsetof(Shipyard, owner),
                                offsetof(Shipyard, action));
  d["itemsize"] = sizeof(Shipyard);
  return py::dtype::from_args(d);
}

static_assert(sizeof(Ship) == 16 && sizeof(Shipyard) == 8, "the numpy record layouts above");

py::array halite_view(const State& s, py::handle owner) {
  const py::ssize_t n = s.size();
  return readonly_view(py::dtype::of<double>(), {n, n}, {n * 8, 8}, s.cells().data(), owner);
}

py::array ships_view(const State& s, py::handle owner) {
  return readonly_view(ship_dtype(), {static_cast<py::ssize_t>(s.ships().size())}, {sizeof(Ship)}, s.ships().data(),
                       owner);
}

py::array shipyards_view(const State& s, py::handle owner) {
  return readonly_view(shipyard_dtype(), {static_cast<py::ssize_t>(s.shipyards().size())}, {sizeof(Shipyard)},
                       s.shipyards().data(), owner);
}

// The unit planes: copies, since the state keeps units as lists.
py::dict planes(const State& s) {
  const py::ssize_t n = s.size();
  py::array_t<int8_t> ship_owner({n, n}), shipyard_owner({n, n});
  py::array_t<double> ship_cargo({n, n});
  int8_t* so = ship_owner.mutable_data();
  int8_t* yo = shipyard_owner.mutable_data();
  double* cargo = ship_cargo.mutable_data();
  std::fill(so, so + n * n, int8_t{-1});
  std::fill(yo, yo + n * n, int8_t{-1});
  std::fill(cargo, cargo + n * n, 0.0);
  for (const Ship& sh : s.ships()) {
    so[sh.cell] = static_cast<int8_t>(sh.owner);
    cargo[sh.cell] = sh.cargo;
  }
  for (const Shipyard& y : s.shipyards()) yo[y.cell] = static_cast<int8_t>(y.owner);
  py::dict d;
  d["ship_owner"] = ship_owner;
  d["ship_cargo"] = ship_cargo;
  d["shipyard_owner"] = shipyard_owner;
  return d;
}

py::list rewards_py(const State& s) {
  py::list out;
  for (int p = 0; p < s.num_players(); ++p) {
    const Player& pl = s.player(p);
    out.append(is_failure(pl.status) ? py::object(py::none()) : py::object(py::float_(pl.reward)));
  }
  return out;
}

py::list statuses_py(const State& s) {
  py::list out;
  for (int p = 0; p < s.num_players(); ++p) out.append(status_name(s.player(p).status));
  return out;
}

std::vector<double> banks(const State& s) {
  std::vector<double> out;
  for (int p = 0; p < s.num_players(); ++p) out.push_back(s.player(p).bank);
  return out;
}

std::vector<std::string> ids_of(std::span<const Ship> ships) {
  std::vector<std::string> out;
  for (const Ship& s : ships) out.push_back(s.id.str());
  return out;
}
std::vector<std::string> ids_of(std::span<const Shipyard> yards) {
  std::vector<std::string> out;
  for (const Shipyard& y : yards) out.push_back(y.id.str());
  return out;
}

int checked_player(const State& s, int player) {
  if (player < 0 || player >= s.num_players())
    throw py::index_error("player " + std::to_string(player) + " is not a player of this " +
                          std::to_string(s.num_players()) + "-player game");
  return player;
}

std::string describe(const State& s) {
  return "<halite4.State step " + std::to_string(s.step()) + ", " + std::to_string(s.num_players()) + " players, " +
         std::to_string(s.size()) + "x" + std::to_string(s.size()) + ", " + std::to_string(s.ships().size()) +
         " ships, " + std::to_string(s.shipyards().size()) + " shipyards>";
}

// The state `unit`'s owner would stage: `state` with that player's other
// orders (`actions`, a Kaggle action dict or None) staged.
State with_player_orders(const State& state, UnitId unit, py::handle actions) {
  State staged = state;
  if (!actions.is_none()) {
    const int owner = owner_of(state, unit);
    stage_answer(staged, owner, read_answer(actions, state, owner, "actions"));
  }
  return staged;
}

// A Kaggle-style environment over one game. The state steps in place;
// with `record`, every state and answer is kept for replay().
struct Game {
  State state;
  bool record = true;
  std::vector<State> states;
  std::vector<std::vector<Json>> actions;

  Game(const State& start, bool keep) : state(start), record(keep) {
    if (record) {
      states.push_back(state);
      actions.push_back(std::vector<Json>(static_cast<size_t>(state.num_players()), Json::object()));
    }
  }

  void step(py::handle answers, py::handle failures) {
    if (state.is_terminal())
      throw py::value_error("the game is over (step " + std::to_string(state.step()) + "): no further step");
    std::vector<Json> recorded;
    State next = state;  // nothing changes unless the whole turn resolves
    stage_turn(next, answers, failures, record ? &recorded : nullptr);
    next.resolve();
    state.assign_from(next);
    if (record) {
      states.push_back(state);
      actions.push_back(std::move(recorded));
    }
  }
};

}  // namespace

Config config_from_py(py::handle configuration, py::handle seed) {
  Config config;
  if (!configuration.is_none()) config = config_from_json(to_json(configuration, "configuration"));
  if (!seed.is_none()) {
    const long long v = integer_arg(seed, "seed");
    if (v < 0 || v > 0xffffffffLL) throw py::value_error("seed: expected 0 .. 4294967295, got " + std::to_string(v));
    config.random_seed = static_cast<uint32_t>(v);
    config.has_random_seed = true;
  }
  return config;
}

State state_from_py_observation(py::handle observation, py::handle configuration, int* player) {
  const Config config = config_from_py(configuration);
  const Json obs = to_json(observation, "observation");
  State state = state_from_observation(obs, config);
  *player = 0;
  if (obs.contains("player")) {
    const Json& p = obs["player"];
    if (!p.is_number_integer() || p.get<int64_t>() < 0 || p.get<int64_t>() >= state.num_players())
      throw JsonError("observation.player: expected an integer 0 .. " + std::to_string(state.num_players() - 1) +
                      ", got " + p.dump());
    *player = static_cast<int>(p.get<int64_t>());
  }
  if (obs.contains("remainingOverageTime") && obs["remainingOverageTime"].is_number())
    state.mutable_player(*player).remaining_overage_time = obs["remainingOverageTime"].get<double>();
  return state;
}

long long integer_arg(py::handle value, const char* name) {
  if (PyBool_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
    throw py::type_error(std::string(name) + ": expected an integer, got " + py::repr(value).cast<std::string>());
  return py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr())).cast<long long>();
}

double number_arg(py::handle value, const char* name) {
  if (PyBool_Check(value.ptr()) || !(PyFloat_Check(value.ptr()) || PyIndex_Check(value.ptr())))
    throw py::type_error(std::string(name) + ": expected a number, got " + py::repr(value).cast<std::string>());
  const double v = py::float_(py::reinterpret_borrow<py::object>(value));
  if (!std::isfinite(v))
    throw py::value_error(std::string(name) + ": expected a finite number, got " + std::to_string(v));
  return v;
}

UnitId unit_id_from_py(const std::string& text) {
  UnitId id;
  if (!UnitId::parse(text, &id))
    throw py::value_error("unit id: expected \"<step>-<k>\" as Kaggle writes it, got \"" + text + "\"");
  return id;
}

void stage_turn(State& state, py::handle actions, py::handle failures, std::vector<Json>* recorded) {
  const int n = state.num_players();
  if (!PySequence_Check(actions.ptr()) || PyUnicode_Check(actions.ptr()) || PyDict_Check(actions.ptr()) ||
      py::len(actions) != static_cast<size_t>(n))
    throw py::value_error("actions: expected a list of " + std::to_string(n) +
                          " action dicts (one per player, None for none), got " +
                          py::repr(actions).cast<std::string>());
  const py::sequence answers = py::reinterpret_borrow<py::sequence>(actions);
  std::vector<Status> failed(static_cast<size_t>(n), Status::Active);
  if (!failures.is_none()) {
    const Json f = to_json(failures, "failures");
    if (!f.is_array() || f.size() != static_cast<size_t>(n))
      throw JsonError("failures: expected a list of " + std::to_string(n) + " entries (None or a status), got " +
                      f.dump());
    for (int p = 0; p < n; ++p) {
      if (f[p].is_null()) continue;
      failed[p] = status_from_name(f[p], "failures[" + std::to_string(p) + "]");
      if (!is_failure(failed[p]))
        throw JsonError("failures[" + std::to_string(p) + "]: expected None, ERROR, INVALID or TIMEOUT, got " +
                        f[p].dump());
    }
  }
  // Every answer is read before anything is staged: a bad one changes nothing.
  // Recording needs the answers as JSON anyway, so they are read from it.
  std::vector<ParsedAction> parsed(static_cast<size_t>(n));
  if (recorded) recorded->assign(static_cast<size_t>(n), Json::object());
  for (int p = 0; p < n; ++p) {
    const std::string what = "actions[" + std::to_string(p) + "]";
    if (recorded) {
      Json answer = to_json(answers[p], what);
      parsed[p] = parse_action(answer, state, p);
      (*recorded)[p] = answer.is_null() ? Json::object() : std::move(answer);
    } else {
      parsed[p] = read_answer(answers[p], state, p, what);
    }
  }
  for (int p = 0; p < n; ++p) {
    if (state.player(p).status != Status::Active) continue;
    if (failed[p] != Status::Active) {
      state.fail_player(p, failed[p]);
      if (recorded) (*recorded)[p] = Json();  // Kaggle records a failed agent's action as null
      continue;
    }
    stage_answer(state, p, parsed[p]);
  }
}

namespace {

// halite4.State: a position as a value.
void bind_state_class(py::module_& m) {
  py::class_<State>(m, "State", R"(A Halite IV position as a value (docs/python.md).

Every method returns a new object and leaves the state untouched: apply()
gives the next state. Copying is a memcpy of about 16 KB.)")
      .def_static(
          "initial",
          [](int num_players, py::object configuration, py::object seed) {
            return State::initial(config_from_py(configuration, seed), num_players);
          },
          py::arg("num_players") = 2, py::arg("configuration") = py::none(), py::arg("seed") = py::none(),
          "The starting position Kaggle's env generates for the configuration's randomSeed (or `seed`).")
      .def_static(
          "from_observation",
          [](py::object observation, py::object configuration, bool retire_idle) {
            int player = 0;
            State s = state_from_py_observation(observation, configuration, &player);
            if (retire_idle) retire_idle_opponents(s, player);
            return s;
          },
          py::arg("observation"), py::arg("configuration") = py::none(), py::arg("retire_idle") = false,
          "The position of a Kaggle observation. Observations carry no statuses: every player is ACTIVE, "
          "unless retire_idle marks the opponents Kaggle has retired (no ship, cannot spawn) DONE.")
      .def("copy", [](const State& s) { return std::make_unique<State>(s); })
      .def("__copy__", [](const State& s) { return std::make_unique<State>(s); })
      .def("__deepcopy__", [](const State& s, py::object) { return std::make_unique<State>(s); })
      .def("__eq__", [](const State& a, const State& b) { return a == b; })
      .def("__hash__", [](const State& s) { return static_cast<py::ssize_t>(hash(s) >> 1); })
      .def("__repr__", &describe)
      .def_property_readonly("step", [](const State& s) { return s.step(); })
      .def_property_readonly("num_players", &State::num_players)
      .def_property_readonly("size", &State::size)
      .def_property_readonly("configuration", [](const State& s) { return from_json(config_to_json(s.config())); })
      .def_property_readonly("banks", &banks)
      .def_property_readonly("rewards", &rewards_py, "Kaggle's rewards; None for a failed player.")
      .def_property_readonly("statuses", &statuses_py)
      .def_property_readonly("game_over", &State::is_terminal)
      .def_property_readonly(
          "ranking", [](const State& s) { return ranking(s); },
          "Rank per player (0 = first, ties share), by Kaggle's rewards; failures last.")
      .def_property_readonly("winners", [](const State& s) { return winners(s); })
      .def_property_readonly("ship_ids", [](const State& s) { return ids_of(s.ships()); })
      .def_property_readonly("shipyard_ids", [](const State& s) { return ids_of(s.shipyards()); })
      .def_property_readonly(
          "halite", [](py::object self) { return halite_view(self.cast<const State&>(), self); },
          "Cell halite, (size, size) float64: a read-only view, no copy.")
      .def_property_readonly(
          "ships", [](py::object self) { return ships_view(self.cast<const State&>(), self); },
          "Ships in id order, a read-only view of records (cargo, id, cell, owner, action).")
      .def_property_readonly(
          "shipyards", [](py::object self) { return shipyards_view(self.cast<const State&>(), self); },
          "Shipyards in id order, a read-only view of records (id, cell, owner, action).")
      .def("planes", &planes, "ship_owner, ship_cargo, shipyard_owner as (size, size) arrays (copies; -1: none).")
      .def(
          "observation",
          [](const State& s, int player) { return from_json(observation_to_json(s, checked_player(s, player))); },
          py::arg("player") = 0, "The observation Kaggle shows `player`.")
      .def(
          "apply",
          [](const State& s, py::object actions, py::object failures) {
            auto next = std::make_unique<State>(s);
            stage_turn(*next, actions, failures, nullptr);
            next->resolve();
            return next;
          },
          py::arg("actions"), py::arg("failures") = py::none(),
          "The state after one turn: actions[p] is player p's Kaggle action dict (None: no orders). "
          "This state is untouched.")
      .def(
          "legal_actions",
          [](const State& s, const std::string& unit) {
            py::list out;
            for (Action a : legal_actions(s, unit_id_from_py(unit))) out.append(action_to_py(a));
            return out;
          },
          py::arg("unit"), "The actions that would take effect for this ship or shipyard (None: no order).")
      .def(
          "order_result",
          [](const State& s, const std::string& unit, py::object action, py::object actions) {
            const UnitId id = unit_id_from_py(unit);
            return stage_result_name(order_result(with_player_orders(s, id, actions), id, action_from_py(action)));
          },
          py::arg("unit"), py::arg("action"), py::arg("actions") = py::none(),
          "Whether `action` for `unit` would take effect given its owner's other orders `actions`: 'ok', "
          "'insufficient_halite', 'on_shipyard', 'not_for_this_unit' or 'player_not_active'.")
      .def(
          "would_take_effect",
          [](const State& s, const std::string& unit, py::object action, py::object actions) {
            const UnitId id = unit_id_from_py(unit);
            return order_result(with_player_orders(s, id, actions), id, action_from_py(action)) == StageResult::Ok;
          },
          py::arg("unit"), py::arg("action"), py::arg("actions") = py::none());
}

// halite4.Game: one game stepped in place, Kaggle's env's way.
void bind_game_class(py::module_& m) {
  py::class_<Game>(m, "Game", R"(One game, stepped in place as Kaggle's env steps it (docs/python.md).)")
      .def(py::init([](int num_players, py::object configuration, py::object seed, bool record) {
             return std::make_unique<Game>(State::initial(config_from_py(configuration, seed), num_players), record);
           }),
           py::arg("num_players") = 2, py::arg("configuration") = py::none(), py::arg("seed") = py::none(),
           py::arg("record") = true)
      .def_static(
          "from_state", [](const State& s, bool record) { return std::make_unique<Game>(s, record); }, py::arg("state"),
          py::arg("record") = true)
      .def_static(
          "from_observation",
          [](py::object observation, py::object configuration, bool record) {
            int player = 0;
            return std::make_unique<Game>(state_from_py_observation(observation, configuration, &player), record);
          },
          py::arg("observation"), py::arg("configuration") = py::none(), py::arg("record") = true)
      .def("step", &Game::step, py::arg("actions"), py::arg("failures") = py::none(),
           "One turn: actions[p] is player p's Kaggle action dict; failures[p] (optional) 'ERROR', 'INVALID' or "
           "'TIMEOUT' for an agent that failed. A bad argument changes nothing.")
      .def("copy", [](const Game& g) { return std::make_unique<Game>(g); })
      .def_property_readonly(
          "state", [](const Game& g) { return g.state; }, "A copy of the current state.")
      .def_property_readonly("step_count", [](const Game& g) { return g.state.step(); })
      .def_property_readonly("done", [](const Game& g) { return g.state.is_terminal(); })
      .def_property_readonly("rewards", [](const Game& g) { return rewards_py(g.state); })
      .def_property_readonly("statuses", [](const Game& g) { return statuses_py(g.state); })
      .def_property_readonly(
          "halite", [](py::object self) { return halite_view(self.cast<const Game&>().state, self); },
          "Cell halite of the current state, (size, size): a read-only view that follows the game as it steps.")
      .def(
          "observation",
          [](const Game& g, int player) {
            return from_json(observation_to_json(g.state, checked_player(g.state, player)));
          },
          py::arg("player") = 0)
      .def(
          "replay",
          [](const Game& g, py::object team_names, const std::string& id) {
            if (!g.record) throw py::value_error("replay: this game was made with record=False");
            std::vector<std::string> names;
            if (team_names.is_none())
              for (int p = 0; p < g.state.num_players(); ++p) names.push_back("player " + std::to_string(p));
            else
              names = team_names.cast<std::vector<std::string>>();
            if (names.size() != static_cast<size_t>(g.state.num_players()))
              throw py::value_error("team_names: expected " + std::to_string(g.state.num_players()) + " names");
            return from_json(replay_to_json(g.states, g.actions, names, id));
          },
          py::arg("team_names") = py::none(), py::arg("id") = "halite4",
          "The game so far as a Kaggle replay dict (json.dump it for Kaggle's renderer).");
}

}  // namespace

void bind_state(py::module_& m) {
  m.attr("ACTIONS") = py::make_tuple(py::none(), "NORTH", "SOUTH", "EAST", "WEST", "CONVERT", "SPAWN");
  bind_state_class(m);
  bind_game_class(m);
}

}  // namespace halite::python
