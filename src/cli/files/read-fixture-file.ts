import { handedOver } from '../../data/hand-over-document.js'
import { readFile } from 'node:fs/promises'
import { formatIssuePath } from '../../data/fixture-error.js'
import { findTooDeepPathInSteps } from '../../data/find-too-deep-path-in-steps.js'
import {
  parseFixtureDocument,
  parseFixtureDocumentInSlices,
} from '../../data/parse-fixture-document.js'
import { runInSlices } from '../../data/run-in-slices.js'
import {
  findTooDeepPath,
  MAX_NESTING_DEPTH,
} from '../../schema/find-too-deep-path.js'
import type { FixtureDocument } from '../../schema/fixture.js'
import {
  OFF_THREAD_BYTES,
  parseJsonOffThread,
} from '../../server/control/parse-json-off-thread.js'
import { CliError } from '../cli-error.js'

/**
 * Reads a fixture file and validates it as a fixture document. With
 * `whileServing` (`--watch` reloads), a large file is parsed in a worker
 * thread (`parseJsonOffThread`) and checked in slices, so the server keeps
 * answering meanwhile.
 * @throws {CliError} when the file cannot be read, is not JSON, or nests
 * deeper than `MAX_NESTING_DEPTH`.
 * @throws {FixtureError} when the JSON is not a valid fixture document; its
 * message names the file and every bad path.
 */
export async function readFixtureFile(
  path: string,
  { whileServing = false } = {},
): Promise<FixtureDocument> {
  const bytes = await readFile(path).catch((error: unknown) => {
    throw new CliError(
      `Cannot read the fixture file ${path}: ${describeReadError(error)}`,
      { cause: error },
    )
  })
  const text = () => new TextDecoder().decode(bytes)
  let json: unknown
  try {
    json =
      whileServing && bytes.length > OFF_THREAD_BYTES
        ? await parseJsonOffThread(new Uint8Array(bytes))
        : JSON.parse(text())
  } catch (error) {
    throw new CliError(
      `The fixture file ${path} is not valid JSON: ${describeJsonError(error, text())}. Fix the JSON syntax and save the file again.`,
    )
  }
  // Checked here too, to say it on one line: a limit of the mock, not an issue of the document.
  const tooDeep = whileServing
    ? await runInSlices(findTooDeepPathInSteps(json))
    : findTooDeepPath(json)
  if (tooDeep !== undefined) {
    throw new CliError(
      `The fixture file ${path} nests objects and arrays more than ${MAX_NESTING_DEPTH} levels deep, at ${formatIssuePath(tooDeep.slice(0, 8))}…; the mock reads at most ${MAX_NESTING_DEPTH} levels. Flatten that value and save the file again.`,
    )
  }
  const source = `fixture file ${path}`
  // Parsed for this check alone: its records are kept, not copied.
  handedOver.mark(json)
  return whileServing
    ? parseFixtureDocumentInSlices(json, source)
    : parseFixtureDocument(json, source)
}

function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') {
    return `no such file (looked in ${process.cwd()}). Check the path, or leave out --fixtures to serve the generated demo dataset.`
  }
  if (code === 'EISDIR') {
    return 'it is a directory. Pass the path of a JSON file.'
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return 'permission denied. Make the file readable for this user.'
  }
  return `${(error as Error).message}.`
}

function describeJsonError(error: unknown, text: string): string {
  const message = (error as Error).message.replace(/\s+/g, ' ').trim()
  const position = /at position (\d+)/.exec(message)?.[1]
  if (position === undefined || /\(line \d+/.test(message)) return message
  const before = text.slice(0, Number(position))
  const line = before.split('\n').length
  const column = Number(position) - before.lastIndexOf('\n')
  return `${message} (line ${line}, column ${column})`
}
