/**
 * What a generated thumbnail shows.
 */
export interface TitleCard {
  /** The big text: wrapped on up to 3 lines, "…" when it does not fit. */
  title: string
  /** The small line above it, e.g. the project's name. */
  label: string
  /** The small line at the bottom, e.g. the movie's ID. */
  footer: string
  /** Picks the palette and the shapes, e.g. the movie's ID. */
  seed: string
}

/**
 * Width of a generated thumbnail in pixels.
 */
export const CARD_WIDTH = 640

/**
 * Height of a generated thumbnail in pixels: 16:9 with `CARD_WIDTH`.
 */
export const CARD_HEIGHT = 360
