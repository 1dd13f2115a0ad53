import { readComposeFile } from './read-compose-file.js'
import { StartedBySuite } from './started-by-suite.js'
import { findComposeTool, StartedByTool } from './started-by-tool.js'
import type { ComposeProject } from './started-project.js'

// A compose file brought up for a suite: by `podman compose` (or
// `podman-compose`) where one is installed, else by the suite itself, which
// starts the same containers in order as compose would: one network, each
// service under its name, its image, command, environment, ports, volumes,
// health check and stop grace period as written, a service that waits for a
// dependency's health started only once it is healthy. A key of the file the
// suite does not translate fails the start, so none is left out unnoticed.
// `build:` is the one key it reads but does not run: the suites build the
// image from the same Dockerfile before, and name it in the file's variable.

export type { ComposeProject }

/**
 * Brings the compose file at `file` up as project `project`, its variables
 * taken from `env` alone; `down()` or the end of the calling block takes it
 * down.
 * @example
 * await using fleet = await startCompose('compose.yaml', 'test-1', { ADMIN_TOKEN: 't' })
 */
export async function startCompose(
  file: string,
  project: string,
  env: Record<string, string>,
): Promise<ComposeProject> {
  const services = readComposeFile(file, env)
  const tool = await findComposeTool()
  const started =
    tool === undefined
      ? new StartedBySuite(file, project, services)
      : new StartedByTool(file, project, services, tool, env)
  try {
    await started.up()
  } catch (error) {
    await started[Symbol.asyncDispose]()
    throw error
  }
  return started
}
