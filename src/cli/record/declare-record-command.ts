import { mkdir, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { OPTION_RULES } from '../../schema/option-rules.js'
import { type CliCommand } from '../cli-command.js'
import { CLI_NAME } from '../output/create-cli-log.js'
import { CliError } from '../cli-error.js'
import type { OptionTable, OptionValues } from '../options/cli-option-spec.js'
import { ENVIRONMENT_VARIABLES } from '../options/environment-variables.js'
import {
  defaultedIntegerSpec,
  numberSpec,
  parseNonEmpty,
} from '../options/option-parsers.js'
import { SERVICE_OPTIONS } from '../options/parse-service-flags.js'
import { POLITE_CLIENT_DEFAULTS } from '../crawl/polite-client-defaults.js'

// The bounds of `record`'s rate; its default is the polite client's.
const RATE_RULE = {
  min: 0.1,
  max: 1000,
  default: POLITE_CLIENT_DEFAULTS.rate,
  summary: 'requests started per second, retries included, spread evenly',
}

const RECORD_OPTION_TABLE = {
  target: SERVICE_OPTIONS.target,
  apiKey: {
    ...SERVICE_OPTIONS.apiKey,
    help: 'an API key of the service; it is never written to the file',
  },
  out: {
    short: 'o',
    value: 'file',
    help: 'the fixture document to write (replaced whole, only once the recording is done)',
    parse: parseNonEmpty('a path to a JSON file to write'),
  },
  anonymize: {
    help: 'replace titles, descriptions and URLs with seeded fake ones; IDs, structure, counts and timestamps stay',
  },
  seed: defaultedIntegerSpec('number', {
    ...OPTION_RULES.seed,
    summary: 'seed of the fake words of --anonymize',
  }),
  mediaDir: {
    value: 'folder',
    help: "also download each thumbnail and video, right after its detail, into this folder (created if missing), as <movie_unique>.jpg and .mp4 for the server's --media-dir",
    parse: parseNonEmpty('a path to a folder'),
  },
  concurrency: defaultedIntegerSpec('number', {
    min: 1,
    max: 64,
    default: POLITE_CLIENT_DEFAULTS.concurrency,
    summary: 'requests in flight at once',
  }),
  rate: {
    ...numberSpec(
      'per-second',
      RATE_RULE,
      'such as 2 for two requests a second',
    ),
    default: RATE_RULE.default,
  },
} as const satisfies OptionTable

type RecordValues = OptionValues<typeof RECORD_OPTION_TABLE>

/** What `content-api-mock record` was asked for, checked. */
type RecordOptions = RecordValues & {
  target: string
  apiKey: string
  out: string
}

/**
 * Declares `record`: its options and its action, which records the service
 * with a progress view on stderr, writes the fixture document at once (temp
 * file, then rename) and prints the summary. Exit 0 when the file is
 * written (what could not be fetched is listed); a mistake of the user's or
 * a service that cannot be read at all writes nothing.
 */
export function declareRecordCommand(command: CliCommand): CliCommand {
  const name = `${CLI_NAME} ${command.name()}`
  return command
    .description(
      "Records a real Content Project Read API into a fixture document that --fixtures serves: every project, its contents and each content's detail, with what the service sends off the spec kept and listed. A polite crawler: capped concurrency and rate, Retry-After honoured, failures retried and reported.",
    )
    .addOptionTable(RECORD_OPTION_TABLE)
    .addHelpText(
      'after',
      `
Examples:
  $ export ${ENVIRONMENT_VARIABLES.serviceApiKey.name}=...            the key, kept out of shell history
  $ ${name} --target https://api.example.com/public-api/v1 --out recording.json
  $ ${name} --target https://api.example.com/public-api/v1 --out shareable.json --anonymize
  $ ${name} --target https://api.example.com/public-api/v1 --out rec.json --media-dir media --rate 2
  $ ${CLI_NAME} --fixtures recording.json --media-dir media

The document's key is demo-key-recorded; it sees everything recorded.

Exit codes: 0 when the file is written (what could not be fetched is listed);
2 for a bad flag, an unreachable service or a refused key (nothing is written);
1 for an unexpected error.`,
    )
    .action(async (options: RecordValues) => {
      checkRecordOptions(options, command.commandPath)
      await checkOutput(options.out)
      if (options.mediaDir !== undefined)
        await prepareMediaDir(options.mediaDir)
      await record(options, command)
    })
}

function checkRecordOptions(
  values: RecordValues,
  path: string,
): asserts values is RecordOptions {
  const help = `Run "${path} --help" to see every option.`
  if (values.target === undefined) {
    throw new CliError(
      `record needs --target: the base URL of the service with its version prefix, such as https://api.example.com/public-api/v1. ${help}`,
    )
  }
  if (values.out === undefined) {
    throw new CliError(
      `record needs --out: the fixture file to write, such as --out recording.json. ${help}`,
    )
  }
  // Checked before anything is asked or written: the media folder would be
  // created where the file is to go, and the recording lost.
  if (
    values.mediaDir !== undefined &&
    resolve(values.mediaDir) === resolve(values.out)
  ) {
    throw new CliError(
      `--media-dir ${values.mediaDir} is the path of --out, the fixture file to write. Give the media a folder of their own, such as --media-dir media.`,
    )
  }
  if (values.apiKey === undefined) {
    throw new CliError(
      `record needs an API key of the service: set $${ENVIRONMENT_VARIABLES.serviceApiKey.name} (kept out of shell history), or pass --api-key KEY.`,
    )
  }
}

async function record(
  options: RecordOptions,
  { context: { io, version } }: CliCommand,
): Promise<void> {
  // Loaded only now, so that --help and a bad flag answer at once.
  const [
    { recordService },
    { createRecordProgress },
    { formatRecordSummary },
    { writeFileAtomically },
    { anonymizeFixtureDocument },
  ] = await Promise.all([
    import('./record-service.js'),
    import('./create-record-progress.js'),
    import('./format-record-summary.js'),
    import('../files/write-file-atomically.js'),
    import('../../contract/anonymize-fixture-document.js'),
  ])
  const { finish, ...handlers } = createRecordProgress(
    io.stderr,
    options.target,
  )
  const result = await recordService({
    ...options,
    version,
    ...handlers,
  }).finally(finish)
  const document = options.anonymize
    ? anonymizeFixtureDocument(result.document, options.seed)
    : result.document
  const json = `${JSON.stringify(document, null, 2)}\n`
  await writeFileAtomically(options.out, json).catch((error: Error) => {
    throw new CliError(
      `Cannot write --out ${options.out}: ${error.message}. Nothing was written; pass a file you can write to and record again.`,
    )
  })
  io.stdout.write(formatRecordSummary(result, options, Buffer.byteLength(json)))
}

/** The file to write must be a file (or nothing yet) in a folder that exists. */
async function checkOutput(out: string): Promise<void> {
  const folder = dirname(resolve(out))
  const found = await stat(out).catch(() => undefined)
  if (found?.isDirectory()) {
    throw new CliError(
      `--out ${out} is a folder. Pass the path of the JSON file to write, such as ${out.replace(/\/+$/, '')}/recording.json.`,
    )
  }
  const parent = await stat(folder).catch(() => undefined)
  if (parent === undefined || !parent.isDirectory()) {
    throw new CliError(
      `Cannot write --out ${out}: the folder ${folder} does not exist. Create it first, or write the file elsewhere.`,
    )
  }
}

/** The media folder is created if missing; a file in its place is refused. */
async function prepareMediaDir(directory: string): Promise<void> {
  const found = await stat(directory).catch(() => undefined)
  if (found !== undefined && !found.isDirectory()) {
    throw new CliError(
      `--media-dir ${directory} is a file. Pass a folder to save thumbnails and videos into (it is created if missing).`,
    )
  }
  await mkdir(directory, { recursive: true }).catch((error: Error) => {
    throw new CliError(
      `Cannot create --media-dir ${directory}: ${error.message}. Pass a folder you can write to.`,
    )
  })
}
