// Names of the components a page may use (`<Admonition>`, `import Tabs from '@theme/Tabs'`).
// Kept apart from the registry itself so the build can check names without loading React.
export const componentNames = ['Admonition', 'Tabs', 'TabItem', 'CodeBlock', 'Details'] as const;
export type ComponentName = (typeof componentNames)[number];
