import * as z from 'zod'
import { publicIdSchema, urlSchema } from './primitives.js'
import { recordedExtrasShape } from './recorded-extras.js'

/**
 * The one generation mode whose `content` shape the spec shows.
 * @example
 * if (content.mode === MOVIEMODE) play(content.content.download_url)
 */
export const MOVIEMODE = 'moviemode'

/** Without the asset URLs, which are issued on every request unless recorded extras say otherwise. */
export const fixtureMoviemodeBodySchema = z
  .strictObject({ movie_unique: publicIdSchema, ...recordedExtrasShape })
  .meta({ id: 'FixtureMoviemodeBody' })

/**
 * Spec 2.4: the `content` of a `moviemode` content: the stored body plus asset URLs issued for this request.
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
