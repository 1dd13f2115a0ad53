import { dirname, isAbsolute, resolve } from 'node:path'
import { podman, tryPodman } from '../../support/podman.js'
import {
  dependenciesOf,
  seconds,
  startOrder,
  type ComposeService,
} from './read-compose-file.js'
import { StartedProject } from './started-project.js'

/** The project started container by container by the suite, as compose would. */
export class StartedBySuite extends StartedProject {
  readonly how =
    'the same containers started in order by the suite (no podman compose here)'
  async up(): Promise<void> {
    await podman(['network', 'create', this.network])
    for (const name of startOrder(this.services)) {
      await this.waitForDependencies(name)
      await startService(this.file, this.project, name, this.services[name]!)
    }
  }

  async down(): Promise<Record<string, number>> {
    const codes: Record<string, number> = {}
    for (const name of startOrder(this.services).reverse()) {
      const container = await this.containerOf(name)
      if (container === '') continue
      const grace = seconds(this.services[name]!.stop_grace_period) ?? 10
      codes[name] = await this.stop(container, grace)
      await tryPodman(['rm', '-f', container])
    }
    await tryPodman(['network', 'rm', this.network])
    return codes
  }

  /** Waits for each dependency with `condition: service_healthy` to pass its health check. */
  private async waitForDependencies(name: string): Promise<void> {
    for (const [dependency, condition] of dependenciesOf(
      this.services[name]!,
    )) {
      if (condition !== 'service_healthy') continue
      const container = await this.containerOf(dependency)
      const deadline = Date.now() + 120_000
      // @note podman runs health checks on systemd timers; without systemd
      // nothing runs them, so this runs the check as the timer would.
      while ((await tryPodman(['healthcheck', 'run', container])).code !== 0) {
        if (Date.now() > deadline) {
          throw new Error(
            `${dependency} never turned healthy, so ${name} was not started.`,
          )
        }
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    }
  }
}

async function startService(
  file: string,
  project: string,
  name: string,
  service: ComposeService,
): Promise<string> {
  const container = `${project}-${name}-1`
  const environment = Array.isArray(service.environment)
    ? service.environment
    : Object.entries(service.environment ?? {}).map(
        ([key, value]) => `${key}=${value}`,
      )
  const health = service.healthcheck
  const args = [
    ...['run', '-d', '--name', container, '--network', `${project}_default`],
    ...['--network-alias', name],
    ...['--label', `com.docker.compose.project=${project}`],
    ...['--label', `com.docker.compose.service=${name}`],
    ...environment.flatMap((pair) => ['-e', pair]),
    ...(service.ports ?? []).flatMap((port) => ['-p', port]),
    ...(service.volumes ?? []).flatMap((volume) => [
      '-v',
      bindMount(file, volume),
    ]),
    ...(service.restart === undefined ? [] : ['--restart', service.restart]),
    ...(service.stop_grace_period === undefined
      ? []
      : ['--stop-timeout', String(seconds(service.stop_grace_period))]),
    ...(health === undefined ? [] : healthFlags(health)),
    service.image,
    ...(service.command ?? []),
  ]
  await podman(args)
  return container
}

/** A volume as compose reads it: a relative source is relative to the file's folder. */
function bindMount(file: string, volume: string): string {
  const [source, ...rest] = volume.split(':')
  if (!source!.startsWith('.') && !isAbsolute(source!)) {
    throw new Error(
      `${file}: the named volume ${source} is not translated by the suite's own start.`,
    )
  }
  return [resolve(dirname(file), source!), ...rest].join(':')
}

function healthFlags(
  health: NonNullable<ComposeService['healthcheck']>,
): string[] {
  const test =
    typeof health.test === 'string' ? ['CMD-SHELL', health.test] : health.test
  const command =
    test[0] === 'CMD-SHELL' ? test[1]! : JSON.stringify(test.slice(1))
  return [
    ...['--health-cmd', command],
    ...(health.interval === undefined
      ? []
      : ['--health-interval', health.interval]),
    ...(health.timeout === undefined
      ? []
      : ['--health-timeout', health.timeout]),
    ...(health.retries === undefined
      ? []
      : ['--health-retries', String(health.retries)]),
    ...(health.start_period === undefined
      ? []
      : ['--health-start-period', health.start_period]),
  ]
}
