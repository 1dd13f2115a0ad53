/**
 * What varies from run to run in the output of a server, replaced by the same
 * placeholder in what the docs show and in what the program printed.
 */
const VARYING: ReadonlyArray<[RegExp, string]> = [
  [/"time":"[^"]*"/g, '"time":"<time>"'],
  [/"durationMs":[\d.e-]+/g, '"durationMs":<ms>'],
  [/\b\d+(?:\.\d+)?ms\b/g, '<ms>ms'],
]

/**
 * Output as compared: Unix line ends, no trailing spaces, no blank lines at
 * the end.
 * @example
 * tidyOutput('200 \r\n\n') // '200'
 */
export function tidyOutput(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '')
}

/**
 * Replaces durations and request times with placeholders, for the output of a
 * server, which takes as long as it takes.
 * @example
 * hideTimings('GET / 200 1.2ms') // 'GET / 200 <ms>ms'
 */
export function hideTimings(text: string): string {
  return VARYING.reduce(
    (result, [pattern, placeholder]) => result.replace(pattern, placeholder),
    text,
  )
}

/**
 * Whether the actual output is what the docs show, where `...` in the docs
 * stands for anything (also across lines).
 * @example
 * matchesOutput('{"data":[...],"meta":{"total":6}}', body) // true
 */
export function matchesOutput(expected: string, actual: string): boolean {
  const pattern = tidyOutput(expected)
    .split('...')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*?')
  return new RegExp(`^${pattern}$`).test(tidyOutput(actual))
}

/**
 * A failure message that shows both outputs, for a mismatch.
 * @example
 * expect(matchesOutput(shown, printed), describeMismatch('docs/cli.md:10', shown, printed)).toBe(true)
 */
export function describeMismatch(
  where: string,
  expected: string,
  actual: string,
): string {
  return `${where}: the output differs from what the docs show.\n--- the docs show:\n${tidyOutput(expected)}\n--- the program printed:\n${tidyOutput(actual)}\n---`
}
