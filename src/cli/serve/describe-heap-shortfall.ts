import { getHeapStatistics } from 'node:v8'

/** Heap of the process with a small dataset, in bytes (bench/growth.js: 23 MB at 1k). */
const BASE_HEAP = 25e6
/** Heap per generated content, in bytes (bench/growth.js: 1,130 B from 10k to 1M). */
const HEAP_PER_CONTENT = 1_130
/** Room for the garbage of generating and for the collector to work in. */
const HEADROOM = 1.25

/**
 * A warning when a generated dataset of `contents` contents is likely not to
 * fit in the heap this process may use, with the flag that makes room;
 * `undefined` when it fits.
 * @note A warning, not a refusal: the figures are estimates, and a machine
 * with more memory than the heap limit says runs with the flag. The CLI does
 * not raise its own limit: it would have to start a second process.
 */
export function describeHeapShortfall(
  contents: number,
  heapLimit = getHeapStatistics().heap_size_limit,
): string | undefined {
  const needed = (BASE_HEAP + contents * HEAP_PER_CONTENT) * HEADROOM
  if (needed <= heapLimit) return undefined
  const megabytes = Math.ceil(needed / 2 ** 20 / 512) * 512
  return `${contents.toLocaleString('en')} contents need about ${Math.round(needed / 1e6).toLocaleString('en')} MB of heap, and this Node.js process may use ${Math.round(heapLimit / 1e6).toLocaleString('en')} MB: it may run out of memory while generating. Give Node.js more, e.g. NODE_OPTIONS=--max-old-space-size=${megabytes} before the command, or ask for fewer contents.`
}
