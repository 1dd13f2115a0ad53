import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { parse, parseAllDocuments } from 'yaml'
import { expect, it } from 'vitest'
import { readCodeBlocks, ROOT } from '../support/docs/read-code-blocks.js'
import { startCli } from '../support/start-cli.js'
// Not exported by any entry: the server's own stop limit, which the recipes'
// grace periods must exceed.
import { TIMEOUT_RULES } from '../../src/server/connections/server-timeouts.js'

// The recipes of deploy/ and docs/deploy.md that cannot run here (Kubernetes,
// Fly.io, Cloud Run) or run only with Podman (compose): checked against the
// image they run and the command line they pass flags to. Every flag list is
// started for real; every port, health check, user and grace period is the
// Dockerfile's. test/deploy/containers/ runs the image and the compose files.

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const DOCKERFILE = read('Dockerfile')
const PORT = Number(/^EXPOSE (\d+)$/m.exec(DOCKERFILE)![1])
const HEALTH_COMMAND = JSON.parse(/^\s+CMD (\[.+\])$/m.exec(DOCKERFILE)![1]!)
const SHUTDOWN_SECONDS = TIMEOUT_RULES.shutdownTimeout.default / 1000

/** The environment variables the command line reads, from its --help. */
async function readVariables(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    join(ROOT, 'dist/cli/main.js'),
    '--help',
  ])
  return [...stdout.matchAll(/\$([A-Z_]+)|env:\s+([A-Z_]+)/g)].map(
    (match) => match[1] ?? match[2]!,
  )
}

/** Starts the command line with a recipe's flags on loopback: they parse, and it serves. */
async function expectServes(flags: string[]): Promise<void> {
  await using cli = await startCli([
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    ...flags,
  ])
  expect((await fetch(`${cli.url}/openapi.json`)).status).toBe(200)
}

function kubernetesContainers(file: string) {
  return parseAllDocuments(read(file))
    .map((document) => document.toJS())
    .filter((object) => object.kind === 'Deployment')
    .flatMap((deployment) =>
      deployment.spec.template.spec.containers.map((container: any) => ({
        deployment,
        container,
      })),
    )
    .filter(({ container }) => container.image === 'content-api-mock')
}

it('runs the image in Kubernetes as the image expects: its port, its health check, uid 1000, time to stop, flags the command line takes', async () => {
  const variables = await readVariables()
  for (const file of [
    'deploy/kubernetes/mock.yaml',
    'deploy/kubernetes/fleet.yaml',
  ]) {
    const mocks = kubernetesContainers(file)
    expect(mocks.length, file).toBe(1)
    for (const { deployment, container } of mocks) {
      const pod = deployment.spec.template.spec
      expect(container.ports.map((port: any) => port.containerPort)).toEqual([
        PORT,
      ])
      expect(container.readinessProbe.exec.command).toEqual(HEALTH_COMMAND)
      expect(container.livenessProbe.exec.command).toEqual(HEALTH_COMMAND)
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        runAsUser: 1000,
      })
      expect(container.securityContext).toMatchObject({
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
      })
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(
        SHUTDOWN_SECONDS,
      )
      for (const { name } of container.env)
        expect(variables, file).toContain(name)
      await expectServes(container.args)
    }
  }
  const fleet = parseAllDocuments(read('deploy/kubernetes/fleet.yaml')).map(
    (document) => document.toJS(),
  )
  const [{ container }] = kubernetesContainers('deploy/kubernetes/fleet.yaml')
  const redisUrl = container.env.find(
    (variable: any) => variable.name === 'CONTENT_API_MOCK_REDIS_URL',
  ).value
  const redisService = fleet.find(
    (object) =>
      object.kind === 'Service' &&
      object.metadata.name === new URL(redisUrl).hostname,
  )
  expect(redisService.spec.ports[0].port).toBe(Number(new URL(redisUrl).port))
})

it('runs the compose fleet with one token, flags the command line takes, a stop longer than the server takes, and the HAProxy configuration the docs show', async () => {
  const compose = parse(read('compose.yaml'), { merge: true })
  const replicas = Object.entries<any>(compose.services).filter(([name]) =>
    name.startsWith('mock-'),
  )
  expect(replicas.map(([name]) => name)).toEqual(['mock-a', 'mock-b', 'mock-c'])
  for (const [, replica] of replicas) {
    expect(replica.stop_grace_period).toMatch(/^(\d+)s$/)
    expect(Number.parseInt(replica.stop_grace_period)).toBeGreaterThan(
      SHUTDOWN_SECONDS,
    )
    expect(replica.environment.CONTENT_API_MOCK_ADMIN_TOKEN).toMatch(
      /^\$\{ADMIN_TOKEN:\?/,
    )
    expect(replica.command).toEqual(replicas[0]![1].command)
  }
  await expectServes(replicas[0]![1].command)
  const haproxy = read('deploy/haproxy.cfg')
  for (const [name] of replicas) {
    expect(haproxy).toMatch(
      new RegExp(`^  server ${name} ${name}:${PORT}$`, 'm'),
    )
  }
  expect(compose.services.balancer.volumes).toContain(
    './deploy/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
  )
  const shown = readCodeBlocks('docs/deploy.md').filter(
    (block) => block.lang === 'haproxy',
  )
  expect(shown.length).toBeGreaterThan(0)
  for (const block of shown) expect(haproxy).toContain(block.code)
})

it('serves the single-server compose file with flags the command line takes, from the folder it mounts', async () => {
  const single = parse(read('deploy/compose.single.yaml')).services.mock
  const command = single.command.map((word: string) =>
    word.replace('${FIXTURES_FILE:-storyline.json}', 'fixtures/storyline.json'),
  )
  // The default folder it mounts at /data: the repository's fixtures/.
  expect(single.volumes).toEqual(['${FIXTURES_DIR:-../fixtures}:/data:ro'])
  await expectServes(command)
})

it('runs the image on Fly.io at its port, with flags the command line takes, a check that needs no token and time to stop', async () => {
  const fly = read('deploy/fly.toml')
  expect(Number(/^internal_port = (\d+)$/m.exec(fly)![1])).toBe(PORT)
  expect(/^kill_signal = "(\w+)"$/m.exec(fly)![1]).toBe('SIGTERM')
  expect(Number(/^kill_timeout = "(\d+)s"$/m.exec(fly)![1])).toBeGreaterThan(
    SHUTDOWN_SECONDS,
  )
  expect(/^path = "(.+)"$/m.exec(fly)![1]).toBe('/openapi.json')
  const processes = fly.slice(fly.indexOf('[processes]'))
  await expectServes(/^app = "(.+)"$/m.exec(processes)![1]!.split(' '))
})

it("runs the image on Cloud Run at its port, with flags the command line takes and a stop shorter than Cloud Run's 10 s", async () => {
  const [gcloud] = readCodeBlocks('docs/deploy.md').filter((block) =>
    block.code.startsWith('gcloud run deploy'),
  )
  const line = gcloud!.code.replace(/\\\n\s*/g, ' ')
  expect(Number(/--port (\d+)/.exec(line)![1])).toBe(PORT)
  const flags = /--args=(\S+)/.exec(line)![1]!.split(',')
  const shutdown = flags.find((flag) => flag.startsWith('--shutdown-timeout='))
  expect(Number(shutdown!.split('=')[1])).toBeLessThan(10_000)
  await expectServes(flags)
})
