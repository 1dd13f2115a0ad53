import { watch } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import type { MockCore } from '../../api/mock-core.js'
import type { CliLog } from '../output/create-cli-log.js'
import { readFixtureFile } from '../files/read-fixture-file.js'

/** Editors write a file in several steps. */
const WATCH_DEBOUNCE_MS = 100

export type FixtureFileWatcher = ReturnType<typeof watchFixtureFile>

/**
 * Reloads a fixture file into the mock whenever it changes. A valid file
 * replaces the data and logs `reloaded N projects, M contents from FILE`; an
 * invalid one keeps the data served so far and logs why.
 * @note It watches the file's directory, not the file: editors often save by
 * writing a new file and renaming it over the old one, which ends a watch on
 * the old file.
 */
export function watchFixtureFile(options: {
  path: string
  mock: Pick<MockCore, 'load'>
  log: CliLog
}) {
  const { path, mock, log } = options
  const absolutePath = resolve(path)
  const name = basename(absolutePath)
  let timer: NodeJS.Timeout | undefined
  // Reloads run one after another, so the last change always wins.
  let reloads = Promise.resolve()
  let closed = false

  async function reload(): Promise<void> {
    if (closed) return
    try {
      // Checked once, as it is read: the load takes it as it is (`checked` of data/hand-over-document.ts).
      const document = await readFixtureFile(path, { whileServing: true })
      await mock.load(document)
      log.info(
        `reloaded ${document.projects.length} projects, ${document.contents.length} contents from ${path}`,
      )
    } catch (error) {
      const cause = (error as Error).cause as NodeJS.ErrnoException | undefined
      log.warn(
        cause?.code === 'ENOENT'
          ? `${path} was removed; still serving the previous data until it is back.`
          : `kept the previous data: ${(error as Error).message}`,
      )
    }
  }

  const watcher = watch(dirname(absolutePath), (_event, filename) => {
    // `filename` can be null on some platforms: reload to be safe.
    if (filename !== null && filename !== name) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      reloads = reloads.then(reload)
    }, WATCH_DEBOUNCE_MS)
  })
  watcher.on('error', (error) => {
    log.warn(
      `stopped watching ${path}: ${error.message}. Restart to watch it again.`,
    )
  })

  return {
    /** Stops watching and waits for a reload in progress to finish. */
    async close() {
      closed = true
      clearTimeout(timer)
      watcher.close()
      await reloads
    },
  }
}
