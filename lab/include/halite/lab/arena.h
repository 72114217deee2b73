// Arena: many games between planner specs, on several threads, with the
// statistics `halite arena` prints (win rate, 95% confidence interval, Elo,
// average bank, turn-time percentiles).
//
// The arena plays either game: Halite IV (the planners of search/, Kaggle's
// rules) or Halite III (the policy of search3/ on engine3/; halite3_match.h).
// Seats, seeds, records and statistics are the same code for both.
//
// A player spec is `name` or `name:key=value,key=value` (parameter overrides
// of that planner; `seed=N` fixes the planner's seed in every game, as
// `halite_bot --seed N` does, instead of deriving one per game and seat), or
// `py:FILE`, a Kaggle Python agent file (python_agent.h). Two specs: two-player games, seats swapped on each board
// (games 2k and 2k+1 share board seed seed + k). With `four_player`, seats
// rotate over the specs repeated to four (a;b -> a,b,a,b), board k used by
// four consecutive games with the seats rotated. Every game's planners get
// their own seeds derived from the arena seed, the game and the seat, so an
// arena with an iteration budget is reproducible whatever the thread count,
// and whatever the number of processes when a Cluster shares the games out
// (under mpirun: the same games, byte for byte, in completion order).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "halite/lab/cluster.h"
#include "halite/lab/match.h"
#include "halite/lab/python_agent.h"
#include "halite/search/param_file.h"

namespace halite::lab {

inline constexpr std::string_view kPythonSpecPrefix = "py:";

enum class Game { Halite4, Halite3 };

// A planner's declared parameters at their defaults, for `game`'s planners:
// search::default_params (Halite IV) or halite3::search::planner_params
// (search3/). What the parameter files of that game are read with.
search::DefaultParams default_params_of(Game game);

struct PlayerSpec {
  std::string label;                   // as given
  std::string planner;                 // empty for a Python agent
  std::vector<std::string> overrides;  // "k=v"
  std::optional<uint64_t> seed;        // `seed=N`: the planner's seed in every game
  std::string python_file;             // `py:FILE`: the agent file
  // `blind`: the planner is given no model of a named bot (as halite_bot
  // --blind), whatever models the program registered.
  bool blind = false;
  // Parses `name[:k=v,...]` or `py:FILE`; throws ParamError for an unknown
  // planner or parameter, a bad seed, or an agent file that cannot be read.
  // For Halite III the planner is one of search3/'s (halite3_match.h), which
  // take neither `py:` nor `blind`.
  static PlayerSpec parse(const std::string& text, Game game = Game::Halite4);
  // Throws ParamError, as parse does, when this spec's planner or overrides
  // are not a planner of `game` with its declared parameters in range.
  void check(Game game) const;
  // The Halite IV planner this spec names, built with `seed` (its own
  // `seed=N` wins).
  std::unique_ptr<search::Planner> make(uint64_t seed) const;
};

// The seats of one game after another. Planners are built afresh for each
// game at a fixed budget; Python agents are kept across games (their workers
// stay up), one per seat a spec takes in a game.
class GameSeats {
 public:
  GameSeats(PythonRuntime python, TurnBudget budget) : python_(std::move(python)), budget_(budget) {}
  // The agents for a game whose seat s is played by *specs[s]; a planner
  // whose spec fixes no seed gets planner_seed(s). Valid until the next call.
  const std::vector<Agent*>& seat(const std::vector<const PlayerSpec*>& specs,
                                  const std::function<uint64_t(int seat)>& planner_seed);
  // The planner seats of the games seated from now on write their reasons
  // to `trace` (nullptr: none). Python agents write none.
  void set_trace(TraceFile* trace) { trace_ = trace; }

