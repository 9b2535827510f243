import CAllocator
import RunwayCLI

// Runway's commands run on a worker thread and allocate and free the parse trees of many pages:
// fewer, larger heap steps save about a tenth of a render's time (see the README's benchmarks).
runway_allocator_tune_for_batches()

await Runway.runMain()
