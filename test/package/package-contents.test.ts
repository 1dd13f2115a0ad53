import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

// What `npm pack` would publish, listed without building (the suite runs
// against a fresh build already).
const root = new URL('../../', import.meta.url)
const packageJson = JSON.parse(
  readFileSync(new URL('package.json', root), 'utf8'),
) as {
  scripts: Record<string, string>
  repository: { url: string }
  homepage: string
  bugs: { url: string }
  dependencies: Record<string, string>
}

async function listPackedFiles(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['pack', '--dry-run', '--json', '--ignore-scripts'],
    { cwd: root },
  )
  const [pack] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>
  return pack!.files.map((file) => file.path)
}

it('publishes no source maps and only the bundled CLI of dist/cli', async () => {
  const files = await listPackedFiles()

  expect(files.filter((file) => file.endsWith('.map'))).toEqual([])
  expect(
    files.filter(
      (file) =>
        file.startsWith('dist/cli/') &&
        file !== 'dist/cli/main.js' &&
        !/^dist\/cli\/chunks\/[^/]+\.js$/.test(file),
    ),
  ).toEqual([])
  expect(files).toContain('dist/cli/main.js')
  expect(files).toEqual(
    expect.arrayContaining([
      'dist/index.js',
      'dist/index.d.ts',
      'dist/server/index.js',
      'dist/vitest.js',
      'dist/seed.js',
      'fixtures/openapi.json',
    ]),
  )
}, 60_000)

it("publishes the bundled entries and their chunks, not tsc's modules they were bundled from", async () => {
  const files = await listPackedFiles()

  expect(
    files
      .filter(
        (file) =>
          file.endsWith('.js') &&
          !/^dist\/(chunks|page|demo|docs)\//.test(file),
      )
      .sort(),
  ).toEqual([
    'dist/cli/main.js',
    'dist/index.js',
    'dist/seed.js',
    'dist/server/index.js',
    'dist/vitest.js',
  ])
  // The types users' compilers read, and only those: not the clips' base64.
  expect(files).toContain('dist/server/index.d.ts')
  expect(files.filter((file) => file.includes('.generated.'))).toEqual([])
}, 60_000)

it('has no install script, and builds before pack, test and start', () => {
  const { scripts } = packageJson

  for (const name of ['preinstall', 'install', 'postinstall', 'prepare']) {
    expect(scripts[name], name).toBeUndefined()
  }
  expect(scripts.prepack).toBe('npm run build')
  expect(scripts.pretest).toBe('npm run build')
  expect(scripts.prestart).toBe('node scripts/build-if-stale.js')
})

it('ships the LICENSE and the CHANGELOG, and names where the project lives', async () => {
  const files = await listPackedFiles()

  expect(files).toEqual(
    expect.arrayContaining(['LICENSE', 'CHANGELOG.md', 'README.md']),
  )
  const repository = /^git\+(https:\/\/.+)\.git$/.exec(
    packageJson.repository.url,
  )?.[1]
  expect(repository, packageJson.repository.url).toBeDefined()
  expect(packageJson.homepage).toBe(`${repository}#readme`)
  expect(packageJson.bugs.url).toBe(`${repository}/issues`)
}, 60_000)

it('depends at run time only on ioredis, and on zod and @msw/data for the types that name them', () => {
  expect(Object.keys(packageJson.dependencies).sort()).toEqual([
    '@msw/data',
    'ioredis',
    'zod',
  ])
})
