import { Option } from 'commander'
import { OPTION_RULES } from '../../schema/option-rules.js'
import {
  describeDefault,
  integerOption,
  parseNonEmpty,
  parseSpeed,
} from './option-parsers.js'

// The options that say which dataset and media the mock serves, declared
// once for `serve` and `build-demo`; `note` is what one command adds.

/**
 * `--seed`.
 * @example
 * command.addOption(seedOption('; with --fixtures, of the draws only'))
 */
export function seedOption(note = ''): Option {
  return integerOption('--seed <number>', OPTION_RULES.seed, note)
}

/**
 * `-f, --fixtures`.
 * @example
 * command.addOption(fixturesOption('; it is copied into the folder'))
 */
export function fixturesOption(note = ''): Option {
  return new Option(
    '-f, --fixtures <file>',
    `serve this fixture document (JSON) instead of generated data${note}`,
  ).argParser(parseNonEmpty('a path to a JSON file'))
}

/**
 * `--live`.
 * @example
 * command.addOption(liveOption())
 */
export function liveOption(): Option {
  return new Option('--live', OPTION_RULES.live.summary)
}

/**
 * `--speed`.
 * @example
 * command.addOption(speedOption())
 */
export function speedOption(): Option {
  return new Option(
    '--speed <factor>',
    `${OPTION_RULES.speed.summary}${describeDefault(OPTION_RULES.speed.default)}`,
  ).argParser(parseSpeed)
}

/**
 * `--media-dir`.
 * @example
 * command.addOption(mediaDirOption('; they are copied into the folder'))
 */
export function mediaDirOption(note = ''): Option {
  return new Option(
    '--media-dir <folder>',
    `serve the .jpg/.jpeg and .mp4 files of this folder behind the asset URLs, picked per movie_unique${note} (default: title cards and sample clips)`,
  ).argParser(parseNonEmpty('a path to a folder'))
}
