import type { ActiveScenario } from '../../api/traffic/create-scenario-engine.js'

/**
 * In force (with `id` and counters) or a preset (without).
 * @note A type import of the library, erased by the bundler: the page still
 * talks to the mock over HTTP only, and cannot drift from what it answers.
 */
export type ListedScenario = Omit<ActiveScenario, 'id' | 'matched' | 'fired'> &
  Partial<Pick<ActiveScenario, 'id' | 'matched' | 'fired'>>

export function describeScenario(scenario: ListedScenario): string {
  const effects: string[] = []
  if (scenario.status !== undefined) {
    effects.push(
      scenario.retryAfter !== undefined
        ? `answers ${scenario.status} with Retry-After: ${scenario.retryAfter}`
        : `answers ${scenario.status}`,
    )
  }
  if (scenario.networkError === true) effects.push('drops the connection')
  if (scenario.latency !== undefined) {
    effects.push(`delays ${describeLatency(scenario.latency)}`)
  }
  if (scenario.rateLimit !== undefined) {
    effects.push(describeRateLimit(scenario.rateLimit))
  }
  const when: string[] = []
  if (scenario.times !== undefined) {
    when.push(
      scenario.times === 1
        ? 'the next request'
        : `the next ${scenario.times} requests`,
    )
  }
  if (scenario.every !== undefined)
    when.push(`one request in ${scenario.every}`)
  if (scenario.probability !== undefined) {
    when.push(`${Math.round(scenario.probability * 1000) / 10}% of requests`)
  }
  const match = scenario.match
  if (match !== undefined) {
    const endpoint = [match.endpoint ?? []].flat().join(' or ')
    if (endpoint !== '') when.push(`on ${endpoint}`)
    if (match.keyLabel !== undefined) when.push(`for key ${match.keyLabel}`)
    if (match.path !== undefined) when.push(`under ${match.path}`)
  }
  return [effects.join(', ') || 'no effect', ...when].join(' · ')
}

/** E.g. `3 requests per 1m per key (fixed-window)`. */
export function describeRateLimit(
  rateLimit: NonNullable<ListedScenario['rateLimit']>,
): string {
  const window =
    typeof rateLimit.window === 'number'
      ? `${rateLimit.window} ms`
      : rateLimit.window
  const per =
    rateLimit.perEndpoint === true ? 'per key and endpoint' : 'per key'
  const algorithm =
    rateLimit.algorithm === undefined ? '' : ` (${rateLimit.algorithm})`
  return `${rateLimit.limit} requests per ${window} ${per}${algorithm}`
}

function describeLatency(latency: NonNullable<ListedScenario['latency']>) {
  if (typeof latency === 'number') return `${latency} ms`
  if ('median' in latency) {
    const cap = latency.max === undefined ? '' : `, at most ${latency.max} ms`
    return `about ${latency.median} ms${cap}`
  }
  return `${latency.min}–${latency.max} ms`
}
