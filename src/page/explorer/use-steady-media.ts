import { useRef } from 'preact/hooks'
import type { Content } from './api-types.js'

export interface SteadyMedia {
  movie?: string
  title?: string
  video?: string
  thumbnail?: string
}

/**
 * @note The signed URLs change on every answer; keeping the first ones per
 * movie stops a refresh from restarting the video or the image. The title
 * card shows the title, so a new title takes the new thumbnail URL.
 */
export function useSteadyMedia(content: Content | undefined): SteadyMedia {
  const media = useRef<SteadyMedia>({})
  const movie = content?.content?.movie_unique
  if (content?.content !== undefined && media.current.movie !== movie) {
    media.current = {
      movie,
      title: content.title,
      video: content.content.download_url,
      thumbnail: content.content.thumbnail_url,
    }
  } else if (content !== undefined && media.current.title !== content.title) {
    media.current = {
      ...media.current,
      title: content.title,
      thumbnail: content.content?.thumbnail_url,
    }
  }
  return media.current
}
