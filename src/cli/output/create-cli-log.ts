export const CLI_NAME = 'content-api-mock'

export type CliLog = ReturnType<typeof createCliLog>

/** The CLI's messages other than the request log, on stderr with one prefix. */
export function createCliLog(write: (text: string) => void) {
  const line = (message: string): void => write(`${CLI_NAME}: ${message}\n`)
  return {
    info: line,
    warn: (message: string) => line(`warning: ${message}`),
    error: line,
  }
}
