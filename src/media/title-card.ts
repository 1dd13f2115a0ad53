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
 * @example
 * `${CARD_WIDTH}×${CARD_HEIGHT}` // '640×360'
 */
export const CARD_WIDTH = 640

/**
 * Height of a generated thumbnail in pixels: 16:9 with `CARD_WIDTH`.
 * @example
 * new Uint8Array(CARD_WIDTH * CARD_HEIGHT * 3) // an RGB canvas
 */
export const CARD_HEIGHT = 360
