// Building HTML as text, every piece of content escaped: the renderer's only way to write markup.
export const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `<tag attr="…">inner</tag>`; attributes escaped, undefined ones left out; `inner` is markup already. */
export function tag(name: string, attributes: Record<string, string | number | undefined>, inner = ''): string {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${escape(String(value))}"`)
    .join('');
  return `<${name}${attrs}>${inner}</${name}>`;
}

/** Text with its line breaks kept. */
export const lines = (text: string): string => escape(text).replace(/\n/g, '<br>');
