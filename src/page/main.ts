// The page's entry: vite bundles it with index.html's stylesheet (scripts/build-page.js).
import { html, render } from 'htm/preact'
import { App } from './app.js'

const root = document.getElementById('app')
if (root !== null) render(html`<${App} />`, root)
