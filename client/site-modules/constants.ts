// `@docusaurus/constants`: the id a plugin instance has when its config names none.

export const DEFAULT_PLUGIN_ID = 'default';
