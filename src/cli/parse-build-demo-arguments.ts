import { Argument, Command, Option } from 'commander'
import { OPTION_RULES } from '../schema/option-rules.js'
import {
  BUILD_DEMO_COMMAND,
  checkCombinations,
  CLI_NAME,
  integerOption,
  parseNonEmpty,
  parseSpeed,
  runCommander,
} from './parse-arguments.js'

/**
 * What `content-api-mock build-demo` was asked for, checked and typed.
 */
export interface BuildDemoOptions {
  /** The folder to write: new, empty, or an earlier build-demo folder. */
  directory: string
  seed?: number
  fixtures?: string
  live: boolean
  speed?: number
  mediaDir?: string
}

/**
 * Parses the arguments after `build-demo`, as `parseArguments` does the
 * server's: `--help` and `--version` are printed through `writeOut`.
 * @throws {CliError} for an unknown flag, a missing folder argument, an
 * invalid value, or flags that cannot go together.
 * @example
 * const parsed = parseBuildDemoArguments(['out', '--seed', '7'], write, '1.0.0')
 * if (parsed.action === 'build-demo') parsed.options.directory // 'out'
 */
export function parseBuildDemoArguments(
  args: readonly string[],
  writeOut: (text: string) => void,
  version: string,
):
  | { action: 'build-demo'; options: BuildDemoOptions }
  | { action: 'exit'; exitCode: number } {
  const program = createBuildDemoProgram(version)
  const exit = runCommander(program, args, writeOut)
  if (exit?.action === 'exit') return exit
  const [directory] = program.processedArgs as [string]
  const options = program.opts<Omit<BuildDemoOptions, 'directory'>>()
  const live = options.live === true
  checkCombinations({ ...options, live, watch: false })
  return { action: 'build-demo', options: { ...options, live, directory } }
}

/**
 * The commander program of `build-demo`: its argument, its options (the
 * demo's subset of the server's, with the same rules and help) and its help.
 */
function createBuildDemoProgram(version: string): Command {
  const name = `${CLI_NAME} ${BUILD_DEMO_COMMAND}`
  return new Command(name)
    .description(
      "Writes the demo as a static folder: the explorer page, the whole mock bundled for the browser and msw's worker script. Any static host serves it (a static file server, object storage, a Pages site); the API, media included, answers inside the visitor's browser. No server runs, so there is no control API.",
    )
    .version(version, '-v, --version', 'print the version and exit')
    .helpOption('-h, --help', 'print this help and exit')
    .exitOverride()
    .allowExcessArguments(false)
    .addArgument(
      new Argument(
        '<dir>',
        'the folder to write: new, empty, or written by build-demo before (its files are replaced, others kept)',
      ).argParser(parseNonEmpty('a folder to write the demo into')),
    )
    .addOption(integerOption('--seed <number>', OPTION_RULES.seed))
    .addOption(
      new Option(
        '-f, --fixtures <file>',
        'serve this fixture document (JSON) instead of generated data; it is copied into the folder',
      ).argParser(parseNonEmpty('a path to a JSON file')),
    )
    .addOption(new Option('--live', OPTION_RULES.live.summary))
    .addOption(
      new Option(
        '--speed <factor>',
        `${OPTION_RULES.speed.summary} (default: ${OPTION_RULES.speed.default})`,
      ).argParser(parseSpeed),
    )
    .addOption(
      new Option(
        '--media-dir <folder>',
        'serve the .jpg/.jpeg and .mp4 files of this folder behind the asset URLs, picked per movie_unique; they are copied into the folder (default: title cards and sample clips)',
      ).argParser(parseNonEmpty('a path to a folder')),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ ${name} public/demo
  $ ${name} public/demo --live --seed 7 --speed 60
  $ ${name} site --fixtures fixtures.json --media-dir media

Serve the folder over https (or http://localhost): Service Workers need a
secure context. Open its index.html's folder, e.g. https://example.com/demo/.

Exit codes: 0 when the folder is written; 2 for a bad flag, fixture file,
media folder or output folder (nothing is written).`,
    )
}
