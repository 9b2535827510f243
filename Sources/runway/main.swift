import CMimalloc
import RunwayCLI

// The command's allocator is mimalloc, linked in place of glibc's malloc: a build allocates and
// frees the runs, trees and strings of thousands of pages on every processor, and mimalloc's
// thread-local pages made a cold build of the generated benchmark site 6 % faster (README's
// benchmarks). Asking its version keeps the library among the command's dependencies.
_ = mi_version()

await Runway.runMain()
