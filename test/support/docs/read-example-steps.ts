import type { CodeBlock } from './read-code-blocks.js'

/**
 * One command of a `session` or `transcript` block and the output the docs
 * show for it.
 */
export interface ExampleStep {
  command: string
  /** The lines shown as its output; `undefined` where a session shows none. */
  expected: string[] | undefined
  /** `<file>:<line>` of the command, for messages. */
  where: string
}

/**
 * The commands of a session and the output shown for each: comment lines
 * right after a command (no blank line between) are its output, `# ` taken
 * off; a comment after a blank line describes what follows. A line ending in
 * `\`, `|`, `&&` or `||` goes on in the next.
 * @example
 * readSessionSteps(block) // [{ command: 'curl -s …/health', expected: ['{"status":"ok",…}'], where: 'README.md:110' }]
 */
export function readSessionSteps(block: CodeBlock): ExampleStep[] {
  const lines = block.code.split('\n')
  const steps: ExampleStep[] = []
  let last: ExampleStep | undefined
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!
    if (line.trim() === '') {
      last = undefined
    } else if (line.startsWith('#')) {
      if (last !== undefined) {
        ;(last.expected ??= []).push(line.replace(/^# ?/, ''))
      }
    } else {
      const where = `${block.file}:${block.line + 1 + index}`
      let command = line
      while (/(\\|\||&&)\s*$/.test(lines[index]!) && index + 1 < lines.length) {
        command += `\n${lines[++index]}`
      }
      last = { command, expected: undefined, where }
      steps.push(last)
    }
  }
  return steps
}

/**
 * The `$ ` commands of a transcript, each with the lines up to the next one
 * as its output.
 * @example
 * readTranscriptSteps(block) // [{ command: 'npx content-api-mock --watch', expected: ['content-api-mock: --watch …'], … }]
 */
export function readTranscriptSteps(block: CodeBlock): ExampleStep[] {
  const steps: Array<ExampleStep & { expected: string[] }> = []
  block.code.split('\n').forEach((line, index) => {
    if (line.startsWith('$ ')) {
      steps.push({
        command: line.slice(2),
        expected: [],
        where: `${block.file}:${block.line + 1 + index}`,
      })
    } else {
      steps.at(-1)?.expected.push(line)
    }
  })
  return steps
}
