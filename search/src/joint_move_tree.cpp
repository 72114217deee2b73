// JointMoveTree: the pools, the arm index, priors, backup and the check of
// the tree both mcts planners search (joint_move_tree.h).
#include "halite/search/joint_move_tree.h"

#include <limits>
#include <unordered_set>

namespace halite::search::mcts {

namespace {

// The pools grow in blocks: the first holds kPoolFirstBlock chunks (a small
// tree costs a few hundred KB), each next one twice the last, up to
// kPoolMaxBlock chunks (one allocation stays in the tens of MB at max_units).
constexpr int64_t kPoolFirstBlock = 256;
constexpr int64_t kPoolMaxBlock = int64_t{1} << 16;
constexpr double kInf = std::numeric_limits<double>::infinity();

size_t pool_block(int64_t max_nodes) {
  return static_cast<size_t>(std::clamp(max_nodes, kPoolFirstBlock, kPoolMaxBlock));
}

}  // namespace

// ---- the arm index ------------------------------------------------------------

Arm* ArmIndex::find(const Node* node, uint64_t key) const {
  if (slots_.empty()) return nullptr;
  for (size_t i = slot_of(node, key);; i = (i + 1) & mask_) {
    const Slot& s = slots_[i];
    if (s.stamp != stamp_) return nullptr;
    if (s.node == node && s.key == key) return s.arm;
  }
}

void ArmIndex::insert(const Node* node, uint64_t key, Arm* arm) {
  if (2 * (count_ + 1) > slots_.size()) grow();
  place({node, key, arm, stamp_});
  ++count_;
}

void ArmIndex::clear() {
  count_ = 0;
  if (++stamp_ == 0) {  // stamps wrap: empty every slot once
    for (Slot& s : slots_) s.stamp = 0;
    stamp_ = 1;
  }
}

void ArmIndex::place(const Slot& entry) {
  size_t i = slot_of(entry.node, entry.key);
  while (slots_[i].stamp == stamp_) i = (i + 1) & mask_;
  slots_[i] = entry;
}

void ArmIndex::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(std::max<size_t>(kFirstSlots, 2 * old.size()), Slot{});
  mask_ = slots_.size() - 1;
  for (const Slot& s : old)
    if (s.stamp == stamp_) place(s);
}

// ---- pools ----------------------------------------------------------------------

JointMoveTree::JointMoveTree(int max_units, int64_t max_nodes)
    : max_units_(std::clamp(max_units, 1, kMaxUnits)),
      max_nodes_(max_nodes),
      node_pool_(Node::header_bytes() + static_cast<size_t>(max_units_) * sizeof(UnitStats), kPoolFirstBlock,
                 pool_block(max_nodes)),
      arm_pool_(sizeof(Arm), kPoolFirstBlock, pool_block(max_nodes)) {}

JointMoveTree::~JointMoveTree() {
  clear();
}

Node* JointMoveTree::new_node() {
  if (nodes_used_ >= max_nodes_) return nullptr;
  void* mem = node_pool_.malloc();
  if (!mem) throw std::bad_alloc();
  Node* node = new (mem) Node{};
  char* units = static_cast<char*>(mem) + Node::header_bytes();
  for (int u = 0; u < max_units_; ++u) new (units + static_cast<size_t>(u) * sizeof(UnitStats)) UnitStats{};
  ++nodes_used_;
  return node;
}

Arm* JointMoveTree::add_arm(Node* node, uint64_t key) {
  void* mem = arm_pool_.malloc();
  if (!mem) throw std::bad_alloc();
  Arm* a = new (mem) Arm{};
  a->key = key;
  a->rank = node->num_arms;
  index_.insert(node, key, a);
  if (node->last)
    node->last->next = a;
  else
    node->first = a;
  node->last = a;
  ++node->num_arms;
  ++arms_used_;
  return a;
}

void JointMoveTree::clear() {
  if (root_) free_subtree(root_, nullptr);
  root_ = nullptr;
  index_.clear();
}

void JointMoveTree::set_root(Node* keep) {
  if (root_) free_subtree(root_, keep);
  root_ = nullptr;
  index_.clear();
  if (keep) index_subtree(keep);
  root_ = keep ? keep : new_node();
}

void JointMoveTree::index_subtree(const Node* node) {
  for (Arm* a = node->first; a; a = a->next) {
    index_.insert(node, a->key, a);
    if (a->child) index_subtree(a->child);
  }
}

void JointMoveTree::free_subtree(Node* node, Node* keep) {
  for (Arm* a = node->first; a;) {
    Arm* next = a->next;
    if (a->child && a->child != keep) free_subtree(a->child, keep);
    arm_pool_.free(a);
    --arms_used_;
    a = next;
  }
  node_pool_.free(node);
  --nodes_used_;
}

// ---- bandits --------------------------------------------------------------------

void JointMoveTree::set_prior(Node* node, uint64_t key) {
  Arm* a = find_arm(node, key);
  if (!a) a = add_arm(node, key);
  node->prior = a;
  node->has_prior = true;
  node->greedy = nullptr;
}

Arm* JointMoveTree::greedy_arm(Node* node) {
  if (!node->greedy) node->greedy = scan_greedy(node, &node->rival);
  return node->greedy;
}

Arm* JointMoveTree::scan_greedy(const Node* node, double* rival) {
  Arm* best = node->prior;
  double second = -kInf;
  for (Arm* a = node->first; a; a = a->next) {
    if (a->n == 0 || a == node->prior) continue;
    if (a->mean() > best->mean()) {
      second = std::max(second, best->mean());
      best = a;
    } else {
      second = std::max(second, a->mean());
    }
  }
  if (rival) *rival = second;
  return best;
}

