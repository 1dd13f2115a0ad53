import { ENVIRONMENT_VARIABLES } from '../options/environment-variables.js'

/**
 * The few text styles the CLI uses. Each returns its text unchanged when
 * colors are off.
 */
export interface Styles {
  bold(text: string): string
  dim(text: string): string
  url(text: string): string
  good(text: string): string
  warn(text: string): string
  bad(text: string): string
}

const ANSI = {
  bold: [1, 22],
  dim: [2, 22],
  url: [36, 39],
  good: [32, 39],
  warn: [33, 39],
  bad: [31, 39],
} as const satisfies Record<keyof Styles, readonly [number, number]>

/**
 * Whether to color output written to a stream: only for a terminal, and never
 * when `NO_COLOR` is set to anything but the empty string.
 * @see https://no-color.org
 */
export function shouldUseColor(
  stream: { isTTY?: boolean },
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  return (
    stream.isTTY === true &&
    (env[ENVIRONMENT_VARIABLES.noColor.name] ?? '') === ''
  )
}

/**
 * Creates the CLI's text styles: ANSI escape codes, or plain text.
 * @note A handful of SGR codes in one place instead of a color library, or
 * `util.styleText`, whose stream check differs between Node 20 releases.
 */
export function createStyles(color: boolean): Styles {
  const style = ([open, close]: readonly [number, number]) =>
    color
      ? (text: string) => `\u001b[${open}m${text}\u001b[${close}m`
      : (text: string) => text
  return {
    bold: style(ANSI.bold),
    dim: style(ANSI.dim),
    url: style(ANSI.url),
    good: style(ANSI.good),
    warn: style(ANSI.warn),
    bad: style(ANSI.bad),
  }
}
