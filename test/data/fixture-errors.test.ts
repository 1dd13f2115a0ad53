import {
  FixtureError,
  createContentApiMock,
  parseFixtureDocument,
  type FixtureIssue,
} from 'content-api-mock'
import { expect, it } from 'vitest'
import { loadFixture } from '../support/load-fixture.js'

function issuesOf(document: unknown): readonly FixtureIssue[] {
  try {
    parseFixtureDocument(document)
  } catch (error) {
    expect(error).toBeInstanceOf(FixtureError)
    return (error as FixtureError).issues
  }
  throw new Error('expected the document to be rejected')
}

function captureError(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected the call to throw')
}

const MOVIEMODE_HINT = '(mode "moviemode" takes content: { "movie_unique": … })'

// The fixture error example of the docs: test/fixtures/invalid-example.json
// and the exact message it gets. A docs test can load the same file.
it('words every problem of a realistic bad document in one message, in document order', () => {
  let message = ''
  try {
    parseFixtureDocument(loadFixture('invalid-example.json'))
  } catch (error) {
    message = String(error)
  }
  expect(message).toBe(
    [
      'FixtureError: Failed to load the fixture document: 12 problems found, nothing was loaded. Fix each one and load it again:',
      '  accounts[0].name: missing; expected a string',
      '  accounts[0].nmae: unknown key; remove it or check its spelling (did you mean "name"?)',
      '  api_keys[0].expires_at: expected an ISO 8601 UTC timestamp such as "2024-03-01T09:30:00Z", found the string "2030-12-31"',
      '  projects[0].is_readonly: expected a boolean, found the string "no"',
      '  projects[0].shared_with[0]: no such account "acct_agncy"; add it to "accounts" or use one of its IDs',
      '  contents[0].progress.step_process: expected an integer, found the number 2.5',
      `  contents[0].content.movie_id: unknown key; remove it or check its spelling ${MOVIEMODE_HINT}`,
      `  contents[0].content.movie_unique: missing; expected a string ${MOVIEMODE_HINT}`,
      '  contents[1].variation_unique: duplicate "v_teaser", already used by contents[0]; IDs must be unique',
      '  contents[1].project_unique: no such project "p_summer"; add it to "projects" or use one of its project_unique values',
      '  contents[1].title: missing; expected a string',
      '  contents[1].titel: unknown key; remove it or check its spelling (did you mean "title"?)',
    ].join('\n'),
  )
})

it('reports a misspelt field and a dangling reference of one document together', () => {
  const fixtures = loadFixture('small.json')
  fixtures.accounts[0].nmae = fixtures.accounts[0].name
  delete fixtures.accounts[0].name
  fixtures.contents[3].project_unique = 'p9'

  expect(issuesOf(fixtures).map((issue) => issue.path)).toEqual([
    'accounts[0].name',
    'accounts[0].nmae',
    'contents[3].project_unique',
  ])
  expect(() => createContentApiMock({ fixtures })).toThrow(
    /accounts\[0\]\.nmae: unknown key[^\n]*\n(?:.*\n)*\s*contents\[3\]\.project_unique: no such project "p9"/,
  )
})

it.each([
  {
    field: 'is_readonly',
    change: (d: any) => (d.projects[0].is_readonly = 'no'),
    path: 'projects[0].is_readonly',
    message: 'expected a boolean, found the string "no"',
  },
  {
    field: 'title',
    change: (d: any) => (d.contents[0].title = 5),
    path: 'contents[0].title',
    message: 'expected a string, found the number 5',
  },
  {
    field: 'step_process',
    change: (d: any) => (d.contents[0].progress.step_process = 1.5),
    path: 'contents[0].progress.step_process',
    message: 'expected an integer, found the number 1.5',
  },
  {
    field: 'a missing title',
    change: (d: any) => delete d.contents[0].title,
    path: 'contents[0].title',
    message: 'missing; expected a string',
  },
  {
    field: 'a null publish',
    change: (d: any) => (d.contents[0].publish = null),
    path: 'contents[0].publish',
    message: 'expected an array, found null',
  },
  {
    field: 'an array for progress',
    change: (d: any) => (d.contents[0].progress = [5, true]),
    path: 'contents[0].progress',
    message: 'expected an object, found an array of 2 items',
  },
  {
    field: 'a string for is_complete',
    change: (d: any) => (d.contents[0].progress.is_complete = 'true'),
    path: 'contents[0].progress.is_complete',
    message: 'expected a boolean, found the string "true"',
  },
  {
    field: 'a number for a moviemode body field',
    change: (d: any) => (d.contents[0].content.movie_unique = 7),
    path: 'contents[0].content.movie_unique',
    message: `expected a string, found the number 7 ${MOVIEMODE_HINT}`,
  },
])(
  'says what was found and what was expected for $field',
  ({ change, path, message }) => {
    const fixtures = loadFixture('small.json')
    change(fixtures)
    expect(issuesOf(fixtures)).toEqual([{ path, message }])
  },
)

