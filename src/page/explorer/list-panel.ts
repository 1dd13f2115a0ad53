import { html } from 'htm/preact'
import type { ComponentChildren, VNode } from 'preact'
import type { ApiExchange } from '../api-client.js'
import { ExchangeView } from '../exchange-view.js'
import type { ListMeta } from '../../schema/envelopes.js'
import { dataOf } from './api-types.js'

export function ListPanel<Item>(props: {
  id: string
  title: string
  /** The heading's level: 1 when the list is the view itself. */
  level: 1 | 2
  exchange: ApiExchange | undefined
  empty: string
  gridClass: string
  renderItem: (item: Item) => VNode
  children?: ComponentChildren
}): VNode {
  const { exchange } = props
  const items = dataOf<Item[]>(exchange)
  const total = (exchange?.body as { meta?: ListMeta } | undefined)?.meta?.total
  return html`<section class="panel" aria-labelledby=${props.id}>
    <div class="panel-head">
      <${`h${props.level}`} id=${props.id}>${props.title}<//>
      ${
        total !== undefined &&
        html`<span class="muted">${total} in meta.total</span>`
      }
    </div>
    ${props.children}
    ${exchange === undefined && html`<p class="muted">Loading…</p>`}
    ${
      items !== undefined &&
      items.length === 0 &&
      html`<p class="muted">${props.empty}</p>`
    }
    ${
      items !== undefined &&
      items.length > 0 &&
      html`<ul class=${`card-grid ${props.gridClass}`}>
        ${items.map(props.renderItem)}
      </ul>`
    }
    <${ExchangeView} exchange=${exchange} />
  </section>`
}
