import { loadClip } from './load-clip.js'
import {
  JPEG_TYPE,
  type MediaBytes,
  type MediaLibrary,
} from './media-library.js'
import { renderThumbnail } from './render-thumbnail.js'

/**
 * The media served unless a folder is given: per movie a title card with the
 * content's title on a background seeded by the movie's ID, and one of the
 * sample clips picked by the same ID.
 */
export function createBuiltInMedia(): MediaLibrary<MediaBytes> {
  return {
    async thumbnail({ movieUnique, title, label }) {
      const bytes = await renderThumbnail({
        title: title.trim() === '' ? 'Untitled' : title,
        label,
        footer: movieUnique,
        seed: movieUnique,
      })
      return { bytes, type: JPEG_TYPE }
    },
    video: loadClip,
  }
}
