import { watchLauncherExit } from './watch-launcher-exit.js'

export interface OutputStream {
  write(text: string): unknown
  readonly isTTY?: boolean
}

/** What the CLI needs from its process, so that a test can hand it stand-ins. */
export interface CliIo {
  stdout: OutputStream
  stderr: OutputStream
  env: Readonly<Record<string, string | undefined>>
  /** On every SIGINT and SIGTERM; returns a function that stops it. */
  onStopSignal(listener: (signal: NodeJS.Signals) => void): () => void
  /** `watchLauncherExit`. */
  onLauncherExit?(listener: (launcher: string) => void): () => void
  exit(code: number): void
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const

export function createProcessIo(): CliIo {
  // A reader that goes away (`content-api-mock | head`) must not crash the server.
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
