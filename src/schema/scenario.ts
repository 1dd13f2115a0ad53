import * as z from 'zod'
import { ENDPOINT_NAMES } from './endpoints.js'
import { isOptionGiven } from './option-rules.js'
import { DURATION_PATTERN } from './parse-duration.js'

/**
 * The named presets of forced outcomes, for `X-Mock-Scenario`, `--scenario`, the control API and `scenarios.add()`.
 * @example
 * for (const preset of SCENARIO_PRESETS) mock.scenarios.add(preset, { times: 1 })
 */
export const SCENARIO_PRESETS = [
  'rate-limited',
  'server-error',
  'slow',
  'flaky',
  'network-error',
  'expired-key',
] as const

/**
 * The endpoints a scenario can be narrowed to.
 * @example
 * mock.scenarios.add('slow', { match: { endpoint: SCENARIO_ENDPOINTS[3] } })
 */
export const SCENARIO_ENDPOINTS = ENDPOINT_NAMES

export const MAX_LATENCY_MS = 600_000

/** The first of these two lists is the default. */
export const RATE_LIMIT_ALGORITHMS = ['fixed-window', 'token-bucket'] as const

export const RATE_LIMIT_HEADER_STYLES = ['ratelimit', 'x-ratelimit'] as const

/** Spelled as documented (answers carry them lowercase); `reset` is seconds to go, or epoch seconds for `x-`. */
export const RATE_LIMIT_HEADER_NAMES = {
  ratelimit: {
    limit: 'RateLimit-Limit',
    remaining: 'RateLimit-Remaining',
    reset: 'RateLimit-Reset',
  },
  'x-ratelimit': {
    limit: 'X-RateLimit-Limit',
    remaining: 'X-RateLimit-Remaining',
    reset: 'X-RateLimit-Reset',
  },
} as const

/** Any spelling a service may use: `RateLimit-*`, `X-RateLimit-*`, `RateLimit-Policy`, `RateLimit`. */
export const RATE_LIMIT_HEADER_PATTERN = /^(?:x-)?ratelimit(?:-|$)/i

const endpointSchema = z.enum(SCENARIO_ENDPOINTS)

const positiveMs = z.number().positive().max(MAX_LATENCY_MS)

/**
 * A forced latency: fixed milliseconds, a uniform range, or a log-normal distribution around a median, capped at `max`.
 * @example
 * latencySchema.parse({ min: 50, max: 200 })
 */
export const latencySchema = z.union([
  z.number().min(0).max(MAX_LATENCY_MS),
  z
    .strictObject({ min: z.number().min(0), max: positiveMs })
    .refine((range) => range.min <= range.max, {
      message: 'expected min <= max',
    }),
  z.strictObject({
    median: positiveMs,
    sigma: z.number().min(0).max(3).optional(),
    max: positiveMs.optional(),
  }),
])

/**
 * A rate limit: `limit` requests per `window`, per API key.
 * @example
 * rateLimitSchema.parse({ limit: 60, window: '1m' })
 */
export const rateLimitSchema = z.strictObject({
  limit: z.int().min(1),
  window: z.union([
    z.number().positive(),
    z
      .string()
      .regex(
        DURATION_PATTERN,
        'expected a count with a unit: "500ms", "30s", "1m", "2h"',
      ),
  ]),
  algorithm: z.enum(RATE_LIMIT_ALGORITHMS).optional(),
  perEndpoint: z.boolean().optional(),
  headers: z.enum(RATE_LIMIT_HEADER_STYLES).optional(),
})

/**
 * One scenario: without `times`, `every` or `probability` it fires on every matching request until removed.
 * @example
 * scenarioSchema.parse({ status: 500, times: 2, match: { endpoint: 'getContent' } })
 */
export const scenarioSchema = z
  .strictObject({
    /** A name to recognise it by in lists; presets are named after themselves. */
    name: z.string().min(1).max(100).optional(),
    match: z
      .strictObject({
        endpoint: z
          .union([endpointSchema, z.array(endpointSchema).min(1)])
          .optional(),
        key: z.string().min(1).optional(),
        /** Segment-wise, with or without the API prefix: `/projects/p1` covers `…/p1/contents`, not `…/p10`. */
        path: z.string().startsWith('/').optional(),
      })
      .optional(),
    times: z.int().min(1).optional(),
    every: z.int().min(1).optional(),
    probability: z.number().min(0).max(1).optional(),
    status: z.int().min(400).max(599).optional(),
    message: z.string().min(1).optional(),
    retryAfter: z.int().min(0).optional(),
    latency: latencySchema.optional(),
    networkError: z.boolean().optional(),
    rateLimit: rateLimitSchema.optional(),
  })
  .superRefine((scenario, context) => {
    const effects = ['status', 'latency', 'networkError', 'rateLimit'] as const
    if (!effects.some((effect) => isOptionGiven(scenario[effect]))) {
      context.addIssue({
        code: 'custom',
        message:
          'a scenario needs an effect: status, latency, networkError or rateLimit',
      })
    }
    if (scenario.rateLimit !== undefined) {
      for (const other of [
        'status',
        'message',
        'retryAfter',
        'latency',
        'networkError',
        'times',
        'every',
        'probability',
      ] as const) {
        if (scenario[other] !== undefined) {
          context.addIssue({
            code: 'custom',
            path: [other],
            message:
              'a rate-limit scenario counts every matching request; put this in a scenario of its own',
          })
        }
      }
    }
    if (scenario.status !== undefined && scenario.networkError === true) {
      context.addIssue({
        code: 'custom',
        path: ['networkError'],
        message:
          'a scenario answers a status or drops the connection, not both',
      })
    }
  })

export type ScenarioPreset = (typeof SCENARIO_PRESETS)[number]
export type ScenarioEndpoint = (typeof SCENARIO_ENDPOINTS)[number]
export type Latency = z.infer<typeof latencySchema>
export type RateLimit = z.infer<typeof rateLimitSchema>
export type Scenario = z.infer<typeof scenarioSchema>
