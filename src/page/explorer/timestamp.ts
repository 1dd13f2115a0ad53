import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { describeTime } from './describe-time.js'

/**
 * A time in a person's terms, "3 min ago · 18:53", with the exact ISO time
 * in `datetime` and `title`, shown on focus too (it takes Tab), since a
 * title alone never shows for a keyboard.
 * @example
 * html`<${Timestamp} iso=${result.posted_at} now=${mockNow()} />`
 */
export function Timestamp(props: { iso: string; now: number }): VNode {
  const described = describeTime(props.iso, props.now)
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
