// The house rules of src/, checked by `npm run lint`: data flows one way,
// (random | schema) <- (data | media) <- api <- (msw | contract | server) <- cli, and the part that
// runs in browsers imports nothing Node-only. page/ (the browser page) stands
// apart: it imports nothing of src/ and nothing imports it.

/** A rule: files under `layer` import nothing in src/ outside `allowed`. */
function layer(name, allowed, comment) {
  return {
    name: `${name}-imports-only-below`,
    comment,
    severity: 'error',
    from: { path: `^src/${name}/` },
    to: { path: '^src/', pathNot: `^src/(${allowed.join('|')})/` },
  }
}

const BROWSER_SAFE =
  '^src/(random|schema|data|media|api|contract|msw|demo)/|^src/(index|seed)\\.ts$'

module.exports = {
  forbidden: [
    layer(
      'random',
      ['random'],
      'random/ is below every floor: seeded generators and hashes of plain numbers and strings, which data/, media/ and api/ share.',
    ),
    layer(
      'schema',
      ['schema'],
      'schema/ is the floor of the zod schemas, beside random/: they import nothing else of src/.',
    ),
    layer(
      'data',
      ['random', 'schema', 'data'],
      'data/ stores what schema/ describes; behaviour (api/) builds on it, never the reverse.',
    ),
    layer(
      'media',
      ['random', 'schema', 'media'],
      'media/ makes thumbnails and clips from plain values: it knows no dataset and no request.',
    ),
    layer(
      'api',
      ['random', 'schema', 'data', 'media', 'api'],
      'api/ is the behaviour both adapters call; it knows no adapter.',
    ),
    layer(
      'contract',
      ['random', 'schema', 'data', 'api', 'contract'],
      'contract/ compares what a real service sent with the mock (recording, drift): plain values in, plain values out; the CLI and the server do the HTTP.',
    ),
    layer(
      'msw',
      ['random', 'schema', 'data', 'media', 'api', 'msw'],
      'msw/ only translates requests for api/; it is not the server.',
    ),
    layer(
      'server',
      ['random', 'schema', 'data', 'media', 'api', 'server'],
      'server/ only translates requests for api/; it is not the MSW adapter, the CLI, nor contract/ (record and verify are commands).',
    ),
    layer(
      'demo',
      ['random', 'schema', 'data', 'media', 'api', 'msw', 'demo'],
      'demo/ is the boot script of build-demo folders: the mock in the browser, bundled on its own; nothing imports it.',
    ),
    layer(
      'cli',
      ['random', 'schema', 'data', 'media', 'api', 'contract', 'server', 'cli'],
      'cli/ is the top floor: nothing imports it.',
    ),
    {
      ...layer(
        'page',
        ['page'],
        'page/ is the browser page: it talks to the mock over HTTP only, like any client, so it imports no code of the layers below (a type, erased by the bundler, is fine).',
      ),
      to: {
        path: '^src/',
        pathNot: '^src/page/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'nothing-imports-the-page',
      comment:
        'Library users who never open the page import none of it: only scripts/build-page.js bundles src/page/.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/page/' },
      to: { path: '^src/page/' },
    },
    {
      name: 'page-imports-no-node-module',
      comment: 'page/ runs in browsers only: no node: module.',
      severity: 'error',
      from: { path: '^src/page/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'main-entry-is-browser-safe',
      comment:
        'src/index.ts and src/seed.ts are the browser-safe entries: the server and the CLI have entries of their own.',
      severity: 'error',
      from: { path: '^src/(index|seed)\\.ts$' },
      to: { path: '^src/(server|cli|demo)/|^src/vitest\\.ts$' },
    },
    {
      name: 'nothing-imports-the-entries',
      comment:
        'The entries (index.ts, seed.ts, vitest.ts, server/index.ts, cli/main.ts) are for users; inside src/ import the module itself.',
      severity: 'error',
      from: { path: '^src/' },
      to: {
        path: '^src/(index|seed|vitest|server/index|cli/main)\\.ts$',
      },
    },
    {
      name: 'browser-safe-imports-no-node-module',
      comment:
        'random/, schema/, data/, media/, api/ and msw/ run in browsers too: no node: module.',
      severity: 'error',
      from: { path: BROWSER_SAFE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'browser-safe-imports-no-node-only-package',
      comment:
        'random/, schema/, data/, media/, api/ and msw/ run in browsers too: no server or CLI package, and msw only through its browser-safe main entry.',
      severity: 'error',
      from: { path: BROWSER_SAFE },
      to: {
        path: 'node_modules/(express|cors|commander|forwarded-parse|ioredis|@types/node)/|node_modules/msw/lib/(node|native)/',
      },
    },
    {
      name: 'server-rooms-import-no-server-top',
      comment:
        'The files at the top of server/ (the server, its request pipeline, the express app) put the rooms together; a room imports none of them.',
      severity: 'error',
      from: { path: '^src/server/[^/]+/' },
      to: { path: '^src/server/[^/]+\\.ts$' },
    },
    {
      name: 'server-answers-is-the-floor',
      comment:
        'server/answers/ writes answers for every other room of server/, so it imports none of them.',
      severity: 'error',
      from: { path: '^src/server/answers/' },
      to: { path: '^src/server/', pathNot: '^src/server/answers/' },
    },
    {
      name: 'server-files-stand-alone',
      comment:
        'server/files/ reads the package and the user files it serves and imports no other room of server/, so every command that reads a user file can use it.',
      severity: 'error',
      from: { path: '^src/server/files/' },
      to: { path: '^src/server/', pathNot: '^src/server/files/' },
    },
    {
      name: 'fleet-loads-only-when-asked',
      comment:
        'server/fleet/ (replicas sharing state in Redis) and its Redis client load by import() only when a server is given redis: start-up without it must not pay for them. fleet-options.ts holds no Redis code and may be imported.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/fleet/' },
      to: {
        path: '^src/server/fleet/',
        pathNot: '^src/server/fleet/fleet-options\\.ts$',
        dependencyTypesNot: ['dynamic-import', 'type-only'],
      },
    },
    {
      name: 'only-the-fleet-imports-redis',
      comment: "The Redis client is the fleet room's own.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/fleet/' },
      to: { path: 'node_modules/ioredis/' },
    },
    {
      name: 'browser-safe-never-reaches-the-fleet',
      comment:
        'The interceptor and the main entry never reach the fleet room or its Redis client, not even through another module.',
      severity: 'error',
      from: { path: BROWSER_SAFE },
      to: { path: '^src/server/fleet/|node_modules/ioredis/', reachable: true },
    },
    {
      name: 'no-circular',
      comment: 'An import circle makes the order of module start-up matter.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a type import upwards ties the layers as tightly.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.build.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
    },
  },
}
