// Measures HMAC-SHA256 over a message shaped like an asset-URL signature
// input, to choose the implementation behind src/api/asset-signer.ts.
//
//   node bench/hmac.js
//
// (a) Web Crypto `crypto.subtle.sign` with a key imported once (async),
// (b) @noble/hashes with the keyed inner/outer state computed once and cloned
//     per message (sync), in the three ways the library allows,
// (c) node:crypto `createHmac`, as a reference only (not usable in browsers).
import { createHmac } from 'node:crypto'
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'

const encoder = new TextEncoder()
const key = crypto.getRandomValues(new Uint8Array(32))
// ~60 bytes: kind, movie id, expiry, nonce, as the signer lays them out.
const message = encoder.encode(
  'video\nmov_7f3k2q9x1c4v8b6n\n1767225600\nk3j9x0a1b2c3d4e5.1z4',
)
const DURATION_MS = Number(process.env.BENCH_MS ?? 1500)

/** Runs `fn` repeatedly for DURATION_MS after a warm-up; returns ops/s. */
function measureSync(fn) {
  for (let i = 0; i < 20_000; i++) fn()
  let ops = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 1000; i++) fn()
    ops += 1000
    elapsed = performance.now() - start
  }
  return (ops / elapsed) * 1000
}

/** As measureSync, awaiting each call in turn (the way a request handler would). */
async function measureAsync(fn) {
  for (let i = 0; i < 5_000; i++) await fn()
  let ops = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 1000; i++) await fn()
    ops += 1000
    elapsed = performance.now() - start
  }
  return (ops / elapsed) * 1000
}

/** As measureAsync, with 64 signatures in flight at once (best case for Web Crypto). */
async function measureAsyncBatched(fn) {
  const batch = 64
  const run = () => Promise.all(Array.from({ length: batch }, fn))
  for (let i = 0; i < 100; i++) await run()
  let ops = 0
  const start = performance.now()
  let elapsed = 0
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 20; i++) await run()
    ops += 20 * batch
    elapsed = performance.now() - start
  }
  return (ops / elapsed) * 1000
}

const webKey = await crypto.subtle.importKey(
  'raw',
  key,
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['sign'],
)
const keyed = hmac.create(sha256, key)
const scratch = hmac.create(sha256, key)
const out = new Uint8Array(32)

// Sanity: every variant must produce the same tag.
const expected = createHmac('sha256', key).update(message).digest('hex')
const hex = (bytes) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const check = {
  webcrypto: hex(
    new Uint8Array(await crypto.subtle.sign('HMAC', webKey, message)),
  ),
  nobleOneShot: hex(hmac(sha256, key, message)),
  nobleClone: hex(keyed.clone().update(message).digest()),
  nobleCloneInto: (() => {
    keyed._cloneInto(scratch).update(message).digestInto(out)
    return hex(out)
  })(),
}
for (const [name, tag] of Object.entries(check)) {
  if (tag !== expected) throw new Error(`${name} disagrees with node:crypto`)
}

const results = {
  'webcrypto subtle.sign (await each)': await measureAsync(() =>
    crypto.subtle.sign('HMAC', webKey, message),
  ),
  'webcrypto subtle.sign (64 in flight)': await measureAsyncBatched(() =>
    crypto.subtle.sign('HMAC', webKey, message),
  ),
  'noble hmac(sha256, key, msg) one-shot': measureSync(() =>
    hmac(sha256, key, message),
  ),
  'noble precomputed .clone()+update+digest': measureSync(() =>
    keyed.clone().update(message).digest(),
  ),
  'noble precomputed _cloneInto(scratch)+digestInto': measureSync(() => {
    keyed._cloneInto(scratch).update(message).digestInto(out)
  }),
  'node:crypto createHmac (reference)': measureSync(() =>
    createHmac('sha256', key).update(message).digest(),
  ),
}

const fmt = (n) => Math.round(n).toLocaleString('en-US').padStart(12)
console.log(
  `HMAC-SHA256, ${message.length}-byte message, Node ${process.version}, ${DURATION_MS} ms per variant`,
)
for (const [name, opsPerSecond] of Object.entries(results)) {
  console.log(`${name.padEnd(52)} ${fmt(opsPerSecond)} ops/s`)
}
const webcrypto = results['webcrypto subtle.sign (await each)']
const webcryptoBatched = results['webcrypto subtle.sign (64 in flight)']
const noble = Math.max(
  results['noble precomputed .clone()+update+digest'],
  results['noble precomputed _cloneInto(scratch)+digestInto'],
)
console.log(
  `ratio noble(best precomputed)/webcrypto: ${(noble / webcrypto).toFixed(2)}x (await each), ${(noble / webcryptoBatched).toFixed(2)}x (64 in flight)`,
)
