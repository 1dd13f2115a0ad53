import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import jpeg from 'jpeg-js'
import { afterAll, expect, inject, it } from 'vitest'
import { podman, tryPodman } from '../../support/podman.js'
import { ROOT } from './container-images.js'
import {
  runContainer,
  waitUntil,
  type SuiteContainer,
} from './run-container.js'

// The image the Dockerfile builds, on the local stand-in for
// node:22-bookworm-slim, checked as a team running it would: it starts at
// once, says when it is healthy, runs as a user who cannot change it, serves
// a read-only mount, keeps its control API shut to outsiders, and stops
// cleanly on the engine's signal.

const images = inject('images')
const itWithPodman = it.skipIf(images === null)
const { version } = JSON.parse(
  readFileSync(join(ROOT, 'package.json'), 'utf8'),
) as { version: string }
const KEY = { authorization: 'Bearer demo-key-alpha' }
/** What the image may add to its base: the package and msw and ioredis. */
const MAX_ADDED_BYTES = 40_000_000

const work = mkdtempSync(join(tmpdir(), 'content-api-mock-image-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

async function waitForBanner(container: SuiteContainer): Promise<void> {
  const shown = await waitUntil(async () =>
    (await container.logs()).includes('Requests are logged below'),
  )
  expect(shown, await container.logs()).toBe(true)
}

itWithPodman(
  'builds from the Dockerfile an image of the user node with its labels, its HEALTHCHECK and at most 40 MB over its base',
  async () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
    // Where a registry can be reached, `docker build .` takes Node 22's
    // official slim image; the label's version is the package's.
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:22-bookworm-slim$/m)
    expect(dockerfile).toMatch(new RegExp(`^ARG VERSION=${version}$`, 'm'))
    const [inspected] = JSON.parse(
      await podman(['image', 'inspect', images!.mock]),
    )
    const config = inspected.Config
    expect(config.User).toBe('node')
    expect(inspected.Healthcheck.Test).toEqual([
      'CMD',
      'node',
      '/app/healthcheck.js',
    ])
    expect(config.Env).toContain('HOST=0.0.0.0')
    expect(config.Env).toContain('PORT=4010')
    expect(Object.keys(config.ExposedPorts)).toEqual(['4010/tcp'])
    expect(config.Labels).toMatchObject({
      'org.opencontainers.image.title': 'content-api-mock',
      'org.opencontainers.image.version': version,
      'org.opencontainers.image.licenses': 'MIT',
    })
    expect(config.Labels).toHaveProperty('org.opencontainers.image.source')
    // Nothing secret is baked in.
    expect(config.Env.join(' ')).not.toMatch(/TOKEN|SECRET|REDIS_URL/)

    const size = async (image: string) =>
      Number(await podman(['image', 'inspect', '--format', '{{.Size}}', image]))
    const added = (await size(images!.mock)) - (await size(images!.node))
    console.log(
      `image: ${(added / 1e6).toFixed(1)} MB over its base (at most ${MAX_ADDED_BYTES / 1e6} MB)`,
    )
    expect(added).toBeGreaterThan(0)
    expect(added).toBeLessThanOrEqual(MAX_ADDED_BYTES)
  },
)

itWithPodman(
  'answers with its banner and /public-api/v1/projects within 5 s of its start, and its health check turns healthy',
  async () => {
    await using mock = await runContainer(images!.mock)
    await waitUntil(
      async () =>
        (await fetch(`${mock.url}/public-api/v1/projects`, { headers: KEY }))
          .status === 200,
      30_000,
    )
    const answered = Date.now() - mock.startedAt
    await waitForBanner(mock)
    console.log(
      `image: the API answered ${answered} ms after the container's process started`,
    )
    expect(answered).toBeLessThan(5_000)
    const logs = await mock.logs()
    expect(logs).toMatch(/API +http:\/\/0\.0\.0\.0:4010\/public-api\/v1/)

    // podman runs a HEALTHCHECK on a systemd timer; without systemd the
    // suite runs it as the timer would.
    const healthy = await waitUntil(
      async () =>
        (await tryPodman(['healthcheck', 'run', mock.name])).code === 0,
    )
    expect(healthy).toBe(true)
    expect(await mock.inspect('{{.State.Health.Status}}')).toBe('healthy')
    // Not a check that always passes: with nothing on the port it fails.
    const refused = await mock.exec(['node', '/app/healthcheck.js'], {
      env: ['PORT=1'],
    })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'health check: nothing answers at http://127.0.0.1:1/__mock/health',
    )
  },
)

