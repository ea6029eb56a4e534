// The pool of Note [Threads] (parallel.h).
#include "engine/parallel.h"

#include <algorithm>

#ifdef TC_THREADS
#include <atomic>
#include <chrono>
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
// `next`; the calling thread's stack holds it until no worker is in it
// (Pool::run).
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

// Workers spin this long for the next job before they sleep: ops come in
// bursts (a forward and backward pass, a loop's steps) with the caller's
// own code between them, and a worker woken from sleep often came too
// late to take part in a 1 ms job (bench/pool-idle.js; bench/notes.md,
// "Threads"). A time, not a count of checks (32,768 before): a check's
// cost changes when V8 optimizes the loop.
constexpr auto kSpin = std::chrono::milliseconds(2);

class Pool {
 public:
  int size = 1;

  void start(int n) {
    size = n;
    for (int i = 1; i < n; ++i) workers_.emplace_back([this] { loop(); });
  }

  // Note [Workers that come late]: the calling thread waits only for the
  // workers inside the job, not for every worker to come and check out.
  // Once each chunk is taken it withdraws the job; a worker that wakes
  // after that finds none and goes back to waiting. A worker asleep when
  // the job comes (calls more than its spin apart) takes longer to wake
  // than a 1 ms job takes: waiting for it made such calls slower than one
  // thread (bench/pool-idle.js; bench/notes.md, "Threads"). A worker enters
  // by counting itself in `active_` and then reading `job_`, the calling
  // thread leaves by clearing `job_` and then reading `active_` (all
  // sequentially consistent): either the worker sees no job or the calling
  // thread sees the worker and waits for it.
  void run(Job& job) {
    job_.store(&job);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      generation_.fetch_add(1, std::memory_order_release);
      if (sleepers_ > 0) wake_.notify_all();
    }
    work(job);
    job_.store(nullptr);
    // The browser's main thread may not block: spin (the chunks are even,
    // so the workers inside finish about when this one does).
    while (active_.load() != 0) {
    }
  }

 private:
  void loop() {
    uint32_t seen = 0;
    for (;;) {
      uint32_t now = generation_.load(std::memory_order_acquire);
      if (now == seen) {
        const auto until = std::chrono::steady_clock::now() + kSpin;
        for (int i = 1; now == seen; ++i) {
          now = generation_.load(std::memory_order_acquire);
          if (i % 1024 == 0 && std::chrono::steady_clock::now() > until) break;
        }
      }
      if (now == seen) {
        std::unique_lock<std::mutex> lock(mutex_);
        ++sleepers_;
        wake_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != seen; });
        --sleepers_;
        now = generation_.load(std::memory_order_acquire);
      }
      seen = now;
      active_.fetch_add(1);
      if (Job* job = job_.load()) work(*job);  // Note [Workers that come late]
      active_.fetch_sub(1);
    }
  }

  std::vector<std::thread> workers_;  // never joined: they live as long as the module
  std::atomic<uint32_t> generation_{0};
  std::atomic<int> active_{0};      // workers inside a job
  std::atomic<Job*> job_{nullptr};  // the job while its chunks are handed out
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
