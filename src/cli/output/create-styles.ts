import { ENVIRONMENT_VARIABLES } from '../options/environment-variables.js'

const ANSI = {
  bold: [1, 22],
  dim: [2, 22],
  url: [36, 39],
  good: [32, 39],
  warn: [33, 39],
  bad: [31, 39],
} as const

export type Styles = Record<keyof typeof ANSI, (text: string) => string>

/** Only a terminal, and never when `NO_COLOR` is set to anything but '' (https://no-color.org). */
export function shouldUseColor(
  stream: { isTTY?: boolean },
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  return (
    stream.isTTY === true &&
    (env[ENVIRONMENT_VARIABLES.noColor.name] ?? '') === ''
  )
}

// A handful of SGR codes instead of a color library, or `util.styleText`,
// whose stream check differs between Node 20 releases.
export function createStyles(color: boolean): Styles {
  const style = ([open, close]: readonly [number, number]) =>
    color
      ? (text: string) => `\u001b[${open}m${text}\u001b[${close}m`
      : (text: string) => text
  return Object.fromEntries(
    Object.entries(ANSI).map(([name, codes]) => [name, style(codes)]),
  ) as Styles
}
