// `4 GiB`, `1.5 MiB`, `512 bytes`.
export function formatFileSize(bytes: number): string {
  let value = bytes
  let unit = 'bytes'
  for (const next of ['KiB', 'MiB', 'GiB', 'TiB']) {
    if (value < 1024) break
    value /= 1024
    unit = next
  }
  return `${Number(value.toFixed(1))} ${unit}`
}