it.each([
  {
    kind: 'invalid_value (version)',
    change: (d: any) => (d.version = 2),
    path: 'version',
    message: 'expected 1, found the number 2',
  },
  {
    kind: 'too_small (a negative step_process)',
    change: (d: any) => (d.contents[0].progress.step_process = -1),
    path: 'contents[0].progress.step_process',
    message: 'expected at least 0, found the number -1',
  },
  {
    kind: 'too_small (an empty platform)',
    change: (d: any) => (d.contents[0].publish[0].platform = ''),
    path: 'contents[0].publish[0].platform',
    message: 'expected a non-empty string, found the string ""',
  },
  {
    kind: 'too_small with its own message (an empty mode)',
    change: (d: any) => (d.contents[0].mode = ''),
    path: 'contents[0].mode',
    message: 'expected a non-empty string, found the string ""',
  },
  {
    kind: 'invalid_format (a timestamp)',
    change: (d: any) => (d.projects[0].created_at = '01/03/2024'),
    path: 'projects[0].created_at',
    message:
      'expected an ISO 8601 UTC timestamp such as "2024-03-01T09:30:00Z", or an offset from the start of the story: "+" and a count with a unit (ms, s, m, h), such as "+0s", "+90s", "+2m" or "+1h", found the string "01/03/2024"',
  },
  {
    kind: 'invalid_format (a URL)',
    change: (d: any) => (d.contents[0].publish[0].post_url = 'youtube.com/x'),
    path: 'contents[0].publish[0].post_url',
    message:
      'expected an absolute http(s) URL, found the string "youtube.com/x"',
  },
  {
    kind: 'invalid_format (an ID)',
    change: (d: any) => (d.projects[3].project_unique = 'p 4'),
    path: 'projects[3].project_unique',
    message:
      'expected 1–64 characters of letters, digits, "_" or "-", found the string "p 4"',
  },
  {
    kind: 'invalid_format (an API key), with a long value cut short',
    change: (d: any) => (d.api_keys[4].key = `k ${'x'.repeat(60)}`),
    path: 'api_keys[4].key',
    message: `expected visible ASCII characters without spaces, found the string "k ${'x'.repeat(38)}…"`,
  },
  {
    kind: 'unrecognized_keys',
    change: (d: any) => (d.projects[0].colour = 'red'),
    path: 'projects[0].colour',
    message: 'unknown key; remove it or check its spelling',
  },
  {
    kind: 'unrecognized_keys, misspelt',
    change: (d: any) => (d.api_keys[0].revokd = true),
    path: 'api_keys[0].revokd',
    message:
      'unknown key; remove it or check its spelling (did you mean "revoked"?)',
  },
  {
    kind: 'custom (the moviemode body)',
    change: (d: any) => (d.contents[0].content = {}),
    path: 'contents[0].content.movie_unique',
    message: `missing; expected a string ${MOVIEMODE_HINT}`,
  },
  {
    kind: 'invalid_type (the document)',
    change: (d: any) => (d.contents = {}),
    path: 'contents',
    message: 'expected an array, found an object',
  },
])('words a zod issue of kind $kind', ({ change, path, message }) => {
  const fixtures = loadFixture('small.json')
  change(fixtures)
  expect(issuesOf(fixtures)).toEqual([{ path, message }])
})

it('words input that is not a document at all', () => {
  expect(issuesOf(null)).toEqual([
    { path: '(document)', message: 'expected an object, found null' },
  ])
  expect(issuesOf('{}')).toEqual([
    {
      path: '(document)',
      message: 'expected an object, found the string "{}"',
    },
  ])
})

it('checks the content of a record whose step_process is not an integer', () => {
  // zod skips a record's refinements after `z.int()` fails: the mode rule
  // must still be reported in the same load.
  const fixtures = loadFixture('small.json')
  fixtures.contents[1].progress.step_process = 0.5
  fixtures.contents[1].content = { movie_unique: 'm 2' }

  expect(issuesOf(fixtures)).toEqual([
    {
      path: 'contents[1].progress.step_process',
      message: 'expected an integer, found the number 0.5',
    },
    {
      path: 'contents[1].content.movie_unique',
      message: `expected 1–64 characters of letters, digits, "_" or "-", found the string "m 2" ${MOVIEMODE_HINT}`,
    },
  ])
})

