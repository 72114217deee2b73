// halite view REPLAY [REPLAY_B]: one self-contained HTML page to watch a game,
// or two games side by side (docs/viewer.md).
#include <cstdio>
#include <fstream>

#include "command.h"
#include "halite/replay_check.h"
#include "view/page.h"
#include "view/trace.h"
#include "view/view_data.h"

namespace halite::tools {
namespace {

// A replay and the engine's states for it, or an error naming the file.
struct LoadedGame {
  std::string path;
  Replay replay;
  std::vector<State> states;
};

LoadedGame load_game(const std::string& path) {
  LoadedGame game;
  game.path = path;
  try {
    game.replay = read_replay_file(path);
    game.states = replay_states(game.replay);
  } catch (const std::exception& e) {
    // The codec's file errors name the path already.
    const std::string what = e.what();
    throw std::runtime_error(what.rfind(path, 0) == 0 ? "replay " + what : "replay " + path + ": " + what);
  }
  return game;
}

std::vector<view::TraceLine> load_traces(const std::vector<std::string>& paths, const LoadedGame& game) {
  std::vector<view::TraceLine> all;
  for (const std::string& path : paths) {
    std::vector<view::TraceLine> lines = view::read_trace_file(path);
    all.insert(all.end(), lines.begin(), lines.end());
  }
  view::check_trace_against_game(all, game.states);
  return all;
}

// The file name without folders and without .gz / .json.
std::string base_name(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  for (const char* suffix : {".gz", ".json"}) {
    const std::string s = suffix;
    if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0)
      name.resize(name.size() - s.size());
  }
  return name;
}

// replay-1.json -> replay-1.html, beside the replay.
std::string default_out(const std::string& replay_path) {
  const size_t slash = replay_path.find_last_of('/');
  const std::string folder = slash == std::string::npos ? "" : replay_path.substr(0, slash + 1);
  return folder + base_name(replay_path) + ".html";
}

int run(const std::vector<std::string>& args) {
  Flags flags(args, {"trace", "trace-b", "out"}, {});
  const std::vector<std::string>& paths = flags.positional();
  if (paths.empty()) throw UsageError("no replay file given");
  if (paths.size() > 2) throw UsageError("at most two replays (side by side), got " + std::to_string(paths.size()));
  if (flags.has("trace-b") && paths.size() < 2) throw UsageError("--trace-b needs a second replay");

  std::vector<LoadedGame> games;
  for (const std::string& path : paths) games.push_back(load_game(path));
  std::vector<view::GameInput> inputs;
  const char* letters[] = {"A", "B"};
  for (size_t g = 0; g < games.size(); ++g) {
    view::GameInput input;
    input.label = (games.size() > 1 ? std::string(letters[g]) + ": " : "") + base_name(games[g].path);
    input.replay = &games[g].replay;
    input.states = &games[g].states;
    input.trace = load_traces(flags.get_all(g == 0 ? "trace" : "trace-b"), games[g]);
    inputs.push_back(std::move(input));
  }
  if (games.size() == 2 && !(games[0].states.front().cells().size() == games[1].states.front().cells().size() &&
                             games[0].replay.config.random_seed == games[1].replay.config.random_seed))
    std::fprintf(stderr, "note: the two games do not start from the same board (size or seed differ)\n");

  const std::string title =
      "halite view: " + inputs.front().label + (inputs.size() > 1 ? " vs " + inputs[1].label : "");
  const std::string page = view::render_page(view::view_data(inputs), title);
  const std::string out = flags.get("out", default_out(paths.front()));
  std::ofstream file(out, std::ios::binary);
  if (!file) throw std::runtime_error("cannot write " + out);
  file << page;
  if (!file.flush()) throw std::runtime_error("error writing " + out);
  std::printf("%s: %zu game%s, %zu states, %zu KB\n", out.c_str(), games.size(), games.size() > 1 ? "s" : "",
              games.front().states.size(), page.size() / 1024);
  return 0;
}

HALITE_COMMAND(Command{
    "view", "write a self-contained HTML page to watch one replay, or two side by side",
    "usage: halite view REPLAY [REPLAY_B] [--trace FILE]... [--trace-b FILE]... [--out FILE.html]\n\n"
    "Replays the game(s) through the engine and writes one HTML file that opens from\n"
    "disk in any browser, with no network: the board at every step, a timeline with\n"
    "its events (spawns, conversions, collisions, losses), per-player charts, and a\n"
    "clicked ship's path and cargo. Two replays (say, one seed played by two versions\n"
    "of a bot) are shown side by side on one timeline, their charts overlaid.\n"
    "Replays are read as `halite replay-check` reads them and must reproduce exactly.\n\n"
    "  --trace FILE    a bot trace for the first game (JSON lines, docs/viewer.md): the\n"
    "                  page shows a clicked unit's recorded reason; may be repeated\n"
    "                  (one file per player)\n"
    "  --trace-b FILE  the same for the second game\n"
    "  --out FILE      the page (default: the first replay's name with .html, beside it)\n",
    run});

}  // namespace
}  // namespace halite::tools
