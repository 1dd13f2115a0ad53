import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

const HELPER = fileURLToPath(new URL('./swap-paths.py', import.meta.url))

/** A running loop that swaps two paths; `stop` ends it with both as they began. */
export interface SwapLoop extends AsyncDisposable {
  /** `exchange`: renameat2(RENAME_EXCHANGE); `renames`: three renames. */
  readonly mode: 'exchange' | 'renames'
  /** Ends the loop and resolves with how many swaps it made. */
  stop(): Promise<number>
}

/**
 * Swaps `a` and `b` in a loop in another process (python3 calling
 * renameat2 from libc, `test/support/swap-paths.py`), as fast as it can,
 * at most `most` times, until `stop()`: the race of a writer of a folder
 * the mock reads or writes. Resolves once the loop runs.
 * @example
 * await using loop = await startSwapLoop(join(media, 'sub'), join(media, 'sub-link'))
 */
export async function startSwapLoop(
  a: string,
  b: string,
  { most = 50_000_000 }: { most?: number } = {},
): Promise<SwapLoop> {
  const child = spawn('python3', [HELPER, a, b, String(most)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  child.stdout.setEncoding('utf8')
  let output = ''
  child.stdout.on('data', (chunk: string) => (output += chunk))
  const exited = once(child, 'exit')
  const [ready] = await Promise.race([
    once(child.stdout, 'data') as Promise<[string]>,
    Promise.race([exited, once(child, 'error')]).then(([reason]) => {
      throw new Error(
        `The swap helper (python3 ${HELPER}) ended before it ran (${reason}); this test needs python3.`,
      )
    }),
  ])
  const mode = /^ready (exchange|renames)/.exec(ready)?.[1] as
    'exchange' | 'renames'
  let stopped: Promise<number> | undefined
  const stop = () =>
    (stopped ??= (async () => {
      child.stdin.end()
      await exited
      const swaps = /(?:exchange|renames) (\d+)\s*$/.exec(output)?.[1]
      if (swaps === undefined) {
        throw new Error(`The swap helper ended without a count: ${output}`)
      }
      return Number(swaps)
    })())
  return { mode, stop, [Symbol.asyncDispose]: async () => void (await stop()) }
}
