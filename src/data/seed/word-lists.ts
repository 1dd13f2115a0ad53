/**
 * The curated words the seed builds names, descriptions and titles from.
 * @note Reordering or editing any list changes every seeded dataset.
 */

/** A product a demo project is about, with the words its titles use. */
export interface ProductLine {
  /** As it reads in a project name: "Spring Sneaker Launch". */
  line: string
  /** One item, lower case: "a sneaker review". */
  item: string
  /** Endings of "How to … in 30 seconds". */
  howTo: readonly string[]
}

/** The product lines demo projects are about. */
export const PRODUCT_LINES: readonly ProductLine[] = [
  {
    line: 'Sneaker',
    item: 'sneaker',
    howTo: [
      'style white sneakers',
      'lace sneakers for a slip-on fit',
      'clean suede sneakers',
    ],
  },
  {
    line: 'Denim',
    item: 'denim jacket',
    howTo: ['cuff your jeans', 'layer a denim jacket', 'find your jeans size'],
  },
  {
    line: 'Skincare',
    item: 'serum',
    howTo: [
      'layer a vitamin C serum',
      'build a morning routine',
      'apply SPF over makeup',
    ],
  },
  {
    line: 'Cold Brew',
    item: 'cold brew',
    howTo: [
      'make cold brew at home',
      'froth oat milk',
      'pour a cold brew tonic',
    ],
  },
  {
    line: 'Headphone',
    item: 'headphone',
    howTo: [
      'pair headphones with two devices',
      'turn on noise cancelling',
      'clean your ear cushions',
    ],
  },
  {
    line: 'Smartwatch',
    item: 'smartwatch',
    howTo: [
      'set up sleep tracking',
      'swap a watch band',
      'track an interval run',
    ],
  },
  {
    line: 'Yoga Mat',
    item: 'yoga mat',
    howTo: [
      'clean a yoga mat',
      'roll a mat for travel',
      'pick the right mat thickness',
    ],
  },
  {
    line: 'Backpack',
    item: 'backpack',
    howTo: [
      'pack a carry-on backpack',
      'fit a laptop and a camera',
      'adjust your shoulder straps',
    ],
  },
  {
    line: 'Espresso',
    item: 'espresso machine',
    howTo: [
      'pull a double shot',
      'steam milk for latte art',
      'descale an espresso machine',
    ],
  },
  {
    line: 'Running Shoe',
    item: 'running shoe',
    howTo: [
      'lace running shoes for wide feet',
      'tell when to replace running shoes',
      'break in new trainers',
    ],
  },
  {
    line: 'Lip Color',
    item: 'lipstick',
    howTo: [
      'line your lips',
      'make lipstick last all day',
      'pick a shade for your undertone',
    ],
  },
  {
    line: 'Action Camera',
    item: 'action camera',
    howTo: [
      'mount an action camera on a helmet',
      'shoot smooth slow motion',
      'film a time-lapse',
    ],
  },
  {
    line: 'Protein Snack',
    item: 'protein bar',
    howTo: [
      'pack a post-workout snack',
      'read a nutrition label',
      'prep five snacks for the week',
    ],
  },
  {
    line: 'Home Fragrance',
    item: 'candle',
    howTo: [
      'trim a candle wick',
      'layer home scents',
      'stop candle tunnelling',
    ],
  },
]

/** Seasons, for project names and titles. */
export const SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter'] as const

/** Colours, for "white or black" titles. */
export const COLORS = [
  'white',
  'black',
  'cream',
  'navy',
  'olive',
  'sage green',
  'terracotta',
  'sky blue',
  'charcoal',
  'sand',
  'burgundy',
  'lilac',
] as const

/** Cities, for pop-up project names and travel titles. */
export const CITIES = [
  'Austin',
  'Berlin',
  'Brooklyn',
  'Cape Town',
  'Lisbon',
  'London',
  'Melbourne',
  'Mexico City',
  'Paris',
  'Seoul',
  'Tokyo',
  'Toronto',
] as const

/** Endings of brand names in project descriptions: "Smith Labs". */
export const BRAND_SUFFIXES = [
  'Goods',
  'Labs',
  'Supply',
  'Studio',
  'Collective',
  'Outfitters',
  'Brothers',
] as const

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
export const DESCRIPTION_LEADS = [
  'Short-form videos',
  'Vertical video ads',
  'Tutorial clips',
  'Launch teasers and unboxings',
  'Creator-style reviews',
  'Shoppable reels',
] as const
