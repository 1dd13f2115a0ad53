import { execFile, spawnSync } from 'node:child_process'

/**
 * Whether the container suites must run: in CI (`CI`) or with
 * `REQUIRE_PODMAN=1`, a missing or unusable Podman is a failure, not a skip.
 */
export const REQUIRE_PODMAN = [process.env.REQUIRE_PODMAN, process.env.CI].some(
  (value) => !['', '0', 'false', undefined].includes(value),
)

/**
 * The flags every `podman` call of the suites starts with: Debian's `runc`
 * and cgroupfs, which work where crun and systemd's cgroups do not (a VM with
 * hybrid cgroups, no systemd as PID 1). `PODMAN_FLAGS` replaces them.
 */
export const PODMAN_FLAGS = (
  process.env.PODMAN_FLAGS ?? '--runtime runc --cgroup-manager cgroupfs'
)
  .split(' ')
  .filter((flag) => flag !== '')

/** What a Debian machine needs to run the suites. */
const DEBIAN_INSTALL =
  'on Debian: apt-get install podman runc debootstrap iptables'

/** The `podman` the suites run: `PODMAN_PATH`, else the one on PATH. */
export const PODMAN_PATH = process.env.PODMAN_PATH ?? 'podman'

/**
 * Whether the container suites can run: `podman` answers `podman info`.
 * Without it they are skipped with one line saying how to run them, unless
 * required (`CI`, `REQUIRE_PODMAN`), which throws instead.
 * @throws when the suites are required and Podman cannot run.
 * @example
 * const podmanReady = findSuitePodman()
 */
export function findSuitePodman(): boolean {
  const probe = spawnSync(PODMAN_PATH, [...PODMAN_FLAGS, 'info'], {
    encoding: 'utf8',
  })
  if (probe.status === 0) return true
  const reason =
    probe.error === undefined
      ? `${PODMAN_PATH} info failed: ${probe.stderr.trim().split('\n').at(-1)}`
      : `${PODMAN_PATH} not found (PODMAN_PATH ${process.env.PODMAN_PATH === undefined ? 'unset' : 'set'})`
  if (REQUIRE_PODMAN) {
    throw new Error(
      `CI or REQUIRE_PODMAN is set, but the container suite cannot run: ${reason}. Install Podman (${DEBIAN_INSTALL}) or set PODMAN_PATH, or unset REQUIRE_PODMAN to skip the suite.`,
    )
  }
  console.log(
    `container suite skipped: ${reason}. Install Podman (${DEBIAN_INSTALL}) to run it.`,
  )
  return false
}

/** What a `podman` command printed, and how it ended. */
export interface PodmanResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs `podman` with the suites' flags and resolves however it ends.
 * @example
 * const { code } = await tryPodman(['image', 'exists', name])
 */
export function tryPodman(
  args: readonly string[],
  options: { timeout?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<PodmanResult> {
  return new Promise((resolve) => {
    execFile(
      PODMAN_PATH,
      [...PODMAN_FLAGS, ...args],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeout ?? 120_000,
        env: options.env ?? process.env,
      },
      (error, stdout, stderr) => {
        const code =
          error === null ? 0 : typeof error.code === 'number' ? error.code : -1
        resolve({ code, stdout, stderr })
      },
    )
  })
}

/**
 * Runs `podman` with the suites' flags; resolves with its stdout.
 * @throws when it exits with another code than 0, with its stderr.
 * @example
 * const id = await podman(['run', '-d', image])
 */
export async function podman(
  args: readonly string[],
  options: { timeout?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  const result = await tryPodman(args, options)
  if (result.code !== 0) {
    // Podman only suggests iptables, which Debian's netavark runs.
    const hint = /netavark: No such file or directory/.test(result.stderr)
      ? 'netavark, which gives containers their network, found no iptables: install it (on Debian: apt-get install iptables).\n'
      : ''
    throw new Error(
      `podman ${args.join(' ')} exited with ${result.code}:\n${hint}${result.stderr}`,
    )
  }
  return result.stdout
}
