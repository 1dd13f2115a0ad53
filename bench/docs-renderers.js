// Which renderer draws the API reference at /docs: Scalar, Redoc and Swagger
// UI, each installed from npm into a folder of its own, served by one
// content-api-mock server (the renderer's files through `handlers`, so
// /openapi.json and the API are the mock's own, on the same origin) and
// opened in Chromium. For each it reports the installed size, the bytes the
// browser downloads (raw and gzipped), the time until the four operations
// show (median of the runs, each in a fresh browser context, so nothing is
// cached), and every request to another origin (they are not resolved, so
// they fail instead of leaving the machine).
//
//   npm run build && node bench/docs-renderers.js [--dir <folder>] [--runs 5]
//
// --dir keeps the installs between runs (default: a temporary folder); the
// installs need the npm registry, the measurements only loopback.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { http, HttpResponse } from 'msw'
import { chromium } from 'playwright-core'
import { createContentApiServer } from '../dist/server/index.js'

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    runs: { type: 'string', default: '5' },
  },
})
const RUNS = Number(values.runs)
const dir = resolve(values.dir ?? join(tmpdir(), 'content-api-mock-renderers'))
mkdirSync(dir, { recursive: true })
if (values.dir === undefined) {
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
}

const SUMMARIES = [
  'List projects',
  'Get a project',
  'List the contents of a project',
  'Get a content',
]
const KEY = 'demo-key-alpha'

/**
 * Each renderer: what npm installs, the files the page loads (path under
 * node_modules), and its page. `configured` is the page with every option
 * that keeps requests on the origin; `plain` is the page as its README shows.
 */
const RENDERERS = {
  scalar: {
    spec: '@scalar/api-reference@latest',
    files: {
      'standalone.js': '@scalar/api-reference/dist/browser/standalone.js',
    },
    page: (options) => `<!doctype html><html><head><meta charset="utf-8">
<title>API reference</title><link rel="icon" href="data:,"></head><body><div id="app"></div>
<script src="/r/standalone.js"></script>
<script>Scalar.createApiReference('#app', ${JSON.stringify({
      url: '/openapi.json',
      ...(options.configured && {
        withDefaultFonts: false,
        telemetry: false,
        defaultOpenAllTags: true,
        hideClientButton: true,
        showDeveloperTools: 'never',
        mcp: { disabled: true },
        agent: { disabled: true },
        authentication: {
          preferredSecurityScheme: 'bearerAuth',
          securitySchemes: { bearerAuth: { token: KEY } },
        },
      }),
    })})</script></body></html>`,
  },
  redoc: {
    spec: 'redoc@2',
    files: { 'redoc.standalone.js': 'redoc/bundles/redoc.standalone.js' },
    page: () => `<!doctype html><html><head><meta charset="utf-8">
<title>API reference</title><link rel="icon" href="data:,"></head><body>
<redoc spec-url="/openapi.json"></redoc>
<script src="/r/redoc.standalone.js"></script></body></html>`,
  },
  'swagger-ui': {
    spec: 'swagger-ui-dist@latest',
    files: {
      'swagger-ui.css': 'swagger-ui-dist/swagger-ui.css',
      'swagger-ui-bundle.js': 'swagger-ui-dist/swagger-ui-bundle.js',
    },
    page: (options) => `<!doctype html><html><head><meta charset="utf-8">
<title>API reference</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/r/swagger-ui.css">
</head><body><div id="app"></div><script src="/r/swagger-ui-bundle.js"></script>
<script>const ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#app',
${options.configured ? `validatorUrl: null, onComplete: () => ui.preauthorizeApiKey('bearerAuth', '${KEY}')` : ''} })</script>
</body></html>`,
  },
}

function install(name, spec) {
  const target = join(dir, name)
  if (!existsSync(join(target, 'node_modules'))) {
    mkdirSync(target, { recursive: true })
    execFileSync('npm', ['init', '-y'], { cwd: target, stdio: 'ignore' })
    execFileSync(
      'npm',
      ['install', '--ignore-scripts', '--no-audit', '--no-fund', spec],
      { cwd: target, stdio: 'ignore' },
    )
  }
  return target
}

