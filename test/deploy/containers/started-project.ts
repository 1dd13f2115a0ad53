import { podman, tryPodman } from '../../support/podman.js'
import type { ComposeService } from './read-compose-file.js'

/** A compose project started by a suite. */
export interface ComposeProject extends AsyncDisposable {
  /** What started it: `podman compose`, `podman-compose`, or the suite itself. */
  how: string
  /** The name of the container of `service`. */
  containerOf(service: string): Promise<string>
  /** Stops and removes everything it started, gracefully, as `compose down`; resolves with each service's exit code. */
  down(): Promise<Record<string, number>>
  /** The containers and the network of the project that are left. */
  leftovers(): Promise<string[]>
}

/** What both ways of starting share: finding the project's containers by compose's labels. */
export abstract class StartedProject implements ComposeProject {
  abstract readonly how: string
  protected readonly network: string

  constructor(
    protected readonly file: string,
    protected readonly project: string,
    protected readonly services: Record<string, ComposeService>,
  ) {
    this.network = `${project}_default`
  }

  abstract up(): Promise<void>
  abstract down(): Promise<Record<string, number>>

  async containerOf(service: string): Promise<string> {
    const [name] = await this.containers(
      `label=com.docker.compose.service=${service}`,
    )
    return name ?? ''
  }

  async leftovers(): Promise<string[]> {
    const network = await tryPodman(['network', 'exists', this.network])
    return [
      ...(await this.containers()),
      ...(network.code === 0 ? [`network ${this.network}`] : []),
    ]
  }

  async [Symbol.asyncDispose](): Promise<void> {
    if ((await this.leftovers()).length > 0) await this.down()
  }

  /** Stops a container as compose does (SIGTERM, then SIGKILL after `grace` s); resolves with its exit code. */
  protected async stop(container: string, grace: number): Promise<number> {
    await tryPodman(['stop', '-t', String(grace), container], {
      timeout: (grace + 30) * 1000,
    })
    return Number(
      await podman(['inspect', '--format', '{{.State.ExitCode}}', container]),
    )
  }

  private async containers(...filters: string[]): Promise<string[]> {
    const names = await podman([
      ...['ps', '-a', '--format', '{{.Names}}'],
      ...['--filter', `label=com.docker.compose.project=${this.project}`],
      ...filters.flatMap((filter) => ['--filter', filter]),
    ])
    return names.split('\n').filter((name) => name !== '')
  }
}
