import { watchLauncherExit } from './watch-launcher-exit.js'

/**
 * A stream the CLI writes to.
 */
export interface OutputStream {
  write(text: string): unknown
  readonly isTTY?: boolean
}

/**
 * What the CLI needs from its process, so that it can run inside a test with
 * stand-ins.
 */
export interface CliIo {
  stdout: OutputStream
  stderr: OutputStream
  env: Readonly<Record<string, string | undefined>>
  /** Calls `listener` on every SIGINT and SIGTERM; returns a function that stops it. */
  onStopSignal(listener: (signal: NodeJS.Signals) => void): () => void
  /**
   * Calls `listener` once if the npm process that started this one is gone
   * (`watchLauncherExit`); returns a function that stops watching.
   */
  onLauncherExit?(listener: (launcher: string) => void): () => void
  /** Ends the process at once. */
  exit(code: number): void
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const

/**
 * The CLI's view of the current process: its streams, environment and signals.
 */
export function createProcessIo(): CliIo {
  // @note A reader that goes away (`content-api-mock | head`) must not crash
  // the server: writes to a closed pipe are dropped.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
    })
  }
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    onStopSignal(listener) {
      for (const signal of STOP_SIGNALS) process.on(signal, listener)
      return () => {
        for (const signal of STOP_SIGNALS) process.off(signal, listener)
      }
    },
    onLauncherExit: (listener) => watchLauncherExit(process.env, listener),
    exit: (code) => process.exit(code),
  }
}