async function folderSize(path) {
  let bytes = 0
  let packages = 0
  for (const entry of await readdir(path, {
    recursive: true,
    withFileTypes: true,
  })) {
    const full = join(entry.parentPath, entry.name)
    if (entry.isFile()) bytes += statSync(full).size
    if (entry.isFile() && entry.name === 'package.json') {
      const { name, version } = JSON.parse(readFileSync(full, 'utf8'))
      if (typeof name === 'string' && typeof version === 'string') packages++
    }
  }
  return { bytes, packages }
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
if (!existsSync(CHROMIUM)) {
  console.error(
    `bench/docs-renderers.js needs Chromium: none at ${CHROMIUM}. Set CHROMIUM_PATH=/path/to/chrome.`,
  )
  process.exit(1)
}
/**
 * Opens `${url}/docs` RUNS + 1 times (the first warms up), each in a fresh
 * context, until `summaries` show; the median time, what the browser
 * downloaded on one run, and the other origins it asked for.
 */
async function measure(url, summaries) {
  const times = []
  let bytes = 0
  let gzipped = 0
  const foreign = new Set()
  const errors = []
  for (let run = 0; run <= RUNS; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    const bodies = []
    page.on('request', (request) => {
      const { origin, protocol } = new URL(request.url())
      if (origin !== url && protocol.startsWith('http')) foreign.add(origin)
    })
    page.on('response', (response) =>
      bodies.push(response.body().catch(() => undefined)),
    )
    page.on('pageerror', (error) => errors.push(error.message))
    const started = Date.now()
    await page.goto(`${url}/docs`)
    await page.waitForFunction(
      (summaries) =>
        summaries.every((s) => document.body.innerText.includes(s)),
      summaries,
      { timeout: 60_000, polling: 20 },
    )
    if (run > 0) times.push(Date.now() - started)
    if (run === 1) {
      // What the page fetches once drawn (lazy chunks, fonts) counts too;
      // 'networkidle' never comes for a page that keeps retrying.
      await page.waitForLoadState('load')
      await page.waitForTimeout(2000)
      for (const body of await Promise.all(bodies)) {
        if (body === undefined) continue
        bytes += body.length
        gzipped += gzipSync(body).length
      }
    }
    await context.close()
  }
  times.sort((a, b) => a - b)
  return {
    downloaded: `${MB(bytes)} (${MB(gzipped)} gzipped)`,
    'four operations shown': `${times[Math.floor(times.length / 2)]} ms (${times[0]}–${times.at(-1)})`,
    'other origins': [...foreign].join(' ') || 'none',
    'page errors': errors.length,
  }
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  ],
})

const MB = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`
const rows = []
for (const [name, renderer] of Object.entries(RENDERERS)) {
  const folder = install(name, renderer.spec)
  const modules = join(folder, 'node_modules')
  const { version } = JSON.parse(
    readFileSync(
      join(modules, renderer.spec.replace(/@[^@/]+$/, ''), 'package.json'),
      'utf8',
    ),
  )
  const installed = await folderSize(modules)
  for (const configured of [false, true]) {
    if (!configured && name === 'redoc') continue
    const html = renderer.page({ configured })
    const handlers = [
      http.get('*/docs', () => HttpResponse.html(html)),
      ...Object.entries(renderer.files).map(([file, path]) =>
        http.get(`*/r/${file}`, () => {
          const body = readFileSync(join(modules, path))
          const type = file.endsWith('.css') ? 'text/css' : 'text/javascript'
          return new HttpResponse(body, { headers: { 'content-type': type } })
        }),
      ),
    ]
    const server = await createContentApiServer({ port: 0, handlers })
    // The plain pages: until the first operation shows (Scalar draws a
    // closed tag's operations only when it is opened).
    const measured = await measure(
      server.url,
      configured ? SUMMARIES : SUMMARIES.slice(0, 1),
    )
    await server.close()
    rows.push({
      renderer: `${name} ${version}${configured ? ' (configured)' : ''}`,
      installed: `${MB(installed.bytes)}, ${installed.packages} packages`,
      ...measured,
    })
  }
}

// The page the package serves: the chosen renderer with its options.
const server = await createContentApiServer({ port: 0 })
const shipped = await folderSize(new URL('../dist/docs/', import.meta.url))
rows.push({
  renderer: 'content-api-mock GET /docs',
  installed: `${MB(shipped.bytes)} in dist/docs`,
  ...(await measure(server.url, SUMMARIES)),
})
await server.close()
await browser.close()
console.table(rows)
