import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

// WCAG AA for the page's text: every text colour of src/page/styles.css on
// every background it is drawn on reaches 4.5:1, in light and in dark.

const CSS = readFileSync(
  new URL('../../src/page/styles.css', import.meta.url),
  'utf8',
)

/** The custom properties of the first `:root { … }` block after `from`. */
function readVariables(from: number): Map<string, string> {
  const start = CSS.indexOf(':root {', from)
  const block = CSS.slice(start, CSS.indexOf('}', start))
  return new Map(
    [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6});/gi)].map((match) => [
      match[1]!,
      match[2]!,
    ]),
  )
}

const SCHEMES = {
  light: readVariables(0),
  dark: readVariables(CSS.indexOf('@media (prefers-color-scheme: dark)')),
}

/** Text colour → the backgrounds it is drawn on, as the stylesheet pairs them. */
const PAIRS: [text: string, backgrounds: string[]][] = [
  ['text', ['bg', 'surface', 'surface-2', 'code-bg']],
  ['muted', ['bg', 'surface', 'surface-2', 'code-bg']],
  ['accent', ['bg', 'surface']],
  ['accent-text', ['accent']],
  ['ok', ['ok-bg']],
  ['warn', ['warn-bg']],
  ['fail', ['fail-bg']],
  ['info', ['info-bg']],
]

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const value = parseInt(hex.slice(at, at + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

it.each(Object.entries(SCHEMES))(
  'draws every text colour at 4.5:1 or more in the %s scheme',
  (_scheme, variables) => {
    expect(variables.size).toBeGreaterThan(15)
    const failing: string[] = []
    for (const [text, backgrounds] of PAIRS) {
      for (const background of backgrounds) {
        const foreground = variables.get(text)
        const behind = variables.get(background)
        expect(foreground, `--${text}`).toBeDefined()
        expect(behind, `--${background}`).toBeDefined()
        const ratio = contrast(foreground!, behind!)
        if (ratio < 4.5) {
          failing.push(`--${text} on --${background}: ${ratio.toFixed(2)}:1`)
        }
      }
    }
    expect(failing).toEqual([])
  },
)
