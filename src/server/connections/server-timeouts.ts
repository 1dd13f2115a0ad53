import * as z from 'zod'
import {
  integerOptionSchema,
  type IntegerOptionRule,
} from '../../schema/option-rules.js'
import { parseOptions } from '../../schema/parse-options.js'

// From none to a day.
const MILLISECONDS = { min: 0, max: 86_400_000 } as const

/**
 * The server's and the CLI's timeout defaults and help, derived from here.
 * @note Node's own (60 s headers, 300 s request, no idle limit) let a few
 * hundred silent sockets hold file descriptors for minutes.
 */
export const TIMEOUT_RULES = {
  /** From a request's first byte to the end of its headers; then 408. */
  headersTimeout: {
    ...MILLISECONDS,
    default: 10_000,
    summary:
      'ms a client has from its first byte to the end of the headers; 408 after it (0: no limit)',
  },
  /** From a request's first byte to the end of its body; then 408. */
  requestTimeout: {
    ...MILLISECONDS,
    default: 60_000,
    summary:
      'ms a client has from its first byte to the end of the body; 408 after it (0: no limit)',
  },
  /** An idle keep-alive connection between two requests; then closed. */
  keepAliveTimeout: {
    ...MILLISECONDS,
    default: 5_000,
    summary:
      'ms an idle keep-alive connection stays open between requests (0: until the idle timeout)',
  },
  /** A connection without a byte either way (before its first request too); then closed. */
  idleTimeout: {
    ...MILLISECONDS,
    default: 30_000,
    summary:
      'ms a connection may stay silent, before its first request too, before it is closed (0: no limit)',
  },
  /** `close()` and the CLI's stop: open requests get this long, then their sockets are destroyed. */
  shutdownTimeout: {
    ...MILLISECONDS,
    default: 10_000,
    summary:
      'ms open requests get to finish when the server stops; then their connections are closed',
  },
} as const satisfies Record<string, IntegerOptionRule>

/**
 * How long the server waits for slow and idle clients, and for itself when
 * it stops, in milliseconds.
 */
export type ServerTimeouts = {
  -readonly [Name in keyof typeof TIMEOUT_RULES]: number
}

const timeoutsSchema = z
  .object(
    Object.fromEntries(
      Object.entries(TIMEOUT_RULES).map(([name, rule]) => [
        name,
        integerOptionSchema(rule).optional(),
      ]),
    ) as Record<keyof ServerTimeouts, z.ZodOptional<z.ZodNumber>>,
  )
  .refine(
    ({ headersTimeout: headers, requestTimeout: request }) =>
      headers === undefined ||
      request === undefined ||
      request === 0 ||
      headers <= request,
    {
      path: ['headersTimeout'],
      message:
        'must not be longer than "requestTimeout", which includes the headers',
    },
  )

/**
 * @throws {OptionsError} for a value that is not a whole number of
 * milliseconds within bounds, or headers allowed longer than the whole request.
 */
export function resolveServerTimeouts(
  given: Partial<ServerTimeouts>,
): ServerTimeouts {
  const checked = parseOptions(timeoutsSchema, given, {
    subject: 'content-api-mock server timeouts',
    hint: 'Give each in milliseconds, e.g. shutdownTimeout: 10000.',
  })
  const timeouts = {} as ServerTimeouts
  for (const name of Object.keys(TIMEOUT_RULES) as Array<
    keyof ServerTimeouts
  >) {
    timeouts[name] = checked[name] ?? TIMEOUT_RULES[name].default
  }
  // Node refuses headers allowed longer than the request: the headers win.
  if (
    timeouts.requestTimeout !== 0 &&
    timeouts.headersTimeout > timeouts.requestTimeout
  ) {
    timeouts.requestTimeout = timeouts.headersTimeout
  }
  return timeouts
}

// Node's default checks every 30 s, so a 10 s header timeout would fire after
// up to 40 s.
export function connectionsCheckingInterval(timeouts: ServerTimeouts): number {
  const limits = [timeouts.headersTimeout, timeouts.requestTimeout].filter(
    (limit) => limit > 0,
  )
  return Math.min(1000, Math.max(50, Math.floor(Math.min(...limits) / 4)))
}
