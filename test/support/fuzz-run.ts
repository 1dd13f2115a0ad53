import { randomInt } from 'node:crypto'
import fc from 'fast-check'
import { expect } from 'vitest'
import {
  describeFuzzRequest,
  fuzzRequestArbitrary,
  type FuzzRequest,
} from './fuzz-request.js'

// How a fuzz run judges, counts and sizes itself; the requests it sends are
// fuzz-request.ts's.

/**
 * Whether a request named a preset by `X-Mock-Scenario`: then it may be
 * answered 5xx or dropped, as the preset says.
 * @example
 * if (asksForScenario(request)) allowed.push(500)
 */
function asksForScenario(request: FuzzRequest): boolean {
  return request.headers.some(
    ([name, value]) => name === 'x-mock-scenario' && value.trim() !== '',
  )
}

/**
 * Whether a request target is the API's or the control API's, whose every
 * answer has a JSON body.
 * @example
 * isApiOrControlTarget('/__mock/clock') // true
 */
function isApiOrControlTarget(target: string): boolean {
  return /^\/(public-api\/v1|__mock)(\/|\?|$)/.test(target)
}

/**
 * Whether a request target is the API's, where a scenario in force may
 * answer 5xx or drop the connection.
 * @example
 * isApiTarget('/public-api/v1/projects') // true
 */
function isApiTarget(target: string): boolean {
  return /^\/public-api\/v1(\/|\?|$)/.test(target)
}

/** What a client got: an answer, or the error of a dropped connection. */
export type FuzzOutcome =
  | { status: number; contentType: string | undefined; body: string }
  | { error: string }

/**
 * Checks one answer against the fuzz properties: no 5xx and no dropped
 * connection unless a scenario asked for it (by header, or one in force,
 * on an API path), and a JSON body on every API and control path.
 * `path` is the path the adapter routed by.
 * @example
 * expectFuzzProperties(request, outcome, { path, scenarioInForce: false })
 */
function expectFuzzProperties(
  request: FuzzRequest,
  outcome: FuzzOutcome,
  { path, scenarioInForce }: { path: string; scenarioInForce: boolean },
): void {
  const mayFail =
    (asksForScenario(request) || scenarioInForce) && isApiTarget(path)
  const shown = describeFuzzRequest(request)
  if ('error' in outcome) {
    expect(mayFail, `${shown}\nwas dropped: ${outcome.error}`).toBe(true)
    return
  }
  const answer = `${shown}\nanswered ${outcome.status} ${outcome.contentType}: ${outcome.body.slice(0, 300)}`
  if (outcome.status >= 500) expect(mayFail, answer).toBe(true)
  const bodiless =
    request.method === 'HEAD' ||
    request.method === 'OPTIONS' ||
    outcome.status === 204
  if (isApiOrControlTarget(path) && !bodiless) {
    expect(outcome.contentType, answer).toMatch(/^application\/json/)
    expect(() => JSON.parse(outcome.body), answer).not.toThrow()
  }
}

/**
 * Counts answers by status (`dropped` for a dropped connection) and says
 * them on one line for the test's output.
 * @example
 * const tally = createFuzzTally('server'); tally.add(outcome); console.log(tally.summary())
 */
function createFuzzTally(adapter: string) {
  const counts = new Map<string, number>()
  let total = 0
  return {
    add(outcome: FuzzOutcome): void {
      total++
      const key = 'error' in outcome ? 'dropped' : String(outcome.status)
      counts.set(key, (counts.get(key) ?? 0) + 1)
    },
    get total(): number {
      return total
    },
    summary(runs: number): string {
      const byStatus = [...counts]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, count]) => `${key}×${count}`)
        .join(', ')
      return `fuzz (${adapter}): ${total} requests in ${runs} runs; ${byStatus}`
    },
  }
}

/**
 * How many runs a fuzz property makes (`FUZZ_RUNS`, default `fallback`) and
 * its seed: `FUZZ_SEED` to replay a run, else a new one for a longer run
 * (`FUZZ_RUNS`), in CI (`CI`, or `FUZZ_SEED=random` as `.ci/run` sets it) so
 * that each run there tries other requests, else a fixed one for the bounded
 * run of `npm test` on a developer's machine. Says the seed on stdout, so a
 * failure can be replayed.
 * @example
 * const { numRuns, seed } = readFuzzSettings(150, 'server')
 */
export function readFuzzSettings(
  fallback: number,
  adapter: string,
): { numRuns: number; seed: number } {
  const runs = process.env.FUZZ_RUNS
  const given = process.env.FUZZ_SEED
  const isNew =
    given === 'random' ||
    (given === undefined && (runs !== undefined || isCi()))
  const seed = isNew
    ? randomInt(2 ** 31)
    : given === undefined
      ? 20_261_123
      : Number(given)
  const numRuns = runs === undefined ? fallback : Number(runs)
  console.log(
    `fuzz (${adapter}): seed ${seed}, ${numRuns} runs; FUZZ_SEED=${seed} replays them`,
  )
  return { numRuns, seed }
}

function isCi(): boolean {
  const ci = process.env.CI
  return ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false'
}

/** How `assertFuzzRuns` sends a request and reads the state it checks against. */
export interface FuzzTarget {
  adapter: string
  send: (request: FuzzRequest) => Promise<FuzzOutcome>
  /** The path the mock sees for `request`'s target. */
  pathOf: (request: FuzzRequest) => string
  scenarioInForce: () => boolean
  /** After each run of 1 to 4 requests. */
  afterRun?: () => void
}

/**
 * Sends runs of random requests to `target` and checks each answer with
 * `expectFuzzProperties`; logs the tally with the seed that reproduces it.
 */
export async function assertFuzzRuns(
  target: FuzzTarget,
  { numRuns, seed }: { numRuns: number; seed: number },
): Promise<void> {
  const tally = createFuzzTally(target.adapter)
  await fc.assert(
    fc.asyncProperty(
      fc.array(fuzzRequestArbitrary, { minLength: 1, maxLength: 4 }),
      async (requests) => {
        for (const request of requests) {
          const scenarioInForce = target.scenarioInForce()
          const outcome = await target.send(request)
          tally.add(outcome)
          expectFuzzProperties(request, outcome, {
            path: target.pathOf(request),
            scenarioInForce,
          })
        }
        target.afterRun?.()
      },
    ),
    { numRuns, seed },
  )
  console.log(`${tally.summary(numRuns)} (seed ${seed})`)
}
