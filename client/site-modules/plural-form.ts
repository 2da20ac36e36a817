// `usePluralForm` of `@docusaurus/theme-common`: picks the plural form of a message written as
// `one|other` (English: one form for 1, the other for the rest).

const englishPlurals = new Intl.PluralRules('en-US');

function selectMessage(count: number, message: string): string {
  const forms = message.split('|');
  if (forms.length === 1) return forms[0]!;
  return englishPlurals.select(count) === 'one' ? forms[0]! : forms[forms.length - 1]!;
}

export function usePluralForm(): { selectMessage: (count: number, message: string) => string } {
  return { selectMessage };
}
