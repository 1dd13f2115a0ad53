/**
 * Characters a client that only met the mock's English demo text may
 * mishandle: astral-plane code points (emoji), zero-width joiners,
 * right-to-left scripts and combining marks.
 */
const UNUSUAL_CHARACTER =
  /[\u{10000}-\u{10FFFF}\u200D\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\p{M}]/u

/** Longer than any name or title of the mock's seeded data. */
const LONG_TEXT = 1000

/**
 * Whether a text holds what the `unicode` variant sends: emoji, joiners,
 * right-to-left script, combining marks, or over 1,000 UTF-16 code units.
 */
export function isUnusualText(text: string): boolean {
  return text.length > LONG_TEXT || UNUSUAL_CHARACTER.test(text)
}
