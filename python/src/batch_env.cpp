// halite4.BatchEnv: N independent games stepped together with numpy arrays
// in and out, for reinforcement learning and data generation.
#include <pybind11/numpy.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "bindings.h"
#include "halite/value.h"

namespace halite::python {

namespace {

// Order codes of the action planes: a ship's (None, the four moves,
// Convert) and a shipyard's (0: none, 1: Spawn).
constexpr int kShipCodes = 6;
constexpr Action kShipActions[kShipCodes] = {Action::None, Action::North, Action::South,
                                             Action::East, Action::West,  Action::Convert};

class BatchEnv {
 public:
  BatchEnv(int num_games, int num_players, const Config& config, uint32_t seed, bool auto_reset)
      : config_(config), num_players_(num_players), auto_reset_(auto_reset), next_seed_(seed) {
    if (num_games < 1) throw py::value_error("num_games: expected at least 1, got " + std::to_string(num_games));
    if (num_players != 1 && num_players != 2 && num_players != 4)
      throw py::value_error("num_players: expected 1, 2 or 4, got " + std::to_string(num_players));
    const py::ssize_t n = num_games, s = config.size, p = num_players;
    games_.resize(static_cast<size_t>(num_games));
    seeds_ = py::array_t<uint32_t>(n);
    halite_ = py::array_t<double>({n, s, s});
    ship_owner_ = py::array_t<int8_t>({n, s, s});
    ship_cargo_ = py::array_t<double>({n, s, s});
    shipyard_owner_ = py::array_t<int8_t>({n, s, s});
    banks_ = py::array_t<double>({n, p});
    steps_ = py::array_t<int32_t>(n);
    rewards_ = py::array_t<double>({n, p});
    done_ = py::array_t<bool>(n);
    aborted_ = py::array_t<bool>(n);
    reset();
  }

  // Every game restarts on a new board (seeds seed, seed + 1, ...).
  void reset() {
    for (size_t g = 0; g < games_.size(); ++g) start(g);
    std::fill_n(rewards_.mutable_data(), rewards_.size(), 0.0);
    std::fill_n(done_.mutable_data(), done_.size(), false);
    std::fill_n(aborted_.mutable_data(), aborted_.size(), false);
    for (size_t g = 0; g < games_.size(); ++g) observe(g);
  }

  // One turn of every game: each cell's ship takes ship_actions[g][r][c]
  // and each cell's shipyard spawns when shipyard_actions[g][r][c] is 1,
  // whoever owns them. Then rewards (the final rewards of the games that
  // ended this turn, failures -inf; 0 elsewhere), done and the observation
  // arrays are refreshed. A game that ended is restarted on the next seed
  // when auto_reset (its arrays then show the new game), else stays over.
  void step(const py::array_t<int8_t, py::array::c_style | py::array::forcecast>& ship_actions,
            const py::object& shipyard_actions) {
    const py::ssize_t n = static_cast<py::ssize_t>(games_.size()), s = config_.size;
    check_plane(ship_actions, "ship_actions");
    py::array_t<int8_t, py::array::c_style | py::array::forcecast> yard_actions;
    const bool has_yard_actions = !shipyard_actions.is_none();
    if (has_yard_actions) {
      yard_actions = py::array_t<int8_t, py::array::c_style | py::array::forcecast>::ensure(shipyard_actions);
      if (!yard_actions) throw py::value_error("shipyard_actions: expected an integer array");
      check_plane(yard_actions, "shipyard_actions");
    }
    const int8_t* ships = ship_actions.data();
    const int8_t* yards = has_yard_actions ? yard_actions.data() : nullptr;
    // Codes are checked before any game moves: a bad array changes nothing.
    for (py::ssize_t i = 0; i < n * s * s; ++i) {
      if (ships[i] < 0 || ships[i] >= kShipCodes)
        throw py::value_error("ship_actions: codes are 0 (none), 1-4 (NORTH, SOUTH, EAST, WEST), 5 (CONVERT); got " +
                              std::to_string(ships[i]) + " at flat index " + std::to_string(i));
      if (yards && (yards[i] < 0 || yards[i] > 1))
        throw py::value_error("shipyard_actions: codes are 0 (none) and 1 (SPAWN); got " + std::to_string(yards[i]) +
                              " at flat index " + std::to_string(i));
    }
    double* rewards = rewards_.mutable_data();
    bool* done = done_.mutable_data();
    bool* aborted = aborted_.mutable_data();
    {
      py::gil_scoped_release release;
      for (size_t g = 0; g < games_.size(); ++g) {
        State& state = games_[g];
        std::fill_n(rewards + g * num_players_, num_players_, 0.0);
        if (done[g] && !auto_reset_) continue;
        done[g] = false;
        aborted[g] = false;
        const int8_t* ship_plane = ships + g * s * s;
        for (int i = 0; i < static_cast<int>(state.ships().size()); ++i)
          state.stage_ship(i, kShipActions[ship_plane[state.ships()[i].cell]]);
        if (yards) {
          const int8_t* yard_plane = yards + g * s * s;
          for (int j = 0; j < static_cast<int>(state.shipyards().size()); ++j)
            if (yard_plane[state.shipyards()[j].cell]) state.stage_shipyard(j, Action::Spawn);
        }
        try {
          state.resolve();
        } catch (const CapacityError&) {
          // Past the engine's unit caps the game cannot go on: it ends here,
          // scored as it stands, and `aborted` says so.
          state.clear_staged();
          aborted[g] = true;
        }
        if (state.is_terminal() || aborted[g]) {
          done[g] = true;
          const std::vector<double> final = final_rewards(state);
          std::copy(final.begin(), final.end(), rewards + g * num_players_);
          if (auto_reset_) start(g);
        }
        observe(g);
      }
    }
  }

