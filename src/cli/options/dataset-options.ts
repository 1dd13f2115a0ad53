import { OPTION_RULES } from '../../schema/option-rules.js'
import type { CliOptionSpec } from './cli-option-spec.js'
import { integerSpec, numberSpec, parseNonEmpty } from './option-parsers.js'

/** The rows of the options that say which dataset and media the mock serves (serve, build-demo). */
export const DATASET_OPTIONS = {
  seed: integerSpec('number', OPTION_RULES.seed),
  projects: integerSpec('number', OPTION_RULES.projects),
  contents: integerSpec('number', OPTION_RULES.contents),
  fixtures: {
    short: 'f',
    value: 'file',
    help: 'serve this fixture document (JSON) instead of generated data',
    parse: parseNonEmpty('a path to a JSON file'),
  },
  live: { help: OPTION_RULES.live.summary },
  speed: numberSpec(
    'factor',
    OPTION_RULES.speed,
    'such as 60 for an hour of mock time a minute',
  ),
  assetTtl: integerSpec('seconds', OPTION_RULES.assetTtl),
  mediaDir: {
    value: 'folder',
    help: 'serve the .jpg/.jpeg and .mp4 files of this folder behind the asset URLs, picked per movie_unique',
    shownDefault: 'title cards and sample clips',
    parse: parseNonEmpty('a path to a folder'),
  },
} as const satisfies Record<string, CliOptionSpec>
