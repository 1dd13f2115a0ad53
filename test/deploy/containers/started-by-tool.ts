import { execFile } from 'node:child_process'
import { podman, tryPodman } from '../../support/podman.js'
import { seconds, type ComposeService } from './read-compose-file.js'
import { StartedProject } from './started-project.js'

/** The project started by `podman compose` or `podman-compose`. */
export class StartedByTool extends StartedProject {
  readonly how: string

  constructor(
    file: string,
    project: string,
    services: Record<string, ComposeService>,
    private readonly tool: string[],
    private readonly env: Record<string, string>,
  ) {
    super(file, project, services)
    this.how = tool.join(' ')
  }

  async up(): Promise<void> {
    await this.run(['up', '-d', '--no-build'])
  }

  async down(): Promise<Record<string, number>> {
    const codes: Record<string, number> = {}
    // Stopped one by one first, to read each exit code before they are removed.
    for (const name of Object.keys(this.services).reverse()) {
      const container = await this.containerOf(name)
      if (container === '') continue
      codes[name] = await this.stop(
        container,
        seconds(this.services[name]!.stop_grace_period) ?? 10,
      )
    }
    await this.run(['down'])
    return codes
  }

  private async run(args: string[]): Promise<void> {
    const [command, ...before] = this.tool
    const all = [...before, '-p', this.project, '-f', this.file, ...args]
    const env = { ...process.env, ...this.env }
    if (command === 'podman') {
      await podman(all, { env, timeout: 300_000 })
      return
    }
    await new Promise<void>((done, fail) =>
      execFile(
        command!,
        all,
        { env, timeout: 300_000 },
        (error, _stdout, stderr) =>
          error === null
            ? done()
            : fail(new Error(`${this.how} ${all.join(' ')} failed: ${stderr}`)),
      ),
    )
  }
}

/** `podman compose` (a provider installed) or `podman-compose`, if either runs here. */
export async function findComposeTool(): Promise<string[] | undefined> {
  if ((await tryPodman(['compose', 'version'])).code === 0)
    return ['podman', 'compose']
  const found = await new Promise<boolean>((done) =>
    execFile('podman-compose', ['version'], (error) => done(error === null)),
  )
  return found ? ['podman-compose'] : undefined
}