 private:
  PythonRuntime python_;
  TurnBudget budget_;
  TraceFile* trace_ = nullptr;
  std::vector<std::pair<std::string, std::unique_ptr<ProcessAgent>>> python_agents_;  // (file, agent)
  std::vector<std::unique_ptr<search::Planner>> planners_;
  std::vector<std::unique_ptr<PlannerAgent>> planner_agents_;
  std::vector<Agent*> agents_;
};

struct ArenaOptions {
  std::vector<PlayerSpec> players;  // 2 or more (2p needs exactly 2; 4p takes 1..4)
  int games = 10;
  bool four_player = false;
  int jobs = 1;
  TurnBudget budget;
  uint64_t seed = 1;
  Config config;           // size, episode_steps, act_timeout, agent_timeout; random_seed is set per game
  PythonRuntime python;    // for `py:` players
  std::string replay_dir;  // non-empty: write each game's replay there (by whichever rank plays it)
  bool trace = false;      // with replay_dir: each game's planner seats' reasons beside it (game-N.trace.jsonl)
  // Halite III (game == Game::Halite3; config, python and trace are Halite
  // IV's, budget is both games'): every game's map side, or 0 for the official sides in
  // turn, one a board (kHalite3Sides); the turn count, or 0 for the official
  // count of the side (400 at 32 to 500 at 64).
  Game game = Game::Halite4;
  int halite3_size = 0;
  int64_t halite3_turns = 0;
  // With the official sides in turn: board group g is played on side
  // kHalite3Sides[(g + halite3_side_offset) % 5] (a tune's iterations take
  // the turn on from one another).
  int64_t halite3_side_offset = 0;
  // A cluster of several ranks (rank 0 calls run_arena): the games are shared
  // with the other ranks, each playing on its own threads. Not serialised.
  Cluster* cluster = nullptr;
};

struct ArenaGame {
  int index = 0;
  uint32_t board_seed = 0;
  std::vector<int> seat_player;  // seat -> index into ArenaOptions::players
  int map_size = 0;              // Halite III: the map's side (Halite IV: 0; the config's size)
  MatchResult result;            // without recorded states
};

struct ArenaPlayerSummary {
  std::string name;
  int games = 0;
  double wins = 0;  // first places; a shared first place counts 1 / (number sharing)
  double win_rate = 0;
  double ci_low = 0, ci_high = 0;  // Wilson 95% interval of the win rate
  double elo = 0;                  // from the win rate against the field (clamped at +-800)
  double avg_bank = 0;
  double turn_p50 = 0, turn_p99 = 0, turn_max = 0;  // ms per plan(), to 0.01 ms
  int64_t turns = 0;  // the plan() calls those cover (none from records that hold no turn times)
  int errors = 0;     // games it ended with ERROR, INVALID or TIMEOUT
};

struct ArenaSummary {
  int games = 0;        // games summed up, aborted ones included (run_arena: all of the arena's)
  int aborted = 0;      // games the engine could not finish (MatchResult::aborted): in no player's figures
  int timed_games = 0;  // finished games whose turn times the players' turn_* cover (records
                        // written before records held turn times hold none)
  std::vector<ArenaPlayerSummary> players;
  nlohmann::json to_json() const;  // the `halite arena --json` object
  std::string table() const;       // the human summary table
};

// Plays options.games games on options.jobs threads (and on the other ranks of
// options.cluster); calls on_game (serialised, on this process) after each
// game in completion order. `finished` games (read back from a JSONL with
// game_from_record, to resume an arena) count in the summary and are not
// played again; throws std::invalid_argument if one is there twice.
ArenaSummary run_arena(const ArenaOptions& options, const std::function<void(const ArenaGame&)>& on_game = {},
                       const std::vector<ArenaGame>& finished = {});

// The summary of some of the arena's games (read back with game_from_record,
// e.g. of a run still going or stopped), as run_arena would give it had they
// been all: `games` is their number. Throws std::invalid_argument for a game
// that is not in the arena or is there twice.
ArenaSummary summarize_arena(const ArenaOptions& options, const std::vector<ArenaGame>& games);

// Under a cluster, ranks other than 0 call this instead of run_arena: they play
// the games rank 0 hands out on `jobs` threads until rank 0 is done.
void serve_arena_games(Cluster& cluster, int jobs);

// Game `index` of the arena: its board seed and seats, not yet played.
ArenaGame arena_game(const ArenaOptions& options, int index);
// Plays game `index` (writing its replay when options.replay_dir is set,
// DIR/game-<index>.json, or .hlt for Halite III): the same game whichever
// thread or rank plays it.
ArenaGame play_arena_game(const ArenaOptions& options, int index);

// One game's JSONL record: {"game", "board_seed", "seats": [names], "rewards", "ranks", "banks", "states",
// "errors", "aborted", "turn_ms": [per seat, ms of each plan() to 0.01 ms]}; a Halite III game's also
// "size", its map's side (board_seed is then its map seed).
nlohmann::json game_record(const ArenaOptions& options, const ArenaGame& game);
// The game back from its record (without statuses), checked against this
// arena: throws std::runtime_error naming the field when the record is
// malformed or is not this arena's game (another seed, other players). A
// record without "turn_ms" (written before records held them) reads back
// with no turn times.
ArenaGame game_from_record(const ArenaOptions& options, const nlohmann::json& record);

// Wilson score interval at 95% for `wins` out of `n`.
std::pair<double, double> wilson95(double wins, int n);

}  // namespace halite::lab
