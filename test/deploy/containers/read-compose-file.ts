import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

// A compose file as compose reads it: YAML with its aliases and merge keys,
// compose's variables replaced, the services in the order they start.

/** A service of a compose file, as far as the suites translate it. */
export interface ComposeService {
  image: string
  build?: unknown
  command?: string[]
  environment?: Record<string, string> | string[]
  depends_on?: string[] | Record<string, { condition?: string }>
  healthcheck?: {
    test: string[] | string
    interval?: string
    timeout?: string
    retries?: number
    start_period?: string
  }
  ports?: string[]
  volumes?: string[]
  stop_grace_period?: string
  restart?: string
}

/** The keys of a service the suite's own start translates. */
const TRANSLATED = new Set([
  'image',
  'build',
  'command',
  'environment',
  'depends_on',
  'healthcheck',
  'ports',
  'volumes',
  'stop_grace_period',
  'restart',
])

/**
 * The services of the compose file at `file`, aliases merged and variables
 * taken from `env` as compose does.
 * @throws for a key the suite's own start does not translate.
 */
export function readComposeFile(
  file: string,
  env: Record<string, string>,
): Record<string, ComposeService> {
  const document = interpolate(
    parse(readFileSync(file, 'utf8'), { merge: true }),
    env,
  ) as {
    services: Record<string, ComposeService & Record<string, unknown>>
  }
  for (const [name, service] of Object.entries(document.services)) {
    const unknown = Object.keys(service).filter((key) => !TRANSLATED.has(key))
    if (unknown.length > 0) {
      throw new Error(
        `${file}: the service ${name} uses ${unknown.join(', ')}, which the suite's own start does not translate to podman; teach test/deploy/containers/started-by-suite.ts to.`,
      )
    }
  }
  return document.services
}

/** Compose's variables in every string: `$$`, `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`. */
function interpolate(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
      (whole, name?: string, colon?: string, kind?: string, word = '') => {
        if (whole === '$$') return '$'
        const set =
          env[name!] !== undefined && (colon !== ':' || env[name!] !== '')
        if (set) return env[name!]!
        if (kind === '?') throw new Error(`${name} is required: ${word}`)
        return kind === '-' ? word : ''
      },
    )
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolate(item, env)]),
    )
  }
  return value
}

export function dependenciesOf(
  service: ComposeService,
): Array<[string, string]> {
  const given = service.depends_on ?? []
  return Array.isArray(given)
    ? given.map((name) => [name, 'service_started'])
    : Object.entries(given).map(([name, { condition }]) => [
        name,
        condition ?? 'service_started',
      ])
}

/** The services, each after those it depends on. */
export function startOrder(services: Record<string, ComposeService>): string[] {
  const order: string[] = []
  const visit = (name: string, path: string[]) => {
    if (order.includes(name)) return
    if (path.includes(name))
      throw new Error(`depends_on circles: ${[...path, name].join(' → ')}`)
    for (const [dependency] of dependenciesOf(services[name]!))
      visit(dependency, [...path, name])
    order.push(name)
  }
  for (const name of Object.keys(services)) visit(name, [])
  return order
}

/** Compose's durations as whole seconds: `15s`, `1m30s`. */
export function seconds(duration: string | undefined): number | undefined {
  if (duration === undefined) return undefined
  const match = /^(?:(\d+)m)?(?:(\d+)s)?$/.exec(duration)
  if (match === null || duration === '')
    throw new Error(`Unread duration ${duration}`)
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)
}
