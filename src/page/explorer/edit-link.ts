import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { PageConfig } from '../page-config.js'

/** Only where the control API can change records (not in a build-demo). */
export function EditLink(props: {
  config: PageConfig
  kind: 'contents' | 'projects'
  id: string
}): VNode | null {
  if (props.config.mode !== 'server') return null
  const noun = props.kind === 'contents' ? 'content' : 'project'
  const href = `#/control/edit/${props.kind}/${encodeURIComponent(props.id)}`
  return html`<a class="edit-link" href=${href}
    >Edit<span class="visually-hidden"
      >${` this ${noun} in the control panel`}</span
    ></a
  >`
}
