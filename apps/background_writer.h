// SPDX-License-Identifier: MIT
// A RunWriter that hands its rows to another RunWriter on a thread of its own, so that formatting and writing them
// overlap the simulation instead of adding to it (docs/performance.md, "Output"). The simulating thread only copies
// each row's numbers into a block; full blocks go to the writing thread, which replays them in order (the files are
// the same byte for byte) and hands the emptied blocks back. The writing thread also makes the writer (creating its
// files and writing their headers while the simulation starts) and finishes it: the writer is used on that thread
// alone (libhdf5's error settings, for one, are per thread), and its errors are reported by finish(). A few blocks
// are made (and the first small ones grown) as the queue first deepens, then reused: no allocation per row. At most
// kBlocks (256 kB) are in flight; beyond that the simulation waits for the writing thread.
#pragma once

#include <condition_variable>
#include <array>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "apps/run_writer.h"

namespace contactlab {

class BackgroundWriter final : public RunWriter {
 public:
  using MakeWriter = std::function<std::unique_ptr<RunWriter>()>;
  explicit BackgroundWriter(MakeWriter make_writer);
  ~BackgroundWriter() override;  // stops the thread; what was not finished is dropped with the inner writer
  BackgroundWriter(const BackgroundWriter&) = delete;
  BackgroundWriter& operator=(const BackgroundWriter&) = delete;

  void add_pair(const std::string& name) override;
  void series_row(std::span<const double> values) override;
  void contact_row(double time, int pair, int point, std::span<const double> values) override;
  // Waits for every row to be written and the inner writer finished. Rethrows the writing thread's error.
  void finish(const std::vector<ImpactRecord>& impacts, const nlohmann::ordered_json& summary) override;

 private:
  // The first block is small, so that the writing thread starts early and a short run's rows are written while it
  // goes on rather than after it; each new block doubles the last, up to kBlockValues. Few and small: every page a
  // block first touches is a page fault (tens of µs on a virtual machine: a 4 kB page costs as much as formatting
  // its 512 numbers), so a run that outpaces its writer waits for it rather than filling fresh memory.
  static constexpr std::size_t kBlocks = 16;
  static constexpr std::size_t kFirstBlockValues = std::size_t{1} << 9;  // 4 kB of numbers
  static constexpr std::size_t kBlockValues = std::size_t{1} << 11;      // 16 kB

  // Room for `values` more numbers in the block being filled, handing it over when full.
  double* reserve(std::size_t values);
  void hand_over();
  // After the last row (finish()): hands the rows not yet handed over to the writing thread.
  void end_rows();
  void write_loop(const MakeWriter& make_writer);
  void replay(const std::vector<double>& block);

  std::unique_ptr<RunWriter> writer_;  // made by the writing thread
  std::vector<double> filling_;  // the simulating thread's block
  std::mutex mutex_;
  std::condition_variable changed_;
  // To write, in order: a ring of every block there can be (kBlocks and the first), so that handing blocks over
  // never allocates (a std::deque used as a queue allocates a node every few dozen blocks).
  std::array<std::vector<double>, kBlocks + 1> full_;
  std::size_t full_first_ = 0;
  std::size_t full_count_ = 0;
  std::vector<std::vector<double>> free_;  // written, to fill again
  std::size_t blocks_ = 1;                 // made so far
  std::vector<std::string> pairs_;         // names by pair index (add_pair)
  bool done_ = false;
  // What finish() hands the writing thread to finish its writer with (none when it is stopped without finishing).
  const std::vector<ImpactRecord>* impacts_ = nullptr;
  const nlohmann::ordered_json* summary_ = nullptr;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace contactlab