itWithPodman(
  'reads /__mock/health itself with the token of CONTENT_API_MOCK_ADMIN_TOKEN, and is unhealthy with a wrong one',
  async () => {
    await using mock = await runContainer(
      images!.mock,
      [],
      ['-e', 'CONTENT_API_MOCK_ADMIN_TOKEN=image-test-token'],
    )
    await waitForBanner(mock)
    const check = await mock.exec(['node', '/app/healthcheck.js'])
    expect(check.code, check.stderr).toBe(0)
    expect(JSON.parse(check.stdout)).toMatchObject({
      status: 'ok',
      projects: 8,
    })
    const wrong = await mock.exec(['node', '/app/healthcheck.js'], {
      env: ['CONTENT_API_MOCK_ADMIN_TOKEN=wrong'],
    })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(
      /^health check: http:\/\/127\.0\.0\.1:4010\/__mock\/health answered 401: /,
    )
    // The token stays out of the log.
    expect(await mock.logs()).not.toContain('image-test-token')
  },
)

itWithPodman(
  'refuses control writes from outside the container when no token is given, and takes the one its banner printed',
  async () => {
    await using mock = await runContainer(images!.mock)
    await waitForBanner(mock)
    const reset = (token?: string) =>
      fetch(`${mock.url}/__mock/reset`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
      })
    const refused = await reset()
    expect(refused.status).toBe(401)
    expect((await refused.json()).error.code).toBe('unauthorized')
    expect((await fetch(`${mock.url}/__mock/fixtures`)).status).toBe(401)
    const token = /Token +([0-9a-f]{32}) \(generated for this run/.exec(
      await mock.logs(),
    )?.[1]
    expect(token).toBeDefined()
    expect((await reset(token)).status).toBe(200)
  },
)

itWithPodman(
  'runs as the user node (uid 1000), who cannot change the files of the image',
  async () => {
    await using mock = await runContainer(images!.mock)
    await waitForBanner(mock)
    const status = await mock.exec(['cat', '/proc/1/status'])
    expect(status.stdout).toMatch(/^Uid:\s+1000\s+1000\s+1000\s+1000$/m)
    expect(
      (await mock.exec(['cat', '/proc/1/cmdline'])).stdout.split('\0')[0],
    ).toBe('node')
    for (const path of [
      '/app/dist/cli/main.js',
      '/app/healthcheck.js',
      '/app/node_modules/msw/package.json',
    ]) {
      const write = await mock.exec(['sh', '-c', `: >> ${path}`])
      expect(write.code, path).not.toBe(0)
      expect(write.stderr, path).toMatch(/Permission denied/)
    }
  },
)

itWithPodman(
  'serves a fixture file and a media folder from a read-only mount of /data, and says so when the user node cannot read them',
  async () => {
    const folder = mkdtempSync(join(work, 'data-'))
    mkdirSync(join(folder, 'media'))
    copyFileSync(
      join(ROOT, 'test/fixtures/small.json'),
      join(folder, 'fixtures.json'),
    )
    const poster = jpeg.encode(
      { data: Buffer.alloc(32 * 18 * 4, 0x80), width: 32, height: 18 },
      80,
    ).data
    writeFileSync(join(folder, 'media/poster.jpg'), poster)
    copyFileSync(
      join(ROOT, 'fixtures/clips/life.mp4'),
      join(folder, 'media/clip.mp4'),
    )
    // What the docs ask of a mounted folder: readable by every user.
    spawnSync('chmod', ['-R', 'a+rX', folder])
    await using mock = await runContainer(
      images!.mock,
      ['--fixtures', 'fixtures.json', '--media-dir', 'media'],
      ['-v', `${folder}:/data:ro`],
    )
    await waitForBanner(mock)
    const headers = { authorization: 'Bearer k_a' }
    const response = await fetch(`${mock.url}/public-api/v1/projects`, {
      headers,
    })
    expect(response.status).toBe(200)
    expect(JSON.stringify(await response.json())).toContain(
      'Spring Sneaker Launch',
    )
    const detail = await fetch(
      `${mock.url}/public-api/v1/projects/p1/contents/v1`,
      { headers },
    )
    const { content } = (await detail.json()).data
    const image = await fetch(content.thumbnail_url)
    expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(poster))
    const video = await fetch(content.download_url)
    expect(Buffer.from(await video.arrayBuffer())).toEqual(
      readFileSync(join(ROOT, 'fixtures/clips/life.mp4')),
    )
    expect(
      (await mock.exec(['sh', '-c', ': >> /data/fixtures.json'])).code,
    ).not.toBe(0)

    // Owned by root and readable by root alone: the user node cannot read it.
    chmodSync(join(folder, 'fixtures.json'), 0o600)
    const refused = await tryPodman([
      'run',
      '--rm',
      '-v',
      `${folder}:/data:ro`,
      images!.mock,
      '--fixtures',
      'fixtures.json',
    ])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(
      'content-api-mock: Cannot read the fixture file fixtures.json: permission denied. Make the file readable for this user.',
    )
  },
)

