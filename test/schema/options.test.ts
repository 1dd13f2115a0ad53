import {
  createContentApiMock,
  OptionsError,
  type ContentApiMockOptions,
} from 'content-api-mock'
import { createSeedDocument } from 'content-api-mock/seed'
import { expect, it } from 'vitest'
// The table of option bounds is internal; read from it, the test follows it.
import { OPTION_RULES } from '../../src/schema/option-rules.js'

function errorOf(run: () => unknown): OptionsError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(OptionsError)
    expect(error).toBeInstanceOf(TypeError)
    return error as OptionsError
  }
  throw new Error('Expected an OptionsError, but nothing was thrown.')
}

it('rejects an unknown createSeedDocument option instead of ignoring it', () => {
  const error = errorOf(() =>
    createSeedDocument({ size: { contents: 200 } } as never),
  )
  expect(error.message).toBe(
    'Invalid createSeedDocument options: "size": unknown option; pass "projects" and "contents" at the top level, e.g. createSeedDocument({ contents: 200 }).',
  )
  expect(error.issues).toEqual([
    { path: 'size', message: expect.stringMatching(/^unknown option/) },
  ])
})

it('names the option an unknown key looks like a slip of', () => {
  expect(errorOf(() => createSeedDocument({ sede: 7 } as never)).message).toBe(
    'Invalid createSeedDocument options: "sede": unknown option; did you mean "seed"?',
  )
  expect(
    errorOf(() => createContentApiMock({ apikey: 'k' } as never)).message,
  ).toMatch(
    /^Invalid content-api-mock options: "apikey": unknown option; did you mean "apiKey"\? /,
  )
  expect(
    errorOf(() => createContentApiMock({ size: { projcts: 9 } } as never))
      .issues,
  ).toEqual([
    {
      path: 'size.projcts',
      message: 'unknown option; did you mean "projects"?',
    },
  ])
  expect(
    errorOf(() => createContentApiMock({ contents: 200 } as never)).message,
  ).toMatch(/"contents": unknown option; put it under "size"/)
})

it('rejects a main key that is the value of another demo key, in the library too', () => {
  for (const run of [
    () => createContentApiMock({ apiKey: 'demo-key-revoked' }),
    () => createSeedDocument({ apiKey: 'demo-key-revoked' }),
  ]) {
    const error = errorOf(run)
    expect(error.issues).toEqual([
      {
        path: 'apiKey',
        message:
          '"demo-key-revoked" is already the revoked demo key in the demo dataset; pick another value',
      },
    ])
  }
})

it('takes the bounds of every integer option from OPTION_RULES', () => {
  const cases: Array<
    [keyof typeof OPTION_RULES, (value: number) => ContentApiMockOptions]
  > = [
    ['seed', (seed) => ({ seed })],
    ['projects', (projects) => ({ size: { projects } })],
    ['contents', (contents) => ({ size: { contents } })],
    ['assetTtl', (assetTtl) => ({ assetTtl })],
    ['journalSize', (journalSize) => ({ journalSize })],
  ]
  for (const [name, options] of cases) {
    const rule = OPTION_RULES[name] as { min: number; max: number }
    expect(() => createContentApiMock(options(rule.min)), name).not.toThrow()
    const below = errorOf(() => createContentApiMock(options(rule.min - 1)))
    expect(below.message, name).toContain(`got ${rule.min - 1}`)
    if (rule.max < Number.MAX_SAFE_INTEGER) {
      const above = errorOf(() => createContentApiMock(options(rule.max + 1)))
      expect(above.message, name).toContain(
        `expected a whole number from ${rule.min} to ${rule.max}, got ${rule.max + 1}`,
      )
    }
  }
})
