import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  podman,
  PODMAN_FLAGS,
  PODMAN_PATH,
  tryPodman,
} from '../../support/podman.js'

// The images the container suites run, built on a machine without a
// container registry: Debian's minimal system from the mirror apt already
// uses, this machine's Node.js on it, Debian's Redis and HAProxy, and the
// mock's image from the repository's Dockerfile on that Node base. Each base
// is built once and kept (a later run finds it by its tag); the mock's image
// is built on every run, from the layers podman keeps.

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const BASES = fileURLToPath(new URL('./bases/', import.meta.url))

/** The images the suites use, by role. */
export interface SuiteImages {
  /** The stand-in for node:22-bookworm-slim, the Dockerfile's NODE_IMAGE. */
  node: string
  redis: string
  haproxy: string
  /** The mock's image, built from the Dockerfile on `node`. */
  mock: string
}

const DEBIAN = 'localhost/debian:bookworm-min'

/**
 * Builds what is missing of the suites' images, then the mock's image;
 * `log` hears a line per step taken. Where a registry can be reached,
 * `NODE_IMAGE`, `REDIS_IMAGE` and `HAPROXY_IMAGE` name images to pull instead
 * of the local stand-ins (e.g. `NODE_IMAGE=docker.io/library/node:22-bookworm-slim`,
 * the Dockerfile's own), as the Dockerfile and compose.yaml take them.
 * @example
 * const images = await buildSuiteImages(console.log)
 */
export async function buildSuiteImages(
  log: (line: string) => void,
): Promise<SuiteImages> {
  const { NODE_IMAGE, REDIS_IMAGE, HAPROXY_IMAGE } = process.env
  const images: SuiteImages = {
    node:
      NODE_IMAGE ?? `localhost/content-api-mock-node:${process.versions.node}`,
    redis: REDIS_IMAGE ?? 'localhost/content-api-mock-redis:bookworm',
    haproxy: HAPROXY_IMAGE ?? 'localhost/content-api-mock-haproxy:bookworm',
    // One tag per clone, so that two clones' runs do not build over each other.
    mock: `localhost/content-api-mock:test-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`,
  }
  const local = [images.node, images.redis, images.haproxy].filter((image) =>
    image.startsWith('localhost/content-api-mock-'),
  )
  if (local.length > 0 && !(await exists(DEBIAN))) await importDebian(log)
  for (const image of local) {
    if (await exists(image)) continue
    if (image === images.node) {
      await buildNodeBase(image, log)
      continue
    }
    const name = image === images.redis ? 'redis' : 'haproxy'
    await timed(log, `built ${image}`, () =>
      build(BASES, image, ['-f', join(BASES, `${name}.Containerfile`)]),
    )
  }
  for (const image of [images.node, images.redis, images.haproxy]) {
    if (!local.includes(image) && !(await exists(image))) {
      await timed(log, `pulled ${image}`, () =>
        podman(['pull', image], { timeout: 10 * 60_000 }).then(() => {}),
      )
    }
  }
  await timed(log, `built ${images.mock} from the Dockerfile`, () =>
    buildMockImage(images),
  )
  return images
}

/**
 * Builds the mock's image from the repository as `docker build .` would, but
 * on the local Node base and from this machine's npm cache alone (no registry,
 * no network: npm's offline mode, the cache mounted as an overlay).
 */
async function buildMockImage(images: SuiteImages): Promise<void> {
  const cache = spawnSync('npm', ['config', 'get', 'cache'], {
    encoding: 'utf8',
  }).stdout.trim()
  await build(ROOT, images.mock, [
    '--network',
    'none',
    '--build-arg',
    `NODE_IMAGE=${images.node}`,
    '--build-arg',
    'NPM_CONFIG_OFFLINE=true',
    '-v',
    `${cache}:/root/.npm:O`,
  ])
}

/** `podman build`, keeping HEALTHCHECK (the docker format) and the machine's file limit. */
async function build(
  context: string,
  tag: string,
  args: string[],
): Promise<void> {
  await podman(
    [
      'build',
      '--format',
      'docker',
      '--ulimit',
      `nofile=${openFileLimit()}`,
      '-t',
      tag,
      ...args,
      context,
    ],
    { timeout: 30 * 60_000 },
  )
}

