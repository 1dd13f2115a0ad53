import { readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { VARIANT_NAMES } from 'content-api-mock'
// runCli in-process, with an io of the test's own; DRIFT_KINDS is the table
// the report is checked against, and no entry exports either.
import type { AppliedVariant } from '../../../src/schema/variants.js'
import { expect, it } from 'vitest'
import type { CliIo } from '../../../src/cli/output/create-process-io.js'
import { runCli } from '../../../src/cli/run-cli.js'
import {
  DRIFT_KINDS,
  type DriftKind,
} from '../../../src/contract/drift-kinds.js'
import { startServer } from '../../support/server.js'
import { VARIANT_DATA } from '../../support/variant-clients.js'
import { freePort } from '../../support/free-port.js'

const KEY = 'demo-key-alpha'
const SAMPLE = ['--max-projects', '6', '--max-contents', '6']

/** The drift each variant shows, as verify names it. */
const EXPECTED_KIND: Record<Exclude<AppliedVariant, 'slow-body'>, DriftKind> = {
  'extra-fields': 'unknown-field',
  nullable: 'null-or-absent',
  'other-modes': 'unknown-mode',
  'publish-statuses': 'unknown-publish-status',
  'lenient-ids': 'lenient-id',
  paginated: 'pagination',
  'error-variants': 'error-code',
  unicode: 'unusual-text',
  truncated: 'cut-short',
}

interface Run {
  code: number
  stdout: string
  stderr: string
}

async function verify(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<Run> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { NO_COLOR: '1', ...env },
    onStopSignal: () => () => {},
    exit(code) {
      throw new Error(`verify tried to end the process with ${code}.`)
    },
  }
  const code = await runCli(['verify', ...args], io)
  return { code, stdout, stderr }
}

interface JsonReport {
  exitCode: number
  strict: boolean
  tolerant: boolean
  answers: Array<{
    case: string
    status: number
    strict: boolean
    tolerant: boolean
  }>
  drift: Array<{ kind: string; variant?: string; fix: string; count: number }>
}

/** Runs verify with a JSON report against `apiUrl`; the run and its report. */
async function verifyJson(apiUrl: string, ...extra: string[]) {
  const run = await verify([
    '--target',
    apiUrl,
    '--api-key',
    KEY,
    '--report',
    'json',
    ...extra,
  ])
  return { run, report: JSON.parse(run.stdout || 'null') as JsonReport }
}

it('verifies a default server as matching the strict schema, exit 0', async () => {
  await using server = await startServer(VARIANT_DATA)
  const run = await verify([
    '--target',
    server.apiUrl,
    '--api-key',
    KEY,
    ...SAMPLE,
  ])
  expect(run.stderr).toBe('')
  expect(run.stdout).toMatch(/No drift/)
  expect(run.code).toBe(0)
})

for (const [variant, kind] of Object.entries(EXPECTED_KIND)) {
  it(`names ${variant} for a server with the ${variant} variant (${kind}), exit 1`, async () => {
    await using server = await startServer({
      ...VARIANT_DATA,
      variants: [variant as AppliedVariant],
    })
    const { run, report } = await verifyJson(server.apiUrl, ...SAMPLE)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(1)
    expect(report.exitCode).toBe(1)
    expect(report.strict).toBe(false)
    const found = report.drift.find((drift) => drift.kind === kind)
    expect(found?.variant).toBe(variant)
    expect(found?.fix).toContain(`--variant ${variant}`)
    // Every kind seen is one this variant makes: no false alarm.
    expect(new Set(report.drift.map((drift) => drift.variant))).toEqual(
      new Set([variant]),
    )
  })
}

it('finds no drift in slow-body: the same bytes, only later', async () => {
  await using server = await startServer({
    ...VARIANT_DATA,
    variants: ['slow-body'],
  })
  const run = await verify(['--target', server.apiUrl, '--api-key', KEY])
  expect(run.code).toBe(0)
})

it('reports every JSON answer of every variant as matching the tolerant schema', async () => {
  await using server = await startServer({
    ...VARIANT_DATA,
    variants: VARIANT_NAMES.filter(
      (name) => name !== 'truncated' && name !== 'hostile',
    ),
  })
  const { report } = await verifyJson(server.apiUrl, ...SAMPLE)
  expect(report.answers.length).toBeGreaterThan(10)
  expect(report.answers.filter((answer) => !answer.tolerant)).toEqual([])
  expect(report.answers.filter((answer) => answer.strict)).toEqual([])
})