it('checks references in the parts of a document that can be read, without crashing on the rest', () => {
  const fixtures = loadFixture('small.json')
  fixtures.api_keys[0] = null
  fixtures.projects[1].shared_with = 'acct_a'
  fixtures.contents[0] = 'v1'
  fixtures.contents[1].project_unique = 42
  fixtures.contents[2].project_unique = 'p9'

  expect(issuesOf(fixtures)).toEqual([
    { path: 'api_keys[0]', message: 'expected an object, found null' },
    {
      path: 'projects[1].shared_with',
      message: 'expected an array, found the string "acct_a"',
    },
    {
      path: 'contents[0]',
      message: 'expected an object, found the string "v1"',
    },
    {
      path: 'contents[1].project_unique',
      message: 'expected a string, found the number 42',
    },
    {
      path: 'contents[2].project_unique',
      message:
        'no such project "p9"; add it to "projects" or use one of its project_unique values',
    },
  ])
})

it('does not report references to a list whose IDs cannot all be read', () => {
  // accounts[0] lost its `id`: every reference to "acct_a" may mean it, so
  // none is reported as dangling; the missing id is.
  const fixtures = loadFixture('small.json')
  fixtures.accounts[0].idd = fixtures.accounts[0].id
  delete fixtures.accounts[0].id

  expect(issuesOf(fixtures).map((issue) => issue.path)).toEqual([
    'accounts[0].id',
    'accounts[0].idd',
  ])
})

it('names every bad path of an invalid fixture document at once', () => {
  const fixtures = loadFixture('small.json')
  fixtures.accounts[0].nmae = 'typo'
  fixtures.api_keys[1].account = 'acct_zz'
  fixtures.projects[1].shared_with = ['acct_a', 'acct_yy']
  fixtures.projects[2].created_at = 'yesterday'
  fixtures.contents[3].project_unique = 'p9'
  fixtures.contents[1].variation_unique = 'v1'
  fixtures.contents[0].content = {}
  delete fixtures.contents[2].title
  fixtures.extra = true

  const error = captureError(() => createContentApiMock({ fixtures }))
  expect(error).toBeInstanceOf(FixtureError)
  const paths = (error as FixtureError).issues.map((issue) => issue.path)
  expect(paths).toEqual([
    'accounts[0].nmae',
    'api_keys[1].account',
    'projects[1].shared_with[1]',
    'projects[2].created_at',
    'contents[0].content.movie_unique',
    'contents[1].variation_unique',
    'contents[2].title',
    'contents[3].project_unique',
    'extra',
  ])
  expect((error as FixtureError).message).toMatch(/nothing was loaded/)
})

it('reports dangling references and duplicate IDs with their paths', () => {
  const fixtures = loadFixture('small.json')
  fixtures.api_keys[1].account = 'acct_zz'
  fixtures.projects[1].shared_with = ['acct_a', 'acct_yy']
  fixtures.contents[3].project_unique = 'p9'
  fixtures.contents[1].variation_unique = 'v1'
  fixtures.projects.push({ ...fixtures.projects[0] })

  const error = captureError(() =>
    parseFixtureDocument(fixtures),
  ) as FixtureError
  expect(error.issues).toEqual(
    expect.arrayContaining([
      {
        path: 'api_keys[1].account',
        message: expect.stringMatching(/no such account "acct_zz"/),
      },
      {
        path: 'projects[1].shared_with[1]',
        message: expect.stringMatching(/no such account "acct_yy"/),
      },
      {
        path: 'contents[3].project_unique',
        message: expect.stringMatching(/no such project "p9"/),
      },
      {
        path: 'contents[1].variation_unique',
        message: expect.stringMatching(
          /duplicate "v1", already used by contents\[0\]/,
        ),
      },
      {
        path: 'projects[4].project_unique',
        message: expect.stringMatching(/duplicate "p1"/),
      },
    ]),
  )
  expect(error.message).toMatch(
    /contents\[3\]\.project_unique: no such project "p9"/,
  )
})

it('rejects a document of another version and input that is not an object', () => {
  const fixtures = loadFixture('small.json')
  fixtures.version = 2
  expect(
    (captureError(() => parseFixtureDocument(fixtures)) as FixtureError)
      .issues[0]?.path,
  ).toBe('version')
  expect(captureError(() => parseFixtureDocument('{}'))).toBeInstanceOf(
    FixtureError,
  )
  expect(captureError(() => parseFixtureDocument(null))).toBeInstanceOf(
    FixtureError,
  )
})
