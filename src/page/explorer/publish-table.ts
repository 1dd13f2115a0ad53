import { html } from 'htm/preact'
import type { VNode } from 'preact'
import type { PublishResult } from './api-types.js'
import { publishStatusClass } from './publish-badges.js'
import { Timestamp } from './timestamp.js'

/** No link for a failed result, which was never posted. */
export function PublishTable(props: {
  publish: PublishResult[]
  now: () => number
}): VNode {
  return html`<table class="publish-table">
    <thead>
      <tr>
        <th scope="col">Platform</th>
        <th scope="col">Status</th>
        <th scope="col">When</th>
      </tr>
    </thead>
    <tbody>
      ${props.publish.map(
        (result) =>
          html`<tr>
            <td>
              ${
                result.post_url == null
                  ? html`${result.platform}<span class="post-url muted"
                        >no post_url</span
                      >`
                  : result.status === 'failed'
                    ? html`${result.platform}<span
                          class="post-url muted"
                          title=${result.post_url}
                          >not posted</span
                        >`
                    : html`<a
                          href=${result.post_url}
                          rel="noreferrer noopener"
                          target="_blank"
                          >${result.platform}</a
                        ><span class="post-url muted" title=${result.post_url}
                          >${linkText(result.post_url)}</span
                        >`
              }
            </td>
            <td>
              <span class=${publishStatusClass(result.status)}
                >${result.status}</span
              >
            </td>
            <td>
              ${
                result.posted_at == null
                  ? html`<span class="muted">none</span>`
                  : html`<${Timestamp}
                      iso=${result.posted_at}
                      now=${props.now}
                    />`
              }
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`
}

function linkText(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.host}${parsed.pathname}`
  } catch {
    return url
  }
}
