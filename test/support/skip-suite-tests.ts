import { expect, it } from 'vitest'
import { useBareMachine } from './run-suite-bare.js'

/** A suite that needs a tool a newcomer's machine may lack, and what it says without it. */
export interface SkipSuite {
  /** The suite's name in its lines, e.g. `replica suite`. */
  name: string
  /** The file, or the arguments after `vitest run`. */
  suite: string | string[]
  /** What is missing, for the tests' names, e.g. `redis-server is missing`. */
  missing: string
  /** The whole line it prints when it skips. */
  skippedLine: RegExp
  /** How many tests it declares, all skipped. */
  tests: number
  /** The environments under which it must fail instead, e.g. `{ CI: 'true' }`. */
  required: Record<string, string>[]
  /** The start of the error it fails with. */
  error: string
}

/**
 * The two tests of a suite's skip: on a bare machine it is skipped with its
 * one line and exits 0; under each `required` environment it fails, with its
 * error and without the skip line.
 */
export function testSuiteSkip(skip: SkipSuite): void {
  const runBare = useBareMachine()
  const requiredBy = skip.required.map((env) => Object.keys(env).join(' '))
  it(`skips the ${skip.name} with one line saying how to run it when ${skip.missing}`, async () => {
    const { code, output } = await runBare(skip.suite)
    expect(output).toMatch(skip.skippedLine)
    expect(output.match(new RegExp(`${skip.name} skipped`, 'g'))).toHaveLength(
      1,
    )
    expect(output).toMatch(
      new RegExp(`Tests\\s+${skip.tests} skipped \\(${skip.tests}\\)`),
    )
    expect(code, output).toBe(0)
  }, 60_000)

  it(`fails the ${skip.name} under ${requiredBy.join(' or ')} when ${skip.missing}`, async () => {
    for (const env of skip.required) {
      const { code, output } = await runBare(skip.suite, env)
      expect(output).toContain(skip.error)
      expect(output).not.toContain(`${skip.name} skipped`)
      expect(code, output).toBe(1)
    }
  }, 60_000)
}