// After `arm`'s mean went from `before` to its new value: the greedy pick
// as greedy_arm() would find it, or unknown when the pick's own mean fell
// to or below the rival bound (a tie goes to the scan's order).
void JointMoveTree::keep_greedy(Node* node, Arm* arm, double before) {
  Arm* g = node->greedy;
  if (!g) return;
  if (arm == g) {
    if (arm->mean() < before && !(arm->mean() > node->rival)) node->greedy = nullptr;
    return;
  }
  const bool first = arm == node->prior || (g != node->prior && arm->rank < g->rank);
  if (arm->mean() > g->mean() || (arm->mean() == g->mean() && first)) {
    node->rival = std::max(node->rival, g->mean());
    node->greedy = arm;
  } else {
    node->rival = std::max(node->rival, arm->mean());
  }
}

void JointMoveTree::backup(const PathStep* path, int depth, int units, double value, Node* leaf) {
  for (int d = 0; d < depth; ++d) {
    const PathStep& st = path[d];
    ++st.node->visits;
    const double before = st.arm->mean();
    st.arm->add(value);
    keep_greedy(st.node, st.arm, before);
    UnitStats* us = st.node->units();
    for (int u = 0; u < units; ++u) {
      if (!(st.alive >> u & 1)) continue;
      const int m = move_of_key(st.arm->key, u);
      ++us[u].n[static_cast<size_t>(m)];
      us[u].sum[static_cast<size_t>(m)] += value;
    }
  }
  if (leaf) {
    ++leaf->visits;
    ++leaf->evals;
  }
}

void JointMoveTree::order_moves(UnitStats& us, const std::array<double, kUnitMoves>& cost, int policy,
                                double prune_penalty) {
  const double bound = cost[static_cast<size_t>(policy)] + prune_penalty;
  std::array<std::pair<double, int>, kUnitMoves> rest{};
  int allowed = 0, count = 0;
  for (int m = 0; m < kUnitMoves; ++m) {
    if (m == policy) continue;
    const double c = cost[static_cast<size_t>(m)];
    const bool keep = c < bound || (bound == kInf && c < kInf);
    allowed += keep;
    rest[static_cast<size_t>(count++)] = {keep ? c : kInf, m};
  }
  std::stable_sort(rest.begin(), rest.begin() + count);
  us.order[0] = static_cast<uint8_t>(policy);
  for (int k = 0; k < count; ++k)
    us.order[static_cast<size_t>(k + 1)] = static_cast<uint8_t>(rest[static_cast<size_t>(k)].second);
  us.allowed = static_cast<uint8_t>(1 + allowed);
}

void JointMoveTree::single_move(UnitStats& us, int policy) {
  us.order[0] = static_cast<uint8_t>(policy);
  for (int m = 0, k = 1; m < kUnitMoves; ++m)
    if (m != policy) us.order[static_cast<size_t>(k++)] = static_cast<uint8_t>(m);
  us.allowed = 1;
}

// ---- the check --------------------------------------------------------------------

std::string JointMoveTree::check(int units, bool every_visit_at_root) const {
  if (!root_) return nodes_used_ == 0 && arms_used_ == 0 ? "" : "no root, but nodes or joint moves in use";
  std::unordered_set<const Node*> seen;
  int64_t arms = 0;
  std::vector<const Node*> stack = {root_};
  while (!stack.empty()) {
    const Node* node = stack.back();
    stack.pop_back();
    if (!seen.insert(node).second) return "a node is reached twice";
    int64_t through = 0;
    int count = 0;
    std::unordered_set<uint64_t> keys;
    for (const Arm* a = node->first; a; a = a->next) {
      ++count;
      through += a->n;
      if (!keys.insert(a->key).second) return "a joint move stored twice in one node";
      if (a->child) {
        if (a->child->visits != a->n)
          return "a joint move's visits (" + std::to_string(a->n) + ") differ from its child's (" +
                 std::to_string(a->child->visits) + ")";
        stack.push_back(a->child);
      }
    }
    arms += count;
    if (count != node->num_arms) return "a node's joint-move count is wrong";
    for (const Arm* a = node->first; a; a = a->next)
      if (find_arm(node, a->key) != a) return "a joint move is not found by its key in its node's index";
    if (node->greedy && node->greedy != scan_greedy(node))
      return "a node's kept greedy pick is not the joint move a scan finds";
    if (node->greedy)
      for (const Arm* a = node->first; a; a = a->next)
        if (a != node->greedy && (a->n > 0 || a == node->prior) && a->mean() > node->rival)
          return "a node's rival bound is below the mean of a joint move other than its greedy pick";
    if (node->visits != node->evals + through)
      return "a node's visits (" + std::to_string(node->visits) + ") differ from its leaf evaluations (" +
             std::to_string(node->evals) + ") plus its joint moves' visits (" + std::to_string(through) + ")";
    for (int u = 0; u < units; ++u) {
      int64_t local = 0;
      for (int m = 0; m < kUnitMoves; ++m) local += node->units()[u].n[static_cast<size_t>(m)];
      const bool every_visit = node == root_ && every_visit_at_root;
      if (local > through || (every_visit && local != through))
        return "unit " + std::to_string(u) + "'s local visits (" + std::to_string(local) +
               ") do not match its node's joint-move visits (" + std::to_string(through) + ")";
    }
  }
  if (static_cast<int64_t>(seen.size()) != nodes_used_) return "the tree holds fewer nodes than the pool gave out";
  if (arms != arms_used_) return "the tree holds fewer joint moves than the pool gave out";
  if (static_cast<int64_t>(index_.size()) != arms) return "the index holds another number of joint moves than the tree";
  return "";
}

}  // namespace halite::search::mcts
