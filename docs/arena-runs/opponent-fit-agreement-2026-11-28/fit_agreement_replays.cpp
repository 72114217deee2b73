// One-off: base vs fitted fleet models' agreement with each bot of Kaggle-env replays, seen from our seat.
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>
#include "halite/json_codec.h"
#include "halite/replay_check.h"
#include "halite/search/game_memory.h"
#include "halite/search/model/opponent_fit.h"
#include "halite/search/params.h"
using namespace halite;
using namespace halite::search;
int main(int argc, char** argv) {
  Params p = default_params("fleet");
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.find('=') != std::string::npos) p.set_from_string(a); else files.push_back(a);
  }
  const FleetParams base = FleetParams::from(p);
  std::map<std::string, std::array<double, 3>> sum;  // name -> actions, base agreed, fitted agreed
  for (const std::string& f : files) {
    // 4p__mz,zf,ours,zeta__seed1018.json
    const auto b = f.find("4p__") + 4;
    std::string names = f.substr(b, f.find("__seed") - b);
    std::vector<std::string> seats;
    std::stringstream ss(names);
    for (std::string x; std::getline(ss, x, ',');) seats.push_back(x);
    int me = 0;
    for (int i = 0; i < 4; ++i) if (seats[i] == "ours") me = i;
    const Replay replay = read_replay_file(f);
    GameMemory memory;
    memory.reset(4, me);
    OpponentFits fits(OpponentFit::better, base);
    fits.reset();
    check_replay(replay, [&](const State& s) {
      if (s.player(me).status != Status::Active) return;
      memory.observe(s);
      fits.update(s, me, memory, Budget());
    });
    for (int q = 0; q < 4; ++q) {
      if (q == me) continue;
      const double n = (double)fits.scored_actions(q);
      sum[seats[q]][0] += n;
      sum[seats[q]][1] += n * fits.agreement(q, false);
      sum[seats[q]][2] += n * fits.agreement(q, true);
      std::printf("%s %s: %lld base %.3f fitted %.3f\n", f.substr(f.rfind('/') + 1).c_str(), seats[q].c_str(),
                  (long long)n, fits.agreement(q, false), fits.agreement(q, true));
    }
  }
  for (auto& [name, v] : sum) std::printf("ALL %s: actions %.0f base %.4f fitted %.4f\n", name.c_str(), v[0], v[1] / v[0], v[2] / v[0]);
}
