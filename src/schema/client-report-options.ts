import * as z from 'zod'

/**
 * The rules of the client report (docs/client-report.md), by ID, in the
 * order findings are listed: a stable name each, for switching a rule off
 * and for telling findings apart.
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

/** One of {@link CLIENT_REPORT_RULES}. */
export type ClientReportRule = (typeof CLIENT_REPORT_RULES)[number]

/**
 * The thresholds of the rules that have any, as the report uses them unless
 * the `clientReport` option says otherwise.
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
export interface ClientReportThresholds {
  'retry-without-backoff': { retries: number; withinMs: number }
  'repeated-unauthorized': { resends: number }
  'tight-polling': { requests: number; intervalMs: number }
  'too-many-in-flight': { limit: number }
}

/** What a rule may be given: `false` turns it off, `true` or `{}` keeps it. */
type RuleSetting<Rule extends ClientReportRule> =
  | boolean
  | (Rule extends keyof ClientReportThresholds
      ? Partial<ClientReportThresholds[Rule]>
      : Record<string, never>)

/**
 * The `clientReport` option: per rule, `false` to turn it off, or its
 * thresholds, e.g. `{ 'missing-authorization': false, 'tight-polling':
 * { requests: 20 } }`. A rule left out runs with its defaults.
 */
export type ClientReportOptions = {
  [Rule in ClientReportRule]?: RuleSetting<Rule>
}

const count = (min: number) => {
  const error = `expected a whole number, ${min} or more`
  return z.int({ error }).min(min, { error }).optional()
}

/** A rule's setting: on or off, or its thresholds (none for most). */
const setting = <Shape extends z.core.$ZodLooseShape>(thresholds: Shape) =>
  z.union([z.boolean(), z.strictObject(thresholds)]).optional()

/**
 * The schema of the `clientReport` option, checked with the mock's other
 * options, so a misspelt rule or threshold throws before anything is served.
 * @example
 * clientReportOptionsSchema.parse({ 'too-many-in-flight': { limit: 4 } })
 */
export const clientReportOptionsSchema: z.ZodType<ClientReportOptions> =
  z.strictObject({
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
