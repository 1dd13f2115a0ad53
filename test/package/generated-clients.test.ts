import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createClient } from '@hey-api/openapi-ts'
import { generate } from 'orval'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer } from '../support/server.js'

// Clients generated from the served /openapi.json by two generators the
// project does not otherwise use, as an integrator would: their types must
// read the asset URLs as strings, and their calls must work against the mock.

const TSC = fileURLToPath(
  new URL('../../node_modules/typescript/bin/tsc', import.meta.url),
)
const KEY = 'demo-key-alpha'

/** Reads the first content of the first project with the orval client. */
const ORVAL_USE = `import { getContent, listContents, listProjects } from './orval/api'

export async function readDownloadUrl(key: string): Promise<string> {
  const init = { headers: { authorization: \`Bearer \${key}\` } }
  const projects = await listProjects(init)
  if (projects.status !== 200) throw new Error(\`listProjects: \${projects.status}\`)
  for (const project of projects.data.data) {
    const contents = await listContents(project.project_unique, init)
    if (contents.status !== 200) throw new Error(\`listContents: \${contents.status}\`)
    const content = contents.data.data[0]
    if (content === undefined) continue
    return await readContent(project.project_unique, content.variation_unique, init)
  }
  throw new Error('no content in any project')
}

async function readContent(project: string, content: string, init: RequestInit) {
  const answer = await getContent(project, content, init)
  if (answer.status !== 200) throw new Error(\`getContent: \${answer.status}\`)
  const detail = answer.data.data
  const url: string = detail.content.download_url
  // @ts-expect-error a URL is a string, not a number (so not \`any\` either)
  const wrong: number = detail.content.download_url
  void wrong
  return url
}
`

/** The same with the @hey-api/openapi-ts client. */
const HEY_API_USE = `import { getContent, listContents, listProjects } from './hey-api'

export async function readDownloadUrl(key: string): Promise<string> {
  const headers = { authorization: \`Bearer \${key}\` }
  const projects = await listProjects({ headers, throwOnError: true })
  for (const { project_unique } of projects.data.data) {
    const contents = await listContents({
      path: { project_unique },
      headers,
      throwOnError: true,
    })
    const content = contents.data.data[0]
    if (content === undefined) continue
    const { variation_unique } = content
    return await readContent({ project_unique, variation_unique }, headers)
  }
  throw new Error('no content in any project')
}

async function readContent(
  path: { project_unique: string; variation_unique: string },
  headers: Record<string, string>,
): Promise<string> {
  const answer = await getContent({ path, headers, throwOnError: true })
  const detail = answer.data.data
  const url: string = detail.content.download_url
  // @ts-expect-error a URL is a string, not a number (so not \`any\` either)
  const wrong: number = detail.content.download_url
  void wrong
  return url
}
`

/** As strict as the project's own settings; nothing but the two files. */
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
  },
  files: ['orval-use.ts', 'hey-api-use.ts'],
}

let server: Awaited<ReturnType<typeof startServer>>
let folder: string

beforeAll(async () => {
  server = await startServer()
  folder = await mkdtemp(join(tmpdir(), 'content-api-mock-clients-'))
  const document = await (await fetch(`${server.url}/openapi.json`)).text()
  await writeFile(join(folder, 'openapi.json'), document)
  // Both take the base URL from `servers[0].url`: the server's own.
  await generate(
    {
      input: { target: './openapi.json' },
      output: {
        target: './orval/api.ts',
        client: 'fetch',
        mode: 'single',
        baseUrl: { getBaseUrlFromSpecification: true },
      },
    },
    folder,
  )
  await createClient({
    input: join(folder, 'openapi.json'),
    output: join(folder, 'hey-api'),
    logs: { level: 'silent' },
  })
  await writeFile(join(folder, 'orval-use.ts'), ORVAL_USE)
  await writeFile(join(folder, 'tsconfig.json'), JSON.stringify(TSCONFIG))
  await writeFile(join(folder, 'hey-api-use.ts'), HEY_API_USE)
}, 60_000)

afterAll(async () => {
  await server?.close()
  if (folder !== undefined) await rm(folder, { recursive: true, force: true })
})

it('generates orval and @hey-api/openapi-ts clients that type download_url as a string under strict tsc', async () => {
  const check = promisify(execFile)(
    process.execPath,
    [TSC, '-p', 'tsconfig.json'],
    { cwd: folder },
  )
  await expect(
    check.catch((error: { stdout: string }) => {
      throw new Error(`tsc failed:\n${error.stdout}`)
    }),
  ).resolves.toBeDefined()
}, 60_000)

it('reads a download URL through the orval client from a real server', async () => {
  const { readDownloadUrl } = await import(join(folder, 'orval-use.ts'))
  const url: string = await readDownloadUrl(KEY)

  expect(url.startsWith(`${server.url}/`)).toBe(true)
  expect((await fetch(url)).status).toBe(200)
})

it('reads a download URL through the @hey-api/openapi-ts client from a real server', async () => {
  const { readDownloadUrl } = await import(join(folder, 'hey-api-use.ts'))
  const url: string = await readDownloadUrl(KEY)

  expect(url.startsWith(`${server.url}/`)).toBe(true)
  expect((await fetch(url)).status).toBe(200)
})
