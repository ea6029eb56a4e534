// The pool of Note [Threads] (parallel.h).
#include "engine/parallel.h"

#include <algorithm>

#ifdef TC_THREADS
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace tc::parallel {

#ifndef TC_THREADS

int set_threads(int) { return 1; }
void run(int64_t n, int64_t, double, ChunkFn fn, void* ctx) { fn(ctx, 0, n); }

#else

namespace {

// One parallel_for: chunks of `chunk` positions handed out in order by
// `next`; the calling thread's stack holds it until every worker has
// checked out (`pending`).
struct Job {
  ChunkFn fn = nullptr;
  void* ctx = nullptr;
  int64_t n = 0, chunk = 0, chunks = 0;
  std::atomic<int64_t> next{0};
  std::mutex error_mutex;
  std::exception_ptr error;
};

// A thread that runs a chunk runs a nested parallel_for inline.
thread_local bool t_in_chunk = false;

void work(Job& job) {
  t_in_chunk = true;
  for (;;) {
    const int64_t c = job.next.fetch_add(1, std::memory_order_relaxed);
    if (c >= job.chunks) break;
    const int64_t begin = c * job.chunk, end = std::min(job.n, begin + job.chunk);
    try {
      job.fn(job.ctx, begin, end);
    } catch (...) {
      std::lock_guard<std::mutex> lock(job.error_mutex);
      if (!job.error) job.error = std::current_exception();
    }
  }
  t_in_chunk = false;
}

// Workers spin this many checks for the next job before they sleep: ops
// come in bursts (a forward and backward pass), and a sleeping worker
// takes a futex wake (tens of microseconds in a browser) to start.
constexpr int kSpins = 1 << 15;

class Pool {
 public:
  int size = 1;

  void start(int n) {
    size = n;
    for (int i = 1; i < n; ++i) workers_.emplace_back([this] { loop(); });
  }

  void run(Job& job) {
    job_ = &job;
    pending_.store(size - 1, std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      generation_.fetch_add(1, std::memory_order_release);
      if (sleepers_ > 0) wake_.notify_all();
    }
    work(job);
    // The browser's main thread may not block: spin (the chunks are even,
    // so the others finish about when this one does).
    while (pending_.load(std::memory_order_acquire) != 0) {
    }
    job_ = nullptr;
  }

 private:
  void loop() {
    uint32_t seen = 0;
    for (;;) {
      uint32_t now = generation_.load(std::memory_order_acquire);
      for (int i = 0; now == seen && i < kSpins; ++i) now = generation_.load(std::memory_order_acquire);
      if (now == seen) {
        std::unique_lock<std::mutex> lock(mutex_);
        ++sleepers_;
        wake_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != seen; });
        --sleepers_;
        now = generation_.load(std::memory_order_acquire);
      }
      seen = now;
      work(*job_);
      pending_.fetch_sub(1, std::memory_order_release);
    }
  }

  std::vector<std::thread> workers_;  // never joined: they live as long as the module
  std::atomic<uint32_t> generation_{0};
  std::atomic<int> pending_{0};
  Job* job_ = nullptr;
  std::mutex mutex_;
  std::condition_variable wake_;
  int sleepers_ = 0;
};

Pool& pool() {
  static Pool* p = new Pool();  // never destroyed: its threads outlive static destruction
  return *p;
}

bool g_started = false;

}  // namespace

int threads() { return pool().size; }

int set_threads(int n) {
  if (!g_started) {
    g_started = true;
    pool().start(std::clamp(n, 1, kMaxThreads));
  }
  return pool().size;
}

void run(int64_t n, int64_t align, double, ChunkFn fn, void* ctx) {
  if (t_in_chunk) {
    fn(ctx, 0, n);
    return;
  }
  Pool& p = pool();
  Job job;
  job.fn = fn;
  job.ctx = ctx;
  job.n = n;
  // Four chunks a thread, so that one slowed by another process on its
  // core (a busy machine) leaves its share to the others.
  const int64_t units = (n + align - 1) / align;
  const int64_t per = std::max<int64_t>(1, units / (4 * static_cast<int64_t>(p.size)));
  job.chunk = per * align;
  job.chunks = (n + job.chunk - 1) / job.chunk;
  p.run(job);
  if (job.error) std::rethrow_exception(job.error);
}

#endif

}  // namespace tc::parallel
