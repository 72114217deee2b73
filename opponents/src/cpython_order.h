// CPython 3.11's orders, which the Python bots' ties follow: a model that
// gives their choices where several are equally good must follow them too.
#pragma once

#include <cstdint>
#include <vector>

namespace halite::opponents {

// The iteration order of a CPython 3.11 set built by adding `keys` in order
// (equal keys once), given each key's hash. The bots turn lists into sets
// and back, and that order decides their assignments' ties.
std::vector<int64_t> python_set_order(const std::vector<int64_t>& keys, const std::vector<uint64_t>& hashes);

// hash((x, y)) of CPython 3.11 for small non-negative ints.
uint64_t tuple_hash(int64_t x, int64_t y);

}  // namespace halite::opponents
