import { expect, it } from 'vitest'
import { computeLatency } from '../../../src/api/traffic/compute-latency.js'
import { createSeededStream } from '../../../src/random/create-seeded-random.js'

// The drawn delays themselves, without a clock: the HTTP suites check that a
// delay is waited for (a lower bound), these check what is drawn.
const draws = (latency: Parameters<typeof computeLatency>[0], seed = 5) => {
  const random = createSeededStream(seed)
  return Array.from({ length: 2000 }, () =>
    computeLatency(latency, random.next),
  )
}

it('draws a range uniformly between its ends', () => {
  const drawn = draws({ min: 20, max: 40 })
  expect(Math.min(...drawn)).toBe(20)
  expect(Math.max(...drawn)).toBe(40)
  const mean = drawn.reduce((sum, value) => sum + value, 0) / drawn.length
  expect(mean).toBeGreaterThan(29)
  expect(mean).toBeLessThan(31)
})

it('caps a long-tailed (log-normal) latency at its max, and draws below the median too', () => {
  const drawn = draws({ median: 20, sigma: 2, max: 35 })
  expect(Math.max(...drawn)).toBe(35)
  expect(drawn.filter((value) => value === 35).length).toBeGreaterThan(100)
  expect(drawn.some((value) => value < 20)).toBe(true)
})
