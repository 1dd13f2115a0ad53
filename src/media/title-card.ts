/** What a generated thumbnail shows. */
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

/** The size of a generated thumbnail in pixels, 16:9. */
export const CARD_WIDTH = 640
export const CARD_HEIGHT = 360
