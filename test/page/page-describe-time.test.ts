import { expect, it } from 'vitest'
// The page is bundled apart from the package and exports nothing of it, so
// its time wording is tested from src/.
import { describeTime } from '../../src/page/explorer/describe-time.js'

const NOW = Date.parse('2026-11-26T18:56:10Z')
const IN_UTC = { locale: 'en-GB', timeZone: 'UTC' }

it('tells a time of the same day as minutes ago and the clock time', () => {
  expect(describeTime('2026-11-26T18:53:00Z', NOW, IN_UTC)).toEqual({
    relative: '3 min ago',
    local: '18:53',
  })
})

/** Reads `time` at NOW in UTC: its `relative` and `local` wordings. */
function describeInUtc(time: string) {
  return describeTime(time, NOW, IN_UTC)
}

it.each([
  ['2026-11-26T18:55:40Z', 'just now'],
  ['2026-11-26T18:56:50Z', 'just now'],
  ['2026-11-26T15:56:10Z', '3 h ago'],
  ['2026-11-23T18:56:10Z', '3 days ago'],
  ['2026-11-26T19:26:10Z', 'in 30 min'],
])(
  'says %s as %s: just now within 45 s either way, hours up to a day and a half, then days, the future as in …',
  (time, relative) => {
    expect(describeInUtc(time)?.relative).toBe(relative)
  },
)

it.each([
  ['2026-11-24T09:05:00Z', '24 Nov, 09:05'],
  ['2025-12-31T23:59:00Z', '31 Dec 2025, 23:59'],
])(
  'adds the date on another day, and the year in another year: %s as %s',
  (time, local) => {
    expect(describeInUtc(time)?.local).toBe(local)
  },
)

it('reads the day in the given time zone', () => {
  // 01:00 UTC on the 27th is still the 26th, the day of NOW, in New York.
  expect(
    describeTime('2026-11-27T01:00:00Z', NOW, {
      locale: 'en-GB',
      timeZone: 'America/New_York',
    })?.local,
  ).toBe('20:00')
})

it('gives undefined for what is not a time', () => {
  expect(describeTime('not a time', NOW)).toBeUndefined()
})
