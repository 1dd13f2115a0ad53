import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { describeTime } from './describe-time.js'

/** How often "3 min ago" is told again: often enough to never be a minute behind. */
const RETELL_MS = 20_000

/**
 * A time in a person's terms, "3 min ago · 18:53", with the exact ISO time
 * in `datetime` and `title`, shown on focus too (it takes Tab), since a
 * title alone never shows for a keyboard.
 */
export function Timestamp(props: { iso: string; now: () => number }): VNode {
  const [, retell] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => retell((count) => count + 1), RETELL_MS)
    return () => clearInterval(timer)
  }, [])
  const described = describeTime(props.iso, props.now())
  if (described === undefined) return html`<code>${props.iso}</code>`
  return html`<time
    class="timestamp"
    datetime=${props.iso}
    title=${props.iso}
    tabindex="0"
    ><span class="timestamp-part">${described.relative}</span
    ><span class="timestamp-separator">${' · '}</span
    ><span class="timestamp-part">${described.local}</span></time
  >`
}
