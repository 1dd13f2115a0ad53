import { html } from 'htm/preact'
import type { VNode } from 'preact'
import { useState } from 'preact/hooks'
import type { RecordChoice } from './record-kinds.js'

/** How many matches the picker names under its box before it only counts them. */
const MATCHES_NAMED = 5

/**
 * A search box over the records of one kind: typing filters them by title or
 * ID (the browser's suggestion list, a `<datalist>`, offers the matches to
 * pick with the arrow keys), Enter takes the first match, and an exact ID is
 * taken as it is typed. Under the box, a polite live line says how many
 * match, so a screen reader hears it too.
 */
export function RecordPicker(props: {
  /** The kind's name, the box's label. */
  label: string
  choices: RecordChoice[]
  /** The ID picked now, shown in the box until the person types. */
  chosen: string
  onPick: (id: string) => void
  disabled?: boolean
}): VNode {
  const { choices } = props
  // undefined: the box shows the record picked, not a search of one's own.
  const [query, setQuery] = useState<string>()
  const text = query ?? props.chosen
  const matches = query === undefined ? [] : findMatches(choices, query)
  const listId = `${props.label.toLowerCase().replaceAll(' ', '-')}-choices`

  const pick = (id: string) => {
    setQuery(undefined)
    props.onPick(id)
  }
  const onInput = (event: Event) => {
    const value = (event.target as HTMLInputElement).value
    // Chosen from the suggestions (or typed or pasted in full): an ID.
    if (choices.some((choice) => choice.id === value)) return pick(value)
    setQuery(value)
  }
  const onSubmit = (event: Event) => {
    event.preventDefault()
    const first = matches[0]
    if (first !== undefined) pick(first.id)
  }

  return html`<form class="record-picker" role="search" onSubmit=${onSubmit}>
    <label class="grow"
      >${props.label}
      <input
        type="search"
        list=${listId}
        autocomplete="off"
        spellcheck=${false}
        placeholder="Type a title or an ID"
        aria-describedby=${`${listId}-status`}
        value=${text}
        disabled=${props.disabled}
        onInput=${onInput}
    /></label>
    <datalist id=${listId}>
      ${choices.map(
        (choice) =>
          html`<option value=${choice.id}>${choice.name || choice.id}</option>`,
      )}
    </datalist>
    <p
      id=${`${listId}-status`}
      class="muted picker-status"
      aria-live="polite"
      data-testid="picker-status"
    >
      ${describeMatches(props.label, choices.length, query, matches)}
    </p>
    ${
      matches.length > 1 &&
      matches.length <= MATCHES_NAMED &&
      html`<ul class="picker-matches">
        ${matches.map(
          (choice) =>
            html`<li>
              <button
                type="button"
                class="button-link"
                onClick=${() => pick(choice.id)}
              >
                ${choice.name || choice.id}</button
              >${' '}<code class="muted">${choice.id}</code>
            </li>`,
        )}
      </ul>`
    }
  </form>`
}

/** The choices whose name or ID holds `query`, case aside. */
function findMatches(choices: RecordChoice[], query: string): RecordChoice[] {
  const wanted = query.trim().toLowerCase()
  if (wanted === '') return []
  return choices.filter(
    (choice) =>
      choice.id.toLowerCase().includes(wanted) ||
      choice.name.toLowerCase().includes(wanted),
  )
}

function describeMatches(
  label: string,
  total: number,
  query: string | undefined,
  matches: RecordChoice[],
): string {
  const noun = label.toLowerCase()
  if (query === undefined || query.trim() === '') {
    return `${total} ${noun} record${total === 1 ? '' : 's'}: type part of a title or an ID.`
  }
  if (matches.length === 0) return `No ${noun} matches “${query.trim()}”.`
  if (matches.length === 1) {
    return `One match: ${matches[0]?.name || matches[0]?.id}. Press Enter to edit it.`
  }
  return `${matches.length} of ${total} match “${query.trim()}”: pick one from the list, or press Enter for the first.`
}
