#include "entries.h"

#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string_view>

#include "bot.h"
#include "halite/json_codec.h"
#include "halite/replay_check.h"
#include "halite/state.h"
#include "halite3/replay_check.h"

namespace halite::fuzz {

namespace {

// Turns played from a fuzzed observation: enough for spawns to collide,
// conversions to land and ships to die; more only slows the fuzzer.
constexpr int kTurnsFromObservation = 8;

std::string_view as_text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

void require_consistent(const State& s) {
  if (std::string err = s.check(); !err.empty()) throw std::logic_error("State::check() failed: " + err);
}

// The position the action fuzzer answers for: two players a few turns into
// a small game, with ships and a shipyard each, so that every kind of order
// can take effect.
State action_position() {
  Config config;
  config.size = 7;
  config.random_seed = 1;
  config.has_random_seed = true;
  State s = State::initial(config, 2);
  for (int turn = 0; turn < 4; ++turn) {
    for (int i = 0; i < static_cast<int>(s.ships().size()); ++i)
      s.stage_ship(i, turn == 0 ? Action::Convert : (i % 2 ? Action::North : Action::East));
    for (int i = 0; i < static_cast<int>(s.shipyards().size()); ++i) s.stage_shipyard(i, Action::Spawn);
    s.resolve();
  }
  return s;
}

}  // namespace

// The bytes as a file without touching the disk (the replay readers take a
// path and sniff gzip or zstd themselves): an in-memory file, closed when it
// goes out of scope.
struct MemoryFile {
  int fd;
  MemoryFile(const uint8_t* data, size_t size) : fd(memfd_create("halite-fuzz-replay", 0)) {
    if (fd < 0) throw std::runtime_error("memfd_create failed");
    size_t written = 0;
    while (written < size) {
      const ssize_t n = write(fd, data + written, size - written);
      if (n <= 0) {
        close(fd);
        throw std::runtime_error("writing the memfd failed");
      }
      written += static_cast<size_t>(n);
    }
  }
  ~MemoryFile() { close(fd); }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd); }
};

void replay(const uint8_t* data, size_t size) {
  const MemoryFile file(data, size);
  try {
    const Replay r = read_replay_file(file.path());
    (void)check_replay(r);  // differences are results, not errors
  } catch (const JsonError&) {
    return;  // refused, the documented way (a damaged later record included)
  }
}

void halite3_replay(const uint8_t* data, size_t size) {
  const MemoryFile file(data, size);
  try {
    const halite3::Replay r = halite3::read_replay_file(file.path());
    (void)halite3::check_replay(r);  // differences are results, not errors
  } catch (const halite3::ReplayError&) {
    return;  // refused: unreadable, undecompressable or not a replay
  } catch (const halite3::CapacityError&) {
    return;  // a game past the engine's caps
  }
}

void configuration(const uint8_t* data, size_t size) {
  Config c;
  try {
    c = config_from_json(parse_json(as_text(data, size)));
  } catch (const JsonError&) {
    return;
  }
  // What was accepted writes back and reads again as the same configuration.
  if (!(config_from_json(config_to_json(c)) == c)) throw std::logic_error("configuration does not round-trip");
}

void observation(const uint8_t* data, size_t size) {
  const std::string_view all = as_text(data, size);
  const size_t split = std::min(all.find('\0'), all.size());
  const std::string_view json_part = all.substr(0, split);
  const std::string_view orders = split < all.size() ? all.substr(split + 1) : std::string_view();
  State s;
  try {
    const Json obs = parse_json(json_part);
    Config config;
    // The board's side from the halite list, so that every board size is reachable.
    if (obs.is_object() && obs.contains("halite") && obs["halite"].is_array()) {
      const auto side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(obs["halite"].size()))));
      if (side >= kMinBoardSize && side <= kMaxBoardSize) config.size = side;
    }
    s = state_from_observation(obs, config);
  } catch (const JsonError&) {
    return;
  }
  require_consistent(s);
  if (!(state_from_observation(observation_to_json(s, 0), s.config()) == s))
    throw std::logic_error("observation does not round-trip");
  size_t k = 0;
  auto next = [&]() { return k < orders.size() ? static_cast<uint8_t>(orders[k++]) : uint8_t{0}; };
  for (int turn = 0; turn < kTurnsFromObservation && !s.is_terminal(); ++turn) {
    for (int i = 0; i < static_cast<int>(s.ships().size()); ++i) s.stage_ship(i, static_cast<Action>(next() % 7));
    for (int i = 0; i < static_cast<int>(s.shipyards().size()); ++i)
      s.stage_shipyard(i, next() % 2 ? Action::Spawn : Action::None);
    const State before = s;
    try {
      s.resolve();
    } catch (const CapacityError&) {
      if (!(s == before)) throw std::logic_error("a refused turn changed the state");
      return;
    }
    require_consistent(s);
  }
}

void actions(const uint8_t* data, size_t size) {
  static const State position = action_position();
  Json answer;
  try {
    answer = parse_json(as_text(data, size));
  } catch (const JsonError&) {
    return;
  }
  for (int player = 0; player < position.num_players(); ++player) {
    const ParsedAction parsed = parse_action(answer, position, player);
    if (parsed.status != Status::Active) continue;
    State s = position;
    s.stage(player, parsed.orders);
    s.resolve();
    require_consistent(s);
  }
}

void bot_lines(const uint8_t* data, size_t size) {
  bot::Options options;
  options.planner = "greedy";  // cheap: the fuzzer tests the line handling, not the search
  options.verbose = 0;
  options.time.iterations = 1;
  bot::Bot b(options);
  std::string_view rest = as_text(data, size);
  while (!rest.empty()) {
    const size_t nl = std::min(rest.find('\n'), rest.size());
    const std::optional<std::string> answer = b.handle_line(rest.substr(0, nl), std::chrono::steady_clock::now());
    // Whatever came in, what goes out is a JSON object (or nothing, for a configuration).
    if (answer && !parse_json(*answer).is_object()) throw std::logic_error("the bot answered " + *answer);
    rest.remove_prefix(std::min(nl + 1, rest.size()));
  }
  b.finish();
}

const std::vector<Entry>& entries() {
  static const std::vector<Entry> all = {{"replay", replay},           {"configuration", configuration},
                                         {"observation", observation}, {"actions", actions},
                                         {"bot_lines", bot_lines},     {"halite3_replay", halite3_replay}};
  return all;
}

}  // namespace halite::fuzz
