import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import {
  INSTALL_MS,
  installPacked,
  MSW_VERSION,
  usePackedWorkspace,
} from '../../support/packed-consumer.js'

// The published `.d.ts` files, compiled as a strict consumer's compiler
// reads them: `strict`, `skipLibCheck: false`, no `@types` package of its
// own, only the package and its peers (msw, vitest) installed. A type that
// names a package the consumer does not have (`cors`, `node:http`, faker)
// fails here with TS2307.

const run = promisify(execFile)
const workspace = usePackedWorkspace()

const CHECK = `import { createContentApiMock, type ContentApiMock } from 'content-api-mock'
import { createContentApiServer, type ContentApiServer } from 'content-api-mock/server'
import { createSeedDocument } from 'content-api-mock/seed'
import { setupContentApiMock } from 'content-api-mock/vitest'

export const mock: ContentApiMock = createContentApiMock({ seed: 7 })
export const server: Promise<ContentApiServer> = createContentApiServer({ port: 0 })
export const document = createSeedDocument({ seed: 7 })
export const setup = setupContentApiMock
export const titles: string[] = mock.db.contents.findMany().map((content) => content.title)
`

it(
  'compiles every entry with skipLibCheck false and strict, with only the package and its peers installed',
  async () => {
    const project = join(workspace().folder, 'strict-types')
    mkdirSync(project)
    writeFileSync(
      join(project, 'package.json'),
      '{ "name": "strict-consumer", "private": true, "type": "module" }\n',
    )
    await installPacked(workspace(), project, [
      `msw@${MSW_VERSION}`,
      'vitest@4',
      'typescript@5',
    ])
    writeFileSync(join(project, 'check.ts'), CHECK)
    for (const resolution of ['nodenext', 'bundler'] as const) {
      writeFileSync(
        join(project, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            skipLibCheck: false,
            noEmit: true,
            target: 'es2022',
            module: resolution === 'bundler' ? 'esnext' : 'nodenext',
            moduleResolution: resolution,
            types: [],
          },
          files: ['check.ts'],
        }),
      )
      const result = await run('npx', ['tsc', '-p', '.'], {
        cwd: project,
      }).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      )
      expect({ resolution, errors: result }).toEqual({ resolution, errors: '' })
    }
  },
  // Two compiles of the whole graph, a minute each on a busy machine.
  2 * INSTALL_MS,
)
