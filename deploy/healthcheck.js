// The container image's health check (its HEALTHCHECK, and the exec probe of
// deploy/kubernetes/): asks the server in this container for /__mock/health,
// with Node's fetch, as the image has no curl. Exit 0: healthy; 1: not.
//
// The route is part of the control API, so beyond loopback it needs the admin
// token. Given as CONTENT_API_MOCK_ADMIN_TOKEN, the token is sent and the
// server's own answer decides (200: healthy). Without it the token is the one
// the server generated and printed, which this process cannot know: then a
// 401 from the mock itself shows that it is up and answering, which is all a
// single server's health says; a replica's freshness needs the token.

const port = process.env.PORT || '4010'
const token = process.env.CONTENT_API_MOCK_ADMIN_TOKEN || undefined
const url = `http://127.0.0.1:${port}/__mock/health`
const headers =
  token === undefined || token === 'none'
    ? {}
    : { authorization: `Bearer ${token}` }

/** @param {string} line */
function fail(line) {
  console.error(`health check: ${line}`)
  process.exit(1)
}

/** @type {Response} */
let response
try {
  response = await fetch(url, { headers, signal: AbortSignal.timeout(4000) })
} catch (error) {
  fail(
    `nothing answers at ${url} (${/** @type {Error} */ (error).cause ?? error}). The server listens on $PORT (${port}); give the port with PORT rather than --port, so that this check finds it.`,
  )
}
const body = await response.text()
if (response.status === 200) {
  console.log(body)
  process.exit(0)
}
if (response.status === 401 && headers.authorization === undefined) {
  if (!body.includes('"code":"unauthorized"')) {
    fail(`${url} answered 401 without the mock's error body: ${body}`)
  }
  console.log(
    `the mock answers at ${url}, which needs the admin token: set CONTENT_API_MOCK_ADMIN_TOKEN so that this check reads the health itself`,
  )
  process.exit(0)
}
fail(`${url} answered ${response.status}: ${body}`)
