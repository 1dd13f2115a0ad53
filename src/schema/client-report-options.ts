import * as z from 'zod'

/**
 * The rules of the client report (docs/client-report.md), in the order findings are listed.
 * @example
 * mock.clientReport().findings.map((finding) => finding.rule) // e.g. ['missing-authorization']
 */
export const CLIENT_REPORT_RULES = [
  'retry-before-retry-after',
  'retry-without-backoff',
  'expired-asset-url',
  'missing-authorization',
  'repeated-unauthorized',
  'unknown-route',
  'invalid-parameter',
  'tight-polling',
  'too-many-in-flight',
] as const

export type ClientReportRule = (typeof CLIENT_REPORT_RULES)[number]

/**
 * The thresholds of the rules that have any, unless the `clientReport` option says otherwise.
 * @example
 * CLIENT_REPORT_DEFAULTS['too-many-in-flight'].limit // 8
 */
export const CLIENT_REPORT_DEFAULTS = {
  'retry-without-backoff': { retries: 3, withinMs: 1000 },
  'repeated-unauthorized': { resends: 3 },
  'tight-polling': { requests: 10, intervalMs: 1000 },
  'too-many-in-flight': { limit: 8 },
} as const

/** The thresholds each rule takes (none for most). */
export type ClientReportThresholds = {
  [Rule in keyof typeof CLIENT_REPORT_DEFAULTS]: Record<
    keyof (typeof CLIENT_REPORT_DEFAULTS)[Rule],
    number
  >
}

const count = (min: number) => {
  const error = `expected a whole number, ${min} or more`
  return z.int({ error }).min(min, { error }).optional()
}

const setting = <Shape extends z.core.$ZodLooseShape>(thresholds: Shape) =>
  z.union([z.boolean(), z.strictObject(thresholds)]).optional()

/**
 * The schema of the `clientReport` option: a misspelt rule or threshold throws before anything is served.
 * @example
 * clientReportOptionsSchema.parse({ 'too-many-in-flight': { limit: 4 } })
 */
export const clientReportOptionsSchema = z.strictObject({
  'retry-before-retry-after': setting({}),
  'retry-without-backoff': setting({
    retries: count(2),
    withinMs: count(1),
  }),
  'expired-asset-url': setting({}),
  'missing-authorization': setting({}),
  'repeated-unauthorized': setting({ resends: count(1) }),
  'unknown-route': setting({}),
  'invalid-parameter': setting({}),
  'tight-polling': setting({ requests: count(2), intervalMs: count(1) }),
  'too-many-in-flight': setting({ limit: count(1) }),
} satisfies Record<ClientReportRule, z.ZodType>)

/** The `clientReport` option: per rule, `false` to turn it off, or its thresholds; else the defaults. */
export type ClientReportOptions = z.input<typeof clientReportOptionsSchema>