/**
 * Debian bookworm's minimal system (debootstrap's minbase) from the mirror
 * apt uses here, imported as an image.
 */
async function importDebian(log: (line: string) => void): Promise<void> {
  const mirror = findDebianMirror()
  const folder = mkdtempSync(join(tmpdir(), 'content-api-mock-debian-'))
  try {
    await timed(log, `debootstrapped bookworm from ${mirror}`, async () => {
      const run = spawnSync(
        'debootstrap',
        ['--variant=minbase', 'bookworm', folder, mirror],
        { encoding: 'utf8' },
      )
      if (run.status !== 0) {
        throw new Error(
          `debootstrap failed (${run.error?.message ?? run.status}): ${run.stderr.slice(-2000)}. It needs root and Debian's debootstrap (apt-get install debootstrap).`,
        )
      }
    })
    const archives = join(folder, 'var/cache/apt/archives')
    for (const file of readdirSync(archives)) {
      if (file.endsWith('.deb')) rmSync(join(archives, file))
    }
    const imported = spawnSync(
      'bash',
      [
        ...['-o', 'pipefail', '-c', 'tar -C "$1" -c . | "${@:2}"', 'bash'],
        ...[folder, PODMAN_PATH, ...PODMAN_FLAGS, 'import', '-', DEBIAN],
      ],
      { encoding: 'utf8' },
    )
    if (imported.status !== 0) {
      throw new Error(`Importing ${DEBIAN} failed: ${imported.stderr}`)
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

/**
 * The Debian mirror of this machine's apt sources (deb822 `.sources` files or
 * `sources.list`), the security archive aside.
 */
export function findDebianMirror(): string {
  const folder = '/etc/apt/sources.list.d'
  const texts = [
    ...(existsSync(folder) ? readdirSync(folder) : [])
      .filter((file) => /\.(sources|list)$/.test(file))
      .map((file) => readFileSync(join(folder, file), 'utf8')),
    existsSync('/etc/apt/sources.list')
      ? readFileSync('/etc/apt/sources.list', 'utf8')
      : '',
  ]
  for (const text of texts) {
    const urls = [
      ...text.matchAll(/^URIs:\s*(\S+)/gm),
      ...text.matchAll(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/gm),
    ].map((match) => match[1]!)
    const mirror = urls.find(
      (url) => url.includes('debian') && !url.includes('security'),
    )
    if (mirror !== undefined) return mirror
  }
  throw new Error(
    'No Debian mirror in /etc/apt/sources.list.d/ or /etc/apt/sources.list: the container suites build their base from Debian bookworm with debootstrap and need one.',
  )
}

/** The Node base: Debian with this machine's node and npm copied in. */
async function buildNodeBase(
  tag: string,
  log: (line: string) => void,
): Promise<void> {
  const context = mkdtempSync(join(tmpdir(), 'content-api-mock-node-base-'))
  try {
    cpSync(process.execPath, join(context, 'node'))
    const npmCli = realpathSync(
      spawnSync('sh', ['-c', 'command -v npm'], {
        encoding: 'utf8',
      }).stdout.trim(),
    )
    // npm's package folder holds bin/npm-cli.js.
    cpSync(dirname(dirname(npmCli)), join(context, 'npm'), { recursive: true })
    await timed(log, `built ${tag} with node ${process.version}`, () =>
      build(context, tag, ['-f', join(BASES, 'node.Containerfile')]),
    )
  } finally {
    rmSync(context, { recursive: true, force: true })
  }
}

async function exists(image: string): Promise<boolean> {
  return (await tryPodman(['image', 'exists', image])).code === 0
}

/** This process's limit of open files, for builds (podman's default, 1024, is too few for npm). */
function openFileLimit(): string {
  const line = /^Max open files\s+(\d+)\s+(\d+)/m.exec(
    readFileSync('/proc/self/limits', 'utf8'),
  )
  return line === null ? '4096:4096' : `${line[1]}:${line[1]}`
}

async function timed(
  log: (line: string) => void,
  what: string,
  step: () => Promise<void>,
): Promise<void> {
  const started = performance.now()
  await step()
  log(`${what} in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}
