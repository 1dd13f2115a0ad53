import { Argument } from 'commander'
import {
  BUILD_DEMO_OPTION_TABLE,
  type BuildDemoOptions,
} from './build-demo-options.js'
import type { CliCommand } from '../cli-command.js'
import { CLI_NAME } from '../output/create-cli-log.js'
import { parseNonEmpty } from '../options/option-parsers.js'

/**
 * Declares `build-demo <dir>`: its argument, its options (the demo's subset
 * of serve's, with the same rules and help) and its action, which writes
 * the folder and prints what it wrote and how to serve it.
 */
export function declareBuildDemoCommand(command: CliCommand): CliCommand {
  const name = `${CLI_NAME} ${command.name()}`
  return command
    .description(
      "Writes the demo as a static folder: the explorer page, the whole mock bundled for the browser and msw's worker script. Any static host serves it (a static file server, object storage, a Pages site); the API, media included, answers inside the visitor's browser. No server runs, so there is no control API.",
    )
    .addArgument(
      new Argument(
        '<dir>',
        'the folder to write: new, empty, or written by build-demo before (the files it wrote are replaced, others kept)',
      ).argParser(parseNonEmpty('a folder to write the demo into')),
    )
    .addOptionTable(BUILD_DEMO_OPTION_TABLE)
    .addHelpText(
      'after',
      `
Examples:
  $ ${name} public/demo
  $ ${name} public/demo --live --seed 7 --speed 60
  $ ${name} public/demo --projects 12 --contents 200 --asset-ttl 3600
  $ ${name} site --fixtures fixtures.json --media-dir media

The mock clock starts when a browser first opens the demo; a reload or
another tab of the same folder goes on from where it stands.

Serve the folder over https (or http://localhost): Service Workers need a
secure context. Open its index.html's folder, e.g. https://example.com/demo/.

Exit codes: 0 when the folder is written; 2 for a bad flag, fixture file,
media folder or output folder (nothing is written).`,
    )
    .action(
      async (
        directory: string,
        values: Omit<BuildDemoOptions, 'directory'>,
      ) => {
        // Loaded only now, so that --help and a bad flag answer at once.
        const { buildDemo } = await import('./build-demo.js')
        const built = await buildDemo({
          ...values,
          live: values.live === true,
          directory,
        })
        const { io, log } = command.context
        for (const warning of built.warnings) log.warn(warning)
        io.stdout.write(
          [
            `Wrote the demo to ${built.directory} (${built.files} files, ${formatSize(built.bytes)}).`,
            `  Data   ${built.data}`,
            `  Media  ${built.media}`,
            `  Serve  the folder with any static file server, over https:// or on localhost`,
            `         (Service Workers need a secure context); open the folder's URL.`,
            `  API    <the folder's URL>public-api/v1, answered inside the browser`,
            '',
          ].join('\n'),
        )
      },
    )
}

function formatSize(bytes: number): string {
  return bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(1)} MB`
    : `${Math.round(bytes / 1000)} kB`
}
