/**
 * The command's name, as installed by the package's `bin` and printed in
 * help, errors and the banner.
 */
export const CLI_NAME = 'content-api-mock'

/**
 * The CLI's messages other than the request log, all on one stream with one
 * prefix, e.g. `content-api-mock: reloaded 4 projects, 6 contents from fixtures.json`.
 */
export interface CliLog {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

/**
 * Creates the CLI's log of its own messages (startup problems, reloads,
 * shutdown), written to `write` (stderr), apart from the request log on stdout.
 */
export function createCliLog(write: (text: string) => void): CliLog {
  const line = (message: string) => write(`${CLI_NAME}: ${message}\n`)
  return {
    info: line,
    warn: (message) => line(`warning: ${message}`),
    error: line,
  }
}