itWithPodman(
  'answers with the handlers of a module mounted under /app, which imports the msw of the image',
  async () => {
    const folder = mkdtempSync(join(work, 'handlers-'))
    chmodSync(folder, 0o755)
    writeFileSync(
      join(folder, 'handlers.js'),
      [
        "import { http, HttpResponse } from 'msw'",
        'export const handlers = [',
        "  http.get('*/public-api/v1/projects', () => HttpResponse.json({ data: [], meta: { total: 0 }, handled: 'mine' })),",
        ']',
        '',
      ].join('\n'),
    )
    chmodSync(join(folder, 'handlers.js'), 0o644)
    await using mock = await runContainer(
      images!.mock,
      ['--handlers', '/app/handlers/handlers.js'],
      ['-v', `${folder}:/app/handlers:ro`],
    )
    await waitForBanner(mock)
    const response = await fetch(`${mock.url}/public-api/v1/projects`, {
      headers: KEY,
    })
    expect(await response.json()).toMatchObject({ handled: 'mine' })
  },
)

itWithPodman(
  'ends on podman stop (SIGTERM to node as PID 1) within the server shutdown limit: the request in flight answered, exit code 0',
  async () => {
    await using mock = await runContainer(images!.mock, ['--latency', '3000'])
    await waitForBanner(mock)
    const inFlight = fetch(`${mock.url}/public-api/v1/projects`, {
      headers: KEY,
    })
    // Time for the request to arrive; its answer waits 3 s.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    // podman stop waits 10 s, the server's own --shutdown-timeout, then
    // kills (exit code 137): 0 says the server ended by itself before.
    await podman(['stop', mock.name], { timeout: 60_000 })
    expect((await inFlight).status).toBe(200)
    expect(await mock.inspect('{{.State.ExitCode}}')).toBe('0')
  },
)

itWithPodman(
  'ends on SIGINT too, as Ctrl+C in podman run -it sends it, with exit code 0',
  async () => {
    await using mock = await runContainer(images!.mock)
    await waitForBanner(mock)
    await podman(['kill', '--signal', 'INT', mock.name])
    const ended = await waitUntil(
      async () => (await mock.inspect('{{.State.Status}}')) === 'exited',
    )
    expect(ended).toBe(true)
    expect(await mock.inspect('{{.State.ExitCode}}')).toBe('0')
  },
)

itWithPodman(
  'runs as deploy/kubernetes/ runs it: uid 1000, a read-only root file system, no capabilities, and the probe passes',
  async () => {
    await using mock = await runContainer(
      images!.mock,
      ['--seed', '7', '--live', '--trust-proxy'],
      [
        ...['--read-only', '--read-only-tmpfs=false', '--cap-drop', 'ALL'],
        ...['--security-opt', 'no-new-privileges', '--user', '1000:1000'],
        ...['-e', 'CONTENT_API_MOCK_ADMIN_TOKEN=kubernetes-secret'],
      ],
    )
    await waitForBanner(mock)
    const response = await fetch(`${mock.url}/public-api/v1/projects`, {
      headers: KEY,
    })
    expect(response.status).toBe(200)
    const probe = await mock.exec(['node', '/app/healthcheck.js'])
    expect(probe.code, probe.stderr).toBe(0)
    expect(JSON.parse(probe.stdout).status).toBe('ok')
    expect((await mock.exec(['sh', '-c', ': > /tmp/x'])).code).not.toBe(0)
  },
)
