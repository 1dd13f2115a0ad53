import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, inject, it } from 'vitest'
import { tryPodman } from '../../support/podman.js'
import { freePort } from '../../support/free-port.js'
import { ROOT } from './container-images.js'
import { waitUntil } from './run-container.js'
import { startCompose } from './start-compose.js'

// deploy/compose.single.yaml: one server with a fixture file from a folder
// mounted read-only, reloaded when the file changes on the host, as an editor
// saves it (a new file renamed over the old one).

const images = inject('images')
const itWithPodman = it.skipIf(images === null)

const folder = mkdtempSync(join(tmpdir(), 'content-api-mock-compose-single-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function writeFixtures(projectName: string): void {
  const fixtures = JSON.parse(
    readFileSync(join(ROOT, 'test/fixtures/small.json'), 'utf8'),
  )
  fixtures.projects[0].project_name = projectName
  const next = join(folder, '.fixtures.json.tmp')
  writeFileSync(next, JSON.stringify(fixtures))
  chmodSync(next, 0o644)
  renameSync(next, join(folder, 'fixtures.json'))
}

async function projectNames(url: string): Promise<string[]> {
  const response = await fetch(`${url}/public-api/v1/projects`, {
    headers: { authorization: 'Bearer k_a' },
  })
  if (response.status !== 200) return []
  return (await response.json()).data.map(
    (project: any) => project.project_name,
  )
}

itWithPodman(
  'serves the fixture file of the mounted folder and reloads it when it changes on the host',
  async () => {
    // The user node reads the folder, as the docs ask of yours.
    chmodSync(folder, 0o755)
    writeFixtures('Served from the mounted folder')
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    await using single = await startCompose(
      join(ROOT, 'deploy/compose.single.yaml'),
      `content-api-mock-test-${randomBytes(4).toString('hex')}`,
      {
        MOCK_IMAGE: images!.mock,
        FIXTURES_DIR: folder,
        FIXTURES_FILE: 'fixtures.json',
        MOCK_PORT: String(port),
      },
    )
    console.log(`compose single: started by ${single.how}`)
    expect(
      await waitUntil(async () =>
        (await projectNames(url)).includes('Served from the mounted folder'),
      ),
    ).toBe(true)

    writeFixtures('Saved again on the host')
    expect(
      await waitUntil(
        async () =>
          (await projectNames(url)).includes('Saved again on the host'),
        20_000,
      ),
    ).toBe(true)
    const { stdout, stderr } = await tryPodman([
      'logs',
      await single.containerOf('mock'),
    ])
    const logs = stdout + stderr
    expect(logs).toMatch(
      /reloaded 4 projects, \d+ contents from fixtures\.json/,
    )
    // No ADMIN_TOKEN given: the control API is shut, with a token in the log.
    expect((await fetch(`${url}/__mock/health`)).status).toBe(401)
    expect(logs).toMatch(/Token +[0-9a-f]{32} \(generated for this run/)

    const codes = await single.down()
    expect(codes).toEqual({ mock: 0 })
    expect(await single.leftovers()).toEqual([])
  },
)
