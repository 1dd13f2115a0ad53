/** @note Reordering or editing any list changes every seeded dataset. */
import { listOf } from './list-of.js'

/** Seasons, for project names and titles. */
export const SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter'] as const

/** Colours, for "white or black" titles. */
export const COLORS = listOf(
  'white | black | cream | navy | olive | sage green | terracotta | sky blue | charcoal | sand | burgundy | lilac',
)

/** Cities, for pop-up project names and travel titles. */
export const CITIES = listOf(
  'Austin | Berlin | Brooklyn | Cape Town | Lisbon | London | Melbourne | Mexico City | Paris | Seoul | Tokyo | Toronto',
)

/** Endings of brand names in project descriptions: "Smith Labs". */
export const BRAND_SUFFIXES =
  'Goods Labs Supply Studio Collective Outfitters Brothers'.split(' ')

/** Video lengths in seconds, for "in 30 seconds" titles. */
export const DURATIONS_IN_SECONDS = [15, 30, 45, 60, 90] as const

/** The values a project name pattern fills in. */
export interface ProjectNameParts {
  line: string
  season: string
  quarter: number
  city: string
  year: number
}

/** Turns the parts into a project name: "Spring Sneaker Launch". */
export type ProjectNamePattern = (parts: ProjectNameParts) => string

/** The shapes of project names. */
export const PROJECT_NAME_PATTERNS: readonly ProjectNamePattern[] = [
  ({ season, line }) => `${season} ${line} Launch`,
  ({ quarter, line }) => `Q${quarter} ${line} Tutorials`,
  ({ line }) => `${line} Holiday Campaign`,
  ({ line }) => `Back-to-School ${line} Push`,
  ({ line }) => `${line} Unboxing Series`,
  ({ season, line }) => `${season} ${line} Lookbook`,
  ({ line }) => `${line} Creator Collabs`,
  ({ line }) => `Black Friday ${line} Deals`,
  ({ line }) => `Evergreen ${line} How-Tos`,
  ({ line, year }) => `${line} Reviews ${year}`,
  ({ city, line }) => `${city} ${line} Pop-Up`,
]

/** Openings of project descriptions. */
export const DESCRIPTION_LEADS = listOf(
  'Short-form videos | Vertical video ads | Tutorial clips | Launch teasers and unboxings | Creator-style reviews | Shoppable reels',
)

/** Who a video speaks to, for "5 sneaker mistakes first-time buyers make". */
export const AUDIENCES = listOf(
  'first-time buyers | commuters | students | new parents | weekend travellers | gift shoppers | early risers | beginners',
)

/** Prices, in dollars, for "picks under $50" titles. */
export const PRICE_LIMITS = [25, 50, 75, 100, 150] as const

/** Brand taglines that project descriptions quote, as a marketing team writes them. */
export const TAGLINES = listOf(
  'Made for every day | Batch-made, never rushed | Built to go the distance | Designed to be worn in | Less fuss, more done | Good things take time | Your routine, upgraded | Made to be used, not kept | From our studio to your shelf | Tested by people like you | Simple by design | Here for the long run',
)

/** Goals that project descriptions end with, besides a tagline. */
export const CAMPAIGN_GOALS = listOf(
  'views | saves | link clicks | new followers',
)

/** Common names: faker's list also holds "Missouri" and "Baby". */
export const PRESENTERS = `
Maya Leo Priya Sam Chloe Marcus Aisha Noah Sofia Daniel Hannah Omar Grace Lucas Mei Ethan Zoe Mateo
Nina Jonah Amara Felix Lena Ravi Isla Theo Yuki Diego Ava Kofi Elena Ben Layla Tom Ines Jamal Clara
Arjun Emma Hugo Sara Kai Rosa Finn Nadia Luca Julia Max
`
  .trim()
  .split(/\s+/)
