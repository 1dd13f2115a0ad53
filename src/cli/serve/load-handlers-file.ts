import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RequestHandler } from 'msw'
import { CliError } from '../cli-error.js'

const EXAMPLE =
  "export const handlers = [http.get('*/public-api/v1/projects', () => HttpResponse.json({ data: [], meta: { total: 0 } }))]"

/**
 * Imports an ES module of the user's own msw handlers: an array exported as
 * `handlers` or as the default export.
 * @throws {CliError} when the file is missing, fails to import, or exports
 * no array of handlers.
 */
export async function loadHandlersFile(
  path: string,
): Promise<RequestHandler[]> {
  const absolutePath = resolve(path)
  const fail = (problem: string, cause?: unknown) =>
    new CliError(`Cannot use the handlers file ${path}: ${problem}`, { cause })

  const found = await stat(absolutePath).catch((error: unknown) => {
    throw fail(
      `no such file (looked in ${process.cwd()}). Check the path.`,
      error,
    )
  })
  if (!found.isFile()) {
    throw fail('it is not a file. Pass the path of an ES module (.mjs or .js).')
  }

  let module: Record<string, unknown>
  try {
    module = await import(pathToFileURL(absolutePath).href)
  } catch (error) {
    const message = (error as Error).message.replace(/\s+/g, ' ').trim()
    const fix =
      (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND'
        ? 'Install what it imports in a node_modules folder next to or above the file (msw resolves from where the file is).'
        : `Fix the module so that "node ${path}" runs without errors.`
    throw fail(
      `importing it failed with ${(error as Error).name}: ${message}. ${fix}`,
      error,
    )
  }

  const handlers = module.handlers ?? module.default
  if (!Array.isArray(handlers)) {
    throw fail(
      `it exports no array of msw handlers. Export one as "handlers" or as the default, e.g. ${EXAMPLE}`,
    )
  }
  const bad = handlers.findIndex(
    (handler) => typeof handler !== 'object' || handler === null,
  )
  if (bad !== -1) {
    throw fail(
      `item [${bad}] of its handlers (${handlers[bad] === null ? 'null' : `a ${typeof handlers[bad]}`}) is not an msw handler. Create each one with http.get(), http.all() or graphql.query() from msw.`,
    )
  }
  return handlers as RequestHandler[]
}
