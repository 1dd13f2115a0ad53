import type { FixtureDocument } from '../schema/fixture.js'
import type { SeedOptions } from './create-seed-document.js'
import type { LiveStream } from './seed/live-stream.js'

/**
 * What a mock serves at the start: a fixture document and, when live, the
 * stream of contents that keep generating.
 */
export interface SeedData {
  readonly document: FixtureDocument
  readonly stream?: LiveStream
}

/**
 * Generates the demo dataset of a mock (and its live stream when `live`),
 * loading the seed generator and faker only now.
 * @note A dynamic `import()`: a browser bundle of a mock given fixtures gets
 * no faker at all, and one that generates loads it as a separate chunk while
 * the handlers already wait for `ready` (bench/bundle.js measures both).
 */
export async function generateSeedData(
  options: Omit<SeedOptions, 'referenceDate'>,
): Promise<SeedData> {
  const { createSeedDocument, createSeedStream } =
    await import('./create-seed-document.js')
  return {
    document: createSeedDocument(options),
    stream:
      options.live === true
        ? createSeedStream({ seed: options.seed, projects: options.projects })
        : undefined,
  }
}
