#include "cpython_order.h"

#include <cstddef>

namespace halite::opponents {

std::vector<int64_t> python_set_order(const std::vector<int64_t>& keys, const std::vector<uint64_t>& hashes) {
  constexpr size_t kProbes = 9;
  size_t mask = 7;
  std::vector<int> table(8, -1);
  size_t fill = 0;
  auto insert_clean = [&](std::vector<int>& t, size_t m, int k) {
    const uint64_t h = hashes[static_cast<size_t>(k)];
    size_t perturb = h, i = h & m;
    while (true) {
      if (t[i] < 0) return void(t[i] = k);
      if (i + kProbes <= m)
        for (size_t j = 1; j <= kProbes; ++j)
          if (t[i + j] < 0) return void(t[i + j] = k);
      perturb >>= 5;
      i = (i * 5 + 1 + perturb) & m;
    }
  };
  for (size_t k = 0; k < keys.size(); ++k) {
    const uint64_t h = hashes[k];
    size_t perturb = h, i = h & mask;
    bool found = false;
    size_t slot = 0;
    while (true) {
      size_t probes = i + kProbes <= mask ? kProbes : 0;
      size_t j = i;
      bool stop = false;
      while (true) {
        if (table[j] < 0) {
          slot = j;
          stop = true;
          break;
        }
        if (hashes[static_cast<size_t>(table[j])] == h && keys[static_cast<size_t>(table[j])] == keys[k]) {
          found = stop = true;
          break;
        }
        if (probes-- == 0) break;
        ++j;
      }
      if (stop) break;
      perturb >>= 5;
      i = (i * 5 + 1 + perturb) & mask;
    }
    if (found) continue;
    table[slot] = static_cast<int>(k);
    ++fill;
    if (fill * 5 < mask * 3) continue;
    const size_t used = fill;
    const size_t minused = used > 50000 ? used * 2 : used * 4;
    size_t size = 8;
    while (size <= minused) size <<= 1;
    std::vector<int> grown(size, -1);
    for (int e : table)
      if (e >= 0) insert_clean(grown, size - 1, e);
    table.swap(grown);
    mask = size - 1;
  }
  std::vector<int64_t> out;
  for (int e : table)
    if (e >= 0) out.push_back(keys[static_cast<size_t>(e)]);
  return out;
}

uint64_t tuple_hash(int64_t x, int64_t y) {
  constexpr uint64_t p1 = 11400714785074694791ULL, p2 = 14029467366897019727ULL, p5 = 2870177450012600261ULL;
  uint64_t acc = p5;
  for (uint64_t lane : {static_cast<uint64_t>(x), static_cast<uint64_t>(y)}) {
    acc += lane * p2;
    acc = (acc << 31) | (acc >> 33);
    acc *= p1;
  }
  acc += 2 ^ (p5 ^ 3527539UL);
  if (acc == ~uint64_t{0}) return 1546275796;
  return acc;
}

}  // namespace halite::opponents
