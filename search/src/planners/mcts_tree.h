// mcts's tree: the nodes, their units' local bandits and joint moves (the
// global bandit's arms), and the index of the joint moves by (node, key).
// Private to the planner's sources (mcts*.cpp); the algorithm is described
// in halite/search/planners/mcts.h.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#include "halite/search/policy/common.h"
#include "halite/search/rng.h"

namespace halite::search::mcts {

// A joint move packs 3 bits per unit into 64 bits.
constexpr int kMaxUnits = 21;
constexpr int kMaxTreeDepth = 10;

inline int move_of_key(uint64_t key, int unit) {
  return static_cast<int>(key >> (3 * unit) & 7u);
}

// One unit's local bandit at a node.
struct UnitStats {
  std::array<uint8_t, kNumMoves> order{};  // the prior move, then the others by the policy's cost
  uint8_t allowed = 1;                     // leading moves of `order` not pruned (the prior always)
  std::array<int32_t, kNumMoves> n{};      // by move index
  std::array<double, kNumMoves> sum{};
  double mean(int m) const { return n[m] > 0 ? sum[m] / n[m] : 0; }
};

struct Node;
// One joint move of a node (the global bandit's arm).
struct Arm {
  uint64_t key = 0;
  int32_t n = 0;
  int32_t rank = 0;  // its place among its node's joint moves, in creation order
  double sum = 0;
  double average = 0;  // sum / n, kept by add(): a scan for the greedy pick compares every arm's mean
  Node* child = nullptr;
  Arm* next = nullptr;
  double mean() const { return average; }
  void add(double value) {
    ++n;
    sum += value;
    average = sum / n;
  }
};

// A node; its units' UnitStats follow it in the same pool block.
struct Node {
  int32_t visits = 0;  // iterations through or ending at this node
  int32_t evals = 0;   // iterations ending here (leaf evaluations)
  int32_t num_arms = 0;
  bool has_prior = false;
  Arm* prior = nullptr;  // the policy's joint move
  // select()'s greedy pick while it is known (nullptr: scan the joint moves
  // for it): kept across backups, which change one joint move's mean each.
  Arm* greedy = nullptr;
  // While greedy is known: at least the mean of every other arm it is
  // chosen among (the prior and the visited ones), so that a fall of the
  // pick's own mean that leaves it above every other needs no scan.
  double rival = 0;
  Arm* first = nullptr;
  Arm* last = nullptr;
  static constexpr size_t header_bytes() {
    return (sizeof(Node) + alignof(UnitStats) - 1) / alignof(UnitStats) * alignof(UnitStats);
  }
  UnitStats* units() {
    return std::launder(reinterpret_cast<UnitStats*>(reinterpret_cast<char*>(this) + header_bytes()));
  }
  const UnitStats* units() const {
    return std::launder(reinterpret_cast<const UnitStats*>(reinterpret_cast<const char*>(this) + header_bytes()));
  }
};

// The joint moves of every node by (node, key): select() looks up each key
// it samples, and a node's list grows to thousands of joint moves at the
// root. Open addressing with linear probing; clear() is a new stamp, since
// joint moves are only ever all dropped (release_tree, which then indexes
// the kept subtree again). Lookups do not depend on where an entry sits, so
// the pointer hash leaves the search deterministic.
class ArmIndex {
 public:
  Arm* find(const Node* node, uint64_t key) const {
    if (slots_.empty()) return nullptr;
    for (size_t i = slot_of(node, key);; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.stamp != stamp_) return nullptr;
      if (s.node == node && s.key == key) return s.arm;
    }
  }
  // `key` must not be in the index for `node` yet.
  void insert(const Node* node, uint64_t key, Arm* arm) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    place({node, key, arm, stamp_});
    ++count_;
  }
  size_t size() const { return count_; }
  void clear() {
    count_ = 0;
    if (++stamp_ == 0) {  // stamps wrap: empty every slot once
      for (Slot& s : slots_) s.stamp = 0;
      stamp_ = 1;
    }
  }

 private:
  struct Slot {
    const Node* node = nullptr;
    uint64_t key = 0;
    Arm* arm = nullptr;
    uint32_t stamp = 0;  // == stamp_: in use
  };
  size_t slot_of(const Node* node, uint64_t key) const {
    return static_cast<size_t>(mix64(reinterpret_cast<uintptr_t>(node) ^ mix64(key))) & mask_;
  }
  void place(const Slot& entry) {
    size_t i = slot_of(entry.node, entry.key);
    while (slots_[i].stamp == stamp_) i = (i + 1) & mask_;
    slots_[i] = entry;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(std::max<size_t>(kFirstSlots, 2 * old.size()), Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& s : old)
      if (s.stamp == stamp_) place(s);
  }
  static constexpr size_t kFirstSlots = 1024;  // a power of two
  std::vector<Slot> slots_;
  size_t mask_ = 0, count_ = 0;
  uint32_t stamp_ = 1;
};

}  // namespace halite::search::mcts
