/**
 * Typing as a fast typist does, for tests of what waits for typing to pause (a quote, a fee):
 * each keystroke's input event in one task, so no pause the view waits for can fall between
 * them, however busy the machine. Vitest's `userEvent.type` sends each key from the test
 * process, and a loaded machine may leave longer gaps than the view's pause.
 */
const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!

/** Appends `text` to `input`'s value one character at a time, as input events React hears. */
export function typeAtOnce(input: HTMLInputElement, text: string) {
  input.focus()
  for (const character of text) {
    valueSetter.call(input, input.value + character)
    input.dispatchEvent(new InputEvent('input', { bubbles: true, data: character }))
  }
}
