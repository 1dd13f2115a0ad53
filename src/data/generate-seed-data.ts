import type { FixtureDocument } from '../schema/fixture.js'
import type { SeedOptions } from './create-seed-document.js'
import type { LiveStream } from './seed/live-stream.js'

export interface SeedData {
  readonly document: FixtureDocument
  readonly stream?: LiveStream
}

/**
 * @note A dynamic `import()`: a browser bundle of a mock given fixtures gets no faker, and one that generates loads
 * it as a separate chunk while the handlers wait for `ready` (bench/bundle.js).
 */
export async function generateSeedData(
  options: Omit<SeedOptions, 'referenceDate'>,
): Promise<SeedData> {
  const { createSeedDocument, createSeedStream } =
    await import('./create-seed-document.js')
  return {
    document: createSeedDocument(options),
    stream: options.live === true ? createSeedStream(options) : undefined,
  }
}
