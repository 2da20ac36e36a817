const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const special = /[&<>"']/g;

/** Text made safe to place in HTML, element content or quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(special, (char) => entities[char]!);
}
