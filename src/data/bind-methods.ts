/**
 * `instance`, with each method of its class bound to it as an own property,
 * so that a caller may pass one on or destructure it
 * (`const { add } = mock.scenarios`), as it could when these objects were
 * closures.
 */
export function bindMethods<Instance extends object>(
  instance: Instance,
): Instance {
  const prototype: object = Object.getPrototypeOf(instance)
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const { value } = Object.getOwnPropertyDescriptor(prototype, name)!
    if (name === 'constructor' || typeof value !== 'function') continue
    Object.defineProperty(instance, name, {
      value: value.bind(instance),
      writable: true,
      configurable: true,
    })
  }
  return instance
}
