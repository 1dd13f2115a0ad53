interface DocsPageOptions {
  /** Relative to the page, e.g. `__docs/scalar-<hash>/standalone.esm.js`. */
  rendererScript: string
  /** "Try it"'s key when the tab has chosen none. */
  defaultKey: string | undefined
}

const API_KEY_STORAGE_KEY = 'content-api-mock.apiKey'

// Every request stays on the page's origin (no font CDN, telemetry, agent, MCP).
const RENDERER_OPTIONS = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: true,
  hideDarkModeToggle: true,
  showDeveloperTools: 'never',
  defaultOpenAllTags: true,
  persistAuth: false,
}

const DOCS_PAGE_STYLE = `:root { --scalar-custom-header-height: 3.125rem; --cam-link: #1d4ed8; }
@media (prefers-color-scheme: dark) { :root { --cam-link: #8ab4ff; } }
body { margin: 0; }
.cam-header {
  position: sticky; top: 0; z-index: 100; box-sizing: border-box;
  height: var(--scalar-custom-header-height);
  display: flex; align-items: center; gap: 1rem; padding: 0 1rem;
  font: 0.875rem/1.2 system-ui, sans-serif;
  background: var(--scalar-background-1, Canvas);
  color: var(--scalar-color-1, CanvasText);
  border-bottom: 1px solid var(--scalar-border-color, GrayText);
}
.cam-header a { color: inherit; text-decoration: none; white-space: nowrap; }
.cam-brand { font-size: 1.125rem; font-weight: 700; }
.cam-header nav { display: flex; gap: 1rem; margin-left: auto; overflow-x: auto; font-size: 1rem; }
.cam-header nav a { color: var(--cam-link); padding: 0.25rem 0; }
.cam-header nav a:hover, .cam-header nav a:focus-visible { text-decoration: underline; }
.cam-header nav a[aria-current] {
  color: inherit; font-weight: 600; border-bottom: 2px solid var(--cam-link);
}
@media (max-width: 30rem) { .cam-brand { display: none; } .cam-header nav { margin-left: 0; } }
/* Scalar's theme, darkened or lightened where its text is below WCAG AA's
   4.5:1 (more specific than its own .light-mode and .dark-mode). */
:root .light-mode {
  --scalar-color-2: #595959; --scalar-color-3: #6d6d6d;
  --scalar-color-blue: #0069a8; --scalar-color-orange: #c2410c;
  --scalar-color-green: #047857; --scalar-color-red: #c70005;
}
:root .dark-mode { --scalar-color-3: #8f8f8f; }
/* A copy button's "Copy" is display:none until hovered: hidden visually
   instead, so that it names the button for a screen reader too. */
button[class*="group/copy-button"]:not(:hover):not(:focus) .hidden {
  display: block; position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap;
}
/* The overview's paths wrap instead of making its card scroll sideways: a
   region that scrolls needs something focusable, and its links have no href. */
ul.endpoints[aria-label] a.endpoint { white-space: normal; }
ul.endpoints[aria-label] .endpoint-path { overflow-wrap: anywhere; min-width: 0; }
`

// Every URL is relative, so the page works under a `--public-url`'s path too.
export function renderDocsPage(options: DocsPageOptions): string {
  // `<` escaped: no value closes the script early. Not `#api-reference`: Scalar
  // starts a second reference (with web fonts) on an element of that id.
  const json = (value: unknown) =>
    JSON.stringify(value).replaceAll('<', '\\u003c')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>API reference · content-api-mock</title>
<link rel="icon" href="data:,">
<style>
${DOCS_PAGE_STYLE}</style>
</head>
<body>
<header class="cam-header" aria-label="content-api-mock">
<a class="cam-brand" href="./">content-api-mock</a>
<nav aria-label="Pages">
<a href="./">Explorer</a>
<a href="./#/control">Control panel</a>
<a href="docs" aria-current="page">API reference</a>
</nav>
</header>
<div id="reference"></div>
<script type="module">
import { createApiReference } from ${json(`./${options.rendererScript}`)}
const options = ${json(RENDERER_OPTIONS)}
// Scalar applies these options only to a document given by absolute URL.
options.url = new URL('openapi.json', location.href).href
let key = ${json(options.defaultKey ?? null)}
try {
  key = sessionStorage.getItem(${json(API_KEY_STORAGE_KEY)}) || key
} catch {}
if (key) {
  options.authentication = {
    preferredSecurityScheme: 'bearerAuth',
    securitySchemes: { bearerAuth: { token: key } },
  }
}
createApiReference('#reference', options)
</script>
</body>
</html>
`
}