  // Game g continues from `state` (a position to train or measure from),
  // under the state's own configuration; its board size and player count
  // must be the environment's (the arrays' shapes).
  void load(int g, const State& state) {
    check_game(g);
    if (state.num_players() != num_players_ || state.size() != config_.size)
      throw py::value_error("load: expected a " + std::to_string(num_players_) + "-player state on a " +
                            std::to_string(config_.size) + "x" + std::to_string(config_.size) + " board, got " +
                            std::to_string(state.num_players()) + " players on " + std::to_string(state.size()) + "x" +
                            std::to_string(state.size()));
    games_[static_cast<size_t>(g)] = state;
    done_.mutable_data()[g] = state.is_terminal();
    aborted_.mutable_data()[g] = false;
    observe(static_cast<size_t>(g));
  }

  const std::vector<State>& games() const { return games_; }
  State game(int g) const {
    check_game(g);
    return games_[static_cast<size_t>(g)];
  }

  py::array_t<uint32_t> seeds_;
  py::array_t<double> halite_, ship_cargo_, banks_, rewards_;
  py::array_t<int8_t> ship_owner_, shipyard_owner_;
  py::array_t<int32_t> steps_;
  py::array_t<bool> done_, aborted_;

 private:
  void check_game(int g) const {
    if (g < 0 || g >= static_cast<int>(games_.size()))
      throw py::index_error("game " + std::to_string(g) + " out of range");
  }

  void check_plane(const py::array& a, const char* name) const {
    const py::ssize_t s = config_.size;
    if (a.ndim() != 3 || a.shape(0) != static_cast<py::ssize_t>(games_.size()) || a.shape(1) != s || a.shape(2) != s)
      throw py::value_error(std::string(name) + ": expected shape (" + std::to_string(games_.size()) + ", " +
                            std::to_string(s) + ", " + std::to_string(s) + ")");
  }

  void start(size_t g) {
    Config c = config_;
    c.random_seed = next_seed_++;
    c.has_random_seed = true;
    games_[g] = State::initial(c, num_players_);
    seeds_.mutable_data()[g] = c.random_seed;
  }

  // Writes game g's planes into the arrays (no Python objects: runs without the GIL).
  void observe(size_t g) {
    const State& state = games_[g];
    const size_t cells = static_cast<size_t>(state.cell_count());
    std::memcpy(halite_.mutable_data() + g * cells, state.cells().data(), cells * sizeof(double));
    int8_t* so = ship_owner_.mutable_data() + g * cells;
    int8_t* yo = shipyard_owner_.mutable_data() + g * cells;
    double* cargo = ship_cargo_.mutable_data() + g * cells;
    std::fill_n(so, cells, int8_t{-1});
    std::fill_n(yo, cells, int8_t{-1});
    std::fill_n(cargo, cells, 0.0);
    for (const Ship& sh : state.ships()) {
      so[sh.cell] = static_cast<int8_t>(sh.owner);
      cargo[sh.cell] = sh.cargo;
    }
    for (const Shipyard& y : state.shipyards()) yo[y.cell] = static_cast<int8_t>(y.owner);
    for (int p = 0; p < num_players_; ++p) banks_.mutable_data()[g * num_players_ + p] = state.player(p).bank;
    steps_.mutable_data()[g] = state.step();
  }

  Config config_;
  int num_players_;
  bool auto_reset_;
  uint32_t next_seed_;
  std::vector<State> games_;
};

}  // namespace

void bind_batch_env(py::module_& m) {
  py::class_<BatchEnv>(m, "BatchEnv", R"(N independent games stepped together (docs/python.md).

The observation arrays (halite, ship_owner, ship_cargo, shipyard_owner,
banks, steps) and rewards, done, aborted are owned by the environment and
overwritten in place by every step() and reset(): copy what you keep.)")
      .def(py::init([](int num_games, int num_players, py::object configuration, uint32_t seed, bool auto_reset) {
             return std::make_unique<BatchEnv>(num_games, num_players, config_from_py(configuration), seed, auto_reset);
           }),
           py::arg("num_games"), py::arg("num_players") = 4, py::arg("configuration") = py::none(), py::arg("seed") = 0,
           py::arg("auto_reset") = true)
      .def("reset", &BatchEnv::reset)
      .def("step", &BatchEnv::step, py::arg("ship_actions"), py::arg("shipyard_actions") = py::none())
      .def("state", &BatchEnv::game, py::arg("game"), "A copy of game g's current State.")
      .def("load", &BatchEnv::load, py::arg("game"), py::arg("state"),
           "Game g continues from a copy of `state` (its own configuration; the same board size and player count).")
      .def_property_readonly("num_games", [](const BatchEnv& e) { return e.games().size(); })
      .def_readonly("seeds", &BatchEnv::seeds_)
      .def_readonly("halite", &BatchEnv::halite_)
      .def_readonly("ship_owner", &BatchEnv::ship_owner_)
      .def_readonly("ship_cargo", &BatchEnv::ship_cargo_)
      .def_readonly("shipyard_owner", &BatchEnv::shipyard_owner_)
      .def_readonly("banks", &BatchEnv::banks_)
      .def_readonly("steps", &BatchEnv::steps_)
      .def_readonly("rewards", &BatchEnv::rewards_)
      .def_readonly("done", &BatchEnv::done_)
      .def_readonly("aborted", &BatchEnv::aborted_);
}

}  // namespace halite::python
