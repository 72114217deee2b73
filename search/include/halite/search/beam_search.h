// BeamSearch: the beam search both games' beam planners run, over a small
// "game traits" type that knows the game; the algorithm knows none.
//
// From the root, level by level up to `depth` turns: every state of the beam
// is expanded into at most `branching` children, each the parent stepped by
// one joint move (child 0 the policy's own move, the others its variants);
// each child is scored, its score times discount^level, and the best `width`
// children form the next level. The line where every move was the policy's
// always survives a cut, and the answer leaves it only when the best state of
// the deepest complete level beats it by min_gain (discounted as the scores
// are): a variant must earn its risk. A level the budget cuts short is not
// used (its states are not comparable with the policy line's). With a
// deadline and widen > 1, a complete beam is followed by wider ones (width
// and branching times widen each round) while time is left; the answer is
// the widest complete beam's.
//
// Traits (a concrete type: no virtual call in the loop) provides
//   using State = ...;  // copied into every child (keep it trivially copyable)
//   using Move = ...;   // the own joint move of one turn: what the answer is
//   bool terminal(const State&) const;
//       no child: the state is carried to the next level as it is;
//   void expand(const State& parent, int level);
//       prepares the joint moves of `parent` (the policy's, the opponents',
//       the variants), called once before its children;
//   bool joint_move(const State& parent, int level, int b, Move& move);
//       the b-th joint move of the parent last expanded (b = 0: the
//       policy's); false when there is no b-th, which ends the parent's
//       children;
//   void step(State& child, int level, const Move& move);
//       `child`, a copy of the parent, advanced one turn by `move` and the
//       opponents' moves expand() prepared;
//   double score(const State&);
//       the value of a state for the searching player (higher is better).
// Every call is in a fixed order, so a traits type whose randomness is
// seeded makes the search deterministic under an iteration cap.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "halite/search/budget.h"

namespace halite::search {

// The shape of a beam; each planner declares these as its parameters.
struct BeamShape {
  int width = 6;                      // states kept per level
  int depth = 6;                      // levels (turns) searched
  int branching = 12;                 // children per state
  double discount = 0.95;             // a score `level` turns deep counts discount^level
  double min_gain = 10;               // what a variant must beat the policy's line by
  int widen = 1;                      // with a deadline, wider rounds by this factor (1: never)
  int64_t max_level_children = 2048;  // widening stops before a level would hold more
};

template <typename Traits>
class BeamSearch {
 public:
  using State = typename Traits::State;
  using Move = typename Traits::Move;

  // Runs the beam (and its wider rounds) from `root`. `answer` holds the
  // policy's move on entry, the chosen one on return (unchanged when no level
  // completed); `iterations` counts the children stepped, against `budget`.
  void search(Traits& traits, const State& root, const BeamShape& shape, const Budget& budget, int64_t& iterations,
              Move& answer) {
    int width = shape.width, branching = shape.branching;
    for (int round = 0;; ++round) {
      Move move = answer;
      const bool complete = run(traits, root, shape, width, branching, budget, iterations, move);
      if (complete || round == 0) answer = std::move(move);
      if (!complete || shape.widen <= 1 || !budget.has_deadline() || out_of_time(budget, iterations)) break;
      if (static_cast<int64_t>(width) * branching * shape.widen * shape.widen > shape.max_level_children) break;
      width *= shape.widen;
      branching *= shape.widen;
    }
  }

 private:
  struct Entry {
    State state;
    double score;
    Move first;        // our move at the root that led here
    bool policy_line;  // every move so far was the policy's
  };

  // The cheap poll reads the clock every few calls; before an expansion (a
  // policy call, costly) the clock is read now.
  static bool out_of_time(const Budget& budget, int64_t iterations) {
    return budget.exhausted(iterations) || budget.past_deadline();
  }

  // One beam of the given width and branching; `answer` gets the first move
  // of the deepest complete level. True when every level completed.
  bool run(Traits& traits, const State& root, const BeamShape& shape, int width, int branching, const Budget& budget,
           int64_t& iterations, Move& answer) {
    beam_.clear();
    beam_.push_back({root, 0, answer, true});
    bool out_of_budget = false;
    int completed = 0;
    for (int level = 0; level < shape.depth && !out_of_budget; ++level) {
      next_.clear();
      const double weight = std::pow(shape.discount, level);
      for (const Entry& parent : beam_) {
        if (traits.terminal(parent.state)) {
          next_.push_back(parent);
          continue;
        }
        if (out_of_time(budget, iterations)) {
          out_of_budget = true;
          break;
        }
        traits.expand(parent.state, level);
        for (int b = 0; b < branching; ++b) {
          if (budget.exhausted(iterations)) {
            out_of_budget = true;
            break;
          }
          if (!traits.joint_move(parent.state, level, b, move_)) break;
          ++iterations;
          Entry& child = next_.emplace_back(
              Entry{parent.state, 0, level == 0 ? move_ : parent.first, parent.policy_line && b == 0});
          traits.step(child.state, level, move_);
          child.score = traits.score(child.state) * weight;
        }
        if (out_of_budget) break;
      }
      if (out_of_budget || next_.empty()) break;
      keep_best(static_cast<size_t>(width));
      const auto line = std::find_if(beam_.begin(), beam_.end(), [](const Entry& e) { return e.policy_line; });
      const double line_score = line != beam_.end() ? line->score : -std::numeric_limits<double>::infinity();
      ++completed;
      answer = beam_.front().score >= line_score + shape.min_gain * weight ? beam_.front().first : line->first;
    }
    return completed == shape.depth;
  }

  // The best `width` of next_ become the beam, best first, ranked by index
  // (an entry holds a whole state: only the kept ones move); the policy's
  // line takes the last place if it fell below the cut.
  void keep_best(size_t width) {
    order_.resize(next_.size());
    for (size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<int>(i);
    std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) { return next_[a].score > next_[b].score; });
    const size_t keep = std::min(next_.size(), width);
    for (size_t i = keep; i < order_.size(); ++i)
      if (next_[order_[i]].policy_line) std::swap(order_[keep - 1], order_[i]);
    kept_.clear();
    for (size_t i = 0; i < keep; ++i) kept_.push_back(std::move(next_[order_[i]]));
    beam_.swap(kept_);
  }

  std::vector<Entry> beam_, next_, kept_;
  std::vector<int> order_;
  Move move_{};
};

}  // namespace halite::search
