// Emoji, zero-width joiners, right-to-left scripts and combining marks.
const UNUSUAL_CHARACTER =
  /[\u{10000}-\u{10FFFF}\u200D\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\p{M}]/u

/** Longer than any name or title of the mock's seeded data. */
const LONG_TEXT = 1000

/** Whether a text holds what the `unicode` variant sends. */
export function isUnusualText(text: string): boolean {
  return text.length > LONG_TEXT || UNUSUAL_CHARACTER.test(text)
}