it('writes the JSON report to --report-file and the table to stdout', async () => {
  await using server = await startServer({
    ...VARIANT_DATA,
    variants: ['extra-fields'],
  })
  const folder = mkdtempSync(join(tmpdir(), 'verify-report-'))
  try {
    const file = join(folder, 'report.json')
    const run = await verify(
      [
        '--target',
        `${server.apiUrl}/`,
        '--report',
        'json',
        '--report-file',
        file,
      ],
      { CONTENT_API_KEY: KEY },
    )
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/unknown-field +\d+ +extra-fields/)
    const report = JSON.parse(readFileSync(file, 'utf8')) as JsonReport
    expect(report.drift.map((drift) => drift.kind)).toEqual(['unknown-field'])
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})

it('exits 2 with one line for a bad URL, an unreachable host, a refused key or no API at the target', async () => {
  await using server = await startServer(VARIANT_DATA)
  const port = await freePort()
  const cases: Array<[string[], RegExp]> = [
    [['--target', 'not a url', '--api-key', KEY], /is not a URL/],
    [['--target', 'ftp://example.com/v1', '--api-key', KEY], /http/],
    [['--target', server.apiUrl], /CONTENT_API_KEY/],
    [
      ['--target', `http://127.0.0.1:${port}/public-api/v1`, '--api-key', KEY],
      /No answer from .*ECONNREFUSED/,
    ],
    [
      ['--target', server.apiUrl, '--api-key', 'not-a-key-of-this-service'],
      /refused the API key \(401\)/,
    ],
    [
      ['--target', `${server.url}/public-api/v2`, '--api-key', KEY],
      /answered 404: no API there/,
    ],
  ]
  for (const [args, message] of cases) {
    const run = await verify(args)
    const context = `verify ${args.join(' ')}\n${run.stderr}`
    expect(run.code, context).toBe(2)
    expect(run.stdout, context).toBe('')
    expect(run.stderr, context).toMatch(message)
    expect(run.stderr.trimEnd().split('\n'), context).toHaveLength(1)
  }
})

it('names in its drift table only variants that exist, and every variant but slow-body and hostile', () => {
  const named = Object.values(DRIFT_KINDS).flatMap((rule) =>
    'variant' in rule ? [rule.variant] : [],
  )
  for (const variant of named) expect(VARIANT_NAMES).toContain(variant)
  expect(new Set(named)).toEqual(
    new Set(
      VARIANT_NAMES.filter(
        (name) => name !== 'slow-body' && name !== 'hostile',
      ),
    ),
  )
})

it('waits out 429 answers as Retry-After says and reports the rate-limit headers as drift', async () => {
  await using server = await startServer({
    ...VARIANT_DATA,
    rateLimit: { limit: 8, window: '1s' },
  })
  const { run, report } = await verifyJson(server.apiUrl)
  expect(report.answers.length).toBeGreaterThan(8)
  expect(report.answers.map((answer) => answer.status)).not.toContain(429)
  expect(report.drift.map((drift) => drift.kind)).toEqual([
    'rate-limit-headers',
  ])
  expect(report.drift[0]!.fix).toContain('--rate-limit')
  expect(run.code).toBe(1)
})

it('asks one request at a time in the documented order: the walk depth first, then the error cases', async () => {
  await using server = await startServer(VARIANT_DATA)
  const { report } = await verifyJson(
    server.apiUrl,
    '--max-projects',
    '2',
    '--max-contents',
    '1',
  )
  expect(report.answers.map((answer) => answer.case).join(' ')).toMatch(
    /^list-projects( get-project list-contents( get-content)?){2} no-key bad-key unknown-project malformed-project-id unknown-content malformed-content-id$/,
  )
})

it('exits 2 naming --timeout when no answer comes in time', async () => {
  const sockets: Array<{ destroy(): void }> = []
  const silent = createServer((socket) => void sockets.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const { port } = silent.address() as AddressInfo
  try {
    const run = await verify([
      '--target',
      `http://127.0.0.1:${port}/public-api/v1`,
      '--api-key',
      KEY,
      '--timeout',
      '200',
    ])
    expect(run.code).toBe(2)
    expect(run.stderr).toMatch(
      /No answer from \S+\/projects: no answer within 200 ms \(--timeout\)/,
    )
  } finally {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  }
})
