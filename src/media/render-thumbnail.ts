import type { TitleCard } from './title-card.js'

/** @public About 7 MB of cards (bench/thumbnails.js measures it). */
export const THUMBNAIL_CACHE_SIZE = 256

type Render = (card: TitleCard) => Uint8Array
let renderer: Promise<Render> | undefined
const cache = new Map<string, Promise<Uint8Array>>()

/**
 * A title card's JPEG, cached by everything it shows.
 * @note The renderer is loaded with `import()` on the first call, so bundlers
 * keep it out of the main chunk.
 */
export function renderThumbnail(card: TitleCard): Promise<Uint8Array> {
  const key = JSON.stringify([card.seed, card.title, card.label, card.footer])
  let jpeg = cache.get(key)
  if (jpeg !== undefined) {
    // Most recently used last: Map keeps insertion order.
    cache.delete(key)
  } else {
    if (renderer === undefined) {
      renderer = import('./internal/render-title-card.js').then((module) =>
        module.createTitleCardRenderer(),
      )
      // A failure (a chunk that failed to load, a failed render) is not kept.
      renderer.catch(() => (renderer = undefined))
    }
    jpeg = renderer.then((render) => render(card))
    jpeg.catch(() => cache.delete(key))
  }
  cache.set(key, jpeg)
  if (cache.size > THUMBNAIL_CACHE_SIZE) {
    cache.delete(cache.keys().next().value!)
  }
  return jpeg
}

/** @public The cache's entries and bytes, for bench/thumbnails.js. */
export async function measureThumbnailCache() {
  let bytes = 0
  for (const jpeg of cache.values()) bytes += (await jpeg).byteLength
  return { entries: cache.size, bytes }
}
