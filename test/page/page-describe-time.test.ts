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

it('says just now within 45 seconds either way', () => {
  expect(describeTime('2026-11-26T18:55:40Z', NOW, IN_UTC)?.relative).toBe(
    'just now',
  )
  expect(describeTime('2026-11-26T18:56:50Z', NOW, IN_UTC)?.relative).toBe(
    'just now',
  )
})

it('counts hours up to a day and a half, then days, and says future times as in …', () => {
  expect(describeTime('2026-11-26T15:56:10Z', NOW, IN_UTC)?.relative).toBe(
    '3 h ago',
  )
  expect(describeTime('2026-11-23T18:56:10Z', NOW, IN_UTC)?.relative).toBe(
    '3 days ago',
  )
  expect(describeTime('2026-11-26T19:26:10Z', NOW, IN_UTC)?.relative).toBe(
    'in 30 min',
  )
})

it('adds the date on another day, and the year in another year', () => {
  expect(describeTime('2026-11-24T09:05:00Z', NOW, IN_UTC)?.local).toBe(
    '24 Nov, 09:05',
  )
  expect(describeTime('2025-12-31T23:59:00Z', NOW, IN_UTC)?.local).toBe(
    '31 Dec 2025, 23:59',
  )
})

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
