import type { OptionTable, OptionValues } from '../options/cli-option-spec.js'
import { DATASET_OPTIONS } from '../options/dataset-options.js'

/**
 * The options of `build-demo`: the demo's subset of serve's, with the same
 * rules, and help true for a folder (no traffic scenarios, files copied).
 */
export const BUILD_DEMO_OPTION_TABLE = {
  seed: {
    ...DATASET_OPTIONS.seed,
    help: 'seed of the generated dataset, and of its live contents with --live',
  },
  projects: DATASET_OPTIONS.projects,
  contents: DATASET_OPTIONS.contents,
  fixtures: {
    ...DATASET_OPTIONS.fixtures,
    help: `${DATASET_OPTIONS.fixtures.help}; it is copied into the folder`,
  },
  live: DATASET_OPTIONS.live,
  speed: DATASET_OPTIONS.speed,
  assetTtl: DATASET_OPTIONS.assetTtl,
  mediaDir: {
    ...DATASET_OPTIONS.mediaDir,
    help: `${DATASET_OPTIONS.mediaDir.help}; they are copied into the folder`,
  },
} as const satisfies OptionTable

/** What `content-api-mock build-demo` was asked for, checked and typed. */
export type BuildDemoOptions = OptionValues<typeof BUILD_DEMO_OPTION_TABLE> & {
  /** The folder to write: new, empty, or an earlier build-demo folder. */
  directory: string
}
