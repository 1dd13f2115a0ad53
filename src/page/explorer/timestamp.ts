import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { describeTime } from './describe-time.js'

/** Often enough that "3 min ago" is never a minute behind. */
const RETELL_MS = 20_000

// "3 min ago · 18:53"; it takes Tab, since a title alone never shows for a
// keyboard.
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
