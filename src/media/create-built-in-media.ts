import { loadClip } from './load-clip.js'
import {
  JPEG_TYPE,
  type MediaBytes,
  type MediaLibrary,
} from './media-library.js'
import { renderThumbnail } from './render-thumbnail.js'

/** Without a folder: title cards and sample clips, picked by the movie ID. */
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
