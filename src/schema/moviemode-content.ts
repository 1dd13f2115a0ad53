import * as z from 'zod'
import { publicIdSchema, urlSchema } from './primitives.js'
import { recordedExtrasShape } from './recorded-extras.js'

/**
 * The one generation mode whose `content` shape the spec shows.
 * @example
 * if (content.mode === MOVIEMODE) play(content.content.download_url)
 */
export const MOVIEMODE = 'moviemode'

/**
 * The stored `content` of a `moviemode` content, as a fixture document holds
 * it. The asset URLs are not stored: they are issued on every request,
 * unless the recorded `extra` or `absent` says what the service sent
 * instead (`recordedExtrasShape`).
 */
export const fixtureMoviemodeBodySchema = z
  .strictObject({ movie_unique: publicIdSchema, ...recordedExtrasShape })
  .meta({ id: 'FixtureMoviemodeBody' })

/**
 * Spec 2.4: the `content` object of a `moviemode` content as the API serves
 * it: the stored body plus asset URLs issued for this one request.
 * @example
 * const { download_url } = moviemodeContentSchema.parse(body.data.content)
 */
export const moviemodeContentSchema = z
  .object({
    movie_unique: publicIdSchema,
    download_url: urlSchema,
    thumbnail_url: urlSchema,
  })
  .meta({
    id: 'MoviemodeContent',
    description:
      'Content body of mode "moviemode"; the URLs are issued per request.',
  })

export type MoviemodeContent = z.infer<typeof moviemodeContentSchema>
