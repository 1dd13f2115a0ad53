import { execFile, spawn } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, expect, it } from 'vitest'
import { freePort } from '../../support/free-port.js'
import {
  findProcesses,
  findProcessesLeft,
} from '../../support/process-table.js'
import {
  INSTALL_MS,
  installPacked,
  MSW_VERSION,
  usePackedWorkspace,
  writeRecipe,
} from '../../support/packed-consumer.js'

// npm passes SIGTERM to the shell it runs a bin in, which ends without
// passing it on: `npx content-api-mock & … kill $!` left the server running,
// a child of init. The server now stops once the npm that started it is
// gone. Checked as CI would meet it, in the process table, in a consumer
// that installed the packed package.

const run = promisify(execFile)
const PAGE = 'docs/test-runners.md'
const workspace = usePackedWorkspace()
let project: string
beforeAll(async () => {
  project = writeRecipe(workspace(), PAGE, 'ci-job')
  await installPacked(workspace(), project, [`msw@${MSW_VERSION}`])
}, INSTALL_MS)

it(
  'runs the CI job of the docs with npx, and leaves no process once it ends',
  async () => {
    const port = await freePort()

    const { stdout, stderr } = await run('bash', ['e2e.sh'], {
      cwd: project,
      env: { ...process.env, PORT: String(port) },
    })

    expect(stdout).toContain(`API       http://127.0.0.1:${port}/public-api/v1`)
    expect(stdout).toMatch(/^# pass 1$/m)
    expect(
      await findProcessesLeft(join(project, 'node_modules'), 10_000),
    ).toEqual([])
    expect(stderr).toContain(
      'npx, which started this server, has exited: stopping',
    )
  },
  INSTALL_MS,
)

it(
  'stops a server started by npx once npx is killed with SIGTERM',
  async () => {
    const port = await freePort()
    const npx = spawn('npx', ['content-api-mock', '--port', String(port)], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    npx.stderr.on('data', (chunk) => (stderr += chunk))
    const banner = new Promise<void>((resolve) =>
      npx.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('API ')) resolve()
      }),
    )
    try {
      await banner
      const server = (await findProcesses(project)).find((line) =>
        line.includes('.bin/content-api-mock'),
      )
      expect(server, 'the server in the process table').toBeDefined()

      npx.kill('SIGTERM')

      expect(await findProcessesLeft(project, 10_000)).toEqual([])
      expect(stderr).toMatch(
        /npx, which started this server, has exited: stopping, finishing open requests \(at most 10000 ms; SIGTERM exits at once\)\n.*stopped\n/,
      )
    } finally {
      npx.kill('SIGKILL')
    }
  },
  INSTALL_MS,
)
