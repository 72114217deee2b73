#include <cstdio>
#include "halite/replay_check.h"
using namespace halite;
int main(int argc, char** argv) {
  int bad = 0;
  for (int i = 1; i < argc; ++i) {
    try {
      Replay r = read_replay_file(argv[i]);
      auto res = check_replay(r);
      if (res.ok()) std::printf("%s: OK (%d states)\n", argv[i], res.states);
      else { ++bad; std::printf("%s: DIFF %s\n", argv[i], res.difference->str().c_str()); }
    } catch (const std::exception& e) { ++bad; std::printf("%s: ERROR %s\n", argv[i], e.what()); }
  }
  return bad ? 1 : 0;
}
