import { CLIPS } from './clip-list.generated.js'
import { decodeBase64 } from './decode-base64.js'
import { MP4_TYPE, type MediaBytes } from './media-library.js'
import { pickByHash } from './pick-by-hash.js'

const loaded = new Map<string, Promise<MediaBytes>>()

/** A movie's sample clip, picked by its ID's hash, decoded once per runtime. */
export function loadClip(movieUnique: string): Promise<MediaBytes> {
  const clip = pickByHash(CLIPS, movieUnique)
  let asset = loaded.get(clip.name)
  if (asset === undefined) {
    asset = clip.load().then(({ CLIP_BASE64 }) => ({
      bytes: decodeBase64(CLIP_BASE64),
      type: MP4_TYPE,
    }))
    loaded.set(clip.name, asset)
  }
  return asset
}
