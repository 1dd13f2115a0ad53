export const CLI_NAME = 'content-api-mock'

/** The CLI's messages other than the request log, on stderr with one prefix. */
export interface CliLog {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

export function createCliLog(write: (text: string) => void): CliLog {
  const line = (message: string) => write(`${CLI_NAME}: ${message}\n`)
  return {
    info: line,
    warn: (message) => line(`warning: ${message}`),
    error: line,
  }
}
