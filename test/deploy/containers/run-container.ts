import { randomBytes } from 'node:crypto'
import { podman, tryPodman, type PodmanResult } from '../../support/podman.js'

/** A container of a suite, with the loopback URL of its published port 4010. */
export interface SuiteContainer extends AsyncDisposable {
  name: string
  /** E.g. `http://127.0.0.1:43210`. */
  url: string
  /** When its process started (podman's `State.StartedAt`), in ms since the epoch. */
  startedAt: number
  /** What it printed so far, stdout and stderr together. */
  logs(): Promise<string>
  /** `podman exec` in it. */
  exec(
    args: readonly string[],
    options?: { env?: string[] },
  ): Promise<PodmanResult>
  /** A field of `podman inspect`, such as `{{.State.ExitCode}}`. */
  inspect(format: string): Promise<string>
}

/**
 * Starts `image` detached with `args` after it, its port 4010 published on a
 * free loopback port; `podmanArgs` go before the image (`-e`, `-v`). It is
 * removed at the end of the calling block.
 * @example
 * await using mock = await runContainer(images.mock, ['--seed', '7'])
 */
export async function runContainer(
  image: string,
  args: readonly string[] = [],
  podmanArgs: readonly string[] = [],
): Promise<SuiteContainer> {
  const name = `content-api-mock-test-${randomBytes(4).toString('hex')}`
  await podman([
    'run',
    '-d',
    '--name',
    name,
    '-p',
    '127.0.0.1::4010',
    ...podmanArgs,
    image,
    ...args,
  ])
  const inspect = async (format: string) =>
    (await podman(['inspect', '--format', format, name])).trim()
  const address = (await podman(['port', name, '4010/tcp'])).trim()
  return {
    name,
    url: `http://${address}`,
    startedAt: Date.parse(await inspect('{{.State.StartedAt}}')),
    async logs() {
      const { stdout, stderr } = await tryPodman(['logs', name])
      return stdout + stderr
    },
    exec: (args, options = {}) =>
      tryPodman([
        'exec',
        ...(options.env ?? []).flatMap((pair) => ['-e', pair]),
        name,
        ...args,
      ]),
    inspect,
    async [Symbol.asyncDispose]() {
      await tryPodman(['rm', '-f', '-t', '0', name])
    },
  }
}

/**
 * Polls `check` every 100 ms until it resolves true; false after `timeout`.
 * @example
 * await waitUntil(async () => (await mock.logs()).includes('Requests are logged'))
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeout = 60_000,
): Promise<boolean> {
  const deadline = Date.now() + timeout
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return false
}
