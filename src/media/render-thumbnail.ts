import type { TitleCard } from './title-card.js'

/**
 * How many thumbnails stay cached per runtime: at about 27 KB each, 256 hold
 * some 7 MB (bench/thumbnails.js measures it).
 * @public bench/thumbnails.js reads it from dist/.
 */
export const THUMBNAIL_CACHE_SIZE = 256

type Render = (card: TitleCard) => Uint8Array
let renderer: Promise<Render> | undefined
const cache = new Map<string, Promise<Uint8Array>>()

/**
 * The JPEG of a title card, from a cache of the last `THUMBNAIL_CACHE_SIZE`
 * cards used, keyed by everything the card shows.
 * @note The renderer, its glyphs and its JPEG encoder are loaded with
 * `import()` on the first call, so a bundler keeps them out of the main chunk.
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
