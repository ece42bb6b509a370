// SPDX-License-Identifier: MIT
// Which contact rows are written (docs/output.md, "contacts.csv"): a contact point's row at a sample is left out when
// the point is in contact at the samples just before and just after it with the same row, value for value to the
// last bit. A run of equal rows thus keeps its first and its last row, and a reader fills in the samples between two
// consecutive rows of a point that are equal. Rows are decided one sample late (the next sample must be known) and
// handed on in the order they were added. Storage grows with the number of contact elements, never per sample.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <span>
#include <vector>

namespace contactlab {

class ContactChanges {
 public:
  explicit ContactChanges(std::size_t columns) : columns_(columns) {}

  // Starts the next sample, at `time` [s].
  void begin_sample(double time) {
    Sample& next = slots_[(current_ + 1) % 3];
    for (int element : next.in_contact) next.flags[static_cast<std::size_t>(element)] = 0;
    next.in_contact.clear();
    next.time = time;
  }

  // A point in contact at the sample begun last: its element (a stable index), pair, point and row values.
  void add(int element, int pair, int point, std::span<const double> values) {
    const auto e = static_cast<std::size_t>(element);
    if (e >= elements_) grow(e + 1);
    Sample& next = slots_[(current_ + 1) % 3];
    next.flags[e] = 1;
    next.pairs[e] = {pair, point};
    std::memcpy(next.values.data() + e * columns_, values.data(), columns_ * sizeof(double));
    next.in_contact.push_back(element);
  }

  // Ends the sample begun last: decides the previous sample's rows, handing each written one to
  // emit(time, pair, point, values).
  template <typename Emit>
  void end_sample(Emit&& emit) {
    if (started_) decide(&slots_[(current_ + 1) % 3], emit);
    started_ = true;
    current_ = (current_ + 1) % 3;
  }

  // After the last sample: decides its rows (nothing follows it, so all of them are written).
  template <typename Emit>
  void finish(Emit&& emit) {
    if (started_) decide(nullptr, emit);
    started_ = false;
  }

 private:
  struct Sample {
    double time = 0.0;
    std::vector<int> in_contact;             // elements, in the order added
    std::vector<char> flags;                 // per element: in contact
    std::vector<std::array<int, 2>> pairs;   // per element: pair and point
    std::vector<double> values;              // per element: its row's values
  };

  void grow(std::size_t elements) {
    for (Sample& s : slots_) {
      s.flags.resize(elements, 0);
      s.pairs.resize(elements);
      s.values.resize(elements * columns_);
      s.in_contact.reserve(elements);
    }
    elements_ = elements;
  }

  // Whether element e has the same row in samples a and b (both in contact).
  bool same(const Sample& a, const Sample& b, std::size_t e) const {
    return a.flags[e] && b.flags[e] && a.pairs[e] == b.pairs[e] &&
           std::memcmp(a.values.data() + e * columns_, b.values.data() + e * columns_, columns_ * sizeof(double)) == 0;
  }

  template <typename Emit>
  void decide(const Sample* next, Emit& emit) {
    const Sample& current = slots_[current_];
    const Sample& previous = slots_[(current_ + 2) % 3];
    for (int element : current.in_contact) {
      const auto e = static_cast<std::size_t>(element);
      if (next != nullptr && same(previous, current, e) && same(current, *next, e)) continue;
      emit(current.time, current.pairs[e][0], current.pairs[e][1],
           std::span<const double>(current.values.data() + e * columns_, columns_));
    }
  }

  std::size_t columns_;
  std::size_t elements_ = 0;
  std::array<Sample, 3> slots_;  // the previous, current and next samples, by rotation
  int current_ = 0;
  bool started_ = false;
};

}  // namespace contactlab
